package fastlp

import (
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// Sentinel errors.
var (
	ErrOrder     = errors.New("fastlp: invalid order")
	ErrBatch     = errors.New("fastlp: only batch instances (all releases equal) are supported")
	ErrNumerical = errors.New("fastlp: simplex did not reach a certified optimum")
	ErrSize      = errors.New("fastlp: sizes are not finite or their totals overflow")
)

// CertRel is the relative primal–dual gap accepted as optimal (on sizes
// scaled so that the largest is 1; the simplex's own tolerances are in
// kernel.go).
const CertRel = 1e-9

// Solver holds the work buffers of the simplex; reuse one per goroutine to
// avoid allocation. The zero value is ready to use.
type Solver struct {
	kernel
	scale float64
	w     []float64
	tmp   []float64
	// certML, certSL and certSlices are certify's buffers (loads per
	// interval, then the clipped prices; the cleaned slices), reused so
	// that a solve allocates nothing once the buffers have grown.
	certML, certSL []float64
	certSlices     []slice
	// layoutN is the number of positions whose costs w and tolerance the
	// buffers hold (resize; 0: none).
	layoutN int
	// zeros and iota back the kernel's first and end (resize).
	zeros, iota []int
	// Pivots is the number of simplex pivots of the last solve.
	Pivots int
	// Lower is the certified dual bound of the last solve (same units as
	// the value).
	Lower float64
	// solved is true when the basis holds a certified optimum of the
	// last ValueNorm (SaveBasis keeps only such a basis).
	solved bool
	// order is the order of the last solve (job indices; SaveBasis).
	order []int
	// atStart is true while the basis is the cold starting basis
	// (startBasis, no pivot since).
	atStart bool
	// Warm is true when the last solve started from a saved basis
	// (ValueNormAppend) and was certified from there.
	Warm bool
	// WarmStarts and WarmFailures count, over the Solver's life, the
	// solves of ValueNormAppend certified from the saved basis and those
	// that fell back to the cold start (numerical failure from the warm
	// basis).
	WarmStarts, WarmFailures int64
}

// Column ids: [0, n) d_k; [n, 3n) slack of row id; ≥ 3n the slice column
// z(p, k, k') = 3n + (p·n + k)·n + k' (kernel.zid).
func (s *Solver) decode(id int) (p, k, k2 int) {
	id -= 3 * s.n
	k2 = id % s.n
	id /= s.n
	return id / s.n, id % s.n, k2
}

// column fills s.col with the sparse column of id and returns its cost.
func (s *Solver) column(id int) float64 {
	n := s.n
	switch {
	case id < n:
		s.col[0].r, s.col[0].v = n+id, -1
		s.col[1].r, s.col[1].v = 2*n+id, -1
		s.ncol = 2
		return s.w[id]
	case id < 3*n:
		s.col[0].r, s.col[0].v = id, 1
		s.ncol = 1
		return 0
	}
	p, k, k2 := s.decode(id)
	s.col[0].r, s.col[0].v = p, 1
	s.ncol = 1
	if s.px[p] != 0 {
		s.col[s.ncol].r, s.col[s.ncol].v = n+k, s.px[p]
		s.ncol++
	}
	if s.py[p] != 0 {
		s.col[s.ncol].r, s.col[s.ncol].v = 2*n+k2, s.py[p]
		s.ncol++
	}
	return 0
}

// costs sets the cost of each basic column (model): w_k for d_k, 0 for the
// slacks and slices.
func (s *Solver) costs(basic []int, cb []float64) {
	n := s.n
	for i, id := range basic {
		cb[i] = 0
		if id < n {
			cb[i] = s.w[id]
		}
	}
}

// price offers the d and slack columns (model).
func (s *Solver) price(y []float64, pr *pricer) {
	n, m := s.n, s.m
	for k := 0; k < n; k++ {
		pr.consider(k, s.w[k]+y[n+k]+y[2*n+k])
	}
	for r := n; r < m; r++ {
		pr.consider(r, -y[r]) // slack id = row index
	}
}

// ValueNorm returns the LP optimum of completion order order over jobs
// with normalised sizes x, y (processing times at full capacity); order
// holds indices into x and y and may list a subset of the jobs (the LP of
// those jobs alone).
func (s *Solver) ValueNorm(x, y []float64, order []int) (float64, error) {
	s.Warm, s.solved = false, false
	s.order = append(s.order[:0], order...)
	n := len(order)
	if n == 0 {
		s.Lower, s.n, s.scale = 0, 0, 0
		return 0, nil
	}
	scale := 0.0
	for _, j := range order {
		if j < 0 || j >= len(x) || j >= len(y) {
			return 0, fmt.Errorf("%w: index %d out of range", ErrOrder, j)
		}
		if !(x[j] >= 0) || !(y[j] >= 0) || math.IsInf(x[j], 0) || math.IsInf(y[j], 0) {
			return 0, fmt.Errorf("%w: sizes (%v, %v) of job %d", ErrSize, x[j], y[j], j)
		}
		scale = max(scale, max(x[j], y[j]))
	}
	s.resize(n)
	s.scale = scale
	if scale == 0 {
		s.Lower = 0
		return 0, nil
	}
	for p, j := range order {
		s.px[p], s.py[p] = x[j]/scale, y[j]/scale
	}
	s.startBasis()
	return s.finish(s.iterate())
}

// finish converts the scaled answer of iterate into the caller's units.
func (s *Solver) finish(v, lo float64, err error) (float64, error) {
	if err != nil {
		return 0, err
	}
	if math.IsInf(v*s.scale, 0) {
		return 0, ErrSize
	}
	s.Lower = lo * s.scale
	s.solved = true
	return v * s.scale, nil
}

// Ends returns the interval ends C_1 ≤ … ≤ C_k of the last ValueNorm or
// Value solve, by position (the LP's completion times; a job whose
// work all lies in earlier intervals is in fact done earlier).
func (s *Solver) Ends() []float64 {
	n := s.n
	ml, sl := make([]float64, n), make([]float64, n)
	if s.scale > 0 {
		for _, sc := range s.slices(nil) {
			ml[sc.k] += s.px[sc.p] * sc.z
			sl[sc.k2] += s.py[sc.p] * sc.z
		}
	}
	c := make([]float64, n)
	t := 0.0
	for k := range c {
		t += max(ml[k], sl[k]) * s.scale
		c[k] = t
	}
	return c
}

func (s *Solver) resize(n int) {
	s.kernel.resize(n, n, 3*n, 3*n, 3*n+n*n*n)
	s.w, s.tmp = grow(s.w, n), grow(s.tmp, 3*n)
	// Position p's slices lie in intervals 0..p whatever n: zeros and
	// iota grow with the largest n and are sliced for the others.
	if len(s.iota) < n {
		s.zeros, s.iota = make([]int, n), make([]int, n)
		for p := range s.iota {
			s.iota[p] = p
		}
	}
	s.first, s.end = s.zeros[:n], s.iota[:n]
	if s.layoutN == n {
		return // w and tol already hold those of n
	}
	for k := range s.w {
		s.w[k] = float64(n - k)
	}
	s.tol = rcTol * float64(1+n)
	s.layoutN = n
}

// rhs writes b = 1 on the job rows (0 on the map and shuffle rows; model).
func (s *Solver) rhs(b []float64) {
	for r := 0; r < s.n; r++ {
		b[r] = 1
	}
}

// startBasis sets the cold starting basis: position p alone in interval
// p: z(p,p,p) = 1, d_p = max(x_p, y_p), slack of the less loaded row.
func (s *Solver) startBasis() {
	n := s.n
	for p := 0; p < n; p++ {
		s.basic[p] = s.zid(p, p, p)
		s.basic[n+p] = p // d_p in the map row slot
		if s.px[p] >= s.py[p] {
			s.basic[2*n+p] = 2*n + p // slack of the shuffle row
		} else {
			s.basic[2*n+p] = n + p // slack of the map row
		}
	}
	for _, id := range s.basic {
		s.isBas[id] = true
	}
	s.startInverse()
	s.since, s.atStart = 0, true
}

// iterate runs the simplex on the scaled data from the basis in s.basic,
// s.binv, s.xb (primal feasible); returns the certified primal value and
// dual bound. When the certificate fails it re-inverts once and goes on.
func (s *Solver) iterate() (float64, float64, error) {
	s.pivots = 0
	s.restart()
	for retried := false; ; retried = true {
		err := s.kernel.iterate(s)
		s.Pivots = s.pivots
		if s.pivots > 0 {
			s.atStart = false
		}
		if err != nil {
			return 0, 0, err
		}
		v, lo := s.certify()
		if v-lo <= CertRel*max(1, math.Abs(v)) {
			return v, lo, nil
		}
		if retried {
			return 0, 0, fmt.Errorf("%w: primal %v, dual %v", ErrNumerical, v, lo)
		}
		if err := s.reinvert(s); err != nil {
			return 0, 0, err
		}
	}
}

// startInverse writes the inverse of the starting basis, block by block:
// for position p the rows (job p, map p, shuffle p) and the basic columns
// (z(p,p,p), d_p, slack). With the shuffle slack (x ≥ y) the block is
// [[1,0,0],[x,−1,0],[y,−1,1]] with inverse rows (1,0,0), (x,−1,0),
// (x−y,−1,1); with the map slack it is [[1,0,0],[x,−1,1],[y,−1,0]] with
// inverse rows (1,0,0), (y,0,−1), (y−x,1,−1). xB = (1, max(x,y), |x−y|).
func (s *Solver) startInverse() {
	n, m := s.n, s.m
	inv := s.binv
	clear(inv)
	for p := 0; p < n; p++ {
		c, mr, sr := p, n+p, 2*n+p
		x, y := s.px[p], s.py[p]
		inv[p*m+c] = 1
		if x >= y {
			inv[(n+p)*m+c], inv[(n+p)*m+mr] = x, -1
			inv[(2*n+p)*m+c], inv[(2*n+p)*m+mr], inv[(2*n+p)*m+sr] = x-y, -1, 1
		} else {
			inv[(n+p)*m+c], inv[(n+p)*m+sr] = y, -1
			inv[(2*n+p)*m+c], inv[(2*n+p)*m+mr], inv[(2*n+p)*m+sr] = y-x, 1, -1
		}
		s.xb[p], s.xb[n+p], s.xb[2*n+p] = 1, max(x, y), math.Abs(x-y)
	}
}

// slices returns, per position p, the cleaned slice weights of the basic
// z columns as (k, k', weight) triples appended to buf.
type slice struct {
	p, k, k2 int
	z        float64
}

func (s *Solver) slices(buf []slice) []slice {
	n := s.n
	sum := s.tmp[:n]
	clear(sum)
	start := len(buf)
	for i, id := range s.basic {
		if id < 3*n {
			continue
		}
		z := max(0, s.xb[i])
		if z == 0 {
			continue
		}
		p, k, k2 := s.decode(id)
		buf = append(buf, slice{p, k, k2, z})
		sum[p] += z
	}
	for p := 0; p < n; p++ {
		if sum[p] == 0 {
			// Degenerate: put the job in its own interval.
			buf = append(buf, slice{p, p, p, 1})
			sum[p] = 1
		}
	}
	for i := start; i < len(buf); i++ {
		buf[i].z /= sum[buf[i].p]
	}
	return buf
}

// certify returns the primal value of the cleaned solution and the dual
// bound of the clipped prices.
func (s *Solver) certify() (float64, float64) {
	n := s.n
	s.certML, s.certSL = grow(s.certML, n), grow(s.certSL, n)
	ml, sl := s.certML, s.certSL
	clear(ml)
	clear(sl)
	s.certSlices = s.slices(s.certSlices[:0])
	for _, sc := range s.certSlices {
		ml[sc.k] += s.px[sc.p] * sc.z
		sl[sc.k2] += s.py[sc.p] * sc.z
	}
	primal := 0.0
	for k := 0; k < n; k++ {
		primal += s.w[k] * max(ml[k], sl[k])
	}
	al, be := ml, sl // reuse
	y := s.dual
	for k := 0; k < n; k++ {
		a, b := max(0, -y[n+k]), max(0, -y[2*n+k])
		if a+b > s.w[k] {
			f := s.w[k] / (a + b)
			a, b = a*f, b*f
		}
		al[k], be[k] = a, b
	}
	dual := 0.0
	for p := 0; p < n; p++ {
		best, mina := math.Inf(1), math.Inf(1)
		for k2 := 0; k2 <= p; k2++ {
			mina = min(mina, s.px[p]*al[k2])
			best = min(best, mina+s.py[p]*be[k2])
		}
		dual += best
	}
	return primal, min(dual, primal)
}

// normalised returns the normalised sizes of in.
func normalised(in *instances.Instance) (x, y []float64) {
	x, y = make([]float64, in.N()), make([]float64, in.N())
	for j, jb := range in.Jobs {
		x[j], y[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	return x, y
}

func check(in *instances.Instance, order []int) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if !in.IsBatch() {
		return ErrBatch
	}
	if err := orderlp.BatchPlan(order).Check(in); err != nil {
		return fmt.Errorf("%w: %v", ErrOrder, err)
	}
	return nil
}

// Value returns the LP optimum of the batch instance in for completion
// order (a permutation of job indices): the least total response time of
// a schedule completing the jobs in that order.
func (s *Solver) Value(in *instances.Instance, order []int) (float64, error) {
	if err := check(in, order); err != nil {
		return 0, err
	}
	x, y := normalised(in)
	v, err := s.ValueNorm(x, y, order)
	if err != nil {
		return 0, err
	}
	// All releases are equal: times are measured from the common release,
	// so the LP value is the total response time.
	return v, nil
}

// Solve returns the LP optimum of order and its schedule (which passes
// package validate; its total response Total equals the LP value up to
// rounding) as an orderlp.Result.
func (s *Solver) Solve(in *instances.Instance, order []int) (*orderlp.Result, error) {
	v, err := s.Value(in, order)
	if err != nil {
		return nil, err
	}
	n := in.N()
	x, y := normalised(in)
	scale := 0.0
	for _, j := range order {
		scale = max(scale, max(x[j], y[j]))
	}
	fm := make([][]float64, n) // [position][interval] map fraction
	fs := make([][]float64, n)
	for p := range fm {
		fm[p], fs[p] = make([]float64, n), make([]float64, n)
	}
	if scale == 0 {
		for p := range fm {
			fm[p][p], fs[p][p] = 1, 1
		}
	} else {
		for _, sc := range s.slices(nil) {
			fm[sc.p][sc.k] += sc.z
			fs[sc.p][sc.k2] += sc.z
		}
	}
	r0 := 0.0
	if n > 0 {
		r0 = in.Jobs[0].Release
	}
	sched := &schedule.Schedule{}
	t := r0
	for k := 0; k < n; k++ {
		ml, sl := 0.0, 0.0
		for p := k; p < n; p++ {
			j := order[p]
			ml += fm[p][k] * in.Jobs[j].Map / in.MapCapacity
			sl += fs[p][k] * in.Jobs[j].Shuffle / in.ShuffleCapacity
		}
		d := max(ml, sl)
		if d <= 0 {
			continue
		}
		seg := schedule.Segment{Start: t, End: t + d}
		for p := k; p < n; p++ {
			j := order[p]
			mw, sw := fm[p][k]*in.Jobs[j].Map, fs[p][k]*in.Jobs[j].Shuffle
			if mw > 0 || sw > 0 {
				seg.Rates = append(seg.Rates, schedule.Rate{Job: j, Map: mw / d, Shuffle: sw / d})
			}
		}
		sched.Segments = append(sched.Segments, seg)
		t += d
	}
	sched.Completion = orderlp.Completions(in, sched)
	for j := range sched.Completion {
		if math.IsNaN(sched.Completion[j]) {
			// A job with no work in any segment (both sizes 0): it is
			// complete at its release.
			sched.Completion[j] = r0
		}
	}
	return &orderlp.Result{Plan: orderlp.BatchPlan(order), LPValue: v, Total: sched.TotalResponse(in), Schedule: sched}, nil
}
