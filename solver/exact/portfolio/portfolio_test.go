package portfolio

import (
	"context"
	"flag"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/glpk"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

var full = flag.Bool("full", false, "600 brute-force instances (n ≤ 6 batch, n ≤ 4 releases) instead of 60")

func mipEngine(t *testing.T) mip.Engine {
	t.Helper()
	return testenv.Require(t, "GLPK engine (glpsol)", testenv.GLPKInstall, glpk.New)
}

func cbcEngine(t *testing.T) mip.Engine {
	t.Helper()
	return testenv.Require(t, "CBC command-line program (cbc)", "as root: apt-get install -y coinor-cbc", cbccli.New)
}

// The portfolio's optimum equals brute force (every order and interleaving,
// each solved by the oracle's own LP) on random instances with ties, zero
// sizes, extreme ratios, capacities and release dates, with either MIP
// engine beside the search; so do the search alone, the GLPK MIP alone and
// the cbc MIP alone (the portfolio's members). make
// exact-sweep-portfolio runs 600 instances (-full).
func TestAgainstBruteForce(t *testing.T) {
	lp := highstest.Require(t)
	g := mipEngine(t)
	c := cbcEngine(t)
	rng := rand.New(rand.NewPCG(31, 7))
	trials, maxB, maxR := 60, 5, 3
	if testing.Short() {
		trials = 25
	}
	if *full {
		trials, maxB, maxR = 600, 6, 4
	}
	compared := 0
	for trial := 0; trial < trials; trial++ {
		rel := trial%3 == 2
		n := 1 + rng.IntN(maxB)
		if rel {
			n = 1 + rng.IntN(maxR)
		}
		in := bruteforce.Random(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			continue // the oracle's simplex gives up on a few extreme instances
		}
		compared++
		engMIP := []mip.Engine{g, c}[trial%2]
		res, err := Solve(context.Background(), lp, in, Options{MIP: engMIP})
		if err != nil {
			t.Fatalf("trial %d (%s): %v", trial, engMIP.Name(), err)
		}
		if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) || res.LowerBound > res.Objective {
			t.Errorf("trial %d (%+v): %v %v lb %v, brute force %v", trial, in.Jobs, res.Status, res.Objective, res.LowerBound, bf.Value)
		}
		if _, err := validate.Check(in, res.Schedule); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		alone, err := Solve(context.Background(), lp, in, Options{})
		if err != nil || alone.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(alone.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d: search alone %v (%v), brute force %v", trial, alone, err, bf.Value)
		}
		for _, e := range []mip.Engine{g, c} {
			mr, err := mipform.Solve(context.Background(), e, in, mip.Options{RelGap: MIPRelGap})
			if err != nil || mr.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(mr.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d: %s MIP alone %v (%v), brute force %v", trial, e.Name(), mr, err, bf.Value)
			}
		}
	}
	if compared < trials*9/10 {
		t.Fatalf("only %d of %d instances compared", compared, trials)
	}
}

// The answer does not depend on which member finished first: with the MIP
// beside it, the portfolio returns exactly the search-alone schedule, on a
// batch the MIP proves quickly (n = 12; OPT 53.6058943… by the search
// alone and by glpsol on the exported model) and on one the search proves,
// with either engine.
func TestScheduleIsTheSearchs(t *testing.T) {
	lp := highstest.Require(t)
	engs := []mip.Engine{mipEngine(t), cbcEngine(t)}
	for _, seed := range []uint64{1, 2} {
		in, err := instances.PaperLogNormal(12, 0.75, true).Generate(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		if err != nil {
			t.Fatal(err)
		}
		alone, err := search.Solve(context.Background(), lp, in, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for run := 0; run < 2; run++ {
			g := engs[run]
			res, err := Solve(context.Background(), lp, in, Options{MIP: g})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != mip.Optimal || res.Objective != alone.Objective || !reflect.DeepEqual(res.Plan, alone.Plan) || !reflect.DeepEqual(res.Schedule, alone.Schedule) {
				t.Errorf("seed %d run %d (%s): %v %v order %v (bound from %s), search alone %v %v order %v", seed, run, g.Name(), res.Status, res.Objective, res.Plan.Order, res.BoundSource, alone.Status, alone.Objective, alone.Plan.Order)
			}
		}
	}
}

// The engine rule of ChooseMIP (docs/appendix/exact.md, "Engine choice"): cbc for
// batches, glpsol with release dates, when both are installed.
func TestChooseMIP(t *testing.T) {
	mipEngine(t)
	cbcEngine(t)
	batch := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}})
	rel := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2, Release: 1}})
	for _, c := range []struct {
		in   *instances.Instance
		want string
	}{{batch, "cbc-cli"}, {rel, "glpk"}} {
		if got := ChooseMIP(c.in); got == nil || got.Name() != c.want {
			t.Errorf("release %v: %v, want %s", c.in.Jobs[0].Release, got, c.want)
		}
	}
}
