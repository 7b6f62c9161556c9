package orderlp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
)

// Sentinel errors.
var (
	ErrPlan   = errors.New("orderlp: invalid plan")
	ErrSolver = errors.New("orderlp: the LP engine did not return an optimum")
	// ErrInfeasible: no schedule follows the plan (possible with release
	// periods: a completion placed in a period too short for it).
	ErrInfeasible = errors.New("orderlp: the plan is infeasible")
	// ErrTimeLimit is wrapped (with ErrSolver) when the engine stopped at a
	// time or interruption limit before proving the LP optimum.
	ErrTimeLimit = errors.New("orderlp: the LP engine stopped at a time limit")
)

// statusErr is the error of a non-optimal engine status.
func statusErr(st mip.Status) error {
	if st == mip.TimeLimit || st == mip.Interrupted {
		return fmt.Errorf("%w: status %v: %w", ErrSolver, st, ErrTimeLimit)
	}
	return fmt.Errorf("%w: status %v", ErrSolver, st)
}

// Periods returns the distinct release times in increasing order and, for
// each job, the index of its release period.
func Periods(in *instances.Instance) (rho []float64, period []int) {
	rs := make([]float64, 0, in.N())
	for _, j := range in.Jobs {
		rs = append(rs, j.Release)
	}
	sort.Float64s(rs)
	for i, r := range rs {
		if i == 0 || r != rs[i-1] {
			rho = append(rho, r)
		}
	}
	period = make([]int, in.N())
	for i, j := range in.Jobs {
		period[i] = sort.SearchFloat64s(rho, j.Release)
	}
	return rho, period
}

// Plan is a completion order with, for each position, the release period in
// which that completion happens (all 0 for a batch).
type Plan struct {
	Order  []int
	Period []int
}

// BatchPlan returns the plan of a completion order for a batch instance.
func BatchPlan(order []int) Plan {
	return Plan{Order: append([]int(nil), order...), Period: make([]int, len(order))}
}

// Check reports whether p is a valid plan for in: a permutation, periods
// non-decreasing, each completion in or after its job's release period, and
// the last period holding at least one completion when it is not the first,
// and every job after each of its predecessors (CheckPrecedence).
func (p Plan) Check(in *instances.Instance) error {
	n := in.N()
	rho, rel := Periods(in)
	if len(p.Order) != n || len(p.Period) != n {
		return fmt.Errorf("%w: order has %d entries and periods %d for %d jobs", ErrPlan, len(p.Order), len(p.Period), n)
	}
	seen := make([]bool, n)
	for k, j := range p.Order {
		if j < 0 || j >= n || seen[j] {
			return fmt.Errorf("%w: order[%d] = %d is not a new job index in [0, %d)", ErrPlan, k, j, n)
		}
		seen[j] = true
		l := p.Period[k]
		if l < 0 || l >= len(rho) {
			return fmt.Errorf("%w: period[%d] = %d out of range [0, %d)", ErrPlan, k, l, len(rho))
		}
		if k > 0 && l < p.Period[k-1] {
			return fmt.Errorf("%w: period[%d] = %d < period[%d] = %d", ErrPlan, k, l, k-1, p.Period[k-1])
		}
		if l < rel[j] {
			return fmt.Errorf("%w: job %s completes in period %d before its release period %d", ErrPlan, in.Jobs[j].ID, l, rel[j])
		}
	}
	return CheckPrecedence(in, p.Order)
}

// CheckPrecedence reports whether order (job indices, possibly a prefix or
// a subset of the jobs) places every job after each of its predecessors
// (instances.Job.After) that it lists: a successor receives no service
// before its predecessor completes and needs positive time for its own
// work, so it completes strictly later. Predecessors absent from order
// are not checked.
func CheckPrecedence(in *instances.Instance, order []int) error {
	if !in.HasDependencies() {
		return nil
	}
	pos := make([]int, in.N())
	for j := range pos {
		pos[j] = -1
	}
	for k, j := range order {
		if j >= 0 && j < len(pos) {
			pos[j] = k
		}
	}
	for k, j := range order {
		if j < 0 || j >= len(pos) {
			continue
		}
		for _, i := range in.Jobs[j].After {
			if pos[i] > k {
				return fmt.Errorf("%w: job %s at position %d completes before its predecessor %s at position %d", ErrPlan, in.Jobs[j].ID, k, in.Jobs[i].ID, pos[i])
			}
		}
	}
	return nil
}

