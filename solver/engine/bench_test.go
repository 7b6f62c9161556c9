//go:build cbc

package engine_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

// benchModels are the models of the HiGHS-vs-CBC comparison.
func benchModels() []struct {
	name string
	m    *mip.Model
} {
	rng := rand.New(rand.NewPCG(9, 9))
	return []struct {
		name string
		m    *mip.Model
	}{
		{"tiny-mip", miptest.TinyMIP().Model},
		{"knapsack-lp-200", miptest.KnapsackLP(rng, 200).Model},
		{"smith-mip-n6", miptest.SmithMIP([]int{4, 2, 3, 1, 2, 3}, []int{2, 5, 1, 3, 4, 2}).Model},
		{"random-mip-20x15", miptest.Random(rand.New(rand.NewPCG(4, 4)), 20, 15, true)},
		{"lp-300x200", miptest.SmallLP(1, 300, 200)},
		{"marketsplit-3", miptest.MarketSplit(rand.New(rand.NewPCG(3, 3)), 3)},
	}
}

// BenchmarkEngines solves the same models with HiGHS (wasm) and CBC
// (native) in one run; docs/engine.md reports the time ratios.
func BenchmarkEngines(b *testing.B) {
	h := highstest.Require(b)
	c, err := engine.Get("cbc")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, bm := range benchModels() {
		for _, e := range []mip.Engine{h, c} {
			b.Run(bm.name+"/"+e.Name(), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					r, err := e.Solve(ctx, bm.m, mip.Options{})
					if err != nil || r.Status != mip.Optimal {
						b.Fatal(r.Status, err)
					}
				}
			})
		}
	}
}
