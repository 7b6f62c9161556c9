package bruteforce_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

// batchCase draws one batch instance of the rational sweep: n from 2 to 5,
// and 6 or 7 for every fifth trial, with the dependencies, weights and
// size regimes of bruteforce.RandomDAG (oracleCase's generator without
// releases: the rational search solves batches only). Instances with more
// than 120 linear extensions, or on which the brute force's simplex fails
// its accuracy check, are redrawn from the same stream
// (bruteforce.SolvedDAG).
func batchCase(rng *rand.Rand, trial int) (*instances.Instance, bruteforce.Result) {
	return bruteforce.SolvedDAG(rng, false, trial%5 == 0, nil)
}

// sweepCover counts what a sweep covers: the largest n and the instances
// with dependencies, weights other than 1, releases, tied sizes and zero
// sizes.
type sweepCover struct{ maxN, deps, weighted, released, ties, zeros int }

func (c *sweepCover) add(in *instances.Instance) {
	c.maxN = max(c.maxN, in.N())
	if in.HasDependencies() {
		c.deps++
	}
	if in.HasWeights() {
		c.weighted++
	}
	if !in.IsBatch() {
		c.released++
	}
	seen := map[[2]float64]bool{}
	tie, zero := false, false
	for _, jb := range in.Jobs {
		k := [2]float64{jb.Map, jb.Shuffle}
		tie = tie || seen[k]
		seen[k] = true
		zero = zero || jb.Map == 0 || jb.Shuffle == 0
	}
	if tie {
		c.ties++
	}
	if zero {
		c.zeros++
	}
}

// bfOrder is the completion order of a brute-force sequence.
func bfOrder(bf bruteforce.Result) []int {
	var order []int
	for _, e := range bf.Sequence {
		if e.Job >= 0 {
			order = append(order, e.Job)
		}
	}
	return order
}

// The rational mode and the float search with weights and dependencies
// against the brute force, on 500 random batches up to n = 7 (100 with
// -short): chains, forks, joins, random edges and none; weights 1, tied
// values in {0.1, …, 10} or log-uniform on [0.1, 10]; tied and zero sizes.
//
// The float search must be optimal within tolerance.Engine of the brute
// force. The rational answer (on the float instance converted exactly,
// rational.FromInstance, so its optimum is the float instance's true
// OPT) must be optimal, pass ratsearch.Check (its schedule verified in
// exact arithmetic, precedence included, with bound = objective), and
// obey the rule: its objective R, rounded to float64, is within
// tolerance.Engine (absolute or relative) of the brute force's float
// value, and exactly, as rationals, R ≤ the exact LP value of the brute
// force's optimal order and of the float search's order (R is the least
// over all orders that respect the dependencies; an order's exact LP is
// ratsearch.SolveOrder); its root bound is at most R. Odd trials run
// without the float guide, so that a wrong bound or pruning rule shows.
func TestOracleRationalDAG(t *testing.T) {
	ctx := context.Background()
	trials := 500
	if testing.Short() {
		trials = 100
	}
	rng := rand.New(rand.NewPCG(2026, 3407))
	var cov sweepCover
	for trial := range trials {
		in, bf := batchCase(rng, trial)
		cov.add(in)
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("trial %d (n=%d, %+v): %s", trial, in.N(), in.Jobs, fmt.Sprintf(format, args...))
		}
		sr, err := search.Solve(ctx, nil, in, search.Options{})
		if err != nil {
			t.Fatalf("trial %d: search: %v", trial, err)
		}
		if sr.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(sr.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
			fail("search %v %v, brute force %v", sr.Status, sr.Objective, bf.Value)
		}
		rin, err := rational.FromInstance(in)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		// Odd trials without the float guide: the exact search then starts
		// from the greedy order of its subset bound and must prune with
		// its own bounds.
		res, err := ratsearch.Solve(ctx, rin, ratsearch.Options{NoGuide: trial%2 == 1})
		if err != nil {
			t.Fatalf("trial %d: rational search: %v", trial, err)
		}
		if res.RootBound.Cmp(res.Objective) > 0 {
			fail("rational root bound %s above the optimum %s", res.RootBound.RatString(), res.Objective.RatString())
		}
		if err := ratsearch.Check(rin, res); err != nil {
			fail("rational answer: %v", err)
		}
		rf, _ := res.Objective.Float64()
		if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(rf, bf.Value, tolerance.Engine, tolerance.Engine) {
			fail("rational %v %s (≈ %v), brute force %v", res.Status, res.Objective.RatString(), rf, bf.Value)
		}
		for _, o := range []struct {
			who   string
			order []int
		}{{"brute force", bfOrder(bf)}, {"float search", sr.Plan.Order}} {
			or, err := ratsearch.SolveOrder(ctx, rin, o.order)
			if err != nil {
				t.Fatalf("trial %d: exact LP of the %s order %v: %v", trial, o.who, o.order, err)
			}
			if res.Objective.Cmp(or.Value) > 0 {
				fail("rational optimum %s above the exact LP %s of the %s order %v", res.Objective.RatString(), or.Value.RatString(), o.who, o.order)
			}
		}
	}
	t.Logf("%d batches, n ≤ %d: %d with dependencies, %d weighted, %d with ties, %d with zero sizes", trials, cov.maxN, cov.deps, cov.weighted, cov.ties, cov.zeros)
	if cov.maxN < 7 || cov.deps < trials/2 || cov.weighted < trials/2 || cov.ties == 0 || cov.zeros == 0 {
		t.Fatalf("sweep does not cover its cases")
	}
}

