package straggler_test

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/straggler"
)

// The fork-join queue of 'mrsched mst forkjoin --jobs 0' (the defaults of
// DefaultForkJoinConfig without the simulation): K = 4 servers of rate 1,
// λ = 0.5. The upper bound is H_4/(μ−λ) = (25/12)/0.5 = 25/6, the MST of
// independent mappers.
func ExampleForkJoinConfig() {
	c := straggler.DefaultForkJoinConfig()
	c.Jobs = 0
	v, err := c.View()
	if err != nil {
		fmt.Println(err)
		return
	}
	m := v.Value.(map[string]any)
	fmt.Printf("upper bound %.6f, lower bound %.6f\n", m["upper_bound"], m["lower_bound"])
	// Output:
	// upper bound 4.166667, lower bound 3.352381
}
