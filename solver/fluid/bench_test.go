package fluid

import (
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/srpt"
)

// BenchmarkStream runs each policy and the single-server SRPT reference on
// the same 10^5 arrivals of the §5.3 workload at load 0.9 (generation
// included in every case, so the time ratios to srpt-ref are comparable).
// Reproduce: go test -run '^$' -bench Stream -benchmem ./solver/fluid/
func BenchmarkStream(b *testing.B) {
	const n = 100000
	spec := instances.PaperLogNormal(n, 0.9, false)
	src := func() instances.Source {
		s, err := spec.Source(rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	b.Run("srpt-ref", func(b *testing.B) {
		for range b.N {
			if _, err := srpt.Simulate(src(), 1, 1, 1, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "jobs/s")
	})
	for _, p := range []Policy{FIFO(), PS(), KLPS(DefaultK), MaxSRPT(), SplitSRPT()} {
		b.Run(p.Name(), func(b *testing.B) {
			for range b.N {
				if _, err := SimulateStream(src(), 1, 1, p, Options{}, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "jobs/s")
		})
	}
}
