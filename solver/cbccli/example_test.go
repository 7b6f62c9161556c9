package cbccli_test

import (
	"context"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/mip"
)

// Maximise x + y with x + 2y ≤ 4, 3x + y ≤ 6, x, y integer in [0, 3]: by
// enumeration the optimum is 2, at (2, 0), (1, 1) and (0, 2) — (2, 1) breaks
// 3x + y ≤ 6 and (1, 2) breaks x + 2y ≤ 4.
func ExampleEngine_Solve() {
	e, err := cbccli.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	m := &mip.Model{Sense: mip.Maximize}
	x := m.AddVar("x", mip.Integer, 0, 3, 1)
	y := m.AddVar("y", mip.Integer, 0, 3, 1)
	m.AddRow("a", math.Inf(-1), 4, []int{x, y}, []float64{1, 2})
	m.AddRow("b", math.Inf(-1), 6, []int{x, y}, []float64{3, 1})
	r, err := e.Solve(context.Background(), m, mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, r.Objective, r.BestBound)
	// Output: optimal 2 2
}
