package orderlp_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/highs"
)

// The optimum for a fixed completion order: capacities (1, 4),
// jobs (map, shuffle) = (0, 3), (6, 4), (4, 2), (0, 2), (6, 2), order
// j2, j4, j0, j3, j1. j2 completes at 4 and j4 at 10 (map work 4 then 6 at
// rate 1); the zero-map jobs j0 and j3 must not complete before j4, so at
// 10; j1 at 16: total 50, the value of the independent brute-force LP.
func ExampleSolveOrder() {
	eng, err := highs.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	in := &instances.Instance{MapCapacity: 1, ShuffleCapacity: 4, Jobs: []instances.Job{
		{ID: "j0", Map: 0, Shuffle: 3}, {ID: "j1", Map: 6, Shuffle: 4}, {ID: "j2", Map: 4, Shuffle: 2},
		{ID: "j3", Map: 0, Shuffle: 2}, {ID: "j4", Map: 6, Shuffle: 2}}}
	r, err := orderlp.SolveOrder(context.Background(), eng, in, orderlp.BatchPlan([]int{2, 4, 0, 3, 1}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("total %.6g, order kept %v, completions %.6g\n", r.Total, r.OrderKept, r.Schedule.Completion)
	// Output: total 50, order kept true, completions [10 16 4 10 10]
}
