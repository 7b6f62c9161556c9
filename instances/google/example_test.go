package google_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances/google"
)

// Import the hand-made trace of the tests: of 8 jobs, 2 are MapReduce jobs
// by the §5.1 filters; sizes are normalised to mean 1.
func ExampleImport() {
	in, sum, err := google.Import(google.Options{
		JobEvents:  []string{"testdata/job_events.csv"},
		TaskEvents: []string{"testdata/task_events.csv"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range in.Jobs {
		fmt.Printf("%s release %g s, map %.4f, shuffle %.4f\n", j.ID, j.Release, j.Map, j.Shuffle)
	}
	fmt.Println(sum.Lines()[1])
	// Output:
	// g1 release 0 s, map 1.3433, shuffle 0.5517
	// g7 release 4 s, map 0.6567, shuffle 1.4483
	// google import: 8 jobs seen, 2 kept; dropped: 1 not submitted in the window, 1 without task events, 1 single-task, 1 never ran, 1 without disk use, 1 without CPU use
}
