package search

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/exact/polish"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

// TestReleaseAgainstBruteForce: the release-date search with fastlp.Release
// (no engine) proves the brute-force optimum on random instances with
// release dates (120 instances, n ≤ 5; ties, zero sizes, extreme ratios, capacities), and
// the instance bounds CountingStandalone ≤ SubsetRelease ≤ its root bound
// ≤ OPT.
func TestReleaseAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 8))
	trials := 120
	if testing.Short() {
		trials = 40
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
		if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) || res.LowerBound > res.Objective {
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

// TestReleaseNodeBounds: along every feasible random plan and every
// optimal plan (n ≤ 8, so the group bound applies at n = 8), the bound of
// each node on the plan's path (the next-period and placement children's
// cheap bounds and the prefix LP) is at most the plan's LP value, and a
// feasible plan is never cut as infeasible (docs/appendix/exact.md, "The
// release-date search").
func TestReleaseNodeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 9))
	checked := 0
	for it := 0; it < 200; it++ {
		in := bruteforce.Random(rng, 2+rng.IntN(7), true)
		if it%4 == 3 {
			in = bruteforce.Random(rng, 8, true)
		}
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
		if it%2 == 1 {
			// The optimal plan: its LP is OPT, so every bound on its path
			// must be at most OPT (the tightest check of validity).
			res, err := Solve(context.Background(), nil, in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			p = res.Plan
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
	return newReleaseSearcherOpt(t, in, Options{})
}

// newReleaseSearcherOpt is newReleaseSearcher with options opt.
func newReleaseSearcherOpt(t *testing.T, in *instances.Instance, opt Options) *searcher {
	t.Helper()
	s := &searcher{ctx: context.Background(), in: in, opt: opt, n: in.N(), best: math.Inf(1), ext: math.Inf(-1)}
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
	if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, 2.5, tolerance.Engine, tolerance.Engine) || !scalar.EqualWithinAbsOrRel(res.RootBound, 2.5, tolerance.Engine, tolerance.Engine) || res.Stats.Nodes != 0 {
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

// TestReleasePairBoundTwoJobs: for two jobs the pair partition bound is
// the pair's optimum, so the root bound equals the brute-force OPT on
// random two-job instances with releases (the subset and counting bounds
// alone fall short on some: the test fails without pairs.go).
func TestReleasePairBoundTwoJobs(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 11))
	below := 0
	for it := 0; it < 150; it++ {
		in := bruteforce.Random(rng, 2, true)
		if in.IsBatch() {
			continue
		}
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		s := newReleaseSearcher(t, in)
		root := s.releaseTail(0, 0, math.Inf(-1)) - s.rt.sumR
		if !scalar.EqualWithinAbsOrRel(root, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Errorf("instance %d %+v: root bound %v, OPT %v", it, in.Jobs, root, bf.Value)
		}
		if h, _ := bounds.SubsetRelease(in); h < bf.Value*(1-1e-6) {
			below++
		}
	}
	if below == 0 {
		t.Error("the subset bound alone was OPT on every instance: the test does not exercise the pair bound")
	}
}

// TestReleaseGroupBoundProves: seven coupled jobs released in [0, 0.6] and
// a small one released at 100, after all of them end. OPT = 50.2 (the
// search's answer, = OPT of the seven (brute-force-checked search) + 0.1);
// the group bound of the seven largest jobs gives the root bound 50.2, so
// the search proves it without a node, while the subset, counting and pair
// bounds give 49.
func TestReleaseGroupBoundProves(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 3, Shuffle: 1}, {ID: "b", Release: 0.1, Map: 1, Shuffle: 3},
		{ID: "c", Release: 0.2, Map: 2, Shuffle: 2}, {ID: "d", Release: 0.3, Map: 3, Shuffle: 2}, {ID: "e", Release: 0.4, Map: 2, Shuffle: 3},
		{ID: "f", Release: 0.5, Map: 1, Shuffle: 1}, {ID: "g", Release: 0.6, Map: 2, Shuffle: 1}, {ID: "h", Release: 100, Map: 0.1, Shuffle: 0.1}})
	checkGroupRoot(t, in, 50.2, 0, 49)
}

