package bounds

import (
	"math"

	"github.com/mrsched/mrsched/instances"
)

// BusySubsetMaxN is the largest busy period that BusyPeriods also bounds
// with SubsetRelease (2^n subsets: about a millisecond at 14 jobs).
const BusySubsetMaxN = 14

// BusyPeriods returns a lower bound on Σ (C_j − r_j) for independent jobs
// with unit weights that is never below Mixed: the jobs, in release order,
// are cut into busy periods — groups separated by an instant τ at which
// every single-server relaxation of Mixed (the mixed server of every
// α on its grid, which includes the map and shuffle stations alone at α = 1
// and 0) has finished the jobs released before τ — and each busy period G
// is bounded by the best of Exclusion(G) (≥ Mixed(G)) and, for at most
// BusySubsetMaxN jobs, SubsetRelease(G); each period takes its own
// thresholds. The sum over periods is returned, or Mixed of the
// whole instance when that is larger (rounding). With weights or
// dependencies it returns Mixed.
//
// Validity: for any partition of the jobs into groups G_1, …, G_m,
// OPT ≥ Σ_i OPT(G_i), because the optimal schedule restricted to the jobs of
// G_i (the other jobs' rates set to zero) is a feasible schedule of G_i
// alone — model (1) constrains each job separately and capacities only
// from above — with the same completion times; each OPT(G_i) is at least
// any lower bound of G_i alone. This holds for every partition; the cut
// at common idle instants only makes the sum dominate Mixed.
//
// Dominance: at an instant τ where the α-server has finished every job
// released before τ, its SRPT completions of the earlier jobs are all ≤ τ
// and those of the later jobs (released at or after τ) are ≥ τ, and SRPT
// on either group alone gives the same completions as on the whole; so
// the k-th smallest completion of the whole is the k-th smallest of the
// first group for k ≤ |G_1| and the (k − |G_1|)-th of the second after,
// for every α at once, and L_j = r_j + max(x_j/μ_m, y_j/μ_c) ≤ τ for the
// first group's jobs (their map and shuffle work ends by τ on the stations
// alone). Mixed's per-rank maxima therefore split exactly into the
// groups' per-rank maxima: Σ_i Mixed(G_i) = Mixed, and Exclusion and the
// subset bound per period can only add. It takes
// O(ExclusionWork + MixedGrid · n log n) time plus
// O(BusySubsetMaxN · 2^BusySubsetMaxN) per small period, and O(n) memory.
func BusyPeriods(in *instances.Instance) float64 {
	whole := Mixed(in)
	if in.HasWeights() || in.HasDependencies() || in.IsBatch() {
		return whole // a batch is one busy period, where Exclusion adds nothing measured
	}
	groups := busyGroups(in)
	total := 0.0
	n := in.N()
	for _, g := range groups {
		sub := &instances.Instance{MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity, Jobs: make([]instances.Job, len(g))}
		for k, j := range g {
			sub.Jobs[k] = in.Jobs[j]
			sub.Jobs[k].After = nil
		}
		sr, sx, sy := stations(sub)
		v := sumRanks(exclusionRanks(sr, sx, sy, cutsFor(len(g), n)), sr)
		if len(g) <= BusySubsetMaxN {
			if s, err := SubsetRelease(sub); err == nil {
				v = math.Max(v, s)
			}
		}
		total += v
	}
	return math.Max(total, whole)
}

// busyGroups returns the jobs (indices, release order) cut at every
// position after which each mixed server of the grid is idle before the
// next release.
func busyGroups(in *instances.Instance) [][]int {
	r, x, y := stations(in)
	order := in.SortedByRelease()
	n := len(order)
	cut := make([]bool, n) // cut[i]: a period ends after order[i]
	for i := range cut {
		cut[i] = true
	}
	for g := 0; g < MixedGrid; g++ {
		alpha := float64(g) / float64(MixedGrid-1)
		end := math.Inf(-1)
		for i, j := range order {
			end = math.Max(end, r[j]) + alpha*x[j] + (1-alpha)*y[j]
			if i+1 < n && end > r[order[i+1]] {
				cut[i] = false
			}
		}
	}
	var groups [][]int
	startIdx := 0
	for i := range order {
		if i == n-1 || cut[i] {
			groups = append(groups, order[startIdx:i+1])
			startIdx = i + 1
		}
	}
	return groups
}
