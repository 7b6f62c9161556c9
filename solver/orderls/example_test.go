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
