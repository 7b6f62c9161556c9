package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/exact/polish"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// TestReleaseAgainstBruteForce: the release-date search with fastlp.Release
// (no engine) proves the brute-force optimum on random instances with
// release dates (n ≤ 5; ties, zero sizes, extreme ratios, capacities), and
// the instance bounds CountingStandalone ≤ SubsetRelease ≤ its root bound
// ≤ OPT.
func TestReleaseAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 8))
	trials := 200
	if testing.Short() {
		trials = 60
	}
	for trial := 0; trial < trials; trial++ {
		in := bruteforce.Random(rng, 1+rng.IntN(5), true)
		if in.IsBatch() {
			continue
		}
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		res, err := Solve(context.Background(), nil, in, Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if res.Status != mip.Optimal || !relEq(res.Objective, bf.Value) || res.LowerBound > res.Objective {
			t.Errorf("trial %d (%+v): search %v %v (bound %v), brute force %v", trial, in.Jobs, res.Status, res.Objective, res.LowerBound, bf.Value)
		}
		if _, err := validate.Check(in, res.Schedule); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		cs := bounds.CountingStandalone(in)
		h, err := bounds.SubsetRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		if h > bf.Value*(1+1e-7)+1e-7 || cs > h*(1+1e-12)+1e-12 || res.RootBound < h*(1-1e-12)-1e-12 || res.RootBound > bf.Value*(1+1e-7)+1e-7 {
			t.Errorf("trial %d (%+v): counting+standalone %v, subset %v, root %v, OPT %v", trial, in.Jobs, cs, h, res.RootBound, bf.Value)
		}
	}
}

// TestReleaseNodeBounds: along every feasible random plan, the bound of
// each node on the plan's path (the next-period and placement children's
// cheap bounds and the prefix LP) is at most the plan's LP value, and a
// feasible plan is never cut as infeasible (docs/exact.md, "The
// release-date search").
func TestReleaseNodeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 9))
	checked := 0
	for it := 0; it < 400; it++ {
		in := bruteforce.Random(rng, 2+rng.IntN(7), true)
		s := newReleaseSearcher(t, in)
		rho, rel := orderlp.Periods(in)
		p := orderlp.Plan{Order: rng.Perm(in.N()), Period: make([]int, in.N())}
		prev := 0
		for k, j := range p.Order {
			l := max(prev, rel[j])
			if l < len(rho)-1 && rng.IntN(3) == 0 {
				l++
			}
			p.Period[k], prev = l, l
		}
		want, err := s.rfast.Value(p)
		if errors.Is(err, orderlp.ErrInfeasible) || errors.Is(err, fastlp.ErrPlan) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		le := func(b float64, what string, k int) {
			if b > want*(1+1e-9)+1e-9 {
				t.Fatalf("instance %d %+v plan %+v: %s bound at position %d is %v > plan LP %v", it, in.Jobs, p, what, k, b, want)
			}
		}
		le(s.releaseRootBound(), "root", 0)
		var mask uint64
		l, last, P := 0, 0.0, 0.0
		for k, j := range p.Order {
			for l < p.Period[k] {
				last = math.Max(last, rho[l+1])
				l++
				le(P+s.releaseTail(mask, k, last)-s.rt.sumR, "next period", k)
			}
			c := s.completionBound(mask, k, j, l, last)
			if l+1 < len(rho) && c > rho[l+1]*(1+pruneRel)+pruneRel {
				t.Fatalf("instance %d plan %+v: feasible plan cut at position %d (bound %v > ρ %v)", it, p, k, c, rho[l+1])
			}
			mask |= 1 << j
			le(P+c+s.releaseTail(mask, k+1, c)-s.rt.sumR, "placement", k)
			q := orderlp.Plan{Order: p.Order[:k+1], Period: p.Period[:k+1]}
			if cut, _ := s.prefixCut(q, mask, c); k+1 < in.N() && cut {
				// prefixCut compares with the incumbent, +Inf here: it
				// cuts only a partial plan it proves infeasible.
				t.Fatalf("instance %d plan %+v: prefix LP cut a feasible plan at position %d", it, p, k)
			}
			if _, err := s.rt.pre.PartialValue(q); err != nil {
				t.Fatal(err)
			}
			rq := 0.0
			for _, i := range q.Order {
				rq += in.Jobs[i].Release
			}
			le(s.rt.pre.Lower+rq+s.releaseTail(mask, k+1, c)-s.rt.sumR, "prefix LP", k)
			P, last = P+c, c
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("only %d nodes checked", checked)
	}
}

func newReleaseSearcher(t *testing.T, in *instances.Instance) *searcher {
	t.Helper()
	s := &searcher{ctx: context.Background(), in: in, n: in.N(), best: math.Inf(1), ext: math.Inf(-1)}
	s.x, s.y = make([]float64, s.n), make([]float64, s.n)
	for j, jb := range in.Jobs {
		s.x[j], s.y[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	var err error
	if s.rfast, err = fastlp.NewRelease(in); err != nil {
		t.Fatal(err)
	}
	s.preds = searchPreds(in, false)
	s.releaseRootBound()
	return s
}

// TestReleaseRootBoundProves: jobs (1,1) released at 0 and 0.5 have OPT
// 2.5 (FIFO: completions 1 and 2; brute force). SRPT on either station
// completes them at 1 and 2, so the root bound is 1 + 2 − 0.5 = 2.5 = OPT
// and the search proves FIFO's schedule optimal without a node; the former
// root bound Σ_j max(x_j, y_j) = 2 needed a search.
func TestReleaseRootBoundProves(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Release: 0.5, Map: 1, Shuffle: 1}})
	res, err := Solve(context.Background(), nil, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != mip.Optimal || !relEq(res.Objective, 2.5) || !relEq(res.RootBound, 2.5) || res.Stats.Nodes != 0 {
		t.Errorf("status %v objective %v root bound %v nodes %d, want optimal 2.5 = root bound, 0 nodes", res.Status, res.Objective, res.RootBound, res.Stats.Nodes)
	}
}

// TestReleaseNeverWorseThanPolish: the release search (seeded with every
// heuristic and polish) returns a schedule no worse than polish on the
// same instance — the online log-normal generator cut to n = 8 and 12,
// and random instances — with a node budget (no clock involved; polish
// runs to its local optimum inside the search as alone).
func TestReleaseNeverWorseThanPolish(t *testing.T) {
	var list []*instances.Instance
	for seed := uint64(1); seed <= 6; seed++ {
		for _, n := range []int{8, 12} {
			in, err := instances.PaperLogNormal(n, 0.75, false).Generate(rand.NewPCG(seed, uint64(n)))
			if err != nil {
				t.Fatal(err)
			}
			list = append(list, in)
		}
	}
	rng := rand.New(rand.NewPCG(13, 10))
	for len(list) < 30 {
		if in := bruteforce.Random(rng, 6+rng.IntN(5), true); !in.IsBatch() {
			list = append(list, in)
		}
	}
	for i, in := range list {
		pr, err := polish.Solve(context.Background(), nil, in, polish.Options{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(context.Background(), nil, in, Options{NodeLimit: 50})
		if err != nil {
			t.Fatal(err)
		}
		if res.Objective > pr.Objective*(1+1e-9)+1e-9 {
			t.Errorf("instance %d (n = %d): search %v worse than polish %v", i, in.N(), res.Objective, pr.Objective)
		}
		if _, err := validate.Check(in, res.Schedule); err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
	}
}
