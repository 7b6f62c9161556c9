package bounds

import (
	"errors"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/pq"
)

// ErrNotBatch is returned by bounds that are only valid when every release
// time is 0.
var ErrNotBatch = errors.New("bounds: the bound needs a batch instance (every release 0)")

// ratio returns max(a/b, b/a) for normalised sizes a, b ≥ 0 (not both 0):
// +Inf when one of them is 0.
func ratio(a, b float64) float64 {
	if a == 0 || b == 0 {
		return math.Inf(1)
	}
	return math.Max(a/b, b/a)
}

// Alpha returns α = max_i max(x_i/y_i, y_i/x_i) over normalised sizes
// (Theorem 3). It is ≥ 1, +Inf when some job has a zero size.
func Alpha(in *instances.Instance) float64 {
	a := 1.0
	for _, j := range in.Jobs {
		a = math.Max(a, ratio(j.Map/in.MapCapacity, j.Shuffle/in.ShuffleCapacity))
	}
	return a
}

// Beta returns β = min_i max(x_i/y_i, y_i/x_i) over normalised sizes
// (Theorem 5 with β(t) of Algorithm 2; Corollary 6). It is ≥ 1, +Inf only
// when every job has a zero size.
func Beta(in *instances.Instance) float64 {
	b := math.Inf(1)
	for _, j := range in.Jobs {
		b = math.Min(b, ratio(j.Map/in.MapCapacity, j.Shuffle/in.ShuffleCapacity))
	}
	return b
}

// MaxSRPTGuarantee returns 2α/(1+α) (Theorem 3, Corollary 4); 2 for α = ∞.
func MaxSRPTGuarantee(alpha float64) float64 {
	if math.IsInf(alpha, 1) {
		return 2
	}
	return 2 * alpha / (1 + alpha)
}

// SplitSRPTGuarantee returns 1 + 1/β (Theorem 5, Corollary 6); 1 for β = ∞.
func SplitSRPTGuarantee(beta float64) float64 { return 1 + 1/beta }

// ---------------------------------------------------------------- SRPT

type srptItem struct {
	job int
	rem float64
}

// srptLess orders by remaining work, then job index.
func srptLess(a, b srptItem) bool {
	if a.rem != b.rem {
		return a.rem < b.rem
	}
	return a.job < b.job
}

// SRPT returns the completion times of preemptive shortest-remaining-
// processing-time on one server of speed 1 for jobs with the given release
// times and sizes (a zero size completes at its release). Ties go to the
// lower index. It runs in O(n log n).
func SRPT(release, size []float64) []float64 {
	return srptSorted(byRelease(release), release, size)
}

// srptSorted is SRPT with the jobs' order by release given
// (byRelease(release)), for callers that run it on many sizes.
func srptSorted(order []int, release, size []float64) []float64 {
	n := len(release)
	done := make([]float64, n)
	h := pq.New(srptLess)
	t := 0.0
	next := 0
	for next < n || h.Len() > 0 {
		if h.Len() == 0 {
			t = math.Max(t, release[order[next]])
		}
		for next < n && release[order[next]] <= t {
			j := order[next]
			next++
			if size[j] == 0 {
				done[j] = release[j]
				continue
			}
			h.Push(srptItem{job: j, rem: size[j]})
		}
		if h.Len() == 0 {
			continue
		}
		top := h.Top()
		horizon := math.Inf(1)
		if next < n {
			horizon = release[order[next]]
		}
		if t+top.rem <= horizon {
			t += top.rem
			h.Pop()
			done[top.job] = t
		} else {
			h.Items()[0].rem -= horizon - t // the minimum only gets smaller: order kept
			t = horizon
		}
	}
	return done
}

func stations(in *instances.Instance) (r, x, y []float64) {
	n := in.N()
	r, x, y = make([]float64, n), make([]float64, n), make([]float64, n)
	for i, j := range in.Jobs {
		r[i], x[i], y[i] = j.Release, j.Map/in.MapCapacity, j.Shuffle/in.ShuffleCapacity
	}
	return r, x, y
}

