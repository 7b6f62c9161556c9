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

// Tolerances of the simplex (on sizes scaled so that the largest is 1;
// dual prices are then at most n).
const (
	// CertRel is the relative primal–dual gap accepted as optimal.
	CertRel = 1e-9
	rcTol   = 1e-11 // a reduced cost below −rcTol·(1+n) prices a column in
	pivTol  = 1e-10 // smallest pivot element accepted in the ratio test
	// reinvertEvery pivots the basis inverse is recomputed from scratch.
	reinvertEvery = 64
	// degenerateRun consecutive degenerate pivots switch to Bland's rule.
	degenerateRun = 20
)

// Solver holds the work buffers of the simplex; reuse one per goroutine to
// avoid allocation. The zero value is ready to use.
type Solver struct {
	// Weight, when not nil, holds w_j by job index (the index space of the
	// sizes x, y of ValueNorm): the objective is Σ w_j C_j, interval k
	// costing the total weight of the positions k..n. nil: every weight 1.
	// Value and Solve set it from the instance.
	Weight []float64
	// After, when not nil, holds each job's predecessors by job index: a
	// job is served only in the intervals after its last predecessor's
	// completion (its slice pairs k ≤ k' start after that position), and
	// an order that places a job before a predecessor it also lists is an
	// ErrOrder. Predecessors absent from the order are ignored (the LP of
	// those jobs alone). Value and Solve set it from the instance.
	After [][]int

	// kernel holds the simplex (kernel.go): rows 0..n−1 the jobs by
	// position, n..2n−1 the map rows, 2n..3n−1 the shuffle rows; its
	// first is the first interval in which each position may be served
	// (After), its px, py the scaled sizes by position.
	kernel
	n     int
	posOf []int // position by job index (−1: absent), for After
	scale float64
	w     []float64
	// retried, certV and certLo are the state of optimal: a re-inversion
	// was tried, and the certified value and dual bound.
	retried       bool
	certV, certLo float64
	// certML, certSL and certSlices are certify's buffers (loads per
	// interval, then the clipped prices; the cleaned slices), reused so
	// that a solve allocates nothing once the buffers have grown.
	certML, certSL []float64
	certSlices     []slice
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

// fixedColumn fills s.col with the column of d_k (id < n) or of the slack
// of row id and returns its cost.
func (s *Solver) fixedColumn(id int) float64 {
	n := s.n
	s.ncol = 0
	if id < n {
		s.add(n+id, -1)
		s.add(2*n+id, -1)
		return s.w[id]
	}
	s.add(id, 1)
	return 0
}

// priceFixed prices d_k (cost w_k) and the slacks (slack id = row index).
func (s *Solver) priceFixed(y []float64) {
	n := s.n
	for k := 0; k < n; k++ {
		s.consider(k, s.w[k]+y[n+k]+y[2*n+k])
	}
	for r := n; r < 3*n; r++ {
		s.consider(r, -y[r])
	}
}

// optimal certifies the basis (certify): done when the primal value and
// the dual bound agree to CertRel; otherwise the basis is re-inverted once
// and the simplex continues, and a second failure is ErrNumerical.
func (s *Solver) optimal() (bool, error) {
	v, lo := s.certify()
	if v-lo <= CertRel*max(1, math.Abs(v)) {
		s.certV, s.certLo = v, lo
		return true, nil
	}
	if s.retried {
		return false, fmt.Errorf("%w: primal %v, dual %v", ErrNumerical, v, lo)
	}
	s.retried = true
	return false, s.reinvert()
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
	if err := s.dag(len(x), order); err != nil {
		return 0, err
	}
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

// dag sets the interval costs from Weight and the first interval of each
// position from After (after resize(len(order))); nJobs is the length of
// the index space.
func (s *Solver) dag(nJobs int, order []int) error {
	n := len(order)
	if s.Weight != nil {
		acc := 0.0
		for k := n - 1; k >= 0; k-- {
			j := order[k]
			if j >= len(s.Weight) {
				return fmt.Errorf("%w: no weight for job %d", ErrOrder, j)
			}
			acc += s.Weight[j]
			s.w[k] = acc
			s.fcost[k] = acc
		}
	}
	if s.After == nil {
		return nil
	}
	if cap(s.posOf) < nJobs {
		s.posOf = make([]int, nJobs)
	}
	s.posOf = s.posOf[:nJobs]
	for j := range s.posOf {
		s.posOf[j] = -1
	}
	for p, j := range order {
		s.posOf[j] = p
	}
	for p, j := range order {
		if j >= len(s.After) {
			continue
		}
		for _, i := range s.After[j] {
			if i < 0 || i >= nJobs {
				return fmt.Errorf("%w: predecessor %d of job %d out of range", ErrOrder, i, j)
			}
			switch q := s.posOf[i]; {
			case q > p:
				return fmt.Errorf("%w: job %d at position %d completes before its predecessor %d at position %d", ErrOrder, j, p, i, q)
			case q >= 0:
				s.first[p] = max(s.first[p], q+1)
			}
		}
	}
	return nil
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
	s.n = n
	s.kernel.resize(3*n, 3*n, 3*n+n*n*n)
	s.prob = s
	s.npos, s.nq, s.mapRow, s.shufRow = n, n, n, 2*n
	s.tol = rcTol * float64(1+n)
	s.artLo, s.artHi, s.holdArt = 0, 0, false
	s.px, s.py, s.w = grow(s.px, n), grow(s.py, n), grow(s.w, n)
	clear(s.fcost)
	for k := range s.w {
		s.w[k] = float64(n - k)
		s.fcost[k] = s.w[k]
	}
	s.first, s.last = grow2(s.first, n), grow2(s.last, n)
	clear(s.first)
	for p := range s.last {
		s.last[p] = p
	}
	clear(s.rhs)
	for p := 0; p < n; p++ {
		s.rhs[p] = 1
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

// iterate runs the kernel on the scaled data from the basis in s.basic,
// s.binv, s.xb (primal feasible); returns the certified primal value and
// dual bound.
func (s *Solver) iterate() (float64, float64, error) {
	s.pivots, s.retried = 0, false
	err := s.kernel.iterate()
	s.Pivots = s.pivots
	if s.pivots > 0 {
		s.atStart = false
	}
	if err != nil {
		return 0, 0, err
	}
	return s.certV, s.certLo, nil
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
		for k2 := s.first[p]; k2 <= p; k2++ {
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
// order (a permutation of job indices that places every job after its
// predecessors): the least weighted total response time Σ w_j (C_j − r_j)
// of a schedule completing the jobs in that order. It sets s.Weight and
// s.After from the instance.
func (s *Solver) Value(in *instances.Instance, order []int) (float64, error) {
	if err := check(in, order); err != nil {
		return 0, err
	}
	x, y := normalised(in)
	s.Weight, s.After = dagOf(in)
	v, err := s.ValueNorm(x, y, order)
	if err != nil {
		return 0, err
	}
	// All releases are equal: times are measured from the common release,
	// so the LP value is the (weighted) total response time.
	return v, nil
}

// dagOf returns the weights (nil when all are 1) and the predecessors (nil
// when there are none) of in, by job index.
func dagOf(in *instances.Instance) (w []float64, after [][]int) {
	if in.HasWeights() {
		w = make([]float64, in.N())
		for j := range w {
			w[j] = in.Weight(j)
		}
	}
	if in.HasDependencies() {
		after = make([][]int, in.N())
		for j, jb := range in.Jobs {
			after[j] = jb.After
		}
	}
	return w, after
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
	return &orderlp.Result{Plan: orderlp.BatchPlan(order), LPValue: v, Total: in.WeightedResponse(sched.Completion), Schedule: sched}, nil
}
