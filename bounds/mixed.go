package bounds

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
)

// MixedGrid is the number of mixing weights α = 0, 1/(MixedGrid−1), …, 1
// at which Mixed evaluates its single-machine relaxation. α = 0 and α = 1
// are the shuffle and map stations alone (Counting).
const MixedGrid = 33

// Mixed returns the mixed-station counting bound on Σ (C_j − r_j):
//
//	Σ_k max(L_(k), max_α f_k(α)) − Σ_j r_j,
//
// where, for a mixing weight α ∈ [0, 1] on the grid of MixedGrid points,
// f_k(α) is the k-th smallest completion time of preemptive SRPT on one
// server of speed 1 for jobs of size p_j(α) = α·x_j/μ_m + (1−α)·y_j/μ_c
// released at r_j, and L_(k) is the k-th smallest standalone completion
// r_j + max(x_j/μ_m, y_j/μ_c) (CountingStandalone), or with dependencies
// the critical-path completion L_j (CriticalPath); with dependencies the
// single server's releases are the effective releases ρ_j (a job is not
// served before its predecessors complete, each at or after its L_i).
//
// Validity. Take any feasible schedule of model (1) and α ∈ [0, 1]. Give
// job j, at time t, the mixed work W_j(t) = α·(map work of j done by
// t)/μ_m + (1−α)·(shuffle work of j done by t)/μ_c. The stations serve at
// most μ_m and μ_c, so Σ_j dW_j/dt ≤ α + (1 − α) = 1, and no job is served
// before its release: the W_j describe a preemptive schedule on one server
// of speed 1 of jobs of sizes p_j(α) released at r_j, in which job j
// completes no later than its tandem completion C_j. On one server, SRPT
// has at least as many completed jobs as any schedule at every instant
// (Schrage 1968; Smith 1978), so the k-th smallest tandem completion C_(k)
// is at least f_k(α), for every k and every α separately; the choice of α
// per k is therefore free. C_(k) ≥ L_(k) as in CountingStandalone. Summing
// over k and subtracting the releases bounds Σ (C_j − r_j). The bound is
// for unit weights (Weighted is the weighted one).
//
// Mixed is at least Counting (α = 0 and 1 give e_k and d_k) and at least
// CountingStandalone; for a batch at least PrefixBatch and the joint
// bound Σ_k max(X_(k), Y_(k), S_(k)/2) with S the mixed sums at α = 1/2.
// It takes O(MixedGrid · n log n) time and O(n) memory.
func Mixed(in *instances.Instance) float64 {
	r, _, _ := stations(in)
	return sumRanks(mixedRanks(in), r)
}

// mixedRanks returns Mixed's term max(L_(k), max_α f_k(α)) of every rank
// k (in the order of k).
func mixedRanks(in *instances.Instance) []float64 {
	_, x, y := stations(in)
	best, rho := criticalPath(in)
	return rankTerms(rho, x, y, best, nil)
}

// rankTerms returns, for the jobs with keep set (every job when keep is
// nil), Mixed's rank terms max(L_(k), max_α f_k(α)), k = 1, …, (number
// kept), where f_k(α) is the k-th smallest completion of SRPT on one
// server with releases r and sizes α·x + (1−α)·y, and L the standalone
// completions.
func rankTerms(r, x, y, L []float64, keep []bool) []float64 {
	var rr, xx, yy, best []float64
	batch := true
	for j := range r {
		if keep == nil || keep[j] {
			rr, xx, yy, best = append(rr, r[j]), append(xx, x[j]), append(yy, y[j]), append(best, L[j])
			batch = batch && r[j] == 0
		}
	}
	sort.Float64s(best)
	p := make([]float64, len(rr))
	var f []float64
	var order []int
	if !batch {
		order = byRelease(rr)
	}
	for g := 0; g < MixedGrid; g++ {
		alpha := float64(g) / float64(MixedGrid-1)
		for j := range p {
			p[j] = alpha*xx[j] + (1-alpha)*yy[j]
		}
		if batch {
			// SRPT on a batch is SPT: the k-th completion is the sum of
			// the k smallest sizes.
			f = append(f[:0], p...)
			sort.Float64s(f)
			s := 0.0
			for k := range f {
				s += f[k]
				f[k] = s
			}
		} else {
			f = srptSorted(order, rr, p)
			sort.Float64s(f)
		}
		for k := range best {
			best[k] = math.Max(best[k], f[k])
		}
	}
	return best
}
