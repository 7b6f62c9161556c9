package fastlp_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// The fixed-plan LP with release dates, without an engine: job (2,2)
// released at 0 and (1,1) released at 1 (unit capacities). Completing the
// second job first, both in period 1 = [1, ∞): the first job does half of
// its work in [0, 1], the second runs in [1, 2], the first ends at 3 —
// responses 1 and 3, total 4. Completing the first job in period 0 = [0, 1]
// is infeasible (it needs 2 time units).
func ExampleRelease() {
	in := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 2}, {ID: "b", Release: 1, Map: 1, Shuffle: 1}})
	r, err := fastlp.NewRelease(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := r.Solve(orderlp.Plan{Order: []int{1, 0}, Period: []int{1, 1}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("value %g, completions a %g, b %g\n", res.LPValue, res.Schedule.Completion[0], res.Schedule.Completion[1])
	_, err = r.Value(orderlp.Plan{Order: []int{0, 1}, Period: []int{0, 1}})
	fmt.Println(err)
	// Output:
	// value 4, completions a 3, b 2
	// orderlp: the plan is infeasible
}