// The CBC MIP (package cbccli: Debian's cbc program) with weights and dependencies against the brute force on
// oracleCase's instances (every fourth with releases, n ≤ 7): optimal,
// within tolerance.Engine of the brute force, and its schedule passes the
// validator (precedence included) with that weighted total. Fewer
// instances than the search (cbcTrials; 12 with -short): each MIP is a
// CBC process. Skipped only when cbc is not installed (make setup
// installs it).
func TestOracleCBCDAG(t *testing.T) {
	eng := testenv.Require(t, "cbc program", "apt-get install coinor-cbc (make setup)", func() (mip.Engine, error) {
		e, err := cbccli.New()
		if err != nil {
			return nil, err
		}
		return e, nil
	})
	ctx := context.Background()
	trials := cbcTrials
	if testing.Short() {
		trials = 12
	}
	rng := rand.New(rand.NewPCG(2026, 3408))
	var cov sweepCover
	for trial := range trials {
		// trial+7: oracleCase's trials of 6 or 7 jobs (every tenth) are
		// trials 3, 13, … here, and those with releases 0, 4, 8, ….
		in, opt := oracleCase(rng, trial+7)
		cov.add(in)
		mr, err := mipform.Solve(ctx, eng, in, mip.Options{})
		if err != nil {
			t.Fatalf("trial %d: CBC MIP: %v", trial, err)
		}
		if mr.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(mr.Objective, opt, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d (n=%d, %+v): CBC MIP %v %v, brute force %v", trial, in.N(), in.Jobs, mr.Status, mr.Objective, opt)
			continue
		}
		vr, err := validate.Check(in, mr.Schedule)
		if err != nil {
			t.Fatalf("trial %d: CBC schedule: %v", trial, err)
		}
		if !scalar.EqualWithinAbsOrRel(vr.WeightedResponse, opt, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d: CBC schedule validated at %v, brute force %v", trial, vr.WeightedResponse, opt)
		}
	}
	t.Logf("%d instances, n ≤ %d: %d with dependencies, %d weighted, %d with releases, %d with ties, %d with zero sizes", trials, cov.maxN, cov.deps, cov.weighted, cov.released, cov.ties, cov.zeros)
	if cov.maxN < 6 || cov.deps < trials/2 || cov.weighted < trials/3 || cov.released < trials/5 {
		t.Fatalf("sweep does not cover its cases")
	}
}

// cbcTrials is the number of instances TestOracleCBCDAG solves.
const cbcTrials = 40
