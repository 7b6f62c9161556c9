package bounds_test

import (
	"fmt"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// Two map jobs at 0 and a shuffle job at 1. Mixed's single server, at
// every mixing weight, completes some job early by counting part of each
// station's work; Exclusion sees that no job can complete before 3
// (standalone completions 4, 3 and 7) and drops, below each threshold, the
// jobs that cannot be done by then. A schedule of total response 16.67
// exists (map: the 3-unit job, then the 4-unit one; shuffle: the 1-unit
// job's shuffle beside its map, the rest to the shuffle job).
func ExampleExclusion() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 4},
		{ID: "b", Map: 3, Shuffle: 1},
		{ID: "c", Release: 1, Shuffle: 6},
	})
	fmt.Printf("mixed %.4g, exclusion %.4g, busy periods %.4g\n", bounds.Mixed(in), bounds.Exclusion(in), bounds.BusyPeriods(in))
	// Output: mixed 13.56, exclusion 16, busy periods 16
}