// PredEnd returns, for each job, the largest index in ends of its
// predecessors' entries (ends[i] is the sub-interval or position at whose
// end job i completes, −1 for a job absent from the plan), or −1 when it
// has none: the job may be served only in sub-intervals after it.
func PredEnd(in *instances.Instance, ends []int) []int {
	pe := make([]int, in.N())
	for j, jb := range in.Jobs {
		pe[j] = -1
		for _, i := range jb.After {
			pe[j] = max(pe[j], ends[i])
		}
	}
	return pe
}

// LP is the built linear program of a plan, with the column maps needed to
// read a solution back.
type LP struct {
	Model *mip.Model
	Plan  Plan
	// Sub-intervals in time order.
	SubPeriod []int   // period of sub-interval q
	D         []int   // column of d_q
	A, B      [][]int // A[j][q], B[j][q]: column of a_jq / b_jq, −1 if absent
	EndOf     []int   // EndOf[k]: sub-interval ending at the k-th completion
	EndJob    []int   // EndJob[j]: sub-interval ending at job j's completion
	Rho       []float64
	in        *instances.Instance
}

// Build returns the LP of plan p (see the package comment).
func Build(in *instances.Instance, p Plan) (*LP, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := p.Check(in); err != nil {
		return nil, err
	}
	n := in.N()
	rho, rel := Periods(in)
	lp := &LP{Model: &mip.Model{Name: "orderlp"}, Plan: p, Rho: rho, in: in}
	m := lp.Model
	// Sub-intervals.
	lp.EndOf = make([]int, n)
	k := 0
	for l := range rho {
		for k < n && p.Period[k] == l {
			lp.EndOf[k] = len(lp.SubPeriod)
			lp.SubPeriod = append(lp.SubPeriod, l)
			k++
		}
		if l < len(rho)-1 {
			lp.SubPeriod = append(lp.SubPeriod, l)
		}
	}
	nq := len(lp.SubPeriod)
	endJob := make([]int, n)
	for k, j := range p.Order {
		endJob[j] = lp.EndOf[k]
	}
	lp.EndJob = endJob
	// d_q with objective weight = total weight of the completions in the
	// same period at or after q (their number when every weight is 1).
	lp.D = make([]int, nq)
	offset := 0.0
	for q := 0; q < nq; q++ {
		w := 0.0
		for k, j := range p.Order {
			if p.Period[k] == lp.SubPeriod[q] && lp.EndOf[k] >= q {
				w += in.Weight(j)
			}
		}
		lp.D[q] = m.AddVar(fmt.Sprintf("d%d", q), mip.Continuous, 0, math.Inf(1), w)
	}
	for k, j := range p.Order {
		offset += in.Weight(j) * rho[p.Period[k]]
	}
	for j, jb := range in.Jobs {
		offset -= in.Weight(j) * jb.Release
	}
	m.Offset = offset
	predEnd := PredEnd(in, endJob)
	lp.A, lp.B = make([][]int, n), make([][]int, n)
	for j, jb := range in.Jobs {
		lp.A[j], lp.B[j] = make([]int, nq), make([]int, nq)
		for q := 0; q < nq; q++ {
			lp.A[j][q], lp.B[j][q] = -1, -1
			if lp.SubPeriod[q] < rel[j] || q > endJob[j] || q <= predEnd[j] {
				continue
			}
			if jb.Map > 0 {
				lp.A[j][q] = m.AddVar(fmt.Sprintf("a_%d_%d", j, q), mip.Continuous, 0, math.Inf(1), 0)
			}
			if jb.Shuffle > 0 {
				lp.B[j][q] = m.AddVar(fmt.Sprintf("b_%d_%d", j, q), mip.Continuous, 0, math.Inf(1), 0)
			}
		}
	}
	// Period lengths.
	for l := 0; l+1 < len(rho); l++ {
		var ind []int
		var val []float64
		for q := 0; q < nq; q++ {
			if lp.SubPeriod[q] == l {
				ind = append(ind, lp.D[q])
				val = append(val, 1)
			}
		}
		m.AddRow(fmt.Sprintf("period%d", l), rho[l+1]-rho[l], rho[l+1]-rho[l], ind, val)
	}
	AddWorkRows(in, m, lp.D, lp.A, lp.B, nil, func(j int) int { return endJob[j] })
	return lp, nil
}

