package fastlp

import (
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// ErrPlan is returned for a plan that is not valid for the instance (see
// orderlp.Plan.Check; a partial plan may list a subset of the jobs).
var ErrPlan = errors.New("fastlp: invalid release plan")

// feasRel is the relative infeasibility (phase-1 value over the size of the
// right-hand side) below which a plan counts as feasible; the primal–dual
// certificate of phase 2 decides the value.
const feasRel = 1e-9

// Release evaluates the fixed-plan LP of package orderlp for instances with
// release dates (docs/appendix/exact.md, "The release-date slice LP"): the same
// value as orderlp.Value, without an engine. Build one with NewRelease per
// instance; a Release is not safe for concurrent use.
type Release struct {
	in   *instances.Instance
	rho  []float64 // distinct release times (periods)
	rel  []int     // release period per job
	x, y []float64 // normalised sizes per job

	// Per solve. The kernel (kernel.go) holds the simplex: its nq is the
	// number of sub-intervals, its px, py the scaled sizes by position,
	// its first and last the first and last sub-interval of each
	// position's slices.
	kernel
	n, np  int
	scale  float64
	jobs   []int     // job by position
	pos    []int     // plan position by job (−1: absent)
	subPer []int     // period of sub-interval q
	w      []float64 // objective weight of d_q
	prow   []int     // period row of sub-interval q (−1: none)
	plen   []float64 // scaled length of each period row
	tau    []float64 // scaled period starts relative to rho[0]
	endOf  []int     // sub-interval ending at position k's completion
	offset float64   // Σ_k w_j(k) (ρ_l(k) − r_j(k)) (original units)
	phase  int
	// Pivots is the number of simplex pivots of the last solve.
	Pivots int
	// Lower is the certified dual bound of the last solve (original units,
	// releases subtracted, like the value).
	Lower float64
}

// NewRelease prepares the evaluation of plans of in (any release dates; a
// batch is a single period).
func NewRelease(in *instances.Instance) (*Release, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	r := &Release{in: in}
	r.rho, r.rel = orderlp.Periods(in)
	r.x, r.y = normalised(in)
	for j := range r.x {
		if math.IsInf(r.x[j], 0) || math.IsInf(r.y[j], 0) {
			return nil, fmt.Errorf("%w: sizes (%v, %v) of job %d", ErrSize, r.x[j], r.y[j], j)
		}
	}
	return r, nil
}

// Value returns the LP optimum of the complete plan p, Σ_j w_j (C_j − r_j)
// of the best schedule that follows it (weights and dependencies as in
// package orderlp); orderlp.ErrInfeasible (wrapped) when
// no schedule follows it.
func (r *Release) Value(p orderlp.Plan) (float64, error) {
	if err := p.Check(r.in); err != nil {
		return 0, fmt.Errorf("%w: %w", ErrPlan, err)
	}
	return r.value(p)
}

// PartialValue returns the LP optimum of the plan p of a subset of the
// jobs (the others removed; periods stay those of the whole instance). It
// is a lower bound on Σ_{j∈p} (C_j − r_j) for every schedule of the whole
// instance whose plan places p's jobs first, in p's order and periods
// (removing jobs relaxes every constraint). Lower then holds its certified
// dual bound, the value to use as a proof.
func (r *Release) PartialValue(p orderlp.Plan) (float64, error) {
	if err := r.checkPartial(p); err != nil {
		return 0, err
	}
	return r.value(p)
}

func (r *Release) checkPartial(p orderlp.Plan) error {
	n := len(r.x)
	if len(p.Order) != len(p.Period) || len(p.Order) > n {
		return fmt.Errorf("%w: order has %d entries and periods %d for %d jobs", ErrPlan, len(p.Order), len(p.Period), n)
	}
	seen := make([]bool, n)
	for k, j := range p.Order {
		if j < 0 || j >= n || seen[j] {
			return fmt.Errorf("%w: order[%d] = %d is not a new job index in [0, %d)", ErrPlan, k, j, n)
		}
		seen[j] = true
		l := p.Period[k]
		if l < r.rel[j] || l >= len(r.rho) || (k > 0 && l < p.Period[k-1]) {
			return fmt.Errorf("%w: period[%d] = %d (job release period %d, %d periods)", ErrPlan, k, l, r.rel[j], len(r.rho))
		}
	}
	if err := orderlp.CheckPrecedence(r.in, p.Order); err != nil {
		return fmt.Errorf("%w: %w", ErrPlan, err)
	}
	return nil
}

// Solve returns the LP optimum of the complete plan p and its schedule,
// which passes package validate (its total response Total equals the
// value up to rounding).
func (r *Release) Solve(p orderlp.Plan) (*orderlp.Result, error) {
	v, err := r.Value(p)
	if err != nil {
		return nil, err
	}
	in := r.in
	ml, sl, fr := r.loads()
	sched := &schedule.Schedule{}
	t := r.rho[0]
	for q := 0; q < r.nq; q++ {
		if q == 0 || r.subPer[q] != r.subPer[q-1] {
			t = max(t, r.rho[r.subPer[q]])
		}
		d := max(ml[q], sl[q]) * r.scale
		if d <= 0 {
			continue
		}
		seg := schedule.Segment{Start: t, End: t + d}
		for k := 0; k < r.n; k++ {
			mw, sw := fr[k][0][q]*in.Jobs[r.jobs[k]].Map, fr[k][1][q]*in.Jobs[r.jobs[k]].Shuffle
			if mw > 0 || sw > 0 {
				seg.Rates = append(seg.Rates, schedule.Rate{Job: r.jobs[k], Map: mw / d, Shuffle: sw / d})
			}
		}
		sched.Segments = append(sched.Segments, seg)
		t += d
	}
	sched.Completion = orderlp.Completions(in, sched)
	for j := range sched.Completion {
		if math.IsNaN(sched.Completion[j]) {
			// No work at all (both sizes 0): complete at the release.
			sched.Completion[j] = in.Jobs[j].Release
		}
	}
	return &orderlp.Result{Plan: p, LPValue: v, Total: in.WeightedResponse(sched.Completion), Schedule: sched}, nil
}

// setup builds the slice LP of plan p (valid, possibly partial).
func (r *Release) setup(p orderlp.Plan) {
	n := len(p.Order)
	r.n = n
	r.jobs = append(r.jobs[:0], p.Order...)
	if cap(r.pos) < len(r.x) {
		r.pos = make([]int, len(r.x))
	}
	r.pos = r.pos[:len(r.x)]
	for j := range r.pos {
		r.pos[j] = -1
	}
	last := 0
	if n > 0 {
		last = p.Period[n-1]
	}
	// Sub-intervals of periods 0..last: one per completion, and a trailing
	// one for each period that has a length row (l < number of periods−1).
	r.subPer, r.prow, r.w = r.subPer[:0], r.prow[:0], r.w[:0]
	r.endOf = grow2(r.endOf, n)
	r.plen, r.tau = r.plen[:0], r.tau[:0]
	r.offset = 0
	k := 0
	for l := 0; l <= last; l++ {
		row := -1
		if l+1 < len(r.rho) {
			row = len(r.plen)
			r.plen = append(r.plen, r.rho[l+1]-r.rho[l])
		}
		for k < n && p.Period[k] == l {
			r.endOf[k] = len(r.subPer)
			r.subPer, r.prow = append(r.subPer, l), append(r.prow, row)
			k++
		}
		if row >= 0 {
			r.subPer, r.prow = append(r.subPer, l), append(r.prow, row)
		}
		r.tau = append(r.tau, r.rho[l]-r.rho[0])
	}
	r.nq, r.np = len(r.subPer), len(r.plen)
	// w_q: total weight of the completions of the same period at or after
	// q (their number when every weight is 1).
	for q := 0; q < r.nq; q++ {
		c := 0.0
		for k, j := range p.Order {
			if p.Period[k] == r.subPer[q] && r.endOf[k] >= q {
				c += r.in.Weight(j)
			}
		}
		r.w = append(r.w, c)
	}
	r.first, r.last = grow2(r.first, n), grow2(r.last, n)
	scale := 0.0
	for k, j := range p.Order {
		r.pos[j] = k
		r.offset += r.in.Weight(j) * (r.rho[p.Period[k]] - r.in.Jobs[j].Release)
		scale = max(scale, max(r.x[j], r.y[j]))
		r.last[k] = r.endOf[k]
		f := 0
		for f < r.nq && r.subPer[f] < r.rel[j] {
			f++
		}
		// Served only after each predecessor's completion (those in the
		// plan are placed earlier, so pos is already set).
		for _, i := range r.in.Jobs[j].After {
			if pi := r.pos[i]; pi >= 0 {
				f = max(f, r.endOf[pi]+1)
			}
		}
		r.first[k] = f
	}
	r.scale = scale
	r.px, r.py = grow(r.px, n), grow(r.py, n)
	if scale > 0 {
		for k, j := range p.Order {
			r.px[k], r.py[k] = r.x[j]/scale, r.y[j]/scale
		}
		for i := range r.plen {
			r.plen[i] /= scale
		}
		for i := range r.tau {
			r.tau[i] /= scale
		}
	}
	nq := r.nq
	zbase := 3*nq + n + r.np
	r.kernel.resize(n+2*nq+r.np, zbase, zbase+n*nq*nq)
	r.npos, r.mapRow, r.shufRow = n, n, n+nq
	r.artLo, r.artHi = 3*nq, zbase
	r.tol = rcTol * float64(1+n+nq)
	r.prob = r
	clear(r.rhs)
	for k := 0; k < n; k++ {
		r.rhs[k] = 1
	}
	for i := 0; i < r.np; i++ {
		r.rhs[n+2*nq+i] = r.plen[i]
	}
}

// Rows: job position k → k; map row of q → n+q; shuffle row → n+nq+q;
// period row i → n+2nq+i. Columns: d_q → q; slack of map/shuffle row
// n+i → nq+i; artificial of job row k → 3nq+k and of period row i →
// 3nq+n+i; the slice column z(k, q, q') → zbase + (k·nq + q)·nq + q'.
// (kernel.zbase, kernel.zid; the artificials are kernel.artLo..artHi).

// fixedColumn fills r.col with the sparse column of id < zbase and
// returns its cost in the current phase.
func (r *Release) fixedColumn(id int) float64 {
	n, nq := r.n, r.nq
	r.ncol = 0
	add := r.add
	switch {
	case id < nq:
		add(n+id, -1)
		add(n+nq+id, -1)
		if r.prow[id] >= 0 {
			add(n+2*nq+r.prow[id], 1)
		}
		if r.phase == 2 {
			return r.w[id]
		}
		return 0
	case id < 3*nq:
		add(n+id-nq, 1)
		return 0
	case id < 3*nq+n:
		add(id-3*nq, 1)
		return r.artCost()
	}
	add(n+2*nq+id-3*nq-n, 1)
	return r.artCost()
}

// setPhase sets the phase and the costs of the columns below zbase:
// phase 1 costs 1 on the artificials, phase 2 w_q on d_q (and an
// artificial left basic at 0 must not grow).
func (r *Release) setPhase(phase int) {
	r.phase, r.holdArt = phase, phase == 2
	for id := range r.fcost {
		switch {
		case id < r.nq:
			r.fcost[id] = 0
			if phase == 2 {
				r.fcost[id] = r.w[id]
			}
		case id < 3*r.nq:
			r.fcost[id] = 0
		default:
			r.fcost[id] = r.artCost()
		}
	}
}

func (r *Release) artCost() float64 {
	if r.phase == 1 {
		return 1
	}
	return 0
}

func (r *Release) value(p orderlp.Plan) (float64, error) {
	r.setup(p)
	if r.n == 0 {
		r.Lower = 0
		return 0, nil
	}
	if r.scale == 0 {
		// No work: every job completes at the start of its period (the
		// sub-intervals have length 0 and the trailing ones fill the
		// periods).
		r.Lower = r.offset
		return r.offset, nil
	}
	v, lo, err := r.solve()
	if err != nil {
		return 0, err
	}
	r.Lower = lo*r.scale + r.offset
	return v*r.scale + r.offset, nil
}

// solve runs the two phases on the scaled LP and returns the certified
// primal value and dual bound of Σ_q w_q d_q.
func (r *Release) solve() (float64, float64, error) {
	n, nq, m := r.n, r.nq, r.m
	// Phase 1 starts from the identity basis: artificials on the job and
	// period rows, slacks on the capacity rows.
	clear(r.binv)
	for i := 0; i < m; i++ {
		r.binv[i*m+i] = 1
	}
	for k := 0; k < n; k++ {
		r.basic[k], r.xb[k] = 3*nq+k, 1
	}
	for i := 0; i < 2*nq; i++ {
		r.basic[n+i], r.xb[n+i] = nq+i, 0
	}
	rhs := float64(n)
	for i := 0; i < r.np; i++ {
		r.basic[n+2*nq+i], r.xb[n+2*nq+i] = 3*nq+n+i, r.plen[i]
		rhs += r.plen[i]
	}
	for _, id := range r.basic {
		r.isBas[id] = true
	}
	r.pivots, r.since = 0, 0
	r.setPhase(1)
	for retried := false; ; {
		if err := r.iterate(); err != nil {
			return 0, 0, err
		}
		inf := 0.0
		for i, id := range r.basic {
			if r.isArt(id) {
				inf += max(0, r.xb[i])
			}
		}
		if inf <= feasRel*rhs {
			break
		}
		if r.farkas() > feasRel*rhs {
			return 0, 0, orderlp.ErrInfeasible
		}
		if retried {
			return 0, 0, fmt.Errorf("%w: phase 1 ended at infeasibility %v without a certificate", ErrNumerical, inf)
		}
		retried = true
		if err := r.reinvert(); err != nil {
			return 0, 0, err
		}
	}
	r.setPhase(2)
	for retried := false; ; {
		if err := r.iterate(); err != nil {
			return 0, 0, err
		}
		v, lo := r.certify()
		if v-lo <= CertRel*max(1, math.Abs(v)) {
			return v, lo, nil
		}
		if retried {
			return 0, 0, fmt.Errorf("%w: primal %v, dual %v", ErrNumerical, v, lo)
		}
		retried = true
		if err := r.reinvert(); err != nil {
			return 0, 0, err
		}
	}
}

// iterate runs the kernel in the current phase until no column prices in.
func (r *Release) iterate() error {
	err := r.kernel.iterate()
	r.Pivots = r.pivots
	return err
}

// priceFixed prices d_q, the slacks and, in phase 1, the artificials.
func (r *Release) priceFixed(y []float64) {
	n, nq := r.n, r.nq
	for q := 0; q < nq; q++ {
		rc := y[n+q] + y[n+nq+q]
		if r.phase == 2 {
			rc += r.w[q]
		}
		if r.prow[q] >= 0 {
			rc -= y[n+2*nq+r.prow[q]]
		}
		r.consider(q, rc)
	}
	for i := 0; i < 2*nq; i++ {
		r.consider(nq+i, -y[n+i])
	}
	if r.phase == 1 {
		for k := 0; k < n; k++ {
			r.consider(3*nq+k, 1-y[k])
		}
		for i := 0; i < r.np; i++ {
			r.consider(3*nq+n+i, 1-y[n+2*nq+i])
		}
	}
}

// optimal ends the phase: solve checks feasibility or the certificate.
func (r *Release) optimal() (bool, error) { return true, nil }

// loads returns the map and shuffle loads (scaled) of each sub-interval and,
// per position, the job's map and shuffle fractions per sub-interval, from
// the basic slice columns clipped at 0 and renormalised per job (a job
// without basic slices works alone in its completion sub-interval).
func (r *Release) loads() (ml, sl []float64, fr [][2][]float64) {
	n, nq := r.n, r.nq
	ml, sl = make([]float64, nq), make([]float64, nq)
	fr = make([][2][]float64, n)
	sum := make([]float64, n)
	for k := range fr {
		fr[k] = [2][]float64{make([]float64, nq), make([]float64, nq)}
	}
	zb := r.zbase
	for i, id := range r.basic {
		if id < zb {
			continue
		}
		z := max(0, r.xb[i])
		if z == 0 {
			continue
		}
		c := id - zb
		q2 := c % nq
		c /= nq
		k, q := c/nq, c%nq
		fr[k][0][q] += z
		fr[k][1][q2] += z
		sum[k] += z
	}
	for k := 0; k < n; k++ {
		if sum[k] == 0 {
			fr[k][0][r.last[k]], fr[k][1][r.last[k]], sum[k] = 1, 1, 1
		}
		for q := 0; q < nq; q++ {
			fr[k][0][q] /= sum[k]
			fr[k][1][q] /= sum[k]
			ml[q] += r.px[k] * fr[k][0][q]
			sl[q] += r.py[k] * fr[k][1][q]
		}
	}
	return ml, sl, fr
}

// Ends returns the completion times C_1 ≤ … ≤ C_k (original units) by
// position of the schedule of the last solve (a sub-interval lasts as long
// as its larger load): the LP's completions, at which the job's work is
// done (a job whose work all lies in earlier sub-intervals is in fact done
// earlier).
func (r *Release) Ends() []float64 {
	c := make([]float64, r.n)
	if r.n == 0 {
		return c
	}
	if r.scale == 0 {
		for k := range c {
			c[k] = r.rho[r.subPer[r.endOf[k]]]
		}
		return c
	}
	ml, sl, _ := r.loads()
	t, k := 0.0, 0
	for q := 0; q < r.nq; q++ {
		if q == 0 || r.subPer[q] != r.subPer[q-1] {
			t = max(t, r.tau[r.subPer[q]])
		}
		t += max(ml[q], sl[q])
		for k < r.n && r.endOf[k] == q {
			c[k] = r.rho[0] + t*r.scale
			k++
		}
	}
	return c
}

// certify returns the value Σ_k w_k (C_k − ρ_l(k)) (scaled) of the schedule
// built from the cleaned slices — each sub-interval as long as its larger
// load, each period starting at its release time or when the previous one
// ends — and the dual bound of the clipped prices (docs/exact.md).
func (r *Release) certify() (float64, float64) {
	n, nq := r.n, r.nq
	ml, sl, _ := r.loads()
	primal, t := 0.0, 0.0
	k := 0
	for q := 0; q < nq; q++ {
		if q == 0 || r.subPer[q] != r.subPer[q-1] {
			t = max(t, r.tau[r.subPer[q]])
		}
		t += max(ml[q], sl[q])
		for k < n && r.endOf[k] == q {
			primal += r.in.Weight(r.jobs[k]) * (t - r.tau[r.subPer[q]])
			k++
		}
	}
	return primal, min(r.dualBound(2), primal)
}

// dualBound evaluates the dual objective of prices derived from the
// simplex duals: α_q, β_q ≥ 0 clipped from the capacity rows' duals, the
// period rows' prices π_i and the job rows' u_k set to their largest
// feasible values. Phase 2: π_i = min_{q in i} (w_q − α_q − β_q), and
// α_q + β_q ≤ w_q enforced by scaling in the last period (no row); any such
// prices give a lower bound on the LP (weak duality). Phase 1 (costs 1 on
// the artificials, 0 elsewhere): α_q = β_q = 0 in the last period,
// π_i = min(1, min_q (−α_q − β_q)), u_k ≤ 1; a positive value proves the
// plan infeasible (Farkas).
func (r *Release) dualBound(phase int) float64 {
	n, nq := r.n, r.nq
	y := r.dual
	al, be := make([]float64, nq), make([]float64, nq)
	pi := make([]float64, r.np)
	for i := range pi {
		pi[i] = math.Inf(1)
		if phase == 1 {
			pi[i] = 1
		}
	}
	for q := 0; q < nq; q++ {
		a, b := max(0, -y[n+q]), max(0, -y[n+nq+q])
		w := r.w[q]
		if phase == 1 {
			w = 0
		}
		if r.prow[q] < 0 {
			if a+b > w {
				if w == 0 {
					a, b = 0, 0
				} else {
					f := w / (a + b)
					a, b = a*f, b*f
				}
			}
		} else {
			pi[r.prow[q]] = min(pi[r.prow[q]], w-a-b)
		}
		al[q], be[q] = a, b
	}
	dual := 0.0
	for i, p := range pi {
		if math.IsInf(p, 1) {
			p = 0
		}
		dual += r.plen[i] * p
	}
	for k := 0; k < n; k++ {
		best, mina := math.Inf(1), math.Inf(1)
		for q2 := r.first[k]; q2 <= r.last[k]; q2++ {
			mina = min(mina, r.px[k]*al[q2])
			best = min(best, mina+r.py[k]*be[q2])
		}
		if phase == 1 {
			best = min(best, 1)
		}
		dual += best
	}
	return dual
}

// farkas is the phase-1 dual bound (> 0 proves infeasibility).
func (r *Release) farkas() float64 { return r.dualBound(1) }
