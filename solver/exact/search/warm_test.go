package search

import (
	"context"
	"flag"
	"math/rand/v2"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
)

var (
	measureWarm  = flag.String("measure-warm", "", "seeds (comma separated) of the unbalanced log-normal batches of TestMeasureWarmStart (docs/appendix/exact.md, \"Warm-started prefix LPs\")")
	measureN     = flag.Int("measure-n", 20, "jobs of TestMeasureWarmStart")
	measureNodes = flag.Int64("measure-nodes", 200000, "node limit of TestMeasureWarmStart (0: none)")
	measureLimit = flag.Duration("measure-limit", 0, "time limit of TestMeasureWarmStart (0: none)")
	measureRuns  = flag.String("measure-runs", "cold,warm", "runs of TestMeasureWarmStart per seed, in order")
)

// The prefix LPs of the search, and the LPs of the complete orders it
// reaches, start from their parent node's basis, and that changes nothing
// but the LP's path: on log-normal n = 12 seed 2 of `gen lognormal
// --batch` (bench/exact's unbalanced set; measured: 5 965 nodes, 5 059
// prefix LPs of which 5 017 warm, 28 warm complete orders, 1 610 pivots
// against 35 258 cold), the search with and without
// Options.NoWarmStart proves the same optimum with the same nodes, prefix
// LPs and cuts; with warm starts most prefix LPs (all but those of depth 3,
// whose parents have no LP) and some complete orders are warm, none falls
// back, and the pivots are fewer. It fails when the search never
// warm-starts (checked by hand: prefixLP and the leaves calling ValueNorm
// only).
func TestWarmStartTaken(t *testing.T) {
	in, err := instances.PaperLogNormal(12, 0.75, true).Generate(rand.NewPCG(2, 12))
	if err != nil {
		t.Fatal(err)
	}
	// The pacing bound is off: with it this search evaluates no complete
	// order (every leaf is cut before its LP).
	warm, err := Solve(context.Background(), nil, in, Options{NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	cold, err := Solve(context.Background(), nil, in, Options{NoWarmStart: true, NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	w, c := warm.Stats, cold.Stats
	if warm.Status != mip.Optimal || cold.Status != mip.Optimal || warm.Objective != cold.Objective {
		t.Fatalf("warm %v %v, cold %v %v", warm.Status, warm.Objective, cold.Status, cold.Objective)
	}
	if w.Nodes != c.Nodes || w.PrefixLPs != c.PrefixLPs || w.PrefixCuts != c.PrefixCuts || w.LPs != c.LPs {
		t.Errorf("nodes %d/%d, LPs %d/%d, prefix LPs %d/%d, cuts %d/%d (warm/cold)", w.Nodes, c.Nodes, w.LPs, c.LPs, w.PrefixLPs, c.PrefixLPs, w.PrefixCuts, c.PrefixCuts)
	}
	if c.PrefixWarm+c.LPWarm != 0 || w.PrefixWarm < w.PrefixLPs/2 || w.LPWarm == 0 || w.PrefixWarmFailed != 0 || w.PrefixPivots >= c.PrefixPivots {
		t.Errorf("warm: %d of %d prefix LPs and %d orders warm, %d failed, %d pivots; cold: %d warm, %d pivots", w.PrefixWarm, w.PrefixLPs, w.LPWarm, w.PrefixWarmFailed, w.PrefixPivots, c.PrefixWarm+c.LPWarm, c.PrefixPivots)
	}
	t.Logf("nodes %d, prefix LPs %d (%d warm), orders warm %d, pivots %d → %d", w.Nodes, w.PrefixLPs, w.PrefixWarm, w.LPWarm, c.PrefixPivots, w.PrefixPivots)
}

// cpuSeconds is the process's user + system CPU time (for the logs of
// TestMeasureWarmStart only; no test compares times).
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// TestMeasureWarmStart runs the search alone on the unbalanced log-normal
// batches of -measure-warm (bench/exact's instances: seed s is
// rand.NewPCG(s, n)) with and without warm-started prefix LPs and logs the
// counters and the CPU time (run by hand; skipped otherwise):
//
//	go test -run TestMeasureWarmStart -v ./solver/exact/search -measure-warm 3,9 -measure-nodes 200000
func TestMeasureWarmStart(t *testing.T) {
	if *measureWarm == "" {
		t.Skip("no -measure-warm seeds")
	}
	for _, f := range strings.Split(*measureWarm, ",") {
		seed, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		in, err := instances.PaperLogNormal(*measureN, 0.75, true).Generate(rand.NewPCG(seed, uint64(*measureN)))
		if err != nil {
			t.Fatal(err)
		}
		for _, run := range strings.Split(*measureRuns, ",") {
			opt := Options{NodeLimit: *measureNodes, TimeLimit: *measureLimit, NoWarmStart: run == "cold"}
			c0, w0 := cpuSeconds(), time.Now()
			res, err := Solve(context.Background(), nil, in, opt)
			if err != nil {
				t.Fatal(err)
			}
			cpu, wall := cpuSeconds()-c0, time.Since(w0).Seconds()
			st := res.Stats
			perLP := 0.0
			if st.PrefixLPs > 0 {
				perLP = float64(st.PrefixPivots) / float64(st.PrefixLPs)
			}
			t.Logf("n%d s%d %s: %v objective %.6f bound %.6f gap %.3g%% nodes %d LPs %d (warm %d) prefixLPs %d (warm %d, failed %d, cuts %d) pivots %d (%.2f per prefix LP) CPU-s %.2f wall-s %.2f",
				*measureN, seed, run, res.Status, res.Objective, res.LowerBound, 100*res.Gap, st.Nodes, st.LPs, st.LPWarm, st.PrefixLPs, st.PrefixWarm, st.PrefixWarmFailed, st.PrefixCuts, st.PrefixPivots, perLP, cpu, wall)
		}
	}
}
