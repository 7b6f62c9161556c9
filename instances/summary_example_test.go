package instances_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
)

// The §2.1 example of Lin et al.: jobs (1,2), (3,1), (2,2) released at 0.
func ExampleSummarize() {
	s := instances.Summarize(instances.Example21())
	fmt.Printf("%d jobs, batch %v, map work %g, shuffle work %g\n", s.Jobs, s.Batch, s.TotalMap, s.TotalShuffle)
	// Output: 3 jobs, batch true, map work 6, shuffle work 5
}
