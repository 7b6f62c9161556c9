package search

import (
	"math"
	"math/bits"
	"slices"
)

// The pacing bound: a job whose shuffle completes late still paces the map
// station early.
//
// Let π be a completion order, S_k the set of its first k jobs, X_k, Y_k
// their normalised map and shuffle sums, and s = C_n − Y_n ≥ 0 the slack of
// the last completion over the total shuffle work. Before C_k the jobs
// after position k must have done at least Y_n − Y_k − (C_n − C_k) =
// C_k − Y_k − s of shuffle work (all of it is done by C_n, and the shuffle
// station does at most C_n − C_k after C_k). The progress rule (shuffle
// fraction ≤ map fraction) makes a job i that has done shuffle work w have
// done map work ≥ (x_i/y_i)·w, so with ρ(S) = min over the jobs not in S of
// x_i/y_i, the map station has spent ≥ ρ(S_k)·max(0, C_k − Y_k − s) on
// them before C_k, besides X_k on the first k jobs:
//
//	C_k ≥ X_k + ρ(S_k)·max(0, C_k − Y_k − s).
//
// Together with C_k ≥ L_k = max(X_k, Y_k) this gives C_k ≥ g_s(S_k) with
//
//	g_s(S) = L(S)                                    if X_S ≤ Y_S + s,
//	       = max(L(S), (X_S − ρ(Y_S + s))/(1 − ρ))  if ρ = ρ(S) < 1,
//	       = +∞ (no schedule has this s)             otherwise,
//
// a function of the set S_k alone, non-increasing in s. So for every s the
// minimum over the orders of Σ_{k<n} g_s(S_k) is a shortest path in the
// subset lattice, D_s(S) below a prefix of set S, and for a schedule with
// slack s in [s_i, s_{i+1}] (s_0 = max(0, X_n − Y_n), s_K = the largest
// X_S − Y_S, beyond which g_s = L)
//
//	Σ_k C_k ≥ Σ_{k≤|S|} g_{s_{i+1}}(S_k) + D_{s_{i+1}}(S) + Y_n + s_i
//
// (the last term is C_n; for s beyond s_K the last interval's term holds,
// since g_s = g_{s_K} there); the bound below a node is the minimum over
// the intervals. On a log-normal batch of 20 jobs whose
// largest shuffle (5.27 of 10.5 in all) has a small map (0.745), the
// optimal order interleaves that map early and every earlier completion
// moves by up to 0.52 beyond its prefix sums; the bound sees it (root
// 48.04 with the last anchor, 48.53 with the last two (twoTerminal),
// against 47.04 for the pair and window tails; the optimum is 48.865). The
// points s_i are chosen at the root: a few evenly spaced, then the
// interval of least root bound is halved, a fixed number of times (no
// clock), so the tables do not depend on the machine.

// pacingPoints is the largest number of intervals of s tabulated, and
// pacingEven how many evenly spaced ones each family starts with.
const (
	pacingPoints = 16
	pacingEven   = 4
	// pacingMemory caps the bytes of the pacing tables held at once (ρ
	// and the list of reached sets take at most two tables' worth more).
	pacingMemory = 256 << 20
)

// pacingTables hold the points s_0 < … < s_K and, for each interval
// [s_i, s_{i+1}], the table d[i] over the tabulated sets (indexed as
// tables.at) of the bound's tail below a node, its last completions
// included; with ρ per set. With two anchors (two) the slack is σ =
// min(C_n − Y_n, C_{n−1} − Y_{n−1}) and the last two completions are
// bounded together (see twoTerminal).
type pacingTables struct {
	two        bool
	sets       []uint64 // the sets reached by the search, supersets first
	s          []float64
	d          [][]float64
	rho        []float64
	sumY, lAll float64
}

// g is g_s(S) for the tabulated set of index i with sums X, Y.
func (p *pacingTables) g(s float64, i int, X, Y float64) float64 {
	L := max(X, Y)
	if X <= Y+s {
		return L
	}
	r := p.rho[i]
	if r >= 1 {
		return math.Inf(1)
	}
	return max(L, (X-r*(Y+s))/(1-r))
}

// root is the family's bound at the root.
func (p *pacingTables) root(at0 int) float64 {
	b := math.Inf(1)
	for _, d := range p.d {
		b = min(b, d[at0])
	}
	return b
}

