package search_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/search"
)

// The exact search with release dates needs no LP engine (plans are
// evaluated by fastlp.Release): two (1,1) jobs released at 0 and 0.5. SRPT
// on either station completes them at 1 and 2, so OPT ≥ 1 + 2 − 0.5 = 2.5,
// which FIFO's schedule attains: optimal without exploring a node.
func ExampleSolve() {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Release: 0.5, Map: 1, Shuffle: 1}})
	res, err := search.Solve(context.Background(), nil, in, search.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v: objective %g, lower bound %g, root bound %g, nodes %d\n", res.Status, res.Objective, res.LowerBound, res.RootBound, res.Stats.Nodes)
	// Output: optimal: objective 2.5, lower bound 2.5, root bound 2.5, nodes 0
}