// checkGroupRoot: the search proves in optimal at the root (0 nodes, root
// bound = opt), and the root bound with only the first keep groups is
// without.
func checkGroupRoot(t *testing.T, in *instances.Instance, opt float64, keep int, without float64) {
	t.Helper()
	res, err := Solve(context.Background(), nil, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.Objective, opt, tolerance.Engine, tolerance.Engine) || !scalar.EqualWithinAbsOrRel(res.RootBound, opt, tolerance.Engine, tolerance.Engine) || res.Stats.Nodes != 0 {
		t.Errorf("status %v objective %v root bound %v nodes %d, want optimal %v = root bound, 0 nodes", res.Status, res.Objective, res.RootBound, res.Stats.Nodes, opt)
	}
	s := newReleaseSearcher(t, in)
	if len(s.rt.groups) <= keep {
		t.Fatalf("groups %+v, want more than %d", s.rt.groups, keep)
	}
	s.rt.groups = s.rt.groups[:keep]
	if b := s.releaseTail(0, 0, math.Inf(-1)) - s.rt.sumR; !scalar.EqualWithinAbsOrRel(b, without, tolerance.Engine, tolerance.Engine) {
		t.Errorf("root bound with %d groups %v, want %v", keep, b, without)
	}
}

// TestReleaseGroupsAgainstBruteForce checks the nested group bound
// (pairs.go) against the brute-force oracle: on random instances of 3–5
// jobs with releases, with groups of 2 … n−1 jobs, every group's bound is
// at most the brute-force OPT of its jobs alone, and for every set R of
// remaining jobs and every group G ⊆ R the group partition bound
// lb(G) + pair bound of R∖G is at most the brute-force OPT of R alone (what
// releaseTail claims for the tail R), and so is the root bound of G's
// sub-search (which uses the smaller groups handed to it). The same check with every lb(G)
// inflated by 2 % must fail somewhere (else it could not catch an inflated
// bound), and the larger groups must raise the root bound on some instance
// (else the test would not exercise them).
func TestReleaseGroupsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 12))
	trials := 40
	if testing.Short() {
		trials = 12
	}
	violations := func(s *searcher, opt map[uint64]float64, scale float64) int {
		bad := 0
		full := uint64(1)<<s.n - 1
		for R, o := range opt {
			for _, g := range s.rt.groups {
				if g.mask&^R != 0 {
					continue
				}
				if b := g.lb*scale + s.pairBound(full&^R|g.mask); b > o*(1+1e-9)+1e-9 {
					bad++
				}
			}
		}
		return bad
	}
	raised, inflatedCaught, checked := 0, 0, 0
	for trial := 0; trial < trials; trial++ {
		n := 3 + trial%3
		in := bruteforce.Random(rng, n, true)
		if in.IsBatch() {
			continue
		}
		// OPT of every set R of at least two jobs, by brute force.
		opt := map[uint64]float64{}
		for R := uint64(3); R < 1<<n; R++ {
			if bits.OnesCount64(R) < 2 {
				continue
			}
			sub := &instances.Instance{MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity}
			for j := 0; j < n; j++ {
				if R&(1<<j) != 0 {
					sub.Jobs = append(sub.Jobs, in.Jobs[j])
				}
			}
			bf, err := bruteforce.Solve(sub)
			if err != nil {
				t.Fatal(err)
			}
			opt[R] = bf.Value
		}
		s := newReleaseSearcherOpt(t, in, Options{groupLo: 2, groupHi: n - 1})
		if len(s.rt.groups) == 0 {
			continue
		}
		for _, g := range s.rt.groups {
			// The root bound of G's sub-search rests on the smaller groups
			// it was handed: wrong jobs or bounds in them show here.
			if g.lb > opt[g.mask]*(1+1e-9)+1e-9 || g.root > opt[g.mask]*(1+1e-9)+1e-9 {
				t.Errorf("trial %d %+v: group %b bound %v (sub-search root %v) > its brute-force OPT %v", trial, in.Jobs, g.mask, g.lb, g.root, opt[g.mask])
			}
		}
		if v := violations(s, opt, 1); v > 0 {
			t.Errorf("trial %d %+v: %d group partition bounds above the brute-force OPT of their tail", trial, in.Jobs, v)
		}
		if violations(s, opt, 1.02) > 0 {
			inflatedCaught++
		}
		root := s.releaseTail(0, 0, math.Inf(-1)) - s.rt.sumR
		if full := uint64(1)<<n - 1; root > opt[full]*(1+1e-9)+1e-9 {
			t.Errorf("trial %d %+v: root bound %v > OPT %v", trial, in.Jobs, root, opt[full])
		}
		s.rt.groups = s.rt.groups[:1]
		if root > (s.releaseTail(0, 0, math.Inf(-1))-s.rt.sumR)*(1+1e-9)+1e-9 {
			raised++
		}
		checked++
	}
	t.Logf("%d instances checked, inflated bounds caught on %d, larger groups raised the root on %d", checked, inflatedCaught, raised)
	if checked < trials/2 || inflatedCaught < checked/2 || raised == 0 {
		t.Errorf("%d instances checked, inflated bounds caught on %d, larger groups raised the root on %d", checked, inflatedCaught, raised)
	}
}

