package search

import (
	"math"
	"math/bits"
)

// The window tail: the pair tail's coupling at every position, with the
// weights of each completion split between the two pairs that share it
// (docs/appendix/exact.md, "Window tail").
//
// For a completion order, every position e ≥ 2 forms the window (e−1, e)
// with the set U of the first e−1 jobs and the e-th job j; its completions
// satisfy C_{e−1} ≥ L(U) and C_e ≥ G(C_{e−1}) = max(L(U+j), C_{e−1},
// g(C_{e−1})) (chain.go). Write Σ_e C_e = Σ_e [(1−θ_{e−1}) C_{e−1} +
// θ_e C_e] with weights θ_e ∈ [0, 1], θ_0 = θ_n = 1 (C_0 is absent): the
// share (1−θ_{e−1}) of C_{e−1} and θ_e of C_e go to window e. Each window
// is at least
//
//	ω_e(U, j) = min_{c ≥ L(U)} (1−θ_{e−1}) c + θ_e G(c),
//
// a convex piecewise-linear minimisation attained at one of the pair
// cost's breakpoints (pairCandidates), so for every θ the minimum over the
// tail orders of Σ ω is a third shortest path over the closed sets:
//
//	F(U) = min_{j∉U} ω_{|U|+1}(U, j) + F(U+j),   F(all) = 0,
//	W(S) = min_{j∉S} θ_{|S|+1} min_{c ≥ L(S)} G(c) + F(S+j),
//
// W(S) bounding Σ_{e>|S|} C_e below a node of set S (its first window drops
// the share of C_{|S|}, which the prefix bound counts whole). The pair tail
// T is W for θ = (0, 1, 0, 1, …); other weights give every position
// coupling. The weights are chosen once, after the incumbent is known, by
// a projected supergradient ascent of W(∅) from the pairing of T: with the
// argmin order, the supergradient in θ_e is the value of C_e in window e,
// G(c*_e), minus its value c*_{e+1} in window e+1 (envelope theorem), and
// the step is Polyak's towards the incumbent. Any θ gives a valid bound, so
// the ascent only decides how strong it is; it runs a fixed number of
// iterations (no clock), so the tables do not depend on the machine.

// windowIters is the largest number of supergradient iterations, and
// windowWork the largest total number of window points they evaluate
// (fewer iterations on instances with many closed sets).
const (
	windowIters = 400
	windowWork  = 2e8
	// windowStepEvery iterations the step factor is multiplied by
	// windowStepDecay.
	windowStepEvery = 50
	windowStepDecay = 0.7
	// windowMaxEntries caps the (set, next job) transitions tabulated.
	windowMaxEntries = 1 << 22
)

// winPoint is a breakpoint c of a window with its value G(c).
type winPoint struct{ c, g float64 }

// windowLattice holds the closed sets (every superset before its subsets)
// and, per set, its transitions to the closed sets one job larger with the
// Pareto-minimal breakpoints (c, G(c)) of the transition's window.
type windowLattice struct {
	sets []uint64
	tab  []int   // index of each set in the search tables
	off  []int32 // transitions of set i: off[i] … off[i+1]−1
	to   []int32 // the larger set's index in sets
	poff []int32 // points of transition k: poff[k] … poff[k+1]−1
	pts  []winPoint
	// gmin[k] is min_c G(c) of transition k (its first window at a node).
	gmin []float64
}

// newWindowLattice tabulates the transitions between the closed sets
// (nil when the closed sets are not listed or too many, or when building
// them passes the tables' share of the time limit, tablesLate).
func (s *searcher) newWindowLattice() *windowLattice {
	t := s.tab
	sets := t.sets
	if sets == nil {
		if sets = s.ideals(); sets == nil {
			return nil
		}
	}
	pos := make(map[uint64]int32, len(sets))
	for i, S := range sets {
		pos[S] = int32(i)
	}
	w := &windowLattice{sets: sets, tab: make([]int, len(sets)), off: make([]int32, len(sets)+1)}
	var cands [12]float64
	for i, S := range sets {
		if i%tableCheckEvery == tableCheckEvery-1 && s.tablesLate() {
			return nil
		}
		w.off[i] = int32(len(w.to))
		ti := t.at(S)
		w.tab[i] = ti
		X, Y := t.X[ti], t.Y[ti]
		L1 := max(X, Y)
		for j := 0; j < s.n; j++ {
			if S&(1<<j) != 0 || s.preds[j]&^S != 0 {
				continue
			}
			if len(w.to) >= windowMaxEntries {
				return nil
			}
			u := t.at(S | 1<<j)
			L2 := max(t.X[u], t.Y[u])
			w.to = append(w.to, pos[S|1<<j])
			w.poff = append(w.poff, int32(len(w.pts)))
			w.pts = paretoPoints(w.pts, pairCandidates(&cands, s.x[j], s.y[j], X, Y, L1, L2), s.x[j], s.y[j], X, Y, L2)
			w.gmin = append(w.gmin, w.pts[len(w.pts)-1].g)
		}
	}
	w.off[len(sets)] = int32(len(w.to))
	w.poff = append(w.poff, int32(len(w.pts)))
	return w
}

