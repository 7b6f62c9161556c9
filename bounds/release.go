package bounds

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/mrsched/mrsched/instances"
)

// SubsetReleaseMaxN is the largest instance for which SubsetRelease
// tabulates its 2^n subsets (three tables of 2^n float64: 24 MiB at 20).
const SubsetReleaseMaxN = 20

// ErrTooLarge is returned by the subset bounds for more than
// SubsetReleaseMaxN jobs.
var ErrTooLarge = errors.New("bounds: too many jobs for the subset bound")

// standalone returns L_j = r_j + max(x_j/μ_m, y_j/μ_c), the earliest
// completion of job j alone.
func standalone(r, x, y []float64) []float64 {
	L := make([]float64, len(r))
	for j := range L {
		L[j] = r[j] + math.Max(x[j], y[j])
	}
	return L
}

// CountingStandalone returns Σ_k max(d_k, e_k, L_(k)) − Σ_i r_i, where d_k
// (e_k) is the k-th smallest SRPT completion time in the map system A
// (shuffle system B), as in Counting, and L_(k) the k-th smallest of the
// standalone completions L_j = r_j + max(x_j/μ_m, y_j/μ_c).
//
// Validity: the k-th tandem completion C_(k) is at least max(d_k, e_k)
// (Counting), and at least L_(k), because the k jobs that complete by
// C_(k) each complete no earlier than their own L_j, and the k-th smallest
// of k values each ≥ their L_j is ≥ the k-th smallest L overall. Since
// L_(k) ≥ 0 adds to the max, CountingStandalone ≥ Counting; for the jobs
// (10,0) and (0,10) released at 0 it gives 20 = OPT where Counting gives
// 10 (docs/exact.md, "Bounds with release dates").
func CountingStandalone(in *instances.Instance) float64 {
	r, x, y := stations(in)
	d, e := SRPT(r, x), SRPT(r, y)
	L := standalone(r, x, y)
	sort.Float64s(d)
	sort.Float64s(e)
	sort.Float64s(L)
	total := 0.0
	for k := range d {
		total += math.Max(math.Max(d[k], e[k]), L[k])
	}
	for _, ri := range r {
		total -= ri
	}
	return total
}

// SubsetReleaseTable returns, for every set S of jobs (bit j of the index
// = job j), h(S): the least Σ over the jobs outside S of their completion
// bounds when the jobs of S complete first, in the relaxation where the
// k-th completion C_(k), with S_k the set of the first k completed jobs and
// j the k-th, costs
//
//	max(M_m(S_k), M_c(S_k), L_j),
//
// M_m(S) (M_c(S)) being the least makespan of the map (shuffle) work of S
// alone on the map (shuffle) station with the release dates (jobs in
// release order, each started at max(previous end, r_j)). Validity: when
// the k-th job completes, every job of S_k has completed its map and its
// shuffle work, which the stations — each serving at most its capacity,
// no job before its release — cannot do before M_m(S_k), M_c(S_k); and
// C_(k) ≥ L_j. h(∅) − Σ r is therefore a lower bound on OPT
// (SubsetRelease), and h(S) bounds the completions after a prefix with set
// S (package search). Times are absolute (releases not subtracted).
// Computed in O(n·2^n) time for n ≤ SubsetReleaseMaxN.
func SubsetReleaseTable(in *instances.Instance) ([]float64, error) {
	n := in.N()
	if n > SubsetReleaseMaxN {
		return nil, fmt.Errorf("%w: %d jobs (at most %d)", ErrTooLarge, n, SubsetReleaseMaxN)
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	r, x, y := stations(in)
	L := standalone(r, x, y)
	// rank[j]: position of j in release order (ties by index); the last job
	// of S in that order ends S's single-station makespan.
	order := make([]int, n)
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(a, b int) bool { return r[order[a]] < r[order[b]] })
	N := 1 << n
	Mm, Mc := make([]float64, N), make([]float64, N)
	for S := 1; S < N; S++ {
		last := -1
		for i := n - 1; i >= 0; i-- {
			if S&(1<<order[i]) != 0 {
				last = order[i]
				break
			}
		}
		rest := S &^ (1 << last)
		Mm[S] = math.Max(Mm[rest], r[last]) + x[last]
		Mc[S] = math.Max(Mc[rest], r[last]) + y[last]
		if rest == 0 {
			Mm[S], Mc[S] = r[last]+x[last], r[last]+y[last]
		}
	}
	full := N - 1
	hv := make([]float64, N)
	for S := full - 1; S >= 0; S-- {
		best := math.Inf(1)
		for rest := full &^ S; rest != 0; rest &= rest - 1 {
			j := bits.TrailingZeros(uint(rest))
			T := S | 1<<j
			c := math.Max(math.Max(Mm[T], Mc[T]), L[j])
			if v := c + hv[T]; v < best {
				best = v
			}
		}
		hv[S] = best
	}
	return hv, nil
}

// SubsetRelease returns h(∅) − Σ_j r_j of SubsetReleaseTable, a lower bound
// on OPT = min Σ (C_j − r_j) for any release dates (n ≤ SubsetReleaseMaxN).
// It is at least CountingStandalone: the k-th smallest SRPT completion on
// one station is the least makespan of a k-job subset there (SRPT
// maximises the number of completions by every time), so
// D_k = max(M_m(S_k), M_c(S_k)) ≥ max(d_k, e_k); and for non-decreasing
// D_k, Σ_k max(D_k, L_π(k)) = Σ_k (D_k + L_π(k) − min(D_k, L_π(k))) is
// least when L is sorted the same way (min is supermodular, so the sorted
// pairing maximises Σ min), i.e. ≥ Σ_k max(D_k, L_(k)).
func SubsetRelease(in *instances.Instance) (float64, error) {
	h, err := SubsetReleaseTable(in)
	if err != nil {
		return 0, err
	}
	v := h[0]
	for _, j := range in.Jobs {
		v -= j.Release
	}
	return v, nil
}
