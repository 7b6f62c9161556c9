package fluid

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/srpt"
)

func BenchmarkDbgRel(b *testing.B) {
	in, _ := instances.PaperLogNormal(100000, 0.5, false).Generate(rand.New(rand.NewPCG(1, 2)))
	jobs := make([]instances.Job, len(in.Jobs))
	for i, k := range in.SortedByRelease() {
		jobs[i] = in.Jobs[k]
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var c [3]float64
	for range b.N {
		c0 := threadCPU()
		srpt.Simulate(&jobsSource{jobs: jobs}, 1, 1, 1, nil)
		c1 := threadCPU()
		SimulateStream(&jobsSource{jobs: jobs}, 1, 1, MaxSRPT(), Options{}, nil)
		c2 := threadCPU()
		SimulateStream(&jobsSource{jobs: jobs}, 1, 1, SplitSRPT(), Options{}, nil)
		c3 := threadCPU()
		c[0] += float64(c1 - c0)
		c[1] += float64(c2 - c1)
		c[2] += float64(c3 - c2)
	}
	b.ReportMetric(c[1]/c[0], "max/srpt")
	b.ReportMetric(c[2]/c[0], "split/srpt")
	b.ReportMetric(c[0]/float64(b.N)/1e5, "srpt-ns/job")
}
