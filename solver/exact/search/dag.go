package search

import (
	"math"
	"math/bits"
	"slices"
	"sort"

	"github.com/mrsched/mrsched/instances"
)

// Weights and dependencies (instances.Job.Weight, After).
//
// The objective is Σ w_j (C_j − r_j) and a job is served only after its
// predecessors complete, so it completes strictly after them (its work is
// positive). The search then explores only the orders that respect the
// dependencies (a job is appended to a prefix only when its predecessors
// are in it) and evaluates them with the weighted fixed-order LP (package
// fastlp with Solver.Weight and After, fastlp.Release, orderlp). What
// changes in the bounds:
//
//   - Dominance (package dominance) is off: its exchange argument moves
//     a job with smaller sizes earlier, which can delay a heavier job or
//     serve a job before its predecessors. Only identical jobs keep their
//     order by index, where identical now also means the same weight, the
//     same predecessors and the same successors: exchanging the labels of
//     two such jobs maps every schedule to one of the same cost that
//     respects the same dependencies, so some optimal order places the
//     smaller index first.
//   - Subset bound: position k of an order π completes at C ≥
//     max(X^π_k, Y^π_k) as before, and job j at C_j ≥ cp_j, the critical
//     path: cp_j = max(x_j, y_j) + max over its predecessors i of cp_i
//     (j's work starts after C_i ≥ cp_i and needs max(x_j, y_j) at full
//     rates; normalised sizes, times from the common release). So
//     appending j to a prefix of set S costs at least
//     w_j·max(X_{S+j}, Y_{S+j}, cp_j), which depends only on S and j, and
//     h(S) = min over the j ∉ S whose predecessors are in S of that cost
//     plus h(S+j) is still a shortest path in the subset lattice and a
//     lower bound on the weighted tail below every prefix of set S. The
//     tables, the node bounds and the reconstruction of the order
//     minimising the bound use this cost.
//   - When the sets are not tabulated, the tail is bounded by pairing the
//     remaining weights in decreasing order with the position bounds
//     max(X_S + i smallest x, Y_S + i smallest y) in increasing order
//     (every order assigns its weights to these positions in some
//     permutation, and the rearrangement inequality makes this pairing the
//     least), or by Σ w_j cp_j over the remaining jobs, whichever is
//     larger.
//   - The chain bound, the pair tail and the window tail are off: their
//     pair costs bound the unweighted C_{k−1} + C_k.
//   - The prefix LP (its jobs alone, weighted, with their dependencies) is
//     still a lower bound on the prefix's weighted completions: removing
//     jobs relaxes every constraint.
//   - With release dates, each placed completion's bound (release.go,
//     completionBound, also at least cp_j, here from the job's release)
//     is weighted by its job, and the unplaced jobs are bounded by
//     dagReleaseTail and, up to dagReleaseTableMaxN jobs, the weighted
//     release subset table dagReleaseTable; the subset table of
//     bounds.SubsetReleaseTable, the pair partition and the group bounds
//     (pairs.go) bound unweighted sums and are off.

