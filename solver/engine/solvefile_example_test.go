package engine_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/mip"
)

// A two-variable integer program in CPLEX LP format solved by HiGHS (the
// default engine; 'make setup' installs its files). Its optimum, found by
// enumerating the integer points of x + 2y ≤ 40, 2x + y ≤ 50, is x = 20,
// y = 10 with 30·20 + 50·10 = 1100.
func ExampleSolveFile() {
	lp := "Maximize\n obj: 30 x + 50 y\nSubject To\n c1: x + 2 y <= 40\n c2: 2 x + y <= 50\nGenerals\n x y\nEnd\n"
	eng, err := engine.Get(engine.DefaultName)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, r, err := engine.SolveFile(context.Background(), eng, "tiny.lp", []byte(lp), mip.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sol := engine.NewSolution("tiny.lp", eng.Name(), m, r, false, false)
	fmt.Printf("%d columns, %s, objective %g, x = %g, y = %g\n", len(m.Vars), sol.Status, sol.Objective, sol.Columns[0].Value, sol.Columns[1].Value)
	// Output: 2 columns, optimal, objective 1100, x = 20, y = 10
}
