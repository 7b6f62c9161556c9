//go:build cbc

package cbc_test

import (
	"context"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/solver/cbc"
	"github.com/mrsched/mrsched/solver/mip"
)

// The integer program of highs.ExampleEngine_Solve solved by native CBC:
// x = 20, y = 10 with 1100 (enumeration of the integer points).
func ExampleEngine_Solve() {
	m := &mip.Model{Sense: mip.Maximize}
	x := m.AddVar("x", mip.Integer, 0, math.Inf(1), 30)
	y := m.AddVar("y", mip.Integer, 0, math.Inf(1), 50)
	m.AddRow("c1", math.Inf(-1), 40, []int{x, y}, []float64{1, 2})
	m.AddRow("c2", math.Inf(-1), 50, []int{x, y}, []float64{2, 1})
	r, err := cbc.New().Solve(context.Background(), m, mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, r.Objective, r.BestBound, r.X)
	// Output: optimal 1100 1100 [20 10]
}