// AddWorkRows adds the rows shared by the fixed-order LP and the exact MIPs
// (package mipform) over intervals q with length columns d[q] and work
// columns a[j][q], b[j][q] (−1: the job gets no work in q):
//
//   - capacities: Σ_j a[j][q] ≤ μ_m·d[q] and Σ_j b[j][q] ≤ μ_c·d[q];
//   - totals: Σ_q a[j][q] = x_j and Σ_q b[j][q] = y_j (for non-zero sizes);
//   - progress at interval ends: Σ_{q'≤q} b[j][q']/y_j ≤ Σ_{q'≤q} a[j][q']/x_j
//     for q < last(j) and active(j, q) (active nil: every interval), which is
//     enough because rates are constant inside an interval.
func AddWorkRows(in *instances.Instance, m *mip.Model, d []int, a, b [][]int, active func(j, q int) bool, last func(j int) int) {
	for q := range d {
		for s, cols := range [2][][]int{a, b} {
			capy, name := in.MapCapacity, "mapcap"
			if s == 1 {
				capy, name = in.ShuffleCapacity, "shufcap"
			}
			ind := []int{d[q]}
			val := []float64{-capy}
			for j := range in.Jobs {
				if c := cols[j][q]; c >= 0 {
					ind = append(ind, c)
					val = append(val, 1)
				}
			}
			if len(ind) > 1 {
				m.AddRow(fmt.Sprintf("%s%d", name, q), math.Inf(-1), 0, ind, val)
			}
		}
	}
	for j, jb := range in.Jobs {
		for s, cols := range [2][]int{a[j], b[j]} {
			size, name := jb.Map, "maptot"
			if s == 1 {
				size, name = jb.Shuffle, "shuftot"
			}
			if size == 0 {
				continue
			}
			var ind []int
			var val []float64
			for _, c := range cols {
				if c >= 0 {
					ind = append(ind, c)
					val = append(val, 1)
				}
			}
			m.AddRow(fmt.Sprintf("%s%d", name, j), size, size, ind, val)
		}
		if jb.Map == 0 || jb.Shuffle == 0 {
			continue
		}
		var ind []int
		var val []float64
		for q := 0; q < last(j); q++ {
			if (active != nil && !active(j, q)) || a[j][q] < 0 {
				continue
			}
			ind = append(ind, b[j][q], a[j][q])
			val = append(val, 1/jb.Shuffle, -1/jb.Map)
			m.AddRow(fmt.Sprintf("prog%d_%d", j, q), math.Inf(-1), 0, append([]int(nil), ind...), append([]float64(nil), val...))
		}
	}
}

// Result is the outcome of a fixed-plan solve.
type Result struct {
	Plan    Plan
	LPValue float64 // the LP optimum (engine value)
	// Total is Σ w_j (C_j − r_j) of Schedule (instances.Instance.
	// WeightedResponse: Σ (C_j − r_j) bit for bit when every weight is 1).
	Total    float64
	Schedule *schedule.Schedule
	// OrderKept: Schedule completes the jobs in the plan's order (set by
	// SolveOrder; Solve leaves it false).
	OrderKept bool
}

// Solve builds and solves the LP of plan p with eng and returns the repaired
// schedule.
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, p Plan) (*Result, error) {
	lp, res, err := solveLP(ctx, eng, in, p)
	if err != nil {
		return nil, err
	}
	s := lp.Decode(res.X)
	return &Result{Plan: p, LPValue: res.Objective, Total: in.WeightedResponse(s.Completion), Schedule: s}, nil
}

// solveLP builds the LP of plan p and solves it with eng to optimality:
// ErrInfeasible, or a status error, when it is not solved.
func solveLP(ctx context.Context, eng mip.Engine, in *instances.Instance, p Plan) (*LP, mip.Result, error) {
	lp, err := Build(in, p)
	if err != nil {
		return nil, mip.Result{}, err
	}
	res, err := eng.Solve(ctx, lp.Model, mip.Options{})
	if err != nil {
		return nil, res, fmt.Errorf("orderlp: %s: %w", eng.Name(), err)
	}
	if res.Status == mip.Infeasible {
		return nil, res, ErrInfeasible
	}
	if res.Status != mip.Optimal || !res.HasSolution {
		return nil, res, statusErr(res.Status)
	}
	return lp, res, nil
}

