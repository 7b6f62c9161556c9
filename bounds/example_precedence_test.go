package bounds_test

import (
	"fmt"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// Three jobs of sizes (1, 1): a (weight 1), b after a (weight 10) and c
// (weight 2), all released at 0, unit capacities. OPT serves a, b, c in
// turn: 1·1 + 10·2 + 2·3 = 27. Weighted's single server may serve c
// before a, since it sees b's dependency only as b's effective release
// at 1 (c, b, a: 2·1 + 10·2 + 1·3 = 25); the multiplier on the edge
// a → b charges that, and Precedence proves the optimum.
func ExamplePrecedence() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 1, Shuffle: 1, Weight: 1},
		{ID: "b", Map: 1, Shuffle: 1, Weight: 10, After: []int{0}},
		{ID: "c", Map: 1, Shuffle: 1, Weight: 2},
	})
	fmt.Printf("weighted %.4g, precedence %.4g\n", bounds.Weighted(in), bounds.Precedence(in, 27))
	// Output:
	// weighted 25, precedence 27
}
