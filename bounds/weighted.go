package bounds

import (
	"cmp"
	"math"
	"slices"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/pq"
)

// criticalPath returns, for every job, L_j = max(r_j, max over its
// predecessors i of L_i) + max(x_j/μ_m, y_j/μ_c): the earliest completion
// of j in any schedule, since j receives no service before its
// predecessors complete (each no earlier than its own L_i) and then needs
// x_j/μ_m on the map station and y_j/μ_c on the shuffle station. Without
// dependencies it is the standalone completion r_j + max(x_j/μ_m, y_j/μ_c).
// It also returns the effective releases ρ_j = max(r_j, max_i L_i).
func criticalPath(in *instances.Instance) (L, rho []float64) {
	r, x, y := stations(in)
	n := len(r)
	L, rho = make([]float64, n), slices.Clone(r)
	order, err := in.TopologicalOrder()
	if err != nil { // a valid instance has no cycle
		order = make([]int, n)
		for i := range order {
			order[i] = i
		}
	}
	for _, j := range order {
		for _, i := range in.Jobs[j].After {
			rho[j] = max(rho[j], L[i])
		}
		L[j] = rho[j] + max(x[j], y[j])
	}
	return L, rho
}

// CriticalPath returns Σ_j w_j (L_j − r_j) with L_j the critical-path
// completion bound of criticalPath: a lower bound on the weighted total
// response Σ w_j (C_j − r_j), since C_j ≥ L_j for every job.
func CriticalPath(in *instances.Instance) float64 {
	L, _ := criticalPath(in)
	total := 0.0
	for j, jb := range in.Jobs {
		total += in.Weight(j) * (L[j] - jb.Release)
	}
	return total
}

// Weighted returns a lower bound on the weighted total response
// Σ w_j (C_j − r_j) for instances with weights (and dependencies): the
// largest of CriticalPath and, for each mixing weight α on the grid of
// MixedGrid points, the mean-busy-time bound of preemptive WSPT on one
// server for jobs of size p_j(α) = α·x_j/μ_m + (1−α)·y_j/μ_c, weight w_j
// and release ρ_j (the effective release of criticalPath):
//
//	Σ_j w_j (M_j + p_j(α)/2) − Σ_j w_j r_j,
//
// M_j being j's mean busy time (the average of the instants at which it is
// served) in the preemptive schedule that always serves the available job
// of largest w_j/p_j(α).
//
// Validity. As in Mixed, any feasible schedule gives a preemptive schedule
// on one server of speed 1 of the jobs of sizes p_j(α), none served before
// ρ_j (no service before the release nor before the predecessors
// complete, each at or after its L_i), in which j completes no later than
// C_j. In any preemptive single-server schedule C_j ≥ M_j + p_j/2 (j's
// service of total p_j lies in [C_j − (its span), C_j], and its mean is
// largest when it is served last and without interruption), and preemptive
// WSPT minimises Σ w_j M_j over such schedules (Goemans 1997; Goemans,
// Queyranne, Schulz, Skutella and Wang 2002, the mean-busy-time
// relaxation). For a batch without dependencies this is Smith's rule's
// optimal Σ w_j C_j of the single server. With every weight 1, Mixed is
// the stronger bound (it chooses α per rank).
func Weighted(in *instances.Instance) float64 {
	_, x, y := stations(in)
	_, rho := criticalPath(in)
	best := CriticalPath(in)
	n := len(x)
	w := make([]float64, n)
	sumWR := 0.0
	for j, jb := range in.Jobs {
		w[j] = in.Weight(j)
		sumWR += w[j] * jb.Release
	}
	p := make([]float64, n)
	order := byRelease(rho)
	for g := 0; g < MixedGrid; g++ {
		alpha := float64(g) / float64(MixedGrid-1)
		for j := range p {
			p[j] = alpha*x[j] + (1-alpha)*y[j]
		}
		best = max(best, meanBusyWSPTSorted(order, rho, p, w, nil)-sumWR)
	}
	return best
}

// meanBusyWSPT returns Σ_j w_j (M_j + p_j/2) for the preemptive WSPT
// schedule on one server of speed 1 (jobs released at r; at every instant
// the released job with the largest w_j/p_j is served, ties to the lower
// index; zero sizes complete at their release and add w_j r_j). O(n log n).
// When c is not nil (length n) it receives each job's M_j + p_j/2 (r_j for
// a zero size), the completion variables of the mean-busy-time relaxation.
func meanBusyWSPT(r, p, w, c []float64) float64 {
	return meanBusyWSPTSorted(byRelease(r), r, p, w, c)
}

// byRelease returns the job indices sorted by r, ties by index.
func byRelease(r []float64) []int {
	order := make([]int, len(r))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(r[a], r[b]) })
	return order
}

// meanBusyWSPTSorted is meanBusyWSPT with the jobs' order by release
// given (byRelease(r)), for callers that run it on many sizes or weights.
func meanBusyWSPTSorted(order []int, r, p, w, c []float64) float64 {
	n := len(r)
	// Ratio w/p compared as w_a·p_b > w_b·p_a (no division by zero sizes,
	// which never enter the queue).
	h := pq.New(func(a, b int) bool {
		if l, r := w[a]*p[b], w[b]*p[a]; l != r {
			return l > r
		}
		return a < b
	})
	rem := make([]float64, n)
	total := 0.0
	t, next := 0.0, 0
	for next < n || h.Len() > 0 {
		if h.Len() == 0 {
			t = math.Max(t, r[order[next]])
		}
		for next < n && r[order[next]] <= t {
			j := order[next]
			next++
			if p[j] == 0 {
				total += w[j] * r[j]
				if c != nil {
					c[j] = r[j]
				}
				continue
			}
			if c != nil {
				c[j] = p[j] / 2
			}
			rem[j] = p[j]
			h.Push(j)
		}
		if h.Len() == 0 {
			continue
		}
		// j is served on [t, end]; its share of the mean busy time is
		// (end² − t²)/2 / p_j = (end − t)(end + t)/(2 p_j).
		j := h.Top()
		if finish := t + rem[j]; next < n && r[order[next]] < finish {
			end := r[order[next]] // preempted (or not) at the next release
			total += w[j] * (end - t) * (end + t) / (2 * p[j])
			if c != nil {
				c[j] += (end - t) * (end + t) / (2 * p[j])
			}
			rem[j] -= end - t
			t = end
		} else {
			total += w[j]*(finish-t)*(finish+t)/(2*p[j]) + w[j]*p[j]/2
			if c != nil {
				c[j] += (finish - t) * (finish + t) / (2 * p[j])
			}
			h.Pop()
			t = finish
		}
	}
	return total
}