// buildPacing tabulates the pacing bound over the sets of s.tab (nil when
// there is nothing to gain, not enough memory, or the time limit has
// passed: it reads no other clock, so the tables do not depend on the
// machine).
// Both families (the last anchor alone, the last two together) are
// tabulated on pacingEven even intervals, then on half the intervals; the
// one with the higher root bound (the last anchor alone on a tie) gets the
// rest, each time halving the interval of least root bound (a fixed
// count).
func (s *searcher) buildPacing() *pacingTables {
	t := s.tab
	if t == nil || s.dag || s.opt.NoPacing || s.n < 2 {
		return nil
	}
	// Tables held at once: both families' K/2, then the winner's K (the
	// other family's are dropped first).
	m := len(t.X)
	K := min(pacingPoints, pacingMemory/(8*m))
	if K < 2*pacingEven {
		return nil
	}
	full := t.at(s.fullMask())
	sets := s.reachedSets()
	rho := make([]float64, m)
	sK := 0.0
	for _, S := range sets {
		i := t.at(S)
		r := math.Inf(1)
		for rest := s.fullMask() &^ S; rest != 0; rest &= rest - 1 {
			if j := bits.TrailingZeros64(rest); s.y[j] > 0 {
				r = min(r, s.x[j]/s.y[j])
			}
		}
		rho[i] = r
		sK = max(sK, t.X[i]-t.Y[i])
	}
	var fams []*pacingTables
	for _, two := range []bool{false, true} {
		if f := s.opt.pacingFamily; f != 0 && two != (f == 2) {
			continue
		}
		p := &pacingTables{two: two, sets: sets, rho: rho, sumY: t.Y[full], lAll: max(t.X[full], t.Y[full])}
		s0 := 0.0
		if !two {
			s0 = max(0, t.X[full]-t.Y[full]) // C_n ≥ X_n
		}
		if sK <= s0 {
			continue // g_s = L for every feasible s: nothing beyond h
		}
		for k := 0; k <= pacingEven; k++ {
			p.s = append(p.s, s0+(sK-s0)*float64(k)/pacingEven)
		}
		p.s[pacingEven] = sK
		for i := 0; i < pacingEven; i++ {
			p.d = append(p.d, s.pacingDP(p, i))
		}
		fams = append(fams, p)
	}
	if len(fams) == 0 || s.expired() {
		return nil
	}
	// Each family gets half the intervals, the stronger at the root the
	// rest.
	for _, p := range fams {
		if !s.refinePacing(p, K/2) {
			return nil
		}
	}
	p := fams[0]
	if len(fams) == 2 && fams[1].root(t.at(0)) > p.root(t.at(0)) {
		p = fams[1]
	}
	fams = nil
	if !s.refinePacing(p, K) {
		return nil
	}
	return p
}

// refinePacing halves the interval of least root bound of p (the first on
// a tie) until p has K intervals; false when the time limit has passed.
func (s *searcher) refinePacing(p *pacingTables, K int) bool {
	at0 := s.tab.at(0)
	for len(p.d) < K {
		bi, bv := -1, math.Inf(1)
		for i, d := range p.d {
			if d[at0] < bv {
				bi, bv = i, d[at0]
			}
		}
		mid := (p.s[bi] + p.s[bi+1]) / 2
		if mid <= p.s[bi] || mid >= p.s[bi+1] {
			return true
		}
		p.s = slices.Insert(p.s, bi+1, mid)
		p.d = slices.Insert(p.d, bi+1, nil)
		p.d[bi], p.d[bi+1] = s.pacingDP(p, bi), s.pacingDP(p, bi+1)
		if s.expired() {
			return false
		}
	}
	return true
}

// pacingDP returns the table of the interval [s_i, s_{i+1}]: D(U) =
// min over the next jobs j of g(U+j)·[U+j is counted by g] + D(U+j),
// g at s_{i+1}, down to the terminal: Y_n + s_i at the full set with the
// last anchor alone, twoTerminal at the sets of n−1 jobs with two.
func (s *searcher) pacingDP(p *pacingTables, i int) []float64 {
	t := s.tab
	d := make([]float64, len(t.X))
	full := s.fullMask()
	lo, hi := p.s[i], p.s[i+1]
	for _, S := range p.sets {
		u := t.at(S)
		switch k := bits.OnesCount64(S); {
		case S == full:
			d[u] = p.sumY + lo
			continue
		case p.two && k == s.n-1:
			d[u] = s.twoTerminal(p, i, S, u)
			continue
		}
		best := math.Inf(1)
		for rest := full &^ S; rest != 0; rest &= rest - 1 {
			j := bits.TrailingZeros64(rest)
			if s.preds[j]&^S != 0 {
				continue
			}
			U := S | 1<<j
			v := t.at(U)
			best = min(best, s.pacingG(p, hi, U, v)+d[v])
		}
		d[u] = best
	}
	return d
}

