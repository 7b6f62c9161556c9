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

	n, m  int
	lo    []int // first interval in which each position may be served
	posOf []int // position by job index (−1: absent), for After
	scale float64
	x, y  []float64 // scaled sizes by position
	w     []float64
	basic []int     // column id per basis row
	isBas []bool    // by column id
	binv  []float64 // m×m row-major
	xb    []float64
	dual  []float64
	alpha []float64
	col   [3]struct {
		r int
		v float64
	}
	ncol int
	tmp  []float64
	lu   []float64
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
	// since counts the pivots since the last periodic re-inversion; a
	// warm start (warm.go) carries it over from the parent's solve.
	since int
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
// z(p, k, k') = 3n + (p·n + k)·n + k'.
func (s *Solver) zid(p, k, k2 int) int { return 3*s.n + (p*s.n+k)*s.n + k2 }

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
	if s.x[p] != 0 {
		s.col[s.ncol].r, s.col[s.ncol].v = n+k, s.x[p]
		s.ncol++
	}
	if s.y[p] != 0 {
		s.col[s.ncol].r, s.col[s.ncol].v = 2*n+k2, s.y[p]
		s.ncol++
	}
	return 0
}

func (s *Solver) cost(id int) float64 {
	if id < s.n {
		return s.w[id]
	}
	return 0
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
		s.x[p], s.y[p] = x[j]/scale, y[j]/scale
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
				s.lo[p] = max(s.lo[p], q+1)
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
			ml[sc.k] += s.x[sc.p] * sc.z
			sl[sc.k2] += s.y[sc.p] * sc.z
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
	s.n, s.m = n, 3*n
	m := s.m
	grow := func(b []float64, k int) []float64 {
		if cap(b) < k {
			return make([]float64, k)
		}
		return b[:k]
	}
	s.x, s.y, s.w = grow(s.x, n), grow(s.y, n), grow(s.w, n)
	for k := range s.w {
		s.w[k] = float64(n - k)
	}
	if cap(s.lo) < n {
		s.lo = make([]int, n)
	}
	s.lo = s.lo[:n]
	clear(s.lo)
	s.binv = grow(s.binv, m*m)
	s.xb, s.dual, s.alpha, s.tmp = grow(s.xb, m), grow(s.dual, m), grow(s.alpha, m), grow(s.tmp, m)
	s.lu = grow(s.lu, m*m)
	if cap(s.basic) < m {
		s.basic = make([]int, m)
	}
	s.basic = s.basic[:m]
	if nc := 3*n + n*n*n; cap(s.isBas) < nc {
		s.isBas = make([]bool, nc)
	} else {
		s.isBas = s.isBas[:nc]
		clear(s.isBas)
	}
}

