package bruteforce_test

import (
	"context"
	"fmt"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// oracleCase draws one instance of the oracle sweep (bruteforce.SolvedDAG):
// n from 2 to 5 (mostly 3 or 4: the MIPs of 5 weighted jobs are the
// slowest part of the sweep), and 6 or 7 for every tenth trial (batches);
// every fourth trial has release dates; random dependencies (empty, chain,
// fork, join, random edges), weights (unit, ties among 0.1 … 10,
// log-uniform on [0.1, 10]) and the regimes of bruteforce.Random (ties,
// zero sizes, extreme ratios, capacities). The brute force's optimum is
// returned.
func oracleCase(rng *rand.Rand, trial int) (*instances.Instance, float64) {
	in, bf := bruteforce.SolvedDAG(rng, trial%4 == 3, trial%10 == 0, nil)
	return in, bf.Value
}

// oracleWorkers is the number of instances solved at once (the instances
// are independent; their checks are reported in trial order).
const oracleWorkers = 2

// oracleOutcome is what one trial found: its failures, in order.
type oracleOutcome struct {
	fatal    error
	mismatch []string
}

// oracleTrial solves in by the search and the MIP and compares them with
// the brute force's optimum opt.
func oracleTrial(ctx context.Context, eng mip.Engine, in *instances.Instance, opt float64) oracleOutcome {
	var out oracleOutcome
	sr, err := search.Solve(ctx, eng, in, search.Options{})
	if err != nil {
		out.fatal = fmt.Errorf("search: %w", err)
		return out
	}
	mr, err := mipform.Solve(ctx, eng, in, mip.Options{})
	if err != nil {
		out.fatal = fmt.Errorf("MIP: %w", err)
		return out
	}
	for _, c := range []struct {
		method string
		status mip.Status
		obj    float64
		check  func() (validate.Result, error)
	}{
		{"search", sr.Status, sr.Objective, func() (validate.Result, error) { return validate.Check(in, sr.Schedule) }},
		{"MIP", mr.Status, mr.Objective, func() (validate.Result, error) { return validate.Check(in, mr.Schedule) }},
	} {
		if c.status != mip.Optimal || !scalar.EqualWithinAbsOrRel(c.obj, opt, tolerance.Engine, tolerance.Engine) {
			out.mismatch = append(out.mismatch, fmt.Sprintf("%s %v %v, brute force %v", c.method, c.status, c.obj, opt))
			continue
		}
		vr, err := c.check()
		if err != nil {
			out.fatal = fmt.Errorf("%s schedule: %w", c.method, err)
			return out
		}
		if !scalar.EqualWithinAbsOrRel(vr.WeightedResponse, opt, tolerance.Engine, tolerance.Engine) {
			out.mismatch = append(out.mismatch, fmt.Sprintf("%s validated %v, brute force %v", c.method, vr.WeightedResponse, opt))
		}
	}
	return out
}

// The exact methods with weights and dependencies against the independent
// brute force (every linear extension of the dependencies, each sequence
// solved by its own LP): on 120 random instances up to n = 7 (500 under
// MRSCHED_LONG=1, make test-long) the search and the MIP (HiGHS) reach
// the brute-force optimum, and their schedules pass the validator (which
// checks precedence) with that weighted total. The first 120 instances are
// the same in both runs (one seeded stream).
func TestOracleWeightedDAG(t *testing.T) {
	eng := testenv.RequireHiGHS(t, highs.New)
	ctx := context.Background()
	trials := 120
	if testenv.Long() {
		trials = 500
	}
	rng := rand.New(rand.NewPCG(2026, 34))
	cases := make([]*instances.Instance, trials)
	opts := make([]float64, trials)
	var cov sweepCover
	for trial := range cases {
		in, opt := oracleCase(rng, trial)
		cases[trial], opts[trial] = in, opt
		cov.add(in)
	}
	t.Logf("%d instances, n ≤ %d: %d with dependencies, %d weighted, %d with releases, %d with ties, %d with zero sizes", trials, cov.maxN, cov.deps, cov.weighted, cov.released, cov.ties, cov.zeros)
	// The sweep must cover what it claims.
	if cov.maxN < 7 || cov.deps < trials/2 || cov.weighted < trials/2 || cov.released < trials/5 || cov.ties == 0 || cov.zeros == 0 {
		t.Fatalf("sweep does not cover its cases")
	}
	outs := make([]oracleOutcome, trials)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < oracleWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				outs[i] = oracleTrial(ctx, eng, cases[i], opts[i])
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, o := range outs {
		if o.fatal != nil {
			t.Fatalf("trial %d (%+v): %v", i, cases[i].Jobs, o.fatal)
		}
		for _, m := range o.mismatch {
			t.Errorf("trial %d (n=%d, %+v): %s", i, cases[i].N(), cases[i].Jobs, m)
		}
	}
}