// pacingG is g_v(U) when the completion of the set U is bounded by g (not
// the full set; with two anchors, sets of at most n−2 jobs), else 0.
func (s *searcher) pacingG(p *pacingTables, v float64, U uint64, u int) float64 {
	k := bits.OnesCount64(U)
	if k == s.n || (p.two && k == s.n-1) {
		return 0
	}
	return p.g(v, u, s.tab.X[u], s.tab.Y[u])
}

// twoTerminal bounds C_{n−1} + C_n for the orders whose first n−1 jobs are
// the set U (index u, missing job j) and whose slack σ = min(s, s'), s =
// C_n − Y_n, s' = C_{n−1} − Y_{n−1}, lies in the interval i: with c =
// C_{n−1}, C_n ≥ max(L_n, Y_n + s_i, c, g_j(c)) (the pair cost of
// chain.go) in both cases:
//   - s ≤ s': σ = s, so C_{n−1} ≥ g_{s_{i+1}}(U) (the last anchor) and
//     c ≥ Y_U + s_i;
//   - s' < s: σ = s', so c = Y_U + s' lies in [Y_U + s_i, Y_U + s_{i+1}]
//     (unbounded above in the last interval, which also holds every σ ≥
//     s_K) and c ≥ X_U.
func (s *searcher) twoTerminal(p *pacingTables, i int, U uint64, u int) float64 {
	t := s.tab
	j := bits.TrailingZeros64(s.fullMask() &^ U)
	if s.preds[j]&^U != 0 {
		return math.Inf(1) // not an order the search explores
	}
	X, Y := t.X[u], t.Y[u]
	lo, hi := p.s[i], p.s[i+1]
	L2 := max(p.lAll, p.sumY+lo)
	a := pairCostIn(s.x[j], s.y[j], X, Y, max(p.g(hi, u, X, Y), Y+lo), L2, math.Inf(1))
	ub := Y + hi
	if i == len(p.s)-2 {
		ub = math.Inf(1)
	}
	return min(a, pairCostIn(s.x[j], s.y[j], X, Y, max(Y+lo, X), L2, ub))
}

// reachedSets lists the tabulated sets reached by the search (closed
// under the dominance rule), every superset before its subsets: the
// tables' own list over the closed sets, or the closed ones of the dense
// table (found once, not once per table).
func (s *searcher) reachedSets() []uint64 {
	t := s.tab
	if t.index != nil {
		return t.sets
	}
	var sets []uint64
	for S := uint64(len(t.X)) - 1; ; S-- {
		if s.closed(S) {
			sets = append(sets, S)
		}
		if S == 0 {
			return sets
		}
	}
}

// fullMask is the set of all jobs.
func (s *searcher) fullMask() uint64 {
	if s.n == 64 {
		return math.MaxUint64
	}
	return uint64(1)<<s.n - 1
}

// pacingStep writes into next the prefix sums Σ_k g_{s_{i+1}}(S_k) over
// the prefix positions the family bounds by g, of the prefix extended to
// the set U (sums X, Y) from those of its parent, prev.
func (s *searcher) pacingStep(next, prev []float64, U uint64, X, Y float64) {
	p := s.pace
	u := s.tab.at(U)
	k := bits.OnesCount64(U)
	counted := k < s.n && !(p.two && k == s.n-1)
	for i := range p.d {
		g := 0.0
		if counted {
			g = p.g(p.s[i+1], u, X, Y)
		}
		next[i] = prev[i] + g
	}
}

// pacingBound is the pacing bound below a node of set U whose prefix sums
// of g are pg (pacingStep): the minimum over the intervals of s. Another
// lower bound on the sum of the prefix's completions, prefix (the prefix
// LP's, or 0), bounds the prefix part too where pg covers every prefix
// position.
func (s *searcher) pacingBound(pg []float64, U uint64, prefix float64) float64 {
	p := s.pace
	u := s.tab.at(U)
	if p.two && bits.OnesCount64(U) >= s.n-1 {
		prefix = 0 // pg leaves out C_{n−1}, which the terminal bounds
	}
	b := math.Inf(1)
	for i, d := range p.d {
		b = min(b, max(pg[i], prefix)+d[u])
	}
	return b
}
