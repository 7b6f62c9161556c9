package reductions

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"testing"
	"time"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/validate"
)

type counterexample struct {
	Note      string   `json:"note"`
	F         []int64  `json:"f"`
	G         []int64  `json:"g"`
	H         []int64  `json:"h"`
	Order     []string `json:"order"`
	OptMinusY string   `json:"opt_minus_y"`
	// Opt: the test also proves OPT − y = OptMinusY with ratsearch.
	Opt bool `json:"opt"`
}

// TestTheorem1Counterexamples re-verifies, in exact arithmetic, the
// smallest counterexamples to appendix A's "no ⇒ OPT > y" kept in
// testdata/theorem1-counterexamples.json (found by 'mrsched reduce
// separation', results/hard/theorem1/): each NMTS instance is a
// no-instance by brute force over all q!² permutation pairs; the exact
// fixed-order LP of the recorded completion order (ratsearch.SolveOrder)
// gives a schedule that passes rational.Verify with total − y equal to the
// recorded value < 0, and validate.Check; where marked, the exact rational
// branch-and-bound proves that value is OPT − y.
func TestTheorem1Counterexamples(t *testing.T) {
	raw, err := os.ReadFile("testdata/theorem1-counterexamples.json")
	if err != nil {
		t.Fatal(err)
	}
	var cs []counterexample
	if err := json.Unmarshal(raw, &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs) < 4 {
		t.Fatalf("%d fixtures", len(cs))
	}
	for _, c := range cs {
		src := &nmts.Instance{F: c.F, G: c.G, H: c.H}
		if _, ok, err := nmts.BruteForce(src); err != nil || ok {
			t.Fatalf("f=%v g=%v h=%v: not a no-instance (err %v)", c.F, c.G, c.H, err)
		}
		r, err := Reduce(src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		idx := map[string]int{}
		for j, jb := range r.Jobs {
			idx[jb.ID] = j
		}
		order := make([]int, len(c.Order))
		for i, id := range c.Order {
			order[i] = idx[id]
		}
		tin, err := r.Tandem(nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ratsearch.SolveOrder(context.Background(), r.Rational(), order)
		if err != nil {
			t.Fatal(err)
		}
		ex := res.Schedule
		v, err := r.Check(ex)
		if err != nil || !v.Feasible {
			t.Fatalf("f=%v: exact schedule infeasible: %v", c.F, v.Report.Err())
		}
		want, ok := new(big.Rat).SetString(c.OptMinusY)
		if !ok || want.Sign() >= 0 {
			t.Fatalf("bad fixture value %q", c.OptMinusY)
		}
		got := new(big.Rat).Sub(v.Total, rat(r.Y))
		if got.Cmp(want) != 0 {
			t.Errorf("f=%v g=%v h=%v: total − y = %s, recorded %s", c.F, c.G, c.H, got.RatString(), c.OptMinusY)
		}
		ex.Completion = v.Report.Completion
		fs, _ := ex.Float()
		if _, err := validate.Check(tin, fs); err != nil {
			t.Errorf("f=%v: validate.Check: %v", c.F, err)
		}
		if c.Opt && !(testing.Short() && len(c.F) > 2) {
			opt, err := ratsearch.Solve(context.Background(), r.Rational(), ratsearch.Options{TimeLimit: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if opt.LowerBound.Cmp(opt.Objective) != 0 || opt.Objective.Cmp(v.Total) != 0 {
				t.Errorf("f=%v: exact OPT %s (bound %s), fixture total %s", c.F, opt.Objective.RatString(), opt.LowerBound.RatString(), v.Total.RatString())
			}
		}
	}
}
