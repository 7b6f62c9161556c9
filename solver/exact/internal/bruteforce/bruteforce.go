// Package bruteforce is the test oracle of solver/exact: it enumerates every
// completion order and, with release dates, every interleaving of the
// completions with the distinct release times, and solves each fixed
// sequence by a linear program (objective Σ w_j (C_j − r_j); a job served
// only after its predecessors' completions) written independently of package orderlp
// (variables are per-event increments of the map and shuffle *fractions*,
// release times are explicit events) and solved by its own dense two-phase simplex with Bland's rule
// (simplex.go) instead of an engine. It is only
// meant for n ≤ 6 (batch) and n ≤ 5 (releases) and is used only by tests.
package bruteforce

import (
	"errors"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
)

// Event is one event of a sequence: a completion (Job ≥ 0) or the release
// time Rho[Release] (Job = −1).
type Event struct {
	Job     int
	Release int
}

// Result is the brute-force optimum.
type Result struct {
	Value    float64
	Sequence []Event
	LPs      int
}

func distinct(in *instances.Instance) []float64 {
	var rs []float64
	for _, j := range in.Jobs {
		rs = append(rs, j.Release)
	}
	sort.Float64s(rs)
	var out []float64
	for i, r := range rs {
		if i == 0 || r != rs[i-1] {
			out = append(out, r)
		}
	}
	return out
}

// SequenceValue solves the LP of one event sequence (every job completed
// once, release events in increasing order, each completion after its
// job's release event and after its predecessors' completion events; a job
// is served only after both). It returns +Inf when the LP is infeasible.
func SequenceValue(in *instances.Instance, rho []float64, seq []Event) (float64, error) {
	return sequenceValue(in, rho, seq, false)
}

// sequenceValue is SequenceValue; with due, each job with a deadline
// (instances.Job.HasDue) also completes by it: T_{compEvent[j]} ≤ d_j.
func sequenceValue(in *instances.Instance, rho []float64, seq []Event, due bool) (float64, error) {
	lp := newSeqLP(in, rho, seq)
	lp.releaseRows()
	lp.jobRows()
	lp.capacityRows()
	if due {
		lp.deadlineRows()
	}
	A, bvec := lp.standardForm()
	c, off := lp.objective(lp.ncol())
	opt, err := simplex(c, A, bvec)
	if errors.Is(err, errInfeasible) {
		return math.Inf(1), nil
	}
	if err != nil {
		return 0, err
	}
	return opt + off, nil
}

// lpRow is one constraint of a sequence LP: Σ val·x[ind] = rhs (eq) or
// ≤ rhs.
type lpRow struct {
	ind []int
	val []float64
	rhs float64
	eq  bool
}

// seqLP is the LP of one event sequence: its columns (interval lengths
// and the fractions of each job served in each interval) and its rows.
type seqLP struct {
	in         *instances.Instance
	rho        []float64
	seq        []Event
	relEvent   []int   // release event of each job
	compEvent  []int   // completion event of each job
	startAfter []int   // event after which each job may be served
	delta      []int   // column of the length of the interval ending at each event
	u, v       [][]int // column of job j's map (shuffle) fraction in interval e, −1: none
	col        int     // structural columns
	rows       []lpRow
}

// newSeqLP locates each job's release and completion events and numbers
// the columns: delta_e (e = 0..E−1, length of the interval ending at
// event e, the first starting at time 0), u_je, v_je for
// startAfter[j] < e ≤ compEvent[j].
func newSeqLP(in *instances.Instance, rho []float64, seq []Event) *seqLP {
	n := in.N()
	E := len(seq)
	lp := &seqLP{in: in, rho: rho, seq: seq, relEvent: make([]int, n), compEvent: make([]int, n)}
	for e, ev := range seq {
		if ev.Job >= 0 {
			lp.compEvent[ev.Job] = e
		}
	}
	for j, jb := range in.Jobs {
		l := sort.SearchFloat64s(rho, jb.Release)
		for e, ev := range seq {
			if ev.Job < 0 && ev.Release == l {
				lp.relEvent[j] = e
			}
		}
	}
	lp.delta = make([]int, E)
	for e := range lp.delta {
		lp.delta[e] = lp.col
		lp.col++
	}
	// A job's first event of service follows its release event and the
	// completion events of its predecessors (instances.Job.After).
	lp.startAfter = make([]int, n)
	for j, jb := range in.Jobs {
		lp.startAfter[j] = lp.relEvent[j]
		for _, i := range jb.After {
			lp.startAfter[j] = max(lp.startAfter[j], lp.compEvent[i])
		}
	}
	lp.u = make([][]int, n)
	lp.v = make([][]int, n)
	for j := range lp.u {
		lp.u[j], lp.v[j] = make([]int, E), make([]int, E)
		for e := range lp.u[j] {
			lp.u[j][e], lp.v[j][e] = -1, -1
			if e > lp.startAfter[j] && e <= lp.compEvent[j] {
				if in.Jobs[j].Map > 0 {
					lp.u[j][e] = lp.col
					lp.col++
				}
				if in.Jobs[j].Shuffle > 0 {
					lp.v[j][e] = lp.col
					lp.col++
				}
			}
		}
	}
	return lp
}