// paretoPoints appends to pts the points (c, G(c)) of the candidates cs
// that no other candidate beats in both c and G(c), by increasing c (so
// decreasing G): only those can minimise a·c + b·G(c) with a, b ≥ 0.
func paretoPoints(pts []winPoint, cs []float64, xj, yj, X, Y, L2 float64) []winPoint {
	start := len(pts)
	for _, c := range cs {
		g := pairPhi(xj, yj, X, Y, L2, c) - c
		keep := true
		for i := start; i < len(pts); i++ {
			if p := pts[i]; p.c <= c && p.g <= g {
				keep = false
				break
			}
		}
		if !keep {
			continue
		}
		// Drop the points the new one beats, then insert it by c.
		k := start
		for i := start; i < len(pts); i++ {
			if p := pts[i]; !(c <= p.c && g <= p.g) {
				pts[k] = p
				k++
			}
		}
		pts = append(pts[:k], winPoint{})
		i := len(pts) - 1
		for ; i > start && pts[i-1].c > c; i-- {
			pts[i] = pts[i-1]
		}
		pts[i] = winPoint{c, g}
	}
	return pts
}

// windowDP fills F (by set index; supersets first) for the weights th
// (th[e], e = 0…n) and returns W(∅) = F(∅), ∅ being the last set (th[0] = 1
// drops C_0); arg[i] is the transition chosen at set i (−1 at the full set)
// and pt[i] its point.
func (w *windowLattice) windowDP(th, F []float64, arg, pt []int32) float64 {
	for i := range w.sets {
		lo, hi := w.off[i], w.off[i+1]
		if lo == hi {
			F[i], arg[i] = 0, -1
			continue
		}
		e := bits.OnesCount64(w.sets[i]) + 1
		a, b := 1-th[e-1], th[e]
		best, bk, bp := math.Inf(1), int32(-1), int32(-1)
		for k := lo; k < hi; k++ {
			f := F[w.to[k]]
			for p := w.poff[k]; p < w.poff[k+1]; p++ {
				if v := a*w.pts[p].c + b*w.pts[p].g + f; v < best {
					best, bk, bp = v, k, p
				}
			}
		}
		F[i], arg[i], pt[i] = best, bk, bp
	}
	return F[len(F)-1]
}

// windowTail chooses the weights θ (see above) by the supergradient ascent
// of W(∅) towards the incumbent and tabulates W in s.tab.W. Like the tables
// it stays within their share of the time limit (tablesLate): the lattice
// is given up, and the ascent ends with the best weights so far, once that
// share is used (never without a limit, so the tables stay deterministic).
func (s *searcher) windowTail() {
	t := s.tab
	if t == nil || t.T == nil || math.IsInf(s.best, 1) {
		return
	}
	w := s.newWindowLattice()
	if w == nil || w.sets[len(w.sets)-1] != 0 {
		return
	}
	n := s.n
	m := len(w.sets)
	F := make([]float64, m)
	arg, pt := make([]int32, m), make([]int32, m)
	// Start from the pairing of T: (1, 2), (3, 4), …
	th := make([]float64, n+1)
	for e := range th {
		th[e] = float64(1 - e%2)
	}
	th[n] = 1
	best, bestTh := math.Inf(-1), append([]float64(nil), th...)
	iters := windowIters
	if work := float64(len(w.pts)); work*float64(iters) > windowWork {
		iters = max(1, int(windowWork/work))
	}
	step := 1.0
	own, next := make([]float64, n+2), make([]float64, n+2)
	for it := 0; it < iters; it++ {
		f := w.windowDP(th, F, arg, pt)
		if f > best {
			best = f
			copy(bestTh, th)
		}
		if s.cut(f) || s.tablesLate() {
			break
		}
		// The argmin order's window values: C_e in window e (G at the
		// chosen point) and in window e+1 (its c).
		for i, e := int32(m-1), 1; arg[i] >= 0; e++ {
			p := w.pts[pt[i]]
			own[e], next[e-1] = p.g, p.c
			i = w.to[arg[i]]
		}
		norm := 0.0
		for e := 1; e < n; e++ {
			d := own[e] - next[e]
			norm += d * d
		}
		if norm == 0 {
			break
		}
		ts := step * (s.best - f) / norm
		for e := 1; e < n; e++ {
			th[e] = min(1, max(0, th[e]+ts*(own[e]-next[e])))
		}
		if it%windowStepEvery == windowStepEvery-1 {
			step *= windowStepDecay
		}
	}
	w.windowDP(bestTh, F, arg, pt)
	t.W = make([]float64, len(t.h))
	for i, S := range w.sets {
		if w.off[i] == w.off[i+1] {
			continue // the full set: W = 0
		}
		b := bestTh[bits.OnesCount64(S)+1]
		v := math.Inf(1)
		for k := w.off[i]; k < w.off[i+1]; k++ {
			v = min(v, b*w.gmin[k]+F[w.to[k]])
		}
		t.W[w.tab[i]] = v
	}
}
