package portfolio_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/portfolio"
	"github.com/mrsched/mrsched/solver/highs"
)

// The two-job example (10, 1), (1, 10): OPT 21 (the search, the MIP and brute
// force agree).
func ExampleSolve() {
	lp, err := highs.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	in := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}})
	// cbc for a batch (glpsol if cbc is missing; the search alone if both are).
	r, err := portfolio.Solve(context.Background(), lp, in, portfolio.Options{MIP: portfolio.ChooseMIP(in)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.6g lower bound %.6g\n", r.Status, r.Objective, r.LowerBound)
	// Output: optimal 21 lower bound 21
}
