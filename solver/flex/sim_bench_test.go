package flex

import (
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
)

// BenchmarkSimulate runs the epoch simulation (one plan per arrival, each
// packed with Pack) of every scheme on a loaded §4 workload: 3000
// arrivals on 50 datasets at ρ = 0.99 with M_j = 3, so that many jobs
// are active at each re-plan. BATCH needs fully shared scans, which the
// generator draws (one dataset per job).
//
//	go test -run '^$' -bench Simulate -count 5 ./solver/flex/
func BenchmarkSimulate(b *testing.B) {
	spec := sharedscan.DefaultGenSpec()
	spec.Jobs, spec.Datasets, spec.Rho, spec.MaxSlots = 3000, 50, 0.99, 3
	w, err := sharedscan.Generate(spec, rand.NewPCG(9, 0))
	if err != nil {
		b.Fatal(err)
	}
	metric, err := ParseMetric("avg-response")
	if err != nil {
		b.Fatal(err)
	}
	for _, sc := range Schemes {
		b.Run(sc.String(), func(b *testing.B) {
			opt := SimOptions{Scheme: sc, Metric: metric, Window: 2}
			for i := 0; i < b.N; i++ {
				if _, err := Simulate(w, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
