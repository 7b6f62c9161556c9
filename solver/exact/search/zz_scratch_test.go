package search

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances/taillard"
)

func TestScratchNodes(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	eng := engine(t)
	n, _ := strconv.Atoi(os.Getenv("N"))
	lim, _ := time.ParseDuration(os.Getenv("LIM"))
	for seed := uint64(1); seed <= 3; seed++ {
		in := lnBatch(t, n, seed)
		if os.Getenv("TA") != "" {
			ti, _ := taillard.Generate(20, 2, taillard.Seeds20x5[seed-1])
			in, _ = ti.ToTandem()
		}
		for _, nd := range []bool{true, false} {
			res, err := Solve(context.Background(), eng, in, Options{TimeLimit: lim, NoDominance: nd})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("seed %d nodom %v: %v obj %.6f lb %.6f root %.6f nodes %d lps %d %v", seed, nd, res.Status, res.Objective, res.LowerBound, res.RootBound, res.Stats.Nodes, res.Stats.LPs, res.Stats.Elapsed.Round(time.Millisecond))
		}
	}
}
