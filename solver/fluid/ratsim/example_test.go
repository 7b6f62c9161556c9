package ratsim_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/fluid/ratsim"
)

// Example simulates the four policies exactly on the §2.1 example of Lin
// et al. (jobs (1, 2), (3, 1), (2, 2)).
func Example() {
	in, err := rational.FromInstance(instances.Example21())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range []string{"fifo", "ps", "maxsrpt", "splitsrpt"} {
		res, err := ratsim.Simulate(in, p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-9s total %s, completions %s %s %s\n", p, res.Total.RatString(),
			res.Completion[0].RatString(), res.Completion[1].RatString(), res.Completion[2].RatString())
	}
	// Output:
	// fifo      total 12, completions 2 4 6
	// ps        total 74/5, completions 19/5 6 5
	// maxsrpt   total 12, completions 2 6 4
	// splitsrpt total 14, completions 4 6 4
}
