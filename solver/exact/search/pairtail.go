package search

import (
	"math"
	"math/bits"
)

// The pair tail: the chain bound's coupling (chain.go) below a node.
//
// The subset bound h(S) is static: it bounds each completion after the
// prefix by its prefix sums alone. The pair cost φ of chain.go bounds
// C_{k−1} + C_k through the progress rule, and depends only on the set S of
// the first k−2 jobs... more precisely on the set U of the first k−1 jobs
// and the k-th job j (X, Y are the sums of U, L1 = max(X_U, Y_U),
// L2 = max(X_{U+j}, Y_{U+j})). So the pairing of the positions after a
// prefix of set S into consecutive pairs (|S|+1, |S|+2), (|S|+3, |S|+4), …
// (a last odd position alone) bounds the tail of every order that starts
// with S by Σ φ over the pairs, and its minimum over the tail orders is a
// shortest path in the subset lattice with two tables:
//
//	T(S)  = min_{j∉S} T'(S+j)                 (the next position opens a pair)
//	T'(U) = min_{j∉U} φ(U, j) + T(U+j)         (position |U| is the pair's first)
//	T'(all) = L(all),  T(all) = 0,
//
// both over the orders that respect the dominance rule, as h. T(S) bounds
// Σ_{k>|S|} C_k for every schedule whose first |S| completions are the jobs
// of S (each pair bound holds for every schedule with that order, the pairs
// are disjoint, and the minimum is over every tail order). Since
// φ(U, j) ≥ L(U) + L(U+j), T(S) ≥ h(S). The other pairing (position |S|+1
// alone, then pairs) gives T1(S) = min_j L(S+j) + T(S+j), computed at the
// node in O(n); the tail bound is max(T(S), T1(S)). Cost: n·2^n pair costs,
// tabulated with h (subsets.go).

// pairTail returns max(T(S), T1(S), h(S)) (see above), and the window tail
// W(S) when it is tabulated (windows.go), for the set mask with prefix sums
// X, Y, or tailBound when the pair tail is not tabulated.
func (s *searcher) pairTail(mask uint64, X, Y float64) float64 {
	t := s.tab
	if t == nil || t.T == nil {
		return s.tailBound(mask, X, Y)
	}
	i := t.at(mask)
	if bits.OnesCount64(mask) == s.n {
		return 0
	}
	t1 := math.Inf(1)
	for j := 0; j < s.n; j++ {
		if mask&(1<<j) != 0 || s.preds[j]&^mask != 0 {
			continue
		}
		t1 = min(t1, max(X+s.x[j], Y+s.y[j])+t.T[t.at(mask|1<<j)])
	}
	b := max(t.T[i], max(t1, t.h[i]))
	if t.W != nil {
		b = max(b, t.W[i])
	}
	return b
}
