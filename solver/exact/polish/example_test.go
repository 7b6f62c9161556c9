package polish_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/polish"
)

// Polish on an instance with release dates (no LP engine needed: plans are
// evaluated by fastlp.Release): two (1,1) jobs released at 0 and 0.5. The
// LP of the first job completing first, at 1, and the second at 2 gives
// responses 1 and 1.5, total 2.5 (optimal: SRPT on one station alone
// completes them no earlier).
func ExampleSolve() {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Release: 0.5, Map: 1, Shuffle: 1}})
	res, err := polish.Solve(context.Background(), nil, in, polish.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("objective %g, order %v\n", res.Objective, res.Plan.Order)
	// Output: objective 2.5, order [0 1]
}
