package search

import (
	"context"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
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
		if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d (%+v): search %v %v, brute force %v", trial, in.Jobs, res.Status, res.Objective, bf.Value)
		}
		if res.RootBound > bf.Value*(1+1e-9)+1e-9 {
			t.Errorf("trial %d: root bound %v above OPT %v", trial, res.RootBound, bf.Value)
		}
		vr, err := validate.Check(in, res.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !scalar.EqualWithinAbsOrRel(vr.WeightedResponse, res.Objective, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d: validated %v, claimed %v", trial, vr.WeightedResponse, res.Objective)
		}
	}
}

// The node bounds with weights and dependencies are lower bounds: for a
// random prefix of a random linear extension, the prefix's position costs
// plus the tail bound — the subset table h and, separately, the untabulated
// weighted tail — are at most the brute-force optimum over the orders that
// start with that prefix (bruteforce.SolveRestricted).
func TestWeightedDAGNodeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(79, 5))
	for trial := 0; trial < 80; trial++ {
		n := 2 + rng.IntN(4)
		in := bruteforce.RandomDAG(rng, n, false)
		if !in.HasDependencies() && !in.HasWeights() {
			continue
		}
		order := bruteforce.RandomExtension(rng, in)
		k := rng.IntN(n + 1)
		// Orders starting with order[:k]: each prefix job after the
		// previous one, every other job after the whole prefix.
		preds := make([]uint64, n)
		var S uint64
		for p, j := range order[:k] {
			preds[j] = S
			if p > 0 {
				preds[j] = 1 << order[p-1]
			}
			S |= 1 << j
		}
		for _, j := range order[k:] {
			preds[j] |= S
		}
		bf, err := bruteforce.SolveRestricted(in, preds)
		if err != nil {
			t.Fatal(err)
		}
		for _, tabulate := range []bool{true, false} {
			s := &searcher{in: in, n: n, opt: Options{}}
			s.setModel()
			s.prepareBatch()
			if !tabulate {
				s.tab = nil
			}
			P, X, Y := 0.0, 0.0, 0.0
			for _, j := range order[:k] {
				X, Y = X+s.x[j], Y+s.y[j]
				P += s.posCost(j, X, Y)
			}
			b := P + s.tailBound(S, X, Y)
			if b > bf.Value*(1+1e-9)+1e-9 {
				t.Errorf("trial %d (tables %v, prefix %v): bound %v above the restricted optimum %v", trial, tabulate, order[:k], b, bf.Value)
			}
		}
	}
}
