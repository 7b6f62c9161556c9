package search

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
)

var (
	dagReach = flag.String("dagreach", "", "measure the search on random weighted DAG batches: N,SEEDS,SECONDS (e.g. 20,10,60)")
	dagEdges = flag.String("dagedges", "0.1,0.2", "edge probabilities of -dagreach")
	dagRel   = flag.Float64("dagrel", 0, "with -dagreach: releases uniform on [0, R] (0: batches)")
)

// randomWeightedDAG returns the measurement instances of the reach of the
// search with dependencies: n jobs with map and shuffle sizes uniform on
// [1, 10], weights log-uniform on [0.1, 10], and each pair of jobs (in a
// random topological order) an edge with probability p.
func randomWeightedDAG(rng *rand.Rand, n int, p float64) *instances.Instance {
	jobs := make([]instances.Job, n)
	perm := rng.Perm(n)
	for i := range jobs {
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Map: 1 + 9*rng.Float64(), Shuffle: 1 + 9*rng.Float64(), Weight: math.Pow(10, 2*rng.Float64()-1)}
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if rng.Float64() < p {
				jobs[perm[b]].After = append(jobs[perm[b]].After, perm[a])
			}
		}
	}
	return instances.New(jobs)
}

// TestDAGReach reports, for -dagreach N,SEEDS,SECONDS, how many random
// weighted DAG batches of N jobs (edge probabilities -dagedges, default
// 0.1 and 0.2; -dagrel R adds releases uniform on [0, R]) the
// search proves optimal within the time limit. It measures; it asserts
// nothing about speed.
func TestDAGReach(t *testing.T) {
	if *dagReach == "" {
		t.Skip("measurement: run with -dagreach N,SEEDS,SECONDS")
	}
	var n, seeds, secs int
	if _, err := fmt.Sscanf(*dagReach, "%d,%d,%d", &n, &seeds, &secs); err != nil {
		t.Fatal(err)
	}
	eng := engine(t)
	var ps []float64
	for _, f := range strings.Split(*dagEdges, ",") {
		p, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		proved := 0
		for seed := 0; seed < seeds; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 34))
			in := randomWeightedDAG(rng, n, p)
			if *dagRel > 0 {
				for j := range in.Jobs {
					in.Jobs[j].Release = *dagRel * rng.Float64()
				}
			}
			res, err := Solve(context.Background(), eng, in, Options{TimeLimit: time.Duration(secs) * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == mip.Optimal {
				proved++
			}
			t.Logf("p=%.2f seed %d: %v obj %.6g lb %.6g root %.6g gap %.3g%% nodes %d prefixLPs %d %v", p, seed, res.Status, res.Objective, res.LowerBound, res.RootBound, 100*res.Gap, res.Stats.Nodes, res.Stats.PrefixLPs, res.Stats.Elapsed.Round(time.Millisecond))
		}
		t.Logf("p=%.2f: %d of %d proved optimal within %d s at n = %d", p, proved, seeds, secs, n)
	}
}
