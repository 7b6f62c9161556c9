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

// Jobs (5, 0) and (1, 10): the prefix sums bound the optimum by 15, the
// pair tail (the chain bound's coupling through the progress rule) by
// 50/9 + 10 = 15.556, which is the LP of the order (5, 0) first
// (TestChainBoundValid), so the search proves it at the root. A batch needs
// no LP engine (package fastlp evaluates the orders).
func ExampleSolve_pairTail() {
	in := instances.New([]instances.Job{{ID: "a", Map: 5, Shuffle: 0}, {ID: "b", Map: 1, Shuffle: 10}})
	r, err := search.Solve(context.Background(), nil, in, search.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.5g root bound %.5g order %v nodes %d\n", r.Status, r.Objective, r.RootBound, r.Plan.Order, r.Stats.Nodes)
	// Output: optimal 15.556 root bound 15.556 order [0 1] nodes 0
}

// SubsetBound is the root bound h(∅) of the prefix sums alone: 15 for the
// pair above.
func ExampleSubsetBound() {
	in := instances.New([]instances.Job{{ID: "a", Map: 5, Shuffle: 0}, {ID: "b", Map: 1, Shuffle: 10}})
	h, ok := search.SubsetBound(in)
	fmt.Println(h, ok)
	// Output: 15 true
}

// Weights and dependencies: b (map 1, shuffle 10, weight 0.5) may be
// served only after a (map 10, shuffle 1, weight 3) completes. a alone
// completes at 10, b then needs 10 more: 3·10 + 0.5·20 = 40. The root
// bound charges each job its weight times the larger of its prefix sums
// and its critical path (a: 10; b: 10 + 10), which is 40 too: optimal at
// the root.
func ExampleSolve_dependencies() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 10, Shuffle: 1, Weight: 3},
		{ID: "b", Map: 1, Shuffle: 10, Weight: 0.5, After: []int{0}},
	})
	r, err := search.Solve(context.Background(), nil, in, search.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %g root bound %g order %v nodes %d\n", r.Status, r.Objective, r.RootBound, r.Plan.Order, r.Stats.Nodes)
	// Output: optimal 40 root bound 40 order [0 1] nodes 0
}
