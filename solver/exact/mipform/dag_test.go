package mipform

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// With weights and dependencies both MIPs (the batch MIP and the
// release-date MIP, also forced on batches) reach the brute force's
// optimum (every linear extension, each by its own LP), Solve's schedule
// passes the validator (which checks precedence) with that weighted total,
// and the LP relaxation is at most the optimum.
func TestWeightedDAGAgainstBruteForce(t *testing.T) {
	eng := highsEngine(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(91, 3))
	for trial := 0; trial < 60; trial++ {
		rel := trial%3 == 2
		n := 2 + rng.IntN(3)
		in := bruteforce.RandomDAG(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatalf("trial %d: brute force: %v", trial, err)
		}
		for _, force := range []bool{false, true} {
			if rel && !force {
				continue
			}
			f, err := Build(in, force)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := eng.Solve(ctx, f.Model, mip.Options{})
			if err != nil || raw.Status != mip.Optimal {
				t.Fatalf("trial %d: %v %v", trial, raw.Status, err)
			}
			if !scalar.EqualWithinAbsOrRel(raw.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d (release form %v, %+v): MIP %v, brute force %v", trial, force, in.Jobs, raw.Objective, bf.Value)
			}
		}
		res, err := Solve(ctx, eng, in, mip.Options{})
		if err != nil || res.Status != mip.Optimal {
			t.Fatalf("trial %d: Solve %v %v", trial, res, err)
		}
		vr, err := validate.Check(in, res.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !scalar.EqualWithinAbsOrRel(vr.WeightedResponse, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d: validated %v, brute force %v", trial, vr.WeightedResponse, bf.Value)
		}
		lp, err := LPRelaxation(ctx, eng, in)
		if err != nil {
			t.Fatalf("trial %d: relaxation: %v", trial, err)
		}
		if lp > bf.Value*(1+1e-6)+1e-6 {
			t.Errorf("trial %d: relaxation %v above OPT %v", trial, lp, bf.Value)
		}
	}
}
