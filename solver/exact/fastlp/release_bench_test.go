package fastlp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/fluid"
)

// BenchmarkReleaseEvaluators measures one fixed-plan LP evaluation with
// release dates — the plan of MaxSRPT's schedule on the §5.3 online
// log-normal generator (load 0.75, seed 1) cut to n jobs — by
// fastlp.Release and by every available engine (HiGHS always, CBC with
// -tags cbc) through package orderlp, side by side in one run:
//
//	go test -run '^$' -bench BenchmarkReleaseEvaluators -benchtime 20x -count 5 ./solver/exact/fastlp
func BenchmarkReleaseEvaluators(b *testing.B) {
	for _, n := range []int{6, 12, 20} {
		in, err := instances.PaperLogNormal(n, 0.75, false).Generate(rand.NewPCG(1, uint64(n)))
		if err != nil {
			b.Fatal(err)
		}
		sim, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{})
		if err != nil {
			b.Fatal(err)
		}
		p := orderlp.PlanFromCompletions(in, sim.Completion)
		b.Run(fmt.Sprintf("n=%d/fastlp", n), func(b *testing.B) {
			r, err := NewRelease(in)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < b.N; i++ {
				if _, err := r.Value(p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(r.Pivots), "pivots")
		})
		benchEngines(b, in, p)
	}
}
