package ratsearch

import (
	"context"
	"flag"
	"math/big"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
)

var (
	measureFile  = flag.String("measure", "", "instance file for TestMeasure (the timings of docs/exact.md, \"Exact rational mode\")")
	measureLimit = flag.Duration("measure-limit", 10*time.Minute, "time limit of TestMeasure")
)

// TestMeasure solves the instance of -measure exactly and logs the answer,
// the counters and the time (run by hand or make; skipped otherwise).
func TestMeasure(t *testing.T) {
	if *measureFile == "" {
		t.Skip("no -measure file")
	}
	fin, err := instances.ReadFile(*measureFile)
	if err != nil {
		t.Fatal(err)
	}
	in, err := rational.FromInstance(fin)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := Solve(context.Background(), in, Options{TimeLimit: *measureLimit, Progress: func(s Stats) {
		t.Logf("%6.0fs nodes %d LPs %d prefix LPs %d (cuts %d) pivots %d incumbent %s bound %s",
			s.Elapsed.Seconds(), s.Nodes, s.LPs, s.PrefixLPs, s.PrefixCuts, s.Pivots, str(s.Incumbent), str(s.LowerBound))
	}})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Stats
	t.Logf("%s: status %s objective %s lower bound %s (root %s, %s) order %v guide %v", *measureFile, res.Status,
		res.Objective.RatString(), res.LowerBound.RatString(), res.RootBound.RatString(), res.BoundSource, res.Order, res.Guide)
	t.Logf("nodes %d LPs %d prefix LPs %d (cuts %d) pivots %d wall %v", s.Nodes, s.LPs, s.PrefixLPs, s.PrefixCuts, s.Pivots, time.Since(start))
}

func str(r *big.Rat) string {
	if r == nil {
		return "-"
	}
	return r.RatString()
}