// SolveOrder is Solve for a user's fixed completion order: the returned
// schedule completes the jobs in the order of p (C_π(1) ≤ C_π(2) ≤ …, by
// the validator's completion rule) with total response equal to the LP
// optimum, which is the infimum over such schedules (package comment).
// Solve may return a schedule in which a job finishes its work before its
// planned completion, i.e. a better schedule of another order; SolveOrder
// re-solves the LP with the optimum's interval lengths fixed, maximising
// the least share of its work each job does in its last interval, so that
// every job works until its planned completion. Result.OrderKept reports
// whether that succeeded (it can fail only when an interval is saturated
// by other jobs' work; the infimum is then not attained).
func SolveOrder(ctx context.Context, eng mip.Engine, in *instances.Instance, p Plan) (*Result, error) {
	lp, res, err := solveLP(ctx, eng, in, p)
	if err != nil {
		return nil, err
	}
	x := res.X
	if keep, ok := lp.keepOrderModel(res.X); ok {
		if r2, err := eng.Solve(ctx, keep, mip.Options{}); err == nil && r2.Status == mip.Optimal && r2.HasSolution && r2.Objective > 0 {
			x = r2.X[:len(res.X)]
		}
	}
	s := lp.Decode(x)
	return &Result{Plan: p, LPValue: res.Objective, Total: in.WeightedResponse(s.Completion), Schedule: s, OrderKept: lp.keeps(s)}, nil
}

// keepOrderModel returns the second-phase LP of SolveOrder: the columns of
// lp with every d_q fixed to its value in x, a new column s ∈ [0, 1]
// maximised, and for each job j the row s ≤ a_jp/x_j + b_jp/y_j for the
// last interval p of positive length in which j may work. ok is false when
// there is nothing to do.
func (lp *LP) keepOrderModel(x []float64) (*mip.Model, bool) {
	in := lp.in
	m := &mip.Model{Name: "orderlp-keep", Sense: mip.Maximize, Rows: lp.Model.Rows}
	m.Vars = make([]mip.Var, len(lp.Model.Vars))
	copy(m.Vars, lp.Model.Vars)
	for j := range m.Vars {
		m.Vars[j].Obj = 0
	}
	for _, c := range lp.D {
		m.Vars[c].Lower, m.Vars[c].Upper = x[c], x[c]
	}
	sc := m.AddVar("s", mip.Continuous, 0, 1, 1)
	rows := 0
	m.Rows = append([]mip.Row(nil), m.Rows...)
	for j, jb := range in.Jobs {
		for q := lp.EndJob[j]; q >= 0; q-- {
			if tolerance.Zero(x[lp.D[q]]) || (lp.A[j][q] < 0 && lp.B[j][q] < 0) {
				continue
			}
			ind, val := []int{sc}, []float64{1}
			if c := lp.A[j][q]; c >= 0 {
				ind, val = append(ind, c), append(val, -1/jb.Map)
			}
			if c := lp.B[j][q]; c >= 0 {
				ind, val = append(ind, c), append(val, -1/jb.Shuffle)
			}
			m.AddRow(fmt.Sprintf("keep%d", j), math.Inf(-1), 0, ind, val)
			rows++
			break
		}
	}
	return m, rows > 0
}

// keeps reports whether schedule s completes the jobs in the plan's order.
func (lp *LP) keeps(s *schedule.Schedule) bool {
	for k := 1; k < len(lp.Plan.Order); k++ {
		if !tolerance.LE(s.Completion[lp.Plan.Order[k-1]], s.Completion[lp.Plan.Order[k]]) {
			return false
		}
	}
	return true
}

// Value solves the LP of p and returns only its optimum (no schedule).
func Value(ctx context.Context, eng mip.Engine, in *instances.Instance, p Plan) (float64, error) {
	lp, err := Build(in, p)
	if err != nil {
		return 0, err
	}
	res, err := eng.Solve(ctx, lp.Model, mip.Options{})
	if err != nil {
		return 0, fmt.Errorf("orderlp: %s: %w", eng.Name(), err)
	}
	if res.Status == mip.Infeasible {
		return math.Inf(1), ErrInfeasible
	}
	if res.Status != mip.Optimal {
		return 0, statusErr(res.Status)
	}
	return res.Objective, nil
}

