package portfolio_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/portfolio"
	"github.com/mrsched/mrsched/solver/glpk"
	"github.com/mrsched/mrsched/solver/highs"
)

// Issue 4's pair (10, 1), (1, 10): OPT 21 (the search, the MIP and brute
// force agree).
func ExampleSolve() {
	lp, err := highs.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := glpk.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	in := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}})
	r, err := portfolio.Solve(context.Background(), lp, in, portfolio.Options{MIP: g})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.6g lower bound %.6g\n", r.Status, r.Objective, r.LowerBound)
	// Output: optimal 21 lower bound 21
}
