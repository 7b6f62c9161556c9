package instances_test

import (
	"fmt"
	"strings"

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

// A night read from CSV with clock times from a 22:00 start: the order in
// which the jobs can run and the weighted objective of given completions.
func ExampleInstance_TopologicalOrder() {
	const night = `# start: 22:00
id,release,map,shuffle,weight,after,due
report,22:00,1,1,3,agg,06:00
agg,22:00,2,2,,etl,
etl,23:30,3,1,,,
`
	in, err := instances.ReadCSV(strings.NewReader(night), "night.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	order, _ := in.TopologicalOrder()
	for _, k := range order {
		fmt.Printf("%s released at %g\n", in.Jobs[k].ID, in.Jobs[k].Release)
	}
	fmt.Println("report due at", in.Jobs[0].Due)
	// Completions 100, 97, 93 (report, agg, etl): 3·100 + 97 + (93 − 90).
	fmt.Println("weighted response", in.WeightedResponse([]float64{100, 97, 93}))
	// Output:
	// etl released at 90
	// agg released at 0
	// report released at 0
	// report due at 480
	// weighted response 400
}
