package ratsearch

import (
	"math/big"
	"slices"

	"github.com/mrsched/mrsched/reductions/rational"
)

// Weights and dependencies (rational.Job.Weight, After).
//
// The objective is Σ w_j (C_j − r) and a job is served only after its
// predecessors complete; its work is positive (x_j + y_j > 0), so it
// completes strictly after them. The search follows the float search
// (solver/exact/search/dag.go) in exact arithmetic:
//
//   - Orders: only those that respect the dependencies (a job is appended
//     to a prefix only when its predecessors are in it). The fixed-order
//     LP of such an order costs interval k the weight of the positions
//     k..m−1 and gives a position no column before one past its last
//     predecessor's position (orderLP), so its optimum is the least
//     weighted total of the schedules that complete the jobs in that order
//     and respect the dependencies; the least over the orders is OPT.
//   - Dominance (package dominance) is off: its exchange argument moves a
//     job with smaller sizes earlier, which can delay a heavier job or
//     serve a job before its predecessors. Only identical jobs keep their
//     order by index, identical meaning the same sizes, the same weight,
//     the same predecessors and the same successors: exchanging the labels
//     of two such jobs maps every schedule to one of the same cost that
//     respects the same dependencies, so some optimal order places the
//     smaller index first.
//   - Subset bound: the job at position k of an order completes at
//     C ≥ r + max(X_k, Y_k) (the work of the first k jobs, normalised) and
//     job j at C_j ≥ r + cp_j, its critical path cp_j = max(x_j, y_j) + max
//     over its predecessors i of cp_i (j's work starts after C_i and needs
//     max(x_j, y_j) at full rates). Appending j to a prefix of set S thus
//     costs at least w_j·max(X(S+j), Y(S+j), cp_j), which depends only on
//     S and j, and h(S) = min over the j ∉ S whose predecessors are in S
//     of that cost plus h(S+j) is a shortest path in the subset lattice
//     bounding the weighted tail below every prefix of set S (cost). The
//     node bounds and the greedy order use the same cost.
//   - Prefix LP: the weighted slice LP of the prefix's jobs alone with
//     their dependencies (prefixBound; dual feasibility is checked
//     against the weighted interval costs and only for the columns the
//     dependencies allow).
//
// With every weight 1 and no dependencies, cost is max(X, Y) (cp_j =
// max(x_j, y_j) ≤ max(X(S+j), Y(S+j))) and the interval costs are m−k:
// the search is the unweighted one, with the dominance rule.

// dagModel sets the weights, the critical paths and the precedence masks
// of an instance with weights or dependencies.
func (s *searcher) dagModel() {
	in := s.in
	s.dag = true
	s.w = make([]*big.Rat, s.n)
	for j := range s.w {
		s.w[j] = in.W(j)
	}
	s.cp = make([]*big.Rat, s.n)
	var visit func(j int) *big.Rat
	visit = func(j int) *big.Rat {
		if s.cp[j] != nil {
			return s.cp[j]
		}
		t := new(big.Rat)
		for _, i := range in.Jobs[j].After {
			t = maxRat(t, visit(i))
		}
		s.cp[j] = new(big.Rat).Add(t, maxRat(s.x[j], s.y[j]))
		return s.cp[j]
	}
	for j := range s.n {
		visit(j)
	}
	s.preds = dagPreds(in.Jobs, s.x, s.y, s.w)
	s.pfast.Weight = make([]float64, s.n)
	for j := range s.n {
		s.pfast.Weight[j], _ = s.w[j].Float64()
	}
	if in.HasDependencies() {
		s.pfast.After = make([][]int, s.n)
		for j, jb := range in.Jobs {
			s.pfast.After[j] = jb.After
		}
	}
}

// dagPreds returns the precedence masks of the orders explored with
// weights or dependencies: each job's predecessors, and identical jobs
// (normalised sizes, weight, predecessors and successors; equal releases
// in a batch) by index.
func dagPreds(jobs []rational.Job, x, y, w []*big.Rat) []uint64 {
	n := len(jobs)
	after := make([][]int, n)
	succ := make([][]int, n)
	for j, jb := range jobs {
		after[j] = slices.Sorted(slices.Values(jb.After))
		for _, i := range jb.After {
			succ[i] = append(succ[i], j)
		}
	}
	for i := range succ {
		slices.Sort(succ[i])
	}
	p := make([]uint64, n)
	for j, jb := range jobs {
		for _, i := range jb.After {
			p[j] |= 1 << i
		}
		for i := range j {
			if x[i].Cmp(x[j]) == 0 && y[i].Cmp(y[j]) == 0 && w[i].Cmp(w[j]) == 0 &&
				slices.Equal(after[i], after[j]) && slices.Equal(succ[i], succ[j]) {
				p[j] |= 1 << i
			}
		}
	}
	return p
}

// cost is the bound on the cost of completing job j with prefix sums X, Y
// (its own included): max(X, Y), or with weights or dependencies
// w_j·max(X, Y, cp_j) (the comment at the top of this file).
func (s *searcher) cost(j int, X, Y *big.Rat) *big.Rat {
	if !s.dag {
		return maxRat(X, Y)
	}
	v := maxRat(maxRat(X, Y), s.cp[j])
	return new(big.Rat).Mul(s.w[j], v)
}