// Decode turns an LP solution x into a schedule (see the package comment
// for the repair of engine tolerances).
func (lp *LP) Decode(x []float64) *schedule.Schedule {
	in := lp.in
	n, nq := in.N(), len(lp.SubPeriod)
	get := func(c int) float64 {
		if c < 0 {
			return 0
		}
		return math.Max(0, x[c])
	}
	work := make([][2][]float64, n) // [j][station][q]
	for j, jb := range in.Jobs {
		for s, cols := range [2][]int{lp.A[j], lp.B[j]} {
			size := [2]float64{jb.Map, jb.Shuffle}[s] // the station's work
			w := make([]float64, nq)
			if size > 0 {
				tot := 0.0
				for q := range w {
					w[q] = get(cols[q])
					tot += w[q]
				}
				// Exact totals: scale the job's work (tot > 0 because the
				// total row holds within the engine tolerance).
				if tot > 0 {
					for q := range w {
						w[q] *= size / tot
					}
				} else {
					w[lp.EndJob[j]] = size
				}
			}
			work[j][s] = w
		}
		// Progress: cumulative shuffle fraction ≤ cumulative map fraction.
		if jb.Map > 0 && jb.Shuffle > 0 {
			cu, cv := 0.0, 0.0
			prevV := 0.0
			for q := 0; q <= lp.EndJob[j]; q++ {
				cu += work[j][0][q] / jb.Map
				cv += work[j][1][q] / jb.Shuffle
				u := math.Min(cu, 1)
				v := math.Min(cv, u)
				if q == lp.EndJob[j] {
					v = 1
				}
				work[j][1][q] = math.Max(0, v-prevV) * jb.Shuffle
				prevV = math.Max(prevV, v)
			}
		}
	}
	// Times: periods start at their release time; a sub-interval lasts at
	// least its LP length and long enough for its loads at full capacity.
	s := &schedule.Schedule{Completion: make([]float64, n)}
	t := 0.0
	for q := 0; q < nq; q++ {
		l := lp.SubPeriod[q]
		if q == 0 || lp.SubPeriod[q-1] != l {
			t = math.Max(t, lp.Rho[l])
		}
		sm, ss := 0.0, 0.0
		for j := 0; j < n; j++ {
			sm += work[j][0][q]
			ss += work[j][1][q]
		}
		dq := get(lp.D[q])
		// Trailing sub-intervals may shrink; the next period restarts at ρ.
		dq = math.Max(dq, math.Max(sm/in.MapCapacity, ss/in.ShuffleCapacity))
		seg := schedule.Segment{Start: t, End: t + dq}
		if dq > 0 {
			for j := 0; j < n; j++ {
				if work[j][0][q] > 0 || work[j][1][q] > 0 {
					seg.Rates = append(seg.Rates, schedule.Rate{Job: j, Map: work[j][0][q] / dq, Shuffle: work[j][1][q] / dq})
				}
			}
			s.Segments = append(s.Segments, seg)
		}
		t += dq
	}
	s.Completion = Completions(in, s)
	return s
}

// Completions computes each job's completion time from the segments by the
// validator's rule: the earliest instant at which both its map and shuffle
// totals are reached (within tolerance), in the first segment where they are.
func Completions(in *instances.Instance, s *schedule.Schedule) []float64 {
	n := in.N()
	dm, ds := make([]float64, n), make([]float64, n)
	c := make([]float64, n)
	for j := range c {
		c[j] = math.NaN()
	}
	for _, seg := range s.Segments {
		dt := seg.End - seg.Start
		for _, r := range seg.Rates {
			j, jb := r.Job, in.Jobs[r.Job]
			m0, s0 := dm[j], ds[j]
			dm[j] += math.Max(r.Map, 0) * dt
			ds[j] += math.Max(r.Shuffle, 0) * dt
			if math.IsNaN(c[j]) && tolerance.GE(dm[j], jb.Map) && tolerance.GE(ds[j], jb.Shuffle) {
				t := seg.Start
				if rm := jb.Map - m0; rm > 0 && r.Map > 0 {
					t = math.Max(t, seg.Start+rm/r.Map)
				}
				if rs := jb.Shuffle - s0; rs > 0 && r.Shuffle > 0 {
					t = math.Max(t, seg.Start+rs/r.Shuffle)
				}
				c[j] = math.Min(t, seg.End)
			}
		}
	}
	return c
}

// PlanFromCompletions returns the plan of a schedule's completion times:
// jobs by completion time (ties by index), each placed in the release
// period that contains its completion (a completion at a release time in
// the earlier period, but never before the job's own release period).
func PlanFromCompletions(in *instances.Instance, c []float64) Plan {
	n := in.N()
	rho, rel := Periods(in)
	order := make([]int, n)
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(a, b int) bool { return c[order[a]] < c[order[b]] })
	p := Plan{Order: order, Period: make([]int, n)}
	prev := 0
	for k, j := range order {
		l := sort.SearchFloat64s(rho, c[j]) - 1 // largest l with ρ_l < c
		if l < 0 {
			l = 0
		}
		l = max(l, rel[j], prev)
		p.Period[k] = l
		prev = l
	}
	return p
}