// releaseRows places the release events at their times:
// Σ_{e'≤e} delta_e' = ρ.
func (lp *seqLP) releaseRows() {
	for e, ev := range lp.seq {
		if ev.Job >= 0 {
			continue
		}
		r := lpRow{rhs: lp.rho[ev.Release], eq: true}
		for e2 := 0; e2 <= e; e2++ {
			r.ind = append(r.ind, lp.delta[e2])
			r.val = append(r.val, 1)
		}
		lp.rows = append(lp.rows, r)
	}
}

// jobRows makes each job's map and shuffle fractions sum to 1 and keeps
// the shuffle fraction never ahead of the map fraction.
func (lp *seqLP) jobRows() {
	u, v, startAfter, compEvent := lp.u, lp.v, lp.startAfter, lp.compEvent
	for j, jb := range lp.in.Jobs {
		// Fractions sum to 1.
		for s, cols := range [2][]int{u[j], v[j]} {
			size := jb.Map
			if s == 1 {
				size = jb.Shuffle
			}
			if size == 0 {
				continue
			}
			r := lpRow{rhs: 1, eq: true}
			for _, c := range cols {
				if c >= 0 {
					r.ind = append(r.ind, c)
					r.val = append(r.val, 1)
				}
			}
			lp.rows = append(lp.rows, r)
		}
		// Shuffle fraction never ahead of the map fraction.
		if jb.Map > 0 && jb.Shuffle > 0 {
			for e := startAfter[j] + 1; e < compEvent[j]; e++ {
				r := lpRow{}
				for e2 := startAfter[j] + 1; e2 <= e; e2++ {
					r.ind = append(r.ind, v[j][e2], u[j][e2])
					r.val = append(r.val, 1, -1)
				}
				lp.rows = append(lp.rows, r)
			}
		}
	}
}

// capacityRows bounds each interval's work by the capacities:
// Σ x_j u_je ≤ μ_m delta_e (and likewise for the shuffle).
func (lp *seqLP) capacityRows() {
	in := lp.in
	for e := range lp.delta {
		for s := 0; s < 2; s++ {
			r := lpRow{ind: []int{lp.delta[e]}, val: []float64{-in.MapCapacity}}
			if s == 1 {
				r.val[0] = -in.ShuffleCapacity
			}
			for j, jb := range in.Jobs {
				c, size := lp.u[j][e], jb.Map
				if s == 1 {
					c, size = lp.v[j][e], jb.Shuffle
				}
				if c >= 0 {
					r.ind = append(r.ind, c)
					r.val = append(r.val, size)
				}
			}
			if len(r.ind) > 1 {
				lp.rows = append(lp.rows, r)
			}
		}
	}
}

// deadlineRows completes each job with a deadline by it:
// Σ_{e ≤ compEvent[j]} delta_e ≤ d_j.
func (lp *seqLP) deadlineRows() {
	for j, jb := range lp.in.Jobs {
		if !jb.HasDue {
			continue
		}
		r := lpRow{rhs: jb.Due}
		for e := 0; e <= lp.compEvent[j]; e++ {
			r.ind = append(r.ind, lp.delta[e])
			r.val = append(r.val, 1)
		}
		lp.rows = append(lp.rows, r)
	}
}

// ncol returns the number of columns in standard form: the structural
// columns and a slack per inequality.
func (lp *seqLP) ncol() int {
	nslack := 0
	for _, r := range lp.rows {
		if !r.eq {
			nslack++
		}
	}
	return lp.col + nslack
}

