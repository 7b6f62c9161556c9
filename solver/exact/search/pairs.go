package search

import (
	"errors"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// The pair partition bound of the release-date search (docs/appendix/exact.md, "The
// release-date search"). Restricting a schedule to a set G of jobs (the
// other jobs' work removed) leaves a feasible schedule of G alone, so for
// any partition of a set of jobs into groups, Σ_G OPT(G) is a lower bound
// on their total response Σ (C_j − r_j). The groups used are pairs
// {i, j}, whose optimum is that of their at most six plans (two orders, the
// periods of two release times), and single jobs (OPT = max(x_j, y_j)).

// pairGain is the certified excess of a pair's optimum over the sum of its
// jobs' standalone responses.
type pairGain struct {
	i, j int
	gain float64
}

// pairGainMin is the smallest gain kept (relative to the pair's standalone
// responses); smaller gains do not change the bound materially.
const pairGainMin = 1e-9

// pairGains returns, for every pair of jobs of in whose two-job optimum
// exceeds the sum of their standalone responses, that excess (a certified
// lower bound: the smallest dual bound over the pair's feasible plans,
// fastlp.Release.Lower), by decreasing gain. L[j] = r_j + max(x_j, y_j).
// When expired reports true the pairs found so far are returned (any set of
// pairs gives a valid bound).
func pairGains(in *instances.Instance, L []float64, expired func() bool) []pairGain {
	var out []pairGain
	n := in.N()
	for i := 0; i < n && !expired(); i++ {
		for j := i + 1; j < n; j++ {
			sub := &instances.Instance{MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity,
				Jobs: []instances.Job{in.Jobs[i], in.Jobs[j]}}
			opt, ok := pairOptimum(sub)
			if !ok {
				continue
			}
			alone := L[i] - in.Jobs[i].Release + L[j] - in.Jobs[j].Release
			if g := opt - alone; g > pairGainMin*(1+alone) {
				out = append(out, pairGain{i, j, g})
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].gain > out[b].gain })
	return out
}

// pairOptimum returns a certified lower bound on the optimum of a two-job
// instance: the least dual bound over its feasible plans. ok is false when
// a plan could not be certified.
func pairOptimum(sub *instances.Instance) (float64, bool) {
	r, err := fastlp.NewRelease(sub)
	if err != nil {
		return 0, false
	}
	rho, rel := orderlp.Periods(sub)
	best := math.Inf(1)
	for _, order := range [2][2]int{{0, 1}, {1, 0}} {
		for p0 := rel[order[0]]; p0 < len(rho); p0++ {
			for p1 := max(p0, rel[order[1]]); p1 < len(rho); p1++ {
				_, err := r.Value(orderlp.Plan{Order: order[:], Period: []int{p0, p1}})
				if errors.Is(err, orderlp.ErrInfeasible) {
					continue
				}
				if err != nil {
					return 0, false
				}
				best = min(best, r.Lower)
			}
		}
	}
	return best, !math.IsInf(best, 1)
}

// pairBound returns Σ_{j∉mask} (L_j − r_j) plus the gains of a greedy
// matching of the remaining jobs (largest gain first): a lower bound on
// their total response Σ (C_j − r_j).
func (s *searcher) pairBound(mask uint64) float64 {
	t := s.rt
	clear(t.used)
	b := 0.0
	for j := 0; j < s.n; j++ {
		if mask&(1<<j) == 0 {
			b += t.L[j] - s.in.Jobs[j].Release
		}
	}
	for _, p := range t.pairs {
		if mask&(1<<p.i) != 0 || mask&(1<<p.j) != 0 || t.used[p.i] || t.used[p.j] {
			continue
		}
		t.used[p.i], t.used[p.j] = true, true
		b += p.gain
	}
	return b
}

// The group bound's sizes: the top-level search bounds the optimum of each
// group of the groupMin … groupTop jobs with the largest standalone
// responses by a sub-search of groupNodeLimit nodes (its proven lower bound
// is used, optimal or not); the sub-search of G_g is given the groups
// G_lo … G_{g−1} already bounded (subsets of G_g, so their bounds hold in
// G_g alone) and computes none of its own.
const (
	groupMin       = 7
	groupTop       = 12
	groupNodeLimit = 5000
)

// jobGroup is a group G of the group bound: the mask of its jobs and a
// proven lower bound on OPT(G), the optimum of G alone.
type jobGroup struct {
	mask uint64
	lb   float64
	// root is the sub-search's root bound, which rests on the smaller
	// groups it was handed (kept for the tests).
	root float64
}

// groupSizes returns the smallest and largest group size of this search:
// Options.groupLo and groupHi when set (tests and sub-searches), else
// groupMin and groupTop; groups have fewer jobs than the instance.
func (s *searcher) groupSizes() (lo, hi int) {
	lo, hi = groupMin, groupTop
	if s.opt.groupLo > 0 {
		lo = s.opt.groupLo
	}
	if s.opt.groupHi > 0 {
		hi = s.opt.groupHi
	}
	return lo, min(hi, s.n-1)
}

// groupBound sets the groups of the group bound of the release-date search:
// for g = lo … hi (groupSizes), G_g = the g jobs with the largest standalone
// response max(x_j, y_j) (ties by index), nested, with a proven lower bound
// on OPT(G_g) from a node-limited search of G_g alone. For every group all
// of whose jobs are unplaced, the remaining jobs' total response is at least
// that bound + the pair partition bound of the others (a partition into G,
// pairs and single jobs; docs/appendix/exact.md, "The release-date search").
func (s *searcher) groupBound() {
	t := s.rt
	if s.opt.groupPreset {
		t.groups = s.opt.groups
		return
	}
	lo, hi := s.groupSizes()
	if lo > hi {
		return
	}
	idx := make([]int, s.n)
	for j := range idx {
		idx[j] = j
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return t.L[idx[a]]-s.in.Jobs[idx[a]].Release > t.L[idx[b]]-s.in.Jobs[idx[b]].Release
	})
	var inner []jobGroup // the groups so far, in the indices of G_g (its first jobs)
	for g := lo; g <= hi; g++ {
		sub := &instances.Instance{MapCapacity: s.in.MapCapacity, ShuffleCapacity: s.in.ShuffleCapacity}
		var mask uint64
		for _, j := range idx[:g] {
			sub.Jobs = append(sub.Jobs, s.in.Jobs[j])
			mask |= 1 << j
		}
		if sub.IsBatch() {
			// A batch group would need the batch search; the subset and
			// pair bounds cover it.
			continue
		}
		// The sub-search shares the search's deadline and clock; its jobs
		// are idx[:g] in this order, so G_h is its first h jobs.
		opt := Options{NodeLimit: groupNodeLimit, Clock: s.opt.Clock, groupPreset: true, groups: inner}
		if !s.deadline.IsZero() {
			if opt.TimeLimit = s.deadline.Sub(s.now()); opt.TimeLimit <= 0 {
				return
			}
		}
		res, err := Solve(s.ctx, nil, sub, opt)
		if err != nil {
			return
		}
		s.stats.GroupNodes += res.Stats.Nodes + res.Stats.GroupNodes
		t.groups = append(t.groups, jobGroup{mask, res.LowerBound, res.RootBound})
		inner = append(inner, jobGroup{1<<g - 1, res.LowerBound, res.RootBound})
	}
}
