package bounds

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tolerance"
)

// ErrCertificate is returned by DeadlineCertificate.Verify when a
// certificate does not prove infeasibility of its instance.
var ErrCertificate = errors.New("bounds: the deadline certificate does not prove infeasibility")

// DeadlineAlphas are the relaxations DeadlineProof tries: α = 1 is the map
// station alone, α = 0 the shuffle station alone. A mixed α in (0, 1) is a
// valid relaxation too (DeadlineCertificate), but never a stronger one: a
// preemptive one-machine instance with windows is feasible exactly when
// every interval [t1, t2] holds at most t2 − t1 of the work of the jobs
// whose windows lie in it (Horn 1974), and for every such set J
// Σ_J p_j = α·X_J + (1−α)·Y_J ≤ max(X_J, Y_J) (X_J, Y_J its map and
// shuffle times), so a mixed relaxation is infeasible only when the map
// or the shuffle relaxation is. A grid of α adds nothing to the two end
// points.
var DeadlineAlphas = []float64{1, 0}

// DeadlineCertificate proves that no schedule of an instance completes
// every job by its deadline (C_j ≤ d_j for every job with a deadline).
//
// With L_j = max(x_j/μ_m, y_j/μ_c) (the time job j needs alone), the
// effective release r'_j = max(r_j, max_p r'_p + L_p) over the
// predecessors p (j receives no service before they complete, and p
// completes no earlier than r'_p + L_p) and the effective deadline
// d'_j = min(d_j, min_s d'_s − L_s) over the successors s (s starts after
// C_j and needs L_s, so C_j ≤ C_s − L_s ≤ d'_s − L_s; +∞ without either)
// bound every feasible schedule: job j is served only within [r'_j, d'_j].
//
// Relaxation α ∈ [0, 1]: give job j the work p_j = α·x_j/μ_m +
// (1−α)·y_j/μ_c on one machine of speed 1. In every schedule of the tandem
// the map rates sum to at most μ_m and the shuffle rates to at most μ_c,
// so α·(map rate)/μ_m + (1−α)·(shuffle rate)/μ_c summed over the jobs is
// at most α + (1−α) = 1 at every instant, and job j receives exactly p_j of
// it, all within [r'_j, d'_j]: the tandem schedule is a preemptive
// one-machine schedule of the windows, and the jobs whose windows lie in
// [t1, t2] need Σ p_j ≤ t2 − t1. Alone = true is the single-job check
// r'_j + L_j > d'_j (p_j = L_j, which no α exceeds).
//
// The certificate is the relaxation and the jobs; Start, End and Work are
// recomputed in exact rational arithmetic by Verify (Start = min r'_j and
// End = max d'_j over Jobs, Work = Σ p_j), and the floats here are their
// values for display.
type DeadlineCertificate struct {
	Alone bool    // single-job window check (p_j = L_j)
	Alpha float64 // weight of the map station in p_j (1: map, 0: shuffle)
	Jobs  []int   // indices into the instance's jobs
	Start float64 // t1 = min over Jobs of r'_j
	End   float64 // t2 = max over Jobs of d'_j
	Work  float64 // Σ over Jobs of p_j > End − Start
}

// Relaxation names the relaxation of the certificate: "job alone", "map
// station", "shuffle station" or "mixed α=A".
func (c *DeadlineCertificate) Relaxation() string {
	switch {
	case c.Alone:
		return "job alone"
	case c.Alpha == 1:
		return "map station"
	case c.Alpha == 0:
		return "shuffle station"
	}
	return fmt.Sprintf("mixed α=%g", c.Alpha)
}

// String says what the certificate proves, with the job ids of in.
func (c *DeadlineCertificate) String(in *instances.Instance) string {
	ids := make([]string, len(c.Jobs))
	for k, j := range c.Jobs {
		ids[k] = in.Jobs[j].ID
	}
	return fmt.Sprintf("%s: jobs %v need work %.6g within [%.6g, %.6g], of length %.6g", c.Relaxation(), ids, c.Work, c.Start, c.End, c.End-c.Start)
}