// startBasis sets the cold starting basis: position p alone in interval
// p: z(p,p,p) = 1, d_p = max(x_p, y_p), slack of the less loaded row.
func (s *Solver) startBasis() {
	n := s.n
	for p := 0; p < n; p++ {
		s.basic[p] = s.zid(p, p, p)
		s.basic[n+p] = p // d_p in the map row slot
		if s.x[p] >= s.y[p] {
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
// dual bound.
func (s *Solver) iterate() (float64, float64, error) {
	n, m := s.n, s.m
	tol := rcTol * float64(1+n)
	maxIter := 200*m + 1000
	degen := 0
	s.Pivots = 0
	retried := false
	for iter := 0; ; iter++ {
		if iter > maxIter {
			return 0, 0, fmt.Errorf("%w: %d pivots", ErrNumerical, iter)
		}
		s.duals()
		bland := degen >= degenerateRun
		enter, best := -1, -tol
		consider := func(id int, rc float64) {
			if rc >= -tol || s.isBas[id] {
				return
			}
			if bland {
				if enter < 0 || id < enter {
					enter, best = id, rc
				}
				return
			}
			if rc < best {
				enter, best = id, rc
			}
		}
		y := s.dual
		for k := 0; k < n; k++ {
			consider(k, s.w[k]+y[n+k]+y[2*n+k])
		}
		for r := n; r < m; r++ {
			consider(r, -y[r]) // slack id = row index
		}
		for p := 0; p < n; p++ {
			// min over k ≤ k' ≤ p of −x_p y[map_k] − y_p y[shuf_k'].
			xp, yp := s.x[p], s.y[p]
			base := -y[p]
			lo := s.lo[p]
			bk, bv := lo, math.Inf(1)
			for k2 := lo; k2 <= p; k2++ {
				if a := -xp * y[n+k2]; a < bv {
					bk, bv = k2, a
				}
				rc := base + bv - yp*y[2*n+k2]
				if bland {
					// Bland needs the lowest-index candidate: scan all k.
					for k := lo; k <= k2; k++ {
						consider(s.zid(p, k, k2), base-xp*y[n+k]-yp*y[2*n+k2])
					}
					continue
				}
				if rc < best && !s.isBas[s.zid(p, bk, k2)] {
					consider(s.zid(p, bk, k2), rc)
				} else if rc < best {
					// The best pair is basic (rc ≈ 0 then); scan the row.
					for k := lo; k <= k2; k++ {
						consider(s.zid(p, k, k2), base-xp*y[n+k]-yp*y[2*n+k2])
					}
				}
			}
		}
		if enter < 0 {
			v, lo := s.certify()
			if v-lo <= CertRel*max(1, math.Abs(v)) {
				return v, lo, nil
			}
			if retried {
				return 0, 0, fmt.Errorf("%w: primal %v, dual %v", ErrNumerical, v, lo)
			}
			retried = true
			if err := s.reinvert(); err != nil {
				return 0, 0, err
			}
			continue
		}
		// FTRAN: alpha = Binv · a.
		s.column(enter)
		for i := 0; i < m; i++ {
			row := s.binv[i*m : i*m+m]
			v := 0.0
			for c := 0; c < s.ncol; c++ {
				v += row[s.col[c].r] * s.col[c].v
			}
			s.alpha[i] = v
		}
		// Ratio test.
		leave, theta := -1, math.Inf(1)
		for i := 0; i < m; i++ {
			a := s.alpha[i]
			if a <= pivTol {
				continue
			}
			t := max(s.xb[i], 0) / a
			switch {
			case leave < 0 || t < theta-1e-12:
				leave, theta = i, t
			case t <= theta+1e-12:
				if bland {
					if s.basic[i] < s.basic[leave] {
						leave, theta = i, min(theta, t)
					}
				} else if a > s.alpha[leave] {
					leave, theta = i, min(theta, t)
				}
			}
		}
		if leave < 0 {
			// Unbounded cannot happen (costs ≥ 0); numerical trouble.
			return 0, 0, fmt.Errorf("%w: no leaving row", ErrNumerical)
		}
		if theta <= 1e-13 {
			degen++
		} else {
			degen = 0
		}
		s.pivot(leave, enter, theta)
		s.Pivots++
		s.since++
		s.atStart = false
		if s.since%reinvertEvery == 0 {
			if err := s.reinvert(); err != nil {
				return 0, 0, err
			}
		}
	}
}

// duals computes y = c_B Binv.
func (s *Solver) duals() {
	m := s.m
	y := s.dual
	clear(y)
	for i := 0; i < m; i++ {
		c := s.cost(s.basic[i])
		if c == 0 {
			continue
		}
		row := s.binv[i*m : i*m+m]
		for r, v := range row {
			y[r] += c * v
		}
	}
}

func (s *Solver) pivot(leave, enter int, theta float64) {
	pivotInverse(s.binv, s.xb, s.alpha, s.m, leave, theta)
	s.isBas[s.basic[leave]] = false
	s.basic[leave] = enter
	s.isBas[enter] = true
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
		x, y := s.x[p], s.y[p]
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

// reinvert recomputes Binv from the basic columns (Gauss–Jordan with
// partial pivoting) and xB = Binv·b (b = 1 on the job rows, 0 elsewhere).
func (s *Solver) reinvert() error {
	m := s.m
	B := s.lu
	clear(B)
	for i, id := range s.basic {
		s.column(id)
		for c := 0; c < s.ncol; c++ {
			B[s.col[c].r*m+i] = s.col[c].v
		}
	}
	inv := s.binv
	if err := invert(B, inv, m); err != nil {
		return err
	}
	// Rows of B were the constraint rows, columns the basis positions, so
	// inv = B⁻¹ maps a column in row space to basis positions: xB = inv·b.
	for i := 0; i < m; i++ {
		v := 0.0
		for r := 0; r < s.n; r++ {
			v += inv[i*m+r]
		}
		s.xb[i] = v
	}
	return nil
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
		ml[sc.k] += s.x[sc.p] * sc.z
		sl[sc.k2] += s.y[sc.p] * sc.z
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
		for k2 := s.lo[p]; k2 <= p; k2++ {
			mina = min(mina, s.x[p]*al[k2])
			best = min(best, mina+s.y[p]*be[k2])
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

// invert sets inv to the inverse of the m×m row-major matrix B by
// Gauss–Jordan elimination with partial pivoting, overwriting B; a pivot
// below 1e-12 in magnitude is ErrNumerical (singular basis).
func invert(B, inv []float64, m int) error {
	clear(inv)
	for i := 0; i < m; i++ {
		inv[i*m+i] = 1
	}
	for c := 0; c < m; c++ {
		piv, pv := -1, 0.0
		for r := c; r < m; r++ {
			if v := math.Abs(B[r*m+c]); v > pv {
				piv, pv = r, v
			}
		}
		if pv < 1e-12 {
			return fmt.Errorf("%w: singular basis", ErrNumerical)
		}
		if piv != c {
			for k := 0; k < m; k++ {
				B[c*m+k], B[piv*m+k] = B[piv*m+k], B[c*m+k]
				inv[c*m+k], inv[piv*m+k] = inv[piv*m+k], inv[c*m+k]
			}
		}
		f := 1 / B[c*m+c]
		for k := 0; k < m; k++ {
			B[c*m+k] *= f
			inv[c*m+k] *= f
		}
		for r := 0; r < m; r++ {
			if r == c {
				continue
			}
			g := B[r*m+c]
			if g == 0 {
				continue
			}
			for k := 0; k < m; k++ {
				B[r*m+k] -= g * B[c*m+k]
				inv[r*m+k] -= g * inv[c*m+k]
			}
		}
	}
	return nil
}

// pivotInverse updates x_B and the m×m row-major B⁻¹ for the entering
// column's B⁻¹·a = a leaving at position leave with step theta (the
// product-form update of the revised simplex method).
func pivotInverse(binv, xb, a []float64, m, leave int, theta float64) {
	for i := 0; i < m; i++ {
		if i == leave {
			continue
		}
		xb[i] -= theta * a[i]
	}
	xb[leave] = theta
	rowL := binv[leave*m : leave*m+m]
	inv := 1 / a[leave]
	for r := range rowL {
		rowL[r] *= inv
	}
	for i := 0; i < m; i++ {
		f := a[i]
		if i == leave || f == 0 {
			continue
		}
		row := binv[i*m : i*m+m]
		for r, v := range rowL {
			row[r] -= f * v
		}
	}
}