// setModel sets the normalised sizes, the precedence masks and, for an
// instance with dependencies or weights, the weights and critical paths
// (and turns off the bounds that need unit weights and no dependencies).
func (s *searcher) setModel() {
	in := s.in
	s.x, s.y = make([]float64, s.n), make([]float64, s.n)
	for j, jb := range in.Jobs {
		s.x[j], s.y[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	s.dag = in.HasDependencies() || in.HasWeights()
	if !s.dag {
		s.preds = searchPreds(in, s.opt.NoDominance)
		return
	}
	s.opt.NoPairTail, s.opt.NoWindowTail = true, true
	s.preds = dagPreds(in)
	s.w = make([]float64, s.n)
	for j := range s.w {
		s.w[j] = in.Weight(j)
	}
	var start []float64
	if !in.IsBatch() {
		start = make([]float64, s.n)
		for j, jb := range in.Jobs {
			start[j] = jb.Release
		}
	}
	s.cp = criticalPath(in, s.x, s.y, start)
}

// wt is w_j, or 1 without weights and dependencies.
func (s *searcher) wt(j int) float64 {
	if !s.dag {
		return 1
	}
	return s.w[j]
}

// dagReleaseTail bounds Σ w_j C_j over the jobs outside mask with release
// dates (absolute times; see releaseTail for the arguments): each remaining
// job completes no earlier than t0, its standalone completion and its
// critical path cp_j (from its release), and the i-th remaining completion
// is the (placed+i)-th overall, so at least D_{placed+i}; the first bound
// summed with the weights, and the second with the remaining weights in
// decreasing order against the D in increasing order (the least pairing,
// by the rearrangement inequality), are both lower bounds.
func (s *searcher) dagReleaseTail(mask uint64, placed int, t0 float64) float64 {
	t := s.rt
	var ws []float64
	own := 0.0
	for j := 0; j < s.n; j++ {
		if mask&(1<<j) == 0 {
			ws = append(ws, s.w[j])
			own += s.w[j] * max(max(t0, t.L[j]), s.cp[j])
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(ws)))
	pos := 0.0
	for i, w := range ws {
		pos += w * t.D[placed+i]
	}
	b := max(own, pos)
	if t.h != nil {
		b = max(b, t.h[mask])
	}
	return b
}

// dagReleaseTableMaxN is the largest n for which dagReleaseTable is built
// (three tables of 2^n float64 values: 24 MiB at n = 20).
const dagReleaseTableMaxN = 20

// dagReleaseTable returns the release-date subset bound with weights and
// dependencies, over every job set S:
//
//	g(S) = min over j ∉ S with its precedence mask in S of
//	       w_j·max(M_m(S+j), M_c(S+j), D_|S|, r_j + max(x_j, y_j), cp_j) + g(S+j),
//
// g(all) = 0, where M_m and M_c are the single-station makespans of a set
// alone (its jobs in release order, each started at max(previous end,
// r_j): the least time by which one station can finish their work) and
// D_k the (k+1)-th SRPT completion per station. In an order whose first
// |S| completions are the jobs of S, the job j completed next completes
// when all of S+j is done on both stations, no earlier than its
// (|S|+1)-th place allows, than alone, and than its critical path; these
// costs depend only on S and j, so g(S) is a shortest path bounding
// Σ_{j∉S} w_j C_j below every plan whose placed jobs are S (over the
// orders that respect the precedence masks, as h).
func (s *searcher) dagReleaseTable() []float64 {
	n, t := s.n, s.rt
	N := 1 << n
	rank := make([]int, n)
	for k, j := range t.byRel {
		rank[j] = k
	}
	mm, mc := make([]float64, N), make([]float64, N)
	for S := 1; S < N; S++ {
		last := -1
		for r := S; r != 0; r &= r - 1 {
			j := bits.TrailingZeros(uint(r))
			if last < 0 || rank[j] > rank[last] {
				last = j
			}
		}
		prev := S &^ (1 << last)
		rl := s.in.Jobs[last].Release
		mm[S] = max(mm[prev], rl) + s.x[last]
		mc[S] = max(mc[prev], rl) + s.y[last]
	}
	full := N - 1
	out := make([]float64, N)
	for S := full - 1; S >= 0; S-- {
		k := bits.OnesCount(uint(S))
		best := math.Inf(1)
		for j := 0; j < n; j++ {
			if S&(1<<j) != 0 || s.preds[j]&^uint64(S) != 0 {
				continue
			}
			U := S | 1<<j
			c := max(max(mm[U], mc[U]), max(t.D[k], max(t.L[j], s.cp[j])))
			best = min(best, s.w[j]*c+out[U])
		}
		out[S] = best
	}
	return out
}

// criticalPath returns cp_j = max(start_j, max over predecessors of cp_i)
// + max(x_j, y_j) (start nil: 0), a lower bound on every completion time
// (normalised sizes).
func criticalPath(in *instances.Instance, x, y, start []float64) []float64 {
	order, err := in.TopologicalOrder()
	cp := make([]float64, in.N())
	if err != nil {
		return cp // a valid instance has none; 0 is always a bound
	}
	for _, j := range order {
		t := 0.0
		if start != nil {
			t = start[j]
		}
		for _, i := range in.Jobs[j].After {
			t = max(t, cp[i])
		}
		cp[j] = t + max(x[j], y[j])
	}
	return cp
}

// dagPreds returns the precedence masks of the orders explored with
// dependencies or weights: each job's predecessors, and identical jobs
// (sizes, release, weight, predecessors and successors) by index.
func dagPreds(in *instances.Instance) []uint64 {
	n := in.N()
	succ := in.Successors()
	after := make([][]int, n)
	for j, jb := range in.Jobs {
		after[j] = slices.Sorted(slices.Values(jb.After))
	}
	preds := make([]uint64, n)
	for j, jb := range in.Jobs {
		for _, i := range jb.After {
			preds[j] |= 1 << i
		}
		for i := 0; i < j; i++ {
			a := in.Jobs[i]
			if a.Map == jb.Map && a.Shuffle == jb.Shuffle && a.Release == jb.Release &&
				in.Weight(i) == in.Weight(j) && slices.Equal(after[i], after[j]) && slices.Equal(succ[i], succ[j]) {
				preds[j] |= 1 << i
			}
		}
	}
	return preds
}

// dagVectors returns the weights (nil when all are 1) and predecessors
// (nil when none) for package fastlp.
func (s *searcher) dagVectors() ([]float64, [][]int) {
	var w []float64
	if s.in.HasWeights() {
		w = s.w
	}
	var after [][]int
	if s.in.HasDependencies() {
		after = make([][]int, s.n)
		for j, jb := range s.in.Jobs {
			after[j] = jb.After
		}
	}
	return w, after
}

// posCost is the bound on the cost of completing job j with prefix sums
// X2, Y2 (its own included): max(X2, Y2), or with dependencies or weights
// w_j·max(X2, Y2, cp_j).
func (s *searcher) posCost(j int, X2, Y2 float64) float64 {
	if !s.dag {
		return max(X2, Y2)
	}
	return s.w[j] * max(max(X2, Y2), s.cp[j])
}

// weightedTail bounds the weighted completions of the jobs not in mask
// after a prefix with sums X, Y when the sets are not tabulated (see the
// comment at the top of this file).
func (s *searcher) weightedTail(mask uint64, X, Y float64) float64 {
	var ws []float64
	crit := 0.0
	for j := 0; j < s.n; j++ {
		if mask&(1<<j) == 0 {
			ws = append(ws, s.w[j])
			crit += s.w[j] * s.cp[j]
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(ws)))
	return max(s.sortedTail(mask, X, Y, ws), crit)
}
