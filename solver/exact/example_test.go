package exact_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact"
)

// The worked example of Lin et al. §2.1: FIFO completes the three jobs at
// 2, 4 and 6 (total 12), and the subset bound h(∅) proves 12 optimal, so
// the answer is "optimal" without any LP engine.
func ExampleSolve() {
	in := instances.Example21()
	a, err := exact.Solve(context.Background(), nil, in, exact.Options{Method: "fifo"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: objective %g (%s), lower bound %g (%s), gap %g\n", a.Status, a.Objective, a.ScheduleSource, a.LowerBound, a.BoundSource, a.Gap)
	// Output: optimal: objective 12 (fifo), lower bound 12 (subset), gap 0
}

// Every instance bound with its source: on the §2.1 example the §5.1,
// counting and prefix bounds are 10 (sorted map prefix sums 1, 3, 6 and
// shuffle 1, 3, 5) and the subset bound is 12.
func ExampleInstanceBounds() {
	for _, b := range exact.InstanceBounds(instances.Example21()) {
		fmt.Printf("%s %g\n", b.Source, b.Value)
	}
	// Output:
	// paper51 10
	// counting 10
	// mixed_counting 11.5
	// prefix 10
	// subset 12
}