// Paper51 returns the lower bound of §5.1 on Σ (C_i − r_i): SRPT in the map
// system A and in the shuffle system B, the jobs grouped by the periods
// between instants at which both systems are idle, and each group counted
// with the larger of its total response times in A and in B.
func Paper51(in *instances.Instance) float64 {
	r, x, y := stations(in)
	ca, cb := SRPT(r, x), SRPT(r, y)
	order := in.SortedByRelease()
	total := 0.0
	endA, endB := math.Inf(-1), math.Inf(-1)
	ta, tb := 0.0, 0.0
	for _, i := range order {
		if r[i] >= math.Max(endA, endB) {
			// Both systems are idle at r[i]: a new group starts.
			total += math.Max(ta, tb)
			ta, tb = 0, 0
		}
		endA = math.Max(endA, r[i]) + x[i]
		endB = math.Max(endB, r[i]) + y[i]
		ta += ca[i] - r[i]
		tb += cb[i] - r[i]
	}
	return total + math.Max(ta, tb)
}

// PrefixBatch returns Σ_k max(X_(k)/μ_m, Y_(k)/μ_c) for a batch, where X_(k)
// (Y_(k)) is the sum of the k smallest map (shuffle) sizes (the prefix
// bound).
//
// Validity: when the k-th job completes, k jobs have finished their map and
// their shuffle work, so the map station has done at least the k smallest
// map sizes and the shuffle station the k smallest shuffle sizes:
// C_(k) ≥ max(X_(k)/μ_m, Y_(k)/μ_c).
//
// Dominance over Paper51: in a batch every job arrives at 0 and both SRPT
// systems are busy until their last completion, so there is a single group
// and Paper51 = max(Σ_k X_(k)/μ_m, Σ_k Y_(k)/μ_c) (SRPT on a batch is SPT,
// whose k-th completion is X_(k)); and Σ_k max(a_k, b_k) ≥ max(Σ a_k, Σ b_k).
func PrefixBatch(in *instances.Instance) (float64, error) {
	if !in.IsBatch() {
		return 0, ErrNotBatch
	}
	_, x, y := stations(in)
	sort.Float64s(x)
	sort.Float64s(y)
	total, sx, sy := 0.0, 0.0, 0.0
	for k := range x {
		sx += x[k]
		sy += y[k]
		total += math.Max(sx, sy)
	}
	return total, nil
}

// Counting returns ∫ (arrived(t) − min(N_A(t), N_B(t))) dt = Σ_k max(d_k, e_k)
// − Σ_i r_i, where d_k (e_k) is the k-th smallest SRPT completion time in the
// map system A (shuffle system B) (the counting bound).
//
// Validity: a job that has completed in the tandem has completed its map
// work, so the tandem's completed count at t is at most the number of map
// completions of the map station, which as a single server is at most
// SRPT's N_A(t) (SRPT maximises the completed count at every t); likewise
// for B. Hence the k-th tandem completion C_(k) ≥ max(d_k, e_k) and
// Σ_i (C_i − r_i) = Σ_k C_(k) − Σ_i r_i ≥ the bound.
//
// Dominance over Paper51: cut time at the instants t_j where both systems
// are idle. The jobs of a group are released in (t_{j−1}, t_j] and complete
// there in both A and B, while every other job completes outside it, so the
// group's completions occupy the same contiguous ranks K_g in the sorted
// lists d and e. Then Σ_{k∈K_g} max(d_k, e_k) ≥ max(Σ_{K_g} d_k, Σ_{K_g} e_k),
// and subtracting the group's releases gives max(T_A(g), T_B(g)); summing
// over groups gives Counting ≥ Paper51. For a batch, Counting = PrefixBatch
// (SRPT's k-th completion is the k-th prefix sum of sorted sizes).
func Counting(in *instances.Instance) float64 {
	r, x, y := stations(in)
	d, e := SRPT(r, x), SRPT(r, y)
	sort.Float64s(d)
	sort.Float64s(e)
	total := 0.0
	for k := range d {
		total += math.Max(d[k], e[k])
	}
	for _, ri := range r {
		total -= ri
	}
	return total
}