// EffectiveWindows returns the effective releases r'_j and deadlines d'_j
// of DeadlineCertificate's comment in float64 (d'_j = +Inf for a job
// without a deadline or a successor's), and an error when the instance's
// dependencies have a cycle.
func EffectiveWindows(in *instances.Instance) (rel, due []float64, err error) {
	order, err := in.TopologicalOrder()
	if err != nil {
		return nil, nil, err
	}
	n := in.N()
	alone := make([]float64, n)
	for j, jb := range in.Jobs {
		alone[j] = math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity)
	}
	rel, due = make([]float64, n), make([]float64, n)
	for _, j := range order {
		rel[j] = in.Jobs[j].Release
		for _, p := range in.Jobs[j].After {
			rel[j] = math.Max(rel[j], rel[p]+alone[p])
		}
	}
	succ := in.Successors()
	for k := n - 1; k >= 0; k-- {
		j := order[k]
		due[j] = math.Inf(1)
		if in.Jobs[j].HasDue {
			due[j] = in.Jobs[j].Due
		}
		for _, s := range succ[j] {
			due[j] = math.Min(due[j], due[s]-alone[s])
		}
	}
	return rel, due, nil
}

// DeadlineProof looks for a DeadlineCertificate of in: the single-job
// windows first, then preemptive EDF (earliest effective deadline first;
// Horn 1974, optimal for 1|r_j,pmtn|L_max, so it misses a window exactly
// when the relaxation is infeasible) on each relaxation of DeadlineAlphas,
// O(n log n) each. The certificate is sufficient, not necessary: the
// tandem problem with deadlines can be infeasible with every relaxation
// feasible. It returns nil when the instance has no
// deadline, when every relaxation is feasible, or when a relaxation's miss
// does not survive Verify (float rounding at a tie); a certificate it
// returns has passed Verify.
func DeadlineProof(in *instances.Instance) (*DeadlineCertificate, error) {
	if !in.HasDeadlines() {
		return nil, nil
	}
	rel, due, err := EffectiveWindows(in)
	if err != nil {
		return nil, err
	}
	n := in.N()
	try := func(c *DeadlineCertificate) (*DeadlineCertificate, error) {
		if err := c.Verify(in); err != nil {
			if errors.Is(err, ErrCertificate) {
				return nil, nil
			}
			return nil, err
		}
		return c, nil
	}
	for j, jb := range in.Jobs {
		if l := math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity); !tolerance.LE(rel[j]+l, due[j]) {
			if c, err := try(&DeadlineCertificate{Alone: true, Jobs: []int{j}}); c != nil || err != nil {
				return c, err
			}
		}
	}
	p := make([]float64, n)
	for _, a := range DeadlineAlphas {
		for j, jb := range in.Jobs {
			p[j] = a*jb.Map/in.MapCapacity + (1-a)*jb.Shuffle/in.ShuffleCapacity
		}
		if jobs := edfMiss(rel, due, p); jobs != nil {
			if c, err := try(&DeadlineCertificate{Alpha: a, Jobs: jobs}); c != nil || err != nil {
				return c, err
			}
		}
	}
	return nil, nil
}

// edfSeg is a piece of the EDF schedule: the machine runs a job of
// effective deadline due over [start, end).
type edfSeg struct{ start, end, due float64 }

// dueHeap orders job indices by effective deadline (ties by index).
type dueHeap struct {
	jobs []int
	due  []float64
}

func (h *dueHeap) Len() int { return len(h.jobs) }
func (h *dueHeap) Less(a, b int) bool {
	ja, jb := h.jobs[a], h.jobs[b]
	return h.due[ja] < h.due[jb] || h.due[ja] == h.due[jb] && ja < jb
}
func (h *dueHeap) Swap(a, b int) { h.jobs[a], h.jobs[b] = h.jobs[b], h.jobs[a] }
func (h *dueHeap) Push(x any)    { h.jobs = append(h.jobs, x.(int)) }
func (h *dueHeap) Pop() any {
	x := h.jobs[len(h.jobs)-1]
	h.jobs = h.jobs[:len(h.jobs)-1]
	return x
}

