package mipform_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
)

// The exact batch MIP of the §2.1 example of Lin et al. (OPT 12: FIFO's
// schedule, proven optimal by the subset bound, Fig. 2) and its LP
// relaxation, a lower bound below it.
func ExampleSolve() {
	eng, err := highs.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	in := instances.Example21()
	r, err := mipform.Solve(context.Background(), eng, in, mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	lp, err := mipform.LPRelaxation(context.Background(), eng, in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("MIP %s %.6g, LP relaxation ≤ 12: %v\n", r.Status, r.Objective, lp <= 12+1e-9)
	// Output: MIP optimal 12, LP relaxation ≤ 12: true
}
