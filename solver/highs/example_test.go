package highs_test

import (
	"context"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
)

// An integer program solved by HiGHS in WebAssembly: maximise 30x + 50y
// subject to x + 2y ≤ 40, 2x + y ≤ 50, x, y integer ≥ 0. Enumerating the
// integer points gives x = 20, y = 10 with 1100 (miptest.TinyMIP); the
// dual bound equals the objective.
func ExampleEngine_Solve() {
	eng, err := highs.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	m := &mip.Model{Sense: mip.Maximize}
	x := m.AddVar("x", mip.Integer, 0, math.Inf(1), 30)
	y := m.AddVar("y", mip.Integer, 0, math.Inf(1), 50)
	m.AddRow("c1", math.Inf(-1), 40, []int{x, y}, []float64{1, 2})
	m.AddRow("c2", math.Inf(-1), 50, []int{x, y}, []float64{2, 1})
	r, err := eng.Solve(context.Background(), m, mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, r.Objective, r.BestBound, r.X)
	// Output: optimal 1100 1100 [20 10]
}