// edfMiss runs preemptive EDF on the windows [rel_j, due_j] with work p_j
// and returns nil when every job meets its window (beyond the tolerance
// policy), else the jobs of an overloaded interval: with D the deadline of
// the first job EDF completes late, t1 is the start of the maximal run of
// the EDF schedule before D without idle time in which only jobs of
// deadline ≤ D are served. Every job of deadline ≤ D released before t1 is
// complete at t1 (EDF was idle or served a later deadline just before), so
// [t1, D] is filled with work of jobs released at or after t1 with deadline
// ≤ D, and the late job's remainder is missing: those jobs need more than
// D − t1.
func edfMiss(rel, due, p []float64) []int {
	n := len(rel)
	byRel := make([]int, n)
	for j := range byRel {
		byRel[j] = j
	}
	sort.SliceStable(byRel, func(a, b int) bool { return rel[byRel[a]] < rel[byRel[b]] })
	rem := append([]float64(nil), p...)
	h := &dueHeap{due: due}
	var segs []edfSeg
	t, i := math.Inf(-1), 0
	for i < n || h.Len() > 0 {
		if h.Len() == 0 {
			t = math.Max(t, rel[byRel[i]])
		}
		for i < n && rel[byRel[i]] <= t {
			heap.Push(h, byRel[i])
			i++
		}
		j := h.jobs[0]
		next := math.Inf(1)
		if i < n {
			next = rel[byRel[i]]
		}
		end := t + rem[j]
		if next < end {
			rem[j] -= next - t
			if next > t {
				segs = append(segs, edfSeg{t, next, due[j]})
			}
			t = next
			continue
		}
		heap.Pop(h)
		if end > t {
			segs = append(segs, edfSeg{t, end, due[j]})
		}
		t = end
		if !tolerance.LE(end, due[j]) {
			return overloaded(rel, due, segs, due[j])
		}
	}
	return nil
}

// overloaded returns the jobs with rel ≥ t1 and due ≤ D, t1 found by
// walking the segments back from D (see edfMiss).
func overloaded(rel, due []float64, segs []edfSeg, D float64) []int {
	k := len(segs) - 1
	for k > 0 && segs[k].start >= D {
		k--
	}
	t1 := segs[k].start
	for k > 0 && segs[k-1].end == segs[k].start && segs[k-1].due <= D {
		k--
		t1 = segs[k].start
	}
	var jobs []int
	for j := range rel {
		if rel[j] >= t1 && due[j] <= D {
			jobs = append(jobs, j)
		}
	}
	return jobs
}

