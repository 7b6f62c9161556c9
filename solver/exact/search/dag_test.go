package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// With weights and dependencies the search's optimum equals the brute
// force (every linear extension, each by its own LP), its schedule passes
// the validator (which checks precedence) with that weighted total, and
// its root bound is at most the optimum.
func TestWeightedDAGAgainstBruteForce(t *testing.T) {
	eng := engine(t)
	rng := rand.New(rand.NewPCG(78, 5))
	for trial := 0; trial < 120; trial++ {
		rel := trial%3 == 2
		n := 2 + rng.IntN(4)
		if rel {
			n = 2 + rng.IntN(3)
		}
		in := bruteforce.RandomDAG(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatalf("trial %d: brute force: %v", trial, err)
		}
		res, err := Solve(context.Background(), eng, in, Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if res.Status != mip.Optimal || !relEq(res.Objective, bf.Value) {
			t.Errorf("trial %d (%+v): search %v %v, brute force %v", trial, in.Jobs, res.Status, res.Objective, bf.Value)
		}
		if res.RootBound > bf.Value*(1+1e-9)+1e-9 {
			t.Errorf("trial %d: root bound %v above OPT %v", trial, res.RootBound, bf.Value)
		}
		vr, err := validate.Check(in, res.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !relEq(vr.WeightedResponse, res.Objective) {
			t.Errorf("trial %d: validated %v, claimed %v", trial, vr.WeightedResponse, res.Objective)
		}
	}
}
