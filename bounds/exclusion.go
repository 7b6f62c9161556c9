package bounds

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
)

// ExclusionWork bounds the work of Exclusion: about ExclusionWork job
// moves of single-server SRPT in all (thresholds × MixedGrid × jobs).
const ExclusionWork = 20_000_000

// ExclusionMinCuts is the least number of thresholds Exclusion tries,
// whatever the size.
const ExclusionMinCuts = 8

// Exclusion returns a lower bound on Σ (C_j − r_j), for independent jobs
// with unit weights, that is never below Mixed. With weights or
// dependencies it returns Mixed. For every rank k it takes
//
//	max over thresholds t of min(t, Φ_k(t)),
//
// where Φ_k(t) is Mixed's rank-k term max(L_(k), max_α f_k(α)) computed on
// the jobs with L_j < t only (L_j = r_j + max(x_j/μ_m, y_j/μ_c), the
// standalone completion; Φ_k(t) = +∞ when fewer than k such jobs), and
// t = ∞ gives Mixed's term itself.
//
// Validity. Fix a feasible schedule, a rank k and S_k, the set of its k
// first completed jobs. Either C_(k) ≥ t, or C_(k) < t: then every j ∈ S_k
// has L_j ≤ C_j ≤ C_(k) < t, so S_k is a set of k jobs of the instance
// restricted to the jobs with L_j < t. The schedule restricted to those
// jobs (the others' rates set to zero) is feasible for them (model (1)
// constrains each job separately and the capacities only from above) with
// the same completions, and Mixed's argument on it (the mixed work of a
// job is a preemptive single-server schedule finishing by its tandem
// completion; SRPT completes the most jobs by every instant) gives
// C_(k) ≥ f_k(α) of that restricted instance for every α, and
// C_(k) ≥ its k-th smallest L. So C_(k) ≥ min(t, Φ_k(t)) for every t, and
// summing over k and subtracting the releases bounds Σ (C_j − r_j).
//
// Why it helps: Mixed's mixing weight α is a Lagrangian multiplier joining
// the two stations, and with heavy-tailed sizes its gap comes from a few
// large jobs that the single server counts as half done; a job whose
// standalone completion is after t cannot be among the jobs completed
// before t, and removing it raises every rank's SRPT completion behind
// it. Thresholds: the largest distinct L_j one by one and quantiles of
// the rest, about ExclusionWork/(n·MixedGrid) of them (at least
// ExclusionMinCuts, at most n). O(ExclusionWork + MixedGrid · n log n)
// time, O(n) memory.
func Exclusion(in *instances.Instance) float64 {
	if in.HasWeights() || in.HasDependencies() || in.N() == 0 {
		return Mixed(in)
	}
	r, x, y := stations(in)
	n := len(r)
	return sumRanks(exclusionRanks(r, x, y, cutsFor(n, n)), r)
}

// cutsFor returns the number of thresholds for a group of m of the n jobs
// (the same for every group, so that the work over groups stays within
// ExclusionWork).
func cutsFor(m, n int) int {
	c := max(ExclusionMinCuts, ExclusionWork/(max(n, 1)*MixedGrid))
	return min(c, m)
}

// sumRanks returns Σ_k terms[k] − Σ_j r_j.
func sumRanks(terms, r []float64) float64 {
	total := 0.0
	for _, v := range terms {
		total += v
	}
	for _, ri := range r {
		total -= ri
	}
	return total
}

// exclusionRanks returns the rank terms of Exclusion for the jobs (r, x, y)
// with up to cuts thresholds.
func exclusionRanks(r, x, y []float64, cuts int) []float64 {
	n := len(r)
	L := standalone(r, x, y)
	keep := make([]bool, n)
	for j := range keep {
		keep[j] = true
	}
	out := rankTerms(r, x, y, L, keep) // t = ∞: Mixed's terms
	for _, t := range thresholds(L, cuts) {
		for j := range keep {
			keep[j] = L[j] < t
		}
		phi := rankTerms(r, x, y, L, keep)
		for k := range out {
			v := t
			if k < len(phi) {
				v = math.Min(t, phi[k])
			}
			out[k] = math.Max(out[k], v)
		}
	}
	return out
}

// thresholds returns up to cuts distinct values of L: the largest half one
// by one from the top, the rest at evenly spaced quantiles below them.
func thresholds(L []float64, cuts int) []float64 {
	sl := append([]float64(nil), L...)
	sort.Float64s(sl)
	n := len(sl)
	var ts []float64
	seen := map[float64]bool{}
	add := func(v float64) {
		if !seen[v] {
			seen[v] = true
			ts = append(ts, v)
		}
	}
	top := (cuts + 1) / 2
	for i := n - 1; i >= 0 && len(ts) < top; i-- {
		add(sl[i])
	}
	rest := cuts - len(ts)
	lo := n - top // quantiles of sl[:lo]
	for c := 1; c <= rest && lo > 0; c++ {
		add(sl[(c*lo)/(rest+1)])
	}
	return ts
}
