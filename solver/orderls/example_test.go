package orderls_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/validate"
)

// A map-heavy and a shuffle-heavy job: the shuffle-heavy one goes first,
// so that its shuffle overlaps the other's map.
func ExampleSolve() {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 0.1}, {ID: "b", Map: 0.1, Shuffle: 1}})
	r, err := orderls.Solve(context.Background(), in, orderls.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	vr, err := validate.Check(in, r.Schedule)
	fmt.Println(r.Order, r.Objective, vr.TotalResponse, err)
	// Output: [1 0] 2.1 2.1 <nil>
}

// Evaluate gives the list schedule of any order.
func ExampleEvaluate() {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 0.1}, {ID: "b", Map: 0.1, Shuffle: 1}})
	comp, total, err := orderls.Evaluate(in, []int{0, 1})
	fmt.Println(comp, total, err)
	// Output: [1 2] 3 <nil>
}

// Step is the list-schedule recurrence for one job: after a prefix whose
// map station is free at 2 and shuffle station at 3, a job released at 0
// with map time 1 and shuffle time 4 maps on [2, 3] and shuffles from 3
// (its map has started: ShuffleStart) to 7.
func ExampleStep() {
	m, c, done := orderls.Step(2, 3, 0, 1, 4)
	fmt.Println(m, c, done, orderls.ShuffleStart(2, 3, 0, 1))
	// Output:
	// 3 7 7 3
}
