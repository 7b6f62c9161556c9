package reductions_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/sweep"
)

// A worst-case sweep with exact optima: one climb per policy for n = 4 from
// the §4 families, run through package sweep (shardable, resumable with a
// cells file); the best ratio per policy and n, as a fraction of the
// guarantee. MaxSRPT's 1.4286 is above the enumeration search's n = 4 worst
// (1.4243, results/hard/search-maxsrpt.md) and below Cor 4's 1.6;
// SplitSRPT stays at the Cor 6 family's (n+2)/(n+4) = 3/4 of 1 + 1/β.
func ExampleWorstExactSweep() {
	sw, err := reductions.WorstExactSweep(reductions.WorstExactConfig{Policies: []string{"maxsrpt", "splitsrpt"},
		Ns: []int{4}, Restarts: 1, Steps: 20, AlphaMax: 4, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	cells, err := reductions.WorstExactCells(set)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range reductions.WorstExactBest(cells) {
		fmt.Printf("%s n=%d %s ratio %.4f = %.3f of %.4g\n", c.Policy, c.N, c.Status, c.RatioLow, c.RatioLow/c.Guarantee, c.Guarantee)
	}
	// Output:
	// maxsrpt n=4 optimal ratio 1.4286 = 0.893 of 1.6
	// splitsrpt n=4 optimal ratio 1.3500 = 0.750 of 1.8
}
