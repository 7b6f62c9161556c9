package search

import "math"

// Chain bounds: coupling between consecutive completions.
//
// Let π be a completion order, k ≥ 2, j = π(k), and X, Y the normalised
// prefix sums (x/μ_m, y/μ_c) of the first k−1 jobs. Those jobs are finished
// by c = C_{k−1}, so before c the map station spent ≥ X on them and at most
// c − X (and at most x_j) on j, and the shuffle station at most c − Y on j.
// The progress rule caps j's shuffle fraction by its map fraction, so the
// shuffle time spent on j before c is at most
//
//	s(c) = min(y_j, max(0, c − Y), y_j·clip((c − X)/x_j, 0, 1))
//
// (y_j·1 when x_j = 0), and C_k ≥ g(c) = c + y_j − s(c). With L_k =
// max(X_k, Y_k) the static bound, the pair (k−1, k) therefore costs at least
//
//	φ = min_{c ≥ L_{k−1}} c + max(L_k, c, g(c)),
//
// a convex piecewise-linear minimisation (s is a minimum of increasing
// linear pieces, so g is convex) solved exactly by evaluating φ at every
// breakpoint candidate. Summing φ over disjoint pairs and L over unpaired
// positions bounds Σ_k C_k from below for every schedule with order π; both
// pairings ((1,2),(3,4),… and 1,(2,3),(4,5),…) are valid and the larger is
// used. For jobs (5,0) then (1,10) this gives 15.556 = the LP value, while
// the prefix bound gives 15.

// pairCost returns φ for the pair whose second job has normalised sizes
// (xj, yj), previous prefix sums X, Y, static bounds L1 (position k−1) and
// L2 (position k).
func pairCost(xj, yj, X, Y, L1, L2 float64) float64 {
	var cands [12]float64
	best := math.Inf(1)
	for _, c := range pairCandidates(&cands, xj, yj, X, Y, L1, L2) {
		best = min(best, pairPhi(xj, yj, X, Y, L2, c))
	}
	return best
}

// pairCostIn is pairCost with c = C_{k−1} also at most ub (+Inf: none):
// the minimum of the convex c ↦ c + max(L2, c, g(c)) over [L1, ub] is at
// one of pairCost's candidates clamped to ub (+Inf when ub < L1).
func pairCostIn(xj, yj, X, Y, L1, L2, ub float64) float64 {
	if ub < L1 {
		return math.Inf(1)
	}
	var cands [12]float64
	best := math.Inf(1)
	for _, c := range pairCandidates(&cands, xj, yj, X, Y, L1, L2) {
		best = min(best, pairPhi(xj, yj, X, Y, L2, min(c, ub)))
	}
	return min(best, pairPhi(xj, yj, X, Y, L2, max(L1, min(ub, L1))))
}

// pairCandidates writes into cands, clamped to [L1, max(L1, X+xj, Y+yj)],
// the breakpoints of c ↦ max(L2, c, g(c)) of pairCost (and the interval's
// ends), and returns them: every convex combination a·c + b·max(L2, c,
// g(c)) with a, b ≥ 0 attains its minimum over c ≥ L1 at one of them
// (beyond the upper end g(c) = c, so the function no longer decreases).
func pairCandidates(cands *[12]float64, xj, yj, X, Y, L1, L2 float64) []float64 {
	lo := L1
	hi := max(lo, max(X+xj, Y+yj))
	// The candidates live in a fixed array: the pair tail (pairtail.go)
	// calls this n·2^n times.
	nc := copy(cands[:], []float64{lo, hi, X, Y, X + xj, Y + yj, L2, L2 - yj})
	// Intersections of the linear pieces of g with each other, with the
	// identity and with L2: pieces c+yj (s=0), yj+Y (s=c−Y), c (s=yj),
	// c+yj−yj(c−X)/xj (s = yj(c−X)/xj).
	if xj > 0 {
		r := yj / xj
		if r != 1 {
			// c − Y = r(c − X)
			cands[nc] = (r*X - Y) / (r - 1)
			// c + yj − r(c − X) = L2  →  c(1 − r) = L2 − yj − rX
			cands[nc+1] = (L2 - yj - r*X) / (1 - r)
			// c + yj − r(c − X) = yj + Y → c(1 − r) = Y − rX
			cands[nc+2] = (Y - r*X) / (1 - r)
			nc += 3
		}
		// c + yj − r(c − X) = c → c = X + xj (already), = c + yj → c = X
	}
	out := cands[:0]
	for _, c := range cands[:nc] {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			continue
		}
		out = append(out, min(hi, max(lo, c)))
	}
	return out
}

// pairPhi is c + max(L2, c, g(c)) of pairCost.
func pairPhi(xj, yj, X, Y, L2, c float64) float64 {
	f := 1.0
	if xj > 0 {
		f = min(1, max(0, (c-X)/xj))
	}
	s := min(yj, min(max(0, c-Y), yj*f))
	return c + max(L2, max(c, c+yj-s))
}

// chainBound returns the chain bound of the first len(order) positions of
// an order (normalised sizes x, y), ≥ Σ_k max(X_k, Y_k) over those
// positions.
func chainBound(x, y []float64, order []int) float64 {
	k := len(order)
	L := make([]float64, k)
	X, Y := make([]float64, k+1), make([]float64, k+1)
	for i, j := range order {
		X[i+1], Y[i+1] = X[i]+x[j], Y[i]+y[j]
		L[i] = max(X[i+1], Y[i+1])
	}
	best := 0.0
	for start := 0; start < 2; start++ {
		total := 0.0
		i := 0
		if start == 1 && k > 0 {
			total += L[0]
			i = 1
		}
		for ; i+1 < k; i += 2 {
			j := order[i+1]
			total += pairCost(x[j], y[j], X[i+1], Y[i+1], L[i], L[i+1])
		}
		if i < k {
			total += L[i]
		}
		best = max(best, total)
	}
	return best
}