// standardForm returns the rows as A x = b with a slack per inequality.
func (lp *seqLP) standardForm() (A [][]float64, bvec []float64) {
	ncol := lp.ncol()
	A = make([][]float64, len(lp.rows))
	bvec = make([]float64, len(lp.rows))
	sl := lp.col
	for i, r := range lp.rows {
		A[i] = make([]float64, ncol)
		for k, c := range r.ind {
			A[i][c] = r.val[k]
		}
		bvec[i] = r.rhs
		if !r.eq {
			A[i][sl] = 1
			sl++
		}
	}
	return A, bvec
}

// objective returns the cost vector over ncol columns and the constant
// offset of Σ_j w_j (T_{compEvent[j]} − r_j), T_e = Σ_{e'≤e} delta_e'.
func (lp *seqLP) objective(ncol int) (c []float64, off float64) {
	c = make([]float64, ncol)
	for j, jb := range lp.in.Jobs {
		w := lp.in.Weight(j)
		for e := 0; e <= lp.compEvent[j]; e++ {
			c[lp.delta[e]] += w
		}
		off -= w * jb.Release
	}
	return c, off
}

// Solve enumerates every completion order that completes each job after
// its predecessors (instances.Job.After; every linear extension of the
// dependencies) and every interleaving, and returns the best value of
// Σ w_j (C_j − r_j).
func Solve(in *instances.Instance) (Result, error) {
	return solve(in, nil, false)
}

// SolveDeadlines is Solve with every job that has a deadline completing by
// it (C_j ≤ d_j); Value is +Inf when no sequence meets the deadlines.
func SolveDeadlines(in *instances.Instance) (Result, error) {
	return solve(in, nil, true)
}

func solve(in *instances.Instance, preds []uint64, due bool) (Result, error) {
	n := in.N()
	if in.HasDependencies() {
		all := make([]uint64, n)
		for j, jb := range in.Jobs {
			if preds != nil {
				all[j] = preds[j]
			}
			for _, i := range jb.After {
				all[j] |= 1 << i
			}
		}
		preds = all
	}
	rho := distinct(in)
	relOf := make([]int, n)
	for j, jb := range in.Jobs {
		relOf[j] = sort.SearchFloat64s(rho, jb.Release)
	}
	best := Result{Value: math.Inf(1)}
	seq := make([]Event, 0, n+len(rho))
	used := make([]bool, n)
	var doneMask uint64
	var firstErr error
	var rec func(nextRel, done int)
	rec = func(nextRel, done int) {
		if firstErr != nil {
			return
		}
		if done == n && nextRel == len(rho) {
			val, err := sequenceValue(in, rho, seq, due)
			best.LPs++
			if err != nil {
				firstErr = err
				return
			}
			if val < best.Value {
				best.Value = val
				best.Sequence = append([]Event(nil), seq...)
			}
			return
		}
		if nextRel < len(rho) {
			seq = append(seq, Event{Job: -1, Release: nextRel})
			rec(nextRel+1, done)
			seq = seq[:len(seq)-1]
		}
		for j := 0; j < n; j++ {
			if used[j] || relOf[j] >= nextRel {
				continue // not released yet (its release event is ahead)
			}
			if preds != nil && preds[j]&^doneMask != 0 {
				continue // a required predecessor is not complete
			}
			used[j] = true
			doneMask |= 1 << j
			seq = append(seq, Event{Job: j, Release: -1})
			rec(nextRel, done+1)
			seq = seq[:len(seq)-1]
			used[j] = false
			doneMask &^= 1 << j
		}
	}
	rec(0, 0)
	if firstErr != nil {
		return best, firstErr
	}
	return best, nil
}

// SolveRestricted is Solve over the sequences in which every job j
// completes after all jobs of the bit mask preds[j] (n ≤ 64), in addition
// to its predecessors: the oracle
// of the dominance rules of package dominance.
func SolveRestricted(in *instances.Instance, preds []uint64) (Result, error) {
	return solve(in, preds, false)
}

// Extensions returns the number of linear extensions of in's dependencies
// (the completion orders the brute force enumerates), by a DP over job
// sets.
func Extensions(in *instances.Instance) int {
	n := in.N()
	pred := make([]uint, n)
	for j, jb := range in.Jobs {
		for _, i := range jb.After {
			pred[j] |= 1 << i
		}
	}
	cnt := make([]int, 1<<n)
	cnt[0] = 1
	for S := 0; S < 1<<n; S++ {
		if cnt[S] == 0 {
			continue
		}
		for j := 0; j < n; j++ {
			if S&(1<<j) == 0 && pred[j]&^uint(S) == 0 {
				cnt[S|1<<j] += cnt[S]
			}
		}
	}
	return cnt[1<<n-1]
}
