package cluster

import (
	"errors"
	"sync"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/testenv"
)

var (
	benchMu sync.Mutex
	benchWs = map[string]*workload.Workload{}
)

const fb2010 = "../../../shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv"

// benchWorkload builds (once) the synthetic workload of n jobs
// (workload.Synthetic: 100 nodes × 2+2 slots, Table II-like task counts scaled
// up) or the whole SWIM FB-2010 day on 300 nodes (what 'mrsched import
// swim-cluster --nodes 300' produces); nil when the trace is missing.
func benchWorkload(name string) *workload.Workload {
	benchMu.Lock()
	defer benchMu.Unlock()
	if w, ok := benchWs[name]; ok {
		return w
	}
	var w *workload.Workload
	switch name {
	case "n=1e5":
		w = workload.Synthetic(100000, 1)
	case "n=1e6":
		w = workload.Synthetic(1000000, 1)
	case "fb2010":
		w = swimWorkload(fb2010, 300)()
	}
	benchWs[name] = w
	return w
}

// BenchmarkSimulate reports simulator events (arrivals, task completions,
// ticks) per second, one sub-benchmark per workload and policy so that
// the policies run side by side in one invocation:
//
//	go test -run '^$' -bench Simulate -benchtime 1x ./solver/cluster/
//
// n=1e5 and n=1e6 are workload.Synthetic (about 1.1 and 11 million tasks),
// fb2010 the SWIM FB-2010 day on 300 nodes (24,033 jobs, 22.7 million
// events); -short runs only n=1e5. Besides events per second of wall time
// each reports the process CPU seconds per run and events per CPU second.
func BenchmarkSimulate(b *testing.B) {
	for _, wname := range []string{"n=1e5", "n=1e6", "fb2010"} {
		if testing.Short() && wname != "n=1e5" {
			continue
		}
		b.Run(wname, func(b *testing.B) {
			w := benchWorkload(wname)
			if w == nil {
				testenv.Missing(b, "SWIM trace for workload "+wname, testenv.DataInstall, errors.New("trace not found"))
			}
			for _, name := range PolicyNames {
				b.Run(name, func(b *testing.B) {
					var events int64
					cpu0, cpuOK := cpuSeconds()
					for i := 0; i < b.N; i++ {
						p, _ := NewPolicy(name)
						r, err := Simulate(w, p, Options{})
						if err != nil {
							b.Fatal(err)
						}
						events = r.Events
					}
					b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
					b.ReportMetric(float64(events), "events/op")
					// CPU time disturbs less than wall time on a shared
					// machine (it still includes the garbage collector).
					if cpu1, ok := cpuSeconds(); ok && cpuOK && cpu1 > cpu0 {
						b.ReportMetric((cpu1-cpu0)/float64(b.N), "cpu-s/op")
						b.ReportMetric(float64(events)*float64(b.N)/(cpu1-cpu0), "events/cpu-s")
					}
				})
			}
		})
	}
}
