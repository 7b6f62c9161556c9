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

// A night with dependencies, weights and deadlines (the data-pipeline
// example of TestReadDependenciesWeightsDeadlines in small).
func ExampleSummarize_dependencies() {
	in := instances.New([]instances.Job{
		{ID: "etl", Map: 3, Shuffle: 1},
		{ID: "agg", Map: 1, Shuffle: 2, After: []int{0}, Weight: 2},
		{ID: "report", Map: 1, Shuffle: 1, After: []int{0, 1}, Due: 10, HasDue: true},
	})
	s := instances.Summarize(in)
	fmt.Printf("%d dependencies, longest chain %d jobs, %d weighted, %d with a deadline\n", s.Dependencies, s.LongestChain, s.WeightedJobs, s.JobsWithDue)
	// Output: 3 dependencies, longest chain 3 jobs, 1 weighted, 1 with a deadline
}
