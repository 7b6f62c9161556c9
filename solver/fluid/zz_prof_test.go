package fluid

import (
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/srpt"
)

var zzJobs []instances.Job

func zzLoad() []instances.Job {
	if zzJobs == nil {
		n := 1000000
		if os.Getenv("ZZN") != "" {
			n = 100000
		}
		in, _ := instances.PaperLogNormal(n, 0.9, false).Generate(rand.New(rand.NewPCG(1, 2)))
		zzJobs = make([]instances.Job, n)
		for i, k := range in.SortedByRelease() {
			zzJobs[i] = in.Jobs[k]
		}
	}
	return zzJobs
}

func BenchmarkZZProf(b *testing.B) {
	jobs := zzLoad()
	p, _ := ParsePolicy(os.Getenv("POL"), DefaultK, nil)
	b.ResetTimer()
	for range b.N {
		if _, err := SimulateStream(&jobsSource{jobs: jobs}, 1, 1, p, Options{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkZZRatio(b *testing.B) {
	jobs := zzLoad()
	for _, name := range []string{"maxsrpt", "splitsrpt", "klps", "fifo"} {
		p, _ := ParsePolicy(name, DefaultK, nil)
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cr, cp time.Duration
			for range b.N {
				c0 := threadCPU()
				srpt.SimulateMap(&jobsSource{jobs: jobs}, 1, 1, nil)
				c1 := threadCPU()
				SimulateStream(&jobsSource{jobs: jobs}, 1, 1, p, Options{}, nil)
				c2 := threadCPU()
				cr += c1 - c0
				cp += c2 - c1
			}
			b.ReportMetric(float64(cp)/float64(cr), "x-tight")
			b.ReportMetric(float64(cr.Nanoseconds())/float64(b.N)/1e6, "ref-ms")
			b.ReportMetric(float64(cp.Nanoseconds())/float64(b.N)/1e6, "pol-ms")
		})
	}
}
