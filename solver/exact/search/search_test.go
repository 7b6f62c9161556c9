package search

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

var full = flag.Bool("full", false, "brute-force sweep up to n = 6 (batch) and 5 (releases)")

func engine(t testing.TB) mip.Engine {
	t.Helper()
	return testenv.RequireHiGHS(t, highs.New)
}

func TestKnownOptima(t *testing.T) {
	eng := engine(t)
	// The optima are worked by hand and confirmed by brute force
	// (bruteforce.KnownOptima).
	for _, c := range bruteforce.KnownOptima() {
		res, err := Solve(context.Background(), eng, c.In, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, c.Opt, tolerance.Engine, tolerance.Engine) || !scalar.EqualWithinAbsOrRel(res.LowerBound, c.Opt, tolerance.Engine, tolerance.Engine) {
			t.Errorf("%s: %v %v lb %v, want %v", c.Name, res.Status, res.Objective, res.LowerBound, c.Opt)
		}
	}
}

// The search's optimum equals brute force on random instances (ties, zero
// sizes, extreme ratios, capacities, releases); its root bound h(∅) is at
// least PrefixBatch and at most OPT.
func TestAgainstBruteForce(t *testing.T) {
	eng := engine(t)
	rng := rand.New(rand.NewPCG(77, 5))
	maxB, maxR := 5, 3
	if *full {
		maxB, maxR = 6, 5
	}
	for trial := 0; trial < 220; trial++ {
		rel := trial >= 140
		n := 1 + rng.IntN(maxB)
		if rel {
			n = 1 + rng.IntN(maxR)
		}
		in := bruteforce.Random(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		res, err := Solve(context.Background(), eng, in, Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d (%+v): search %v %v, brute force %v", trial, in.Jobs, res.Status, res.Objective, bf.Value)
		}
		if _, err := validate.Check(in, res.Schedule); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if res.RootBound > bf.Value*(1+1e-7)+1e-7 {
			t.Errorf("trial %d: root bound %v > OPT %v", trial, res.RootBound, bf.Value)
		}
		if !rel {
			pb, _ := bounds.PrefixBatch(in)
			if res.RootBound < pb*(1-1e-12)-1e-12 {
				t.Errorf("trial %d: h(∅) %v < PrefixBatch %v", trial, res.RootBound, pb)
			}
		}
	}
}

// Taillard ta001 truncated to 8 jobs (machines 1 and 2): the search proves
// an optimum, which lies above the Counting bound.
func TestTaillardSmall(t *testing.T) {
	eng := engine(t)
	ti, _ := taillard.Generate(8, 2, taillard.Seeds20x5[0])
	in, _ := ti.ToTandem()
	res, err := Solve(context.Background(), eng, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	lb := bounds.Counting(in)
	if res.Status != mip.Optimal || res.Objective < lb*(1-1e-9) {
		t.Fatalf("status %v objective %v bound %v", res.Status, res.Objective, lb)
	}
	// 1732.16561580496: the HiGHS MIP's incumbent on the same instance
	// (mrsched solve --method mip --time-limit 10s; not proven by the MIP
	// in that time) and polish's value — found by two other methods.
	if !scalar.EqualWithinAbsOrRel(res.Objective, 1732.16561580496, tolerance.Engine, tolerance.Engine) {
		t.Fatalf("objective %v, want 1732.16561580496", res.Objective)
	}
}
