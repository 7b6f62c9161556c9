package search

import (
	"errors"
	"math"
	"sort"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// The search over release-date plans (instances with release dates). Its
// node bounds are proved in docs/appendix/exact.md ("The release-date search").

// releasePrefixLPFrom is the smallest number of placed jobs whose plan LP
// (package fastlp, the placed jobs alone) bounds a node.
const releasePrefixLPFrom = 2

// releaseTables are the instance data of the release-date node bounds.
type releaseTables struct {
	rho   []float64 // distinct release times
	sumR  float64   // Σ_j r_j
	L     []float64 // standalone completion r_j + max(x_j, y_j)
	D     []float64 // D[k−1] = max(d_k, e_k): k-th SRPT completion per station
	byRel []int     // jobs by release time (ties by index)
	h     []float64 // bounds.SubsetReleaseTable (nil when n is too large)
	pre   *fastlp.Release
	buf   []float64
	// pairs are the job pairs whose two-job optimum exceeds the sum of
	// their standalone responses, by decreasing gain (pairs.go).
	pairs []pairGain
	used  []bool
	// groups are the groups G of the group bound, each with a proven
	// lower bound on OPT(G) (pairs.go); nested, smallest first.
	groups []jobGroup
}

func (s *searcher) standalone(j int) float64 {
	return s.in.Jobs[j].Release + max(s.x[j], s.y[j])
}

// releaseRootBound prepares the release tables and returns the root bound
// (the tail bound of the empty plan): at least bounds.CountingStandalone
// and, for n ≤ bounds.SubsetReleaseMaxN, bounds.SubsetRelease.
func (s *searcher) releaseRootBound() float64 {
	in := s.in
	t := &releaseTables{}
	s.rt = t
	t.rho, _ = orderlp.Periods(in)
	r := make([]float64, s.n)
	t.L = make([]float64, s.n)
	t.byRel = make([]int, s.n)
	for j, jb := range in.Jobs {
		r[j] = jb.Release
		t.sumR += s.wt(j) * jb.Release
		t.L[j] = s.standalone(j)
		t.byRel[j] = j
	}
	sort.SliceStable(t.byRel, func(a, b int) bool { return r[t.byRel[a]] < r[t.byRel[b]] })
	d, e := bounds.SRPT(r, s.x), bounds.SRPT(r, s.y)
	sort.Float64s(d)
	sort.Float64s(e)
	t.D = make([]float64, s.n)
	for k := range t.D {
		t.D[k] = max(d[k], e[k])
	}
	if s.dag {
		// Weighted and dependent tails: dagReleaseTail (dag.go); the
		// subset table, the pairs and the groups bound unweighted sums.
		if s.rfast != nil {
			t.pre, _ = fastlp.NewRelease(in)
		}
		if s.n <= dagReleaseTableMaxN {
			t.h = s.dagReleaseTable()
		}
		return s.releaseTail(0, 0, math.Inf(-1)) - t.sumR
	}
	if h, err := bounds.SubsetReleaseTable(in); err == nil {
		t.h = h
	}
	if s.rfast != nil {
		t.pre, _ = fastlp.NewRelease(in)
		t.pairs = pairGains(in, t.L, s.expired)
		t.used = make([]bool, s.n)
		s.groupBound()
	}
	return s.releaseTail(0, 0, math.Inf(-1)) - t.sumR
}

// makespans returns M_m(S) and M_c(S), the least times at which the map
// and the shuffle station can finish the work of the jobs of mask alone
// (release order, each job started at max(previous end, r_j)).
func (s *searcher) makespans(mask uint64) (mm, mc float64) {
	for _, j := range s.rt.byRel {
		if mask&(1<<j) != 0 {
			r := s.in.Jobs[j].Release
			mm = max(mm, r) + s.x[j]
			mc = max(mc, r) + s.y[j]
		}
	}
	return mm, mc
}

// completionBound bounds the completion of job j placed (k+1)-th, in
// period l, after the jobs of mask whose last completion is at least last:
// it is no earlier than ρ_l, last, j alone, the (k+1)-th SRPT completion
// per station, and the single-station makespans of the first k+1 jobs.
func (s *searcher) completionBound(mask uint64, k, j, l int, last float64) float64 {
	mm, mc := s.makespans(mask | 1<<j)
	c := max(max(max(s.rt.rho[l], last), s.standalone(j)), max(s.rt.D[k], max(mm, mc)))
	if s.dag {
		c = max(c, s.cp[j])
	}
	return c
}

// releaseTail bounds Σ C_j over the jobs outside mask when the jobs of
// mask complete first and no remaining job completes before t0: the i-th
// remaining completion is the (|mask|+i)-th overall, so at least
// D_{|mask|+i}, and at least the i-th smallest of max(t0, L_j); the subset
// table h(mask), the pair partition bound and, for each group all of whose
// jobs remain, the group partition bound (pairs.go) bound the same sum.
func (s *searcher) releaseTail(mask uint64, placed int, t0 float64) float64 {
	if s.dag {
		return s.dagReleaseTail(mask, placed, t0)
	}
	t := s.rt
	lb := t.buf[:0]
	rest := 0.0 // Σ r_j over the remaining jobs
	for j := 0; j < s.n; j++ {
		if mask&(1<<j) == 0 {
			lb = append(lb, max(t0, t.L[j]))
			rest += s.in.Jobs[j].Release
		}
	}
	t.buf = lb
	sort.Float64s(lb)
	sum := 0.0
	for i, v := range lb {
		sum += max(v, t.D[placed+i])
	}
	if t.h != nil {
		sum = max(sum, t.h[mask])
	}
	if len(t.pairs) > 0 {
		sum = max(sum, s.pairBound(mask)+rest)
	}
	for _, g := range t.groups {
		if mask&g.mask == 0 {
			sum = max(sum, g.lb+s.pairBound(mask|g.mask)+rest)
		}
	}
	return sum
}

// releaseDFS extends plan p; l is the current period, last the bound on
// the last placed completion, P the placed completions' bound sum
// (absolute times).
func (s *searcher) releaseDFS(p orderlp.Plan, rel []int, l int, done []bool, last, P float64) {
	if s.err != nil || s.timeUp() {
		return
	}
	s.stats.Nodes++
	rho := s.rt.rho
	depth := len(p.Order) + l
	if len(p.Order) == s.n {
		// Every job is placed, so the last release period has been reached
		// (its jobs complete in it).
		if err := s.evaluate(p); err != nil {
			s.err = err
		}
		return
	}
	var mask uint64
	for _, j := range p.Order {
		mask |= 1 << j
	}
	k := len(p.Order) // 0-based position of the next completion
	type rk struct {
		j     int // −1: next period
		bound float64
		c     float64
	}
	var kids []rk
	for j := 0; j < s.n; j++ {
		if done[j] || rel[j] > l {
			continue
		}
		if !s.predsDone(j, done) {
			continue
		}
		c := s.completionBound(mask, k, j, l, last)
		if l+1 < len(rho) && c > rho[l+1]*(1+pruneRel)+pruneRel {
			// It cannot complete in period l: no schedule follows this plan.
			continue
		}
		b := P + s.wt(j)*c + s.releaseTail(mask|1<<j, k+1, c) - s.rt.sumR
		if !s.cut(b) {
			kids = append(kids, rk{j, b, c})
		}
	}
	if l+1 < len(rho) {
		last2 := max(last, rho[l+1])
		b := P + s.releaseTail(mask, k, last2) - s.rt.sumR
		if !s.cut(b) {
			kids = append(kids, rk{-1, b, 0})
		}
	}
	pending := openFrame(s, depth, kids, func(kd rk) float64 { return kd.bound })
	for i, kd := range kids {
		s.frames[depth] = pending[i:]
		if s.cut(kd.bound) {
			break
		}
		if s.timeUp() {
			// The pending children stay in frames[depth]: they are the
			// open nodes that bound what the search has not proved.
			return
		}
		if kd.j < 0 {
			s.releaseDFS(p, rel, l+1, done, max(last, rho[l+1]), P)
		} else {
			q := orderlp.Plan{Order: append(append([]int(nil), p.Order...), kd.j), Period: append(append([]int(nil), p.Period...), l)}
			cut, pl := s.prefixCut(q, mask|1<<kd.j, kd.c)
			if cut {
				continue
			}
			done[kd.j] = true
			// The placed completions' sum is bounded by both P + c and the
			// prefix LP; the larger one bounds every node below.
			s.releaseDFS(q, rel, l, done, kd.c, max(P+s.wt(kd.j)*kd.c, pl))
			done[kd.j] = false
		}
		if s.stopped {
			return
		}
	}
	s.frames[depth] = nil
}

// prefixCut reports whether the LP of the partial plan q (its jobs alone)
// proves that no completion of q beats the incumbent: its certified dual
// bound on Σ_{j∈q} (C_j − r_j) plus the tail bound of the other jobs, or
// an infeasible partial plan (then no extension is feasible). pl is the
// LP's bound on Σ_{j∈q} C_j (−Inf when no LP was solved).
func (s *searcher) prefixCut(q orderlp.Plan, mask uint64, c float64) (cut bool, pl float64) {
	pl = math.Inf(-1)
	if s.rt.pre == nil || len(q.Order) < releasePrefixLPFrom || len(q.Order) == s.n {
		return false, pl
	}
	_, err := s.rt.pre.PartialValue(q)
	s.stats.PrefixLPs++
	if errors.Is(err, orderlp.ErrInfeasible) {
		s.stats.PrefixCuts++
		return true, pl
	}
	if err != nil {
		return false, pl
	}
	rq := 0.0
	for _, j := range q.Order {
		rq += s.wt(j) * s.in.Jobs[j].Release
	}
	pl = s.rt.pre.Lower + rq
	b := pl + s.releaseTail(mask, len(q.Order), c) - s.rt.sumR
	if s.cut(b) {
		s.stats.PrefixCuts++
		return true, pl
	}
	return false, pl
}
