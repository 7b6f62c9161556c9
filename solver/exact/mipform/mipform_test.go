package mipform

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

// full enlarges the brute-force sweep to n ≤ 6 (batch) and n ≤ 5
// (releases); make exact-sweep sets it.
var full = flag.Bool("full", false, "brute-force sweep up to n = 6 (batch) and 5 (releases)")

func highsEngine(t testing.TB) mip.Engine {
	t.Helper()
	return testenv.RequireHiGHS(t, highs.New)
}

func TestKnownOptima(t *testing.T) {
	eng := highsEngine(t)
	// The optima are worked by hand and confirmed by brute force
	// (bruteforce.KnownOptima).
	for _, c := range bruteforce.KnownOptima() {
		for _, force := range []bool{false, true} {
			f, err := Build(c.In, force)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := eng.Solve(context.Background(), f.Model, mip.Options{})
			if err != nil || raw.Status != mip.Optimal {
				t.Fatalf("%s: %v %v", c.Name, raw.Status, err)
			}
			if !scalar.EqualWithinAbsOrRel(raw.Objective, c.Opt, tolerance.Engine, tolerance.Engine) {
				t.Errorf("%s (release form %v): MIP %v, want %v", c.Name, force, raw.Objective, c.Opt)
			}
		}
	}
}

// The MIP optimum equals the brute-force optimum (every completion order and
// interleaving, independent LP and solver) on random instances with ties,
// zero sizes, extreme ratios, unequal capacities and release dates; the
// release form also solves batches.
func TestAgainstBruteForce(t *testing.T) {
	eng := highsEngine(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2024, 4))
	// Default: 60 batches and 40 release instances (the package stays
	// under a minute on 2 cores); make engine-sweep (-full) runs 120 + 80
	// up to n = 6 and 5.
	nb, nr := 60, 40
	maxB, maxR := 4, 3
	if *full {
		nb, nr = 120, 80
		maxB, maxR = 6, 5
	}
	for trial := 0; trial < nb+nr; trial++ {
		rel := trial >= nb
		n := 1 + rng.IntN(maxB)
		if rel {
			n = 1 + rng.IntN(maxR)
		}
		in := bruteforce.Random(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatalf("trial %d: brute force: %v", trial, err)
		}
		t0 := time.Now()
		res, err := Solve(ctx, eng, in, mip.Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if d := time.Since(t0); d > time.Second {
			t.Logf("trial %d (n=%d, releases %v): MIP took %v", trial, n, rel, d)
		}
		if res.Status != mip.Optimal {
			t.Fatalf("trial %d: status %v", trial, res.Status)
		}
		if !scalar.EqualWithinAbsOrRel(res.MIPValue, bf.Value, tolerance.Engine, tolerance.Engine) || !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d (%+v caps %v/%v): MIP %v (schedule %v), brute force %v", trial, in.Jobs, in.MapCapacity, in.ShuffleCapacity, res.MIPValue, res.Objective, bf.Value)
		}
		vr, err := validate.Check(in, res.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !scalar.EqualWithinAbsOrRel(vr.TotalResponse, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d: validated %v, brute force %v", trial, vr.TotalResponse, bf.Value)
		}
		if in.IsBatch() && trial%10 == 0 {
			f, _ := Build(in, true)
			raw, err := eng.Solve(ctx, f.Model, mip.Options{})
			if err != nil || raw.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(raw.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d: release form on a batch: %v %v %v, want %v", trial, raw.Status, raw.Objective, err, bf.Value)
			}
		}
	}
}
