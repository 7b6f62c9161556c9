package ratsearch_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
)

// The exact optimum of the q = 2 Theorem 1 reduction of the NMTS
// no-instance f = {3,4}, g = {1,4}, h = {11,1}: y − 32/9, below the proof's
// threshold y (docs/hard.md).
func ExampleSolve() {
	src := &nmts.Instance{F: []int64{3, 4}, G: []int64{1, 4}, H: []int64{11, 1}}
	r, err := reductions.Reduce(src, reductions.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := ratsearch.Solve(context.Background(), r.Rational(), ratsearch.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Objective.RatString(), res.LowerBound.RatString())
	fmt.Println("y =", r.Y, "OPT − y =", res.Objective.Sub(res.Objective, new(big.Rat).SetInt(r.Y)).RatString())
	// Output:
	// optimal 4645057/9 4645057/9
	// y = 516121 OPT − y = -32/9
}

// The fixed-order LP of the two-job example (10, 1), (1, 10), read exactly from
// JSON: (10, 1) first costs 22, (1, 10) first costs 21 (fastlp
// TestKnownValues). Both stations have 11 units of work, so the second
// completion is at 11 at the earliest; with a first, the LP completes
// both at 11 (ties are allowed by the order C_a ≤ C_b).
func ExampleSolveOrder() {
	text := `{"kind":"tandem","jobs":[{"id":"a","map":10,"shuffle":1},{"id":"b","map":1,"shuffle":10}]}`
	in, err := rational.ReadJSON(strings.NewReader(text), "two.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, order := range [][]int{{0, 1}, {1, 0}} {
		r, err := ratsearch.SolveOrder(context.Background(), in, order)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(order, r.Value.RatString(), r.Schedule.Completion[0].RatString(), r.Schedule.Completion[1].RatString())
	}
	// Output:
	// [0 1] 22 11 11
	// [1 0] 21 11 10
}

// Weights and a dependency: b (1, 10), weight 2, must wait for a (10, 1),
// weight 0.3 (read exactly as 3/10). a completes at 10 at the earliest,
// then b needs 10 more: OPT = 3/10·10 + 2·20 = 43 (closed form; without
// the dependency b would go first).
func ExampleSolve_dependencies() {
	text := `{"kind":"tandem","jobs":[{"id":"a","map":10,"shuffle":1,"weight":0.3},{"id":"b","map":1,"shuffle":10,"weight":2,"after":["a"]}]}`
	in, err := rational.ReadJSON(strings.NewReader(text), "dag.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := ratsearch.Solve(context.Background(), in, ratsearch.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Objective.RatString(), res.Order, res.Schedule.Completion[0].RatString(), res.Schedule.Completion[1].RatString())
	// Output:
	// optimal 43 [0 1] 10 20
}
