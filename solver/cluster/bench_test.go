package cluster

import (
	"sync"
	"testing"

	cw "github.com/mrsched/mrsched/instances/cluster"
)

var (
	benchOnce sync.Once
	benchW    *cw.Workload
)

// BenchmarkSimulate reports simulator events (arrivals, task completions,
// ticks) per second on the 10^5-job synthetic workload (cluster.Synthetic:
// 100 nodes × 2+2 slots, about 1.1 million tasks), one sub-benchmark per
// policy so that they run side by side in one invocation.
func BenchmarkSimulate(b *testing.B) {
	benchOnce.Do(func() { benchW = cw.Synthetic(100000, 1) })
	for _, name := range PolicyNames {
		b.Run(name, func(b *testing.B) {
			var events int64
			for i := 0; i < b.N; i++ {
				p, _ := NewPolicy(name)
				r, err := Simulate(benchW, p, Options{})
				if err != nil {
					b.Fatal(err)
				}
				events = r.Events
			}
			b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
			b.ReportMetric(float64(events), "events/op")
		})
	}
}
