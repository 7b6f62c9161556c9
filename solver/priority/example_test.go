package priority_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/priority"
	"github.com/mrsched/mrsched/validate"
)

// A large job released at 0 and a small one released at 1: the small job
// gets the higher priority and preempts the large one at both stations
// during [1, 2]: the large job, whose map and shuffle overlap, completes at
// 11 = 10 + 1, the small one at 2 (total response 11 + 1).
func ExampleSolve() {
	in := instances.New([]instances.Job{{ID: "large", Map: 10, Shuffle: 10}, {ID: "small", Release: 1, Map: 1, Shuffle: 1}})
	r, err := priority.Solve(context.Background(), in, priority.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	vr, err := validate.Check(in, r.Schedule)
	fmt.Println(r.Order, r.Completion, r.Objective, vr.TotalResponse, err)
	// Output: [1 0] [11 2] 12 12 <nil>
}
