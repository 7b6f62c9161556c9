package fastlp

import (
	"context"
	"fmt"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// BenchmarkEvaluators measures one fixed-order LP evaluation on the first
// Taillard 20×5 instance (machines 1, 2) truncated to n jobs, identity
// order, by fastlp and by every available engine (HiGHS always, CBC with
// -tags cbc) through package orderlp, side by side in one run:
//
//	go test -tags cbc -run '^$' -bench BenchmarkEvaluators -benchtime 20x ./solver/exact/fastlp
func BenchmarkEvaluators(b *testing.B) {
	for _, n := range []int{6, 12, 20} {
		ti, err := taillard.Generate(n, 2, taillard.Seeds20x5[0])
		if err != nil {
			b.Fatal(err)
		}
		in, _ := ti.ToTandem()
		order := make([]int, n)
		for j := range order {
			order[j] = j
		}
		b.Run(fmt.Sprintf("n=%d/fastlp", n), func(b *testing.B) {
			var s Solver
			for i := 0; i < b.N; i++ {
				if _, err := s.Value(in, order); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(s.Pivots), "pivots")
		})
		benchEngines(b, in, orderlp.BatchPlan(order))
	}
}

// benchEngines measures one evaluation of plan on in through package
// orderlp with every available engine, as sub-benchmarks n=N/ENGINE.
func benchEngines(b *testing.B, in *instances.Instance, plan orderlp.Plan) {
	for _, name := range engine.Names() {
		eng, err := engine.Get(name)
		if err != nil {
			continue
		}
		b.Run(fmt.Sprintf("n=%d/%s", in.N(), name), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := orderlp.Value(context.Background(), eng, in, plan); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
