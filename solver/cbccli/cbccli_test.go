package cbccli

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
)

const install = "as root: apt-get install -y coinor-cbc (provides the cbc program)"

func require(t *testing.T) *Engine {
	t.Helper()
	return testenv.Require(t, "CBC command-line program (cbc)", install, New)
}

// The known models of miptest (optima by hand and brute force).
func TestKnown(t *testing.T) {
	miptest.CheckKnown(t, require(t))
}

// cbc and HiGHS, two independent implementations, agree on status and
// optimum of random LPs and MIPs (fixed seed), and cbc's solutions are
// feasible with the objective reported.
func TestAgreesWithHiGHS(t *testing.T) {
	e := require(t)
	miptest.CheckAgrees(t, highstest.Require(t), e)
}

// A cancelled context stops cbc at once (miptest.CheckCancel).
func TestCancel(t *testing.T) {
	miptest.CheckCancel(t, require(t))
}

// A stopped search's bound comes from the summary (3 decimals: lowered by
// 0.001), else from the last progress line; the solution file's values are
// matched by column name (cbc omits zero columns).
func TestParse(t *testing.T) {
	m := &mip.Model{Offset: 1}
	a := m.AddVar("a", mip.Continuous, 0, 10, 1)
	b := m.AddVar("b", mip.Integer, 0, 10, 2)
	m.AddRow("r", 1, math.Inf(1), []int{a, b}, []float64{1, 1})
	for _, c := range []struct {
		name, sol, log string
		status         mip.Status
		obj, bound     float64
		nodes          int64
	}{
		// 1·1.5 + 2·0 + offset 1 = 2.5; optimal: bound = objective.
		{"optimal", "Optimal - objective value 1.5\n      0 a  1.5  0\n", "Result - Optimal solution found\nEnumerated nodes: 0\n", mip.Optimal, 2.5, 2.5, 0},
		// 2·1 + 1 = 3; summary bound 1.234 − 0.001 + offset 1.
		{"stopped", "Stopped on time - objective value 2\n      1 b  1  0\n", "Cbc0010I After 7 nodes, 2 on tree, 2 best solution, best possible 1.1 (1.00 seconds)\nResult - Stopped on time limit\n\nObjective value: 2\nLower bound:                    1.234\nEnumerated nodes:               9\n", mip.TimeLimit, 3, 2.233, 9},
		// No summary: the progress line's 1.1 − 0.1 + 1.
		{"progress", "Stopped on time - objective value 2\n      1 b  1  0\n", "Cbc0010I After 7 nodes, 2 on tree, 2 best solution, best possible 1.1 (1.00 seconds)\n", mip.TimeLimit, 3, 2.0, 7},
		{"infeasible", "Infeasible - objective value 0\n", "Result - Problem proven infeasible\n", mip.Infeasible, math.NaN(), math.NaN(), 0},
	} {
		r, err := parse(m, []byte(c.sol), c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		same := func(x, y float64) bool { return scalar.EqualWithinAbs(x, y, 1e-9) || math.IsNaN(x) && math.IsNaN(y) }
		if r.Status != c.status || !same(r.Objective, c.obj) || !same(r.BestBound, c.bound) || r.Nodes != c.nodes {
			t.Errorf("%s: %v obj %v bound %v nodes %d, want %v %v %v %d", c.name, r.Status, r.Objective, r.BestBound, r.Nodes, c.status, c.obj, c.bound, c.nodes)
		}
	}
	for _, bad := range []string{"", "Optimal - objective value 1\n 0 zz 1 0\n", "Optimal - objective value 1\n 0 a x 0\n", "Who knows\n"} {
		if _, err := parse(m, []byte(bad), ""); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzParse: any solution file and log give a result or an error, never a
// panic, and a bound never above the objective of a minimisation that
// reports both with status optimal.
func FuzzParse(f *testing.F) {
	f.Add("Optimal - objective value 1.5\n      0 a  1.5  0\n", "Result - Optimal solution found\n")
	f.Add("Stopped on time - objective value 2\n      1 b  1  0\n", "Lower bound: 1.234\nEnumerated nodes: 9\n")
	f.Add("Infeasible - objective value 0\n", "")
	m := &mip.Model{}
	a := m.AddVar("a", mip.Continuous, 0, 10, 1)
	b := m.AddVar("b", mip.Integer, 0, 10, 2)
	m.AddRow("r", 1, math.Inf(1), []int{a, b}, []float64{1, 1})
	f.Fuzz(func(t *testing.T, sol, log string) {
		r, err := parse(m, []byte(sol), log)
		if err == nil && r.Status == mip.Optimal && r.BestBound != r.Objective {
			t.Fatalf("optimal with bound %v ≠ objective %v", r.BestBound, r.Objective)
		}
	})
}

// TestArgsCutoffIncrement checks that cbc is given a cutoff increment no
// larger than tolerance.Abs: cbc's default, 1e-5 (its help for
// "increment"), would prune nodes within 1e-5 of the incumbent, so its
// "Optimal" would be looser than the toolkit's tolerance (args' comment).
func TestArgsCutoffIncrement(t *testing.T) {
	a := args("m.lp", "s.txt", 1e-9, mip.Options{}, time.Time{})
	for i, v := range a {
		if v != "increment" {
			continue
		}
		if i+1 == len(a) {
			t.Fatalf("increment without a value: %q", a)
		}
		inc, err := strconv.ParseFloat(a[i+1], 64)
		if err != nil || !(inc >= 0) || inc > tolerance.Abs {
			t.Fatalf("increment %q, want a number in [0, %g]", a[i+1], tolerance.Abs)
		}
		if a[len(a)-1] != "quit" || a[len(a)-3] != "solution" {
			t.Fatalf("increment must come before solve: %q", a)
		}
		return
	}
	t.Fatalf("no increment in cbc's arguments %q (cbc's default is 1e-5)", a)
}