// TestReleaseNestedGroupsProve: eight coupled jobs released in [0, 0.7]
// and a small one released at 100, after all of them end. OPT = 60.1667
// (the search's answer: OPT of the eight + 0.1). The groups are the seven
// and the eight largest jobs (groupMin = 7); the group of eight gives the
// root bound = OPT, so the search proves it without a node, while the
// group of seven alone (the bound before nested groups) gives 59.8.
func TestReleaseNestedGroupsProve(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 3, Shuffle: 1}, {ID: "b", Release: 0.1, Map: 1, Shuffle: 3},
		{ID: "c", Release: 0.2, Map: 2, Shuffle: 2}, {ID: "d", Release: 0.3, Map: 3, Shuffle: 2}, {ID: "e", Release: 0.4, Map: 2, Shuffle: 3},
		{ID: "f", Release: 0.5, Map: 1, Shuffle: 1}, {ID: "g", Release: 0.6, Map: 2, Shuffle: 1}, {ID: "i", Release: 0.7, Map: 1, Shuffle: 2},
		{ID: "h", Release: 100, Map: 0.1, Shuffle: 0.1}})
	checkGroupRoot(t, in, 60.16666666666667, 1, 59.8)
}

// TestReleaseNestedGroupsAgree: with groups of 2 … n−1 jobs (each group's
// sub-search handed the smaller groups, pairs.go) the search proves the
// same optimum as without any group bound (groupLo above n) on random
// instances of 5–7 jobs with releases, and the brute-force optimum at
// n = 5 (an end-to-end check; the bounds themselves are checked by
// TestReleaseGroupsAgainstBruteForce).
func TestReleaseNestedGroupsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	trials := 60
	if testing.Short() {
		trials = 20
	}
	for trial := 0; trial < trials; trial++ {
		n := 5 + trial%3
		in := bruteforce.Random(rng, n, true)
		if in.IsBatch() {
			continue
		}
		nested, err := Solve(context.Background(), nil, in, Options{groupLo: 2})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := Solve(context.Background(), nil, in, Options{groupLo: 99})
		if err != nil {
			t.Fatal(err)
		}
		if nested.Status != mip.Optimal || plain.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(nested.Objective, plain.Objective, tolerance.Engine, tolerance.Engine) {
			t.Errorf("trial %d %+v: nested groups %v %v, no groups %v %v", trial, in.Jobs, nested.Status, nested.Objective, plain.Status, plain.Objective)
		}
		if n == 5 {
			bf, err := bruteforce.Solve(in)
			if err != nil {
				t.Fatal(err)
			}
			if !scalar.EqualWithinAbsOrRel(nested.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d %+v: nested groups %v, brute force %v", trial, in.Jobs, nested.Objective, bf.Value)
			}
		}
	}
}