// Verify checks the certificate against in in exact rational arithmetic
// (every float64 of the instance is a rational): it recomputes r'_j and
// d'_j, Start = min r'_j and End = max d'_j over Jobs (finite), and Work =
// Σ p_j, and returns an error wrapping ErrCertificate unless Work >
// End − Start. The float64 values of the certificate are set to the
// recomputed ones. A certificate whose excess is within the tolerance
// policy (a schedule the validator accepts as on time could exist) is
// refused too.
func (c *DeadlineCertificate) Verify(in *instances.Instance) error {
	if len(c.Jobs) == 0 {
		return fmt.Errorf("%w: no jobs", ErrCertificate)
	}
	if !c.Alone && (c.Alpha < 0 || c.Alpha > 1 || math.IsNaN(c.Alpha)) {
		return fmt.Errorf("%w: α = %v is not in [0, 1]", ErrCertificate, c.Alpha)
	}
	order, err := in.TopologicalOrder()
	if err != nil {
		return err
	}
	n := in.N()
	for _, j := range c.Jobs {
		if j < 0 || j >= n {
			return fmt.Errorf("%w: job index %d out of range", ErrCertificate, j)
		}
	}
	// Only the jobs of the certificate, their ancestors (for r') and their
	// descendants (for d') are computed.
	succ := in.Successors()
	anc, desc := reach(c.Jobs, func(j int) []int { return in.Jobs[j].After }, n), reach(c.Jobs, func(j int) []int { return succ[j] }, n)
	rat := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	muM, muC := rat(in.MapCapacity), rat(in.ShuffleCapacity)
	alone := make([]*big.Rat, n)
	xs, ys := make([]*big.Rat, n), make([]*big.Rat, n)
	for j, jb := range in.Jobs {
		if !anc[j] && !desc[j] {
			continue
		}
		xs[j] = new(big.Rat).Quo(rat(jb.Map), muM)
		ys[j] = new(big.Rat).Quo(rat(jb.Shuffle), muC)
		alone[j] = maxRat(xs[j], ys[j])
	}
	rel := make([]*big.Rat, n)
	for _, j := range order {
		if !anc[j] {
			continue
		}
		rel[j] = rat(in.Jobs[j].Release)
		for _, p := range in.Jobs[j].After {
			rel[j] = maxRat(rel[j], new(big.Rat).Add(rel[p], alone[p]))
		}
	}
	due := make([]*big.Rat, n) // nil: +∞
	for k := n - 1; k >= 0; k-- {
		j := order[k]
		if !desc[j] {
			continue
		}
		if in.Jobs[j].HasDue {
			due[j] = rat(in.Jobs[j].Due)
		}
		for _, s := range succ[j] {
			if due[s] != nil {
				if d := new(big.Rat).Sub(due[s], alone[s]); due[j] == nil || d.Cmp(due[j]) < 0 {
					due[j] = d
				}
			}
		}
	}
	alpha := rat(c.Alpha)
	beta := new(big.Rat).Sub(big.NewRat(1, 1), alpha)
	var start, end *big.Rat
	work := new(big.Rat)
	seen := make(map[int]bool, len(c.Jobs))
	for _, j := range c.Jobs {
		if seen[j] {
			return fmt.Errorf("%w: job index %d repeated", ErrCertificate, j)
		}
		seen[j] = true
		if due[j] == nil {
			return fmt.Errorf("%w: job %s has no effective deadline", ErrCertificate, in.Jobs[j].ID)
		}
		if start == nil || rel[j].Cmp(start) < 0 {
			start = rel[j]
		}
		if end == nil || due[j].Cmp(end) > 0 {
			end = due[j]
		}
		if c.Alone {
			work.Add(work, alone[j])
		} else {
			work.Add(work, new(big.Rat).Add(new(big.Rat).Mul(alpha, xs[j]), new(big.Rat).Mul(beta, ys[j])))
		}
	}
	if c.Alone && len(c.Jobs) != 1 {
		return fmt.Errorf("%w: the single-job check names %d jobs", ErrCertificate, len(c.Jobs))
	}
	length := new(big.Rat).Sub(end, start)
	c.Start, _ = start.Float64()
	c.End, _ = end.Float64()
	c.Work, _ = work.Float64()
	if work.Cmp(length) <= 0 {
		return fmt.Errorf("%w: work %s ≤ length %s of [%s, %s]", ErrCertificate, work.FloatString(9), length.FloatString(9),
			start.FloatString(9), end.FloatString(9))
	}
	if tolerance.LE(c.Start+c.Work, c.End) {
		return fmt.Errorf("%w: the excess %.3g is within the tolerance policy", ErrCertificate, c.Work-(c.End-c.Start))
	}
	return nil
}

// reach marks the jobs reachable from from along next, from included.
func reach(from []int, next func(int) []int, n int) []bool {
	seen := make([]bool, n)
	stack := append([]int(nil), from...)
	for _, j := range from {
		seen[j] = true
	}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, k := range next(j) {
			if !seen[k] {
				seen[k] = true
				stack = append(stack, k)
			}
		}
	}
	return seen
}

func maxRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}
