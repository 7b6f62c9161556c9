package search

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

// The engine-evaluated search (Options.UseEngine, the pre-fastlp path)
// and the default fastlp search both equal brute force on random batches.
func TestEngineAndFastAgree(t *testing.T) {
	eng := engine(t)
	rng := rand.New(rand.NewPCG(77, 6))
	for trial := 0; trial < 60; trial++ {
		in := bruteforce.Random(rng, 1+rng.IntN(5), false)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			continue // the oracle's simplex refused (extreme ratios)
		}
		for _, useEng := range []bool{false, true} {
			res, err := Solve(context.Background(), eng, in, Options{UseEngine: useEng})
			if err != nil {
				t.Fatalf("trial %d engine=%v: %v", trial, useEng, err)
			}
			if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d engine=%v: %v %v, brute force %v", trial, useEng, res.Status, res.Objective, bf.Value)
			}
			if _, err := validate.Check(in, res.Schedule); err != nil {
				t.Fatalf("trial %d engine=%v: %v", trial, useEng, err)
			}
		}
	}
}

// Taillard ta001 truncated to 10 jobs: fastlp search (with prefix-LP
// bounds) and the engine search prove the same optimum.
func TestTaillard10BothEvaluators(t *testing.T) {
	eng := engine(t)
	ti, _ := taillard.Generate(10, 2, taillard.Seeds20x5[1])
	in, _ := ti.ToTandem()
	fast, err := Solve(context.Background(), eng, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Solve(context.Background(), eng, in, Options{UseEngine: true})
	if err != nil {
		t.Fatal(err)
	}
	if fast.Status != mip.Optimal || slow.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(fast.Objective, slow.Objective, tolerance.Engine, tolerance.Engine) {
		t.Fatalf("fastlp %v %v, engine %v %v", fast.Status, fast.Objective, slow.Status, slow.Objective)
	}
	if fast.Stats.PrefixLPs == 0 {
		t.Errorf("no prefix LP bound was computed")
	}
}

// QA finding O1: sizes whose totals overflow float64 made the search
// panic ("negative shift amount" while reconstructing the h-order from
// infinite values); instances.Validate, which Solve calls first, now
// rejects them, so the search returns an error.
func TestHugeSizes(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "a", Map: math.MaxFloat64, Shuffle: 1},
		{ID: "b", Map: math.MaxFloat64, Shuffle: 1},
	})
	for _, useEng := range []bool{false, true} {
		if _, err := Solve(context.Background(), nil, in, Options{UseEngine: useEng}); err == nil {
			t.Fatalf("engine=%v: no error for overflowing totals", useEng)
		}
	}
}

// An engine stopping at its time limit during an LP evaluation ends the
// search with its incumbent and status time limit, not an error (report
// finding "LP evaluation failed … status time limit"; before the fix the
// search returned ErrEngine).
func TestEngineTimeLimitKeepsIncumbent(t *testing.T) {
	eng := engine(t)
	ti, _ := taillard.Generate(9, 2, taillard.Seeds20x5[2])
	in, _ := ti.ToTandem()
	for _, k := range []int{2, 3, 5} {
		res, err := Solve(context.Background(), &miptest.FailOnce{Engine: eng, K: k}, in, Options{UseEngine: true})
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		if res.Status != mip.TimeLimit || math.IsInf(res.Objective, 0) {
			t.Errorf("k=%d: status %v objective %v, want time limit with an incumbent", k, res.Status, res.Objective)
		}
		if _, err := validate.Check(in, res.Schedule); err != nil {
			t.Errorf("k=%d: %v", k, err)
		}
	}
}
