package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// BenchmarkSearch runs the search (fastlp evaluation, no engine) on
// log-normal instances of the §5.3 generator (load 0.75, seed s is
// rand.NewPCG(s, n)): the unbalanced batch n = 12 seed 2 of
// TestWarmStartTaken to optimality with and without warm starts, and the
// release-date instance n = 10 seed 1 (fastlp.Release, both phases) to
// optimality. It reports nodes and pivots per search, which must not
// change when only the speed of the simplex changes:
//
//	go test -run '^$' -bench BenchmarkSearch -benchtime 5x -count 5 ./solver/exact/search
func BenchmarkSearch(b *testing.B) {
	for _, bc := range []struct {
		n     int
		batch bool
		seed  uint64
		cold  bool
	}{{12, true, 2, false}, {12, true, 2, true}, {10, false, 1, false}} {
		in, err := instances.PaperLogNormal(bc.n, 0.75, bc.batch).Generate(rand.NewPCG(bc.seed, uint64(bc.n)))
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("n=%d/seed=%d/batch=%v/cold=%v", bc.n, bc.seed, bc.batch, bc.cold)
		b.Run(name, func(b *testing.B) {
			var res *Result
			for b.Loop() {
				if res, err = Solve(context.Background(), nil, in, Options{NoWarmStart: bc.cold}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes")
			b.ReportMetric(float64(res.Stats.PrefixPivots), "prefix-pivots")
		})
	}
}
