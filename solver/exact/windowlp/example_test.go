package windowlp_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/windowlp"
)

// Improve re-solves windows of a list schedule with the fixed-order LP and
// keeps those that lower the total response.
func ExampleImprove() {
	in, err := instances.PaperLogNormal(200, 0.9, true).Generate(rand.NewPCG(7, 0))
	if err != nil {
		panic(err)
	}
	order := make([]int, in.N())
	for i := range order {
		order[i] = i
	}
	r, err := windowlp.Improve(context.Background(), in, order, windowlp.Options{Window: 50})
	if err != nil {
		panic(err)
	}
	fmt.Printf("windows %d, kept %d, better than the list schedule: %v\n", r.Windows, r.Kept, r.Objective < r.List)
	// Output:
	// windows 4, kept 3, better than the list schedule: true
}
