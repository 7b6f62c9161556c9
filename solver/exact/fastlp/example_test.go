package fastlp_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
)

// The pair (10, 1), (1, 10): completing (10, 1) first costs 22 (by
// hand: map (1, 10) first, so that its shuffle runs beside the long map,
// C = 11 and 11; docs/exact.md, "Methods"), completing (1, 10) first costs
// 21 (C = 10 and 11), the optimum.
func ExampleSolver_Value() {
	in := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}})
	var s fastlp.Solver
	for _, order := range [][]int{{0, 1}, {1, 0}} {
		v, err := s.Value(in, order)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("order %v: %.6g\n", order, v)
	}
	// Output:
	// order [0 1]: 22
	// order [1 0]: 21
}
