package engine_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/mip"
)

// A lazy engine costs nothing until a model is solved: here HiGHS is
// loaded by the first Solve, a linear program whose optimum x = 4 (the
// only bound on x) gives 3·4 = 12.
func ExampleLazy() {
	eng, err := engine.Lazy("highs")
	if err != nil {
		fmt.Println(err)
		return
	}
	m := &mip.Model{Sense: mip.Maximize}
	x := m.AddVar("x", mip.Continuous, 0, 4, 3)
	m.AddRow("c", 0, 10, []int{x}, []float64{1})
	r, err := eng.Solve(context.Background(), m, mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(eng.Name(), r.Status, r.Objective)
	// Output: highs optimal 12
}
