package bounds_test

import (
	"fmt"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// Bounds with release dates: job (1,3) released at 2, jobs (1,0) and (2,0)
// released at 1. Counting and CountingStandalone give 6; the subset
// relaxation sees that the second completion needs both maps of the first
// two jobs (done at 4 at the earliest), which gives 7 (OPT is 8).
func ExampleSubsetRelease() {
	in := instances.New([]instances.Job{
		{ID: "a", Release: 2, Map: 1, Shuffle: 3},
		{ID: "b", Release: 1, Map: 1},
		{ID: "c", Release: 1, Map: 2},
	})
	h, err := bounds.SubsetRelease(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("counting %g, counting+standalone %g, subset %g\n", bounds.Counting(in), bounds.CountingStandalone(in), h)
	// Output:
	// counting 6, counting+standalone 6, subset 7
}
