package mipform

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/mip"
)

// ErrTooLarge is wrapped by LPRelaxation's error for a model above
// MaxExportNonzeros, refused before it is built.
var ErrTooLarge = errors.New("mipform: model too large")

// ErrDecode is returned when a MIP solution does not decode to a plan.
var ErrDecode = errors.New("mipform: the MIP solution does not decode to a completion plan")

// Formulation is a built MIP with the maps needed to decode a solution.
type Formulation struct {
	Model *mip.Model
	Batch bool
	// Slots: sub-intervals that can end with a completion, in time order.
	SlotPeriod []int   // period of slot s
	Z          [][]int // Z[j][s]: column of z_js, −1 when absent
	// H is the makespan bound used by the big-M constants (release MIP).
	H float64
	// D holds the columns of the interval lengths d_k of the batch MIP
	// (the k-th completion is at Σ_{k' ≤ k} d_k'); nil for the release MIP.
	D  []int
	in *instances.Instance
}

// Build returns the batch MIP when every release is 0 (or when forceRelease
// is false and the instance is a batch), and the release-date MIP
// otherwise; forceRelease builds the release-date MIP even for a batch.
func Build(in *instances.Instance, forceRelease bool) (*Formulation, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if in.IsBatch() && !forceRelease {
		return buildBatch(in), nil
	}
	return buildRelease(in), nil
}

func prefixSums(v []float64) []float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	for k := 1; k < len(s); k++ {
		s[k] += s[k-1]
	}
	return s
}

func buildBatch(in *instances.Instance) *Formulation {
	n := in.N()
	m := &mip.Model{Name: "tandem_batch"}
	f := &Formulation{Model: m, Batch: true, SlotPeriod: make([]int, n), in: in}
	weighted := in.HasWeights()
	d := make([]int, n)
	for k := range d {
		obj := float64(n - k)
		if weighted {
			obj = 0 // the weighted objective is on the C_j below
		}
		d[k] = m.AddVar(fmt.Sprintf("d%d", k), mip.Continuous, 0, math.Inf(1), obj)
	}
	f.Z = make([][]int, n)
	a, b := make([][]int, n), make([][]int, n)
	for j, jb := range in.Jobs {
		f.Z[j], a[j], b[j] = make([]int, n), make([]int, n), make([]int, n)
		for k := 0; k < n; k++ {
			f.Z[j][k] = m.AddVar(fmt.Sprintf("z_%d_%d", j, k), mip.Binary, 0, 1, 0)
			a[j][k], b[j][k] = -1, -1
			if jb.Map > 0 {
				a[j][k] = m.AddVar(fmt.Sprintf("a_%d_%d", j, k), mip.Continuous, 0, jb.Map, 0)
			}
			if jb.Shuffle > 0 {
				b[j][k] = m.AddVar(fmt.Sprintf("b_%d_%d", j, k), mip.Continuous, 0, jb.Shuffle, 0)
			}
		}
	}
	// Assignment.
	for j := 0; j < n; j++ {
		ind, val := make([]int, n), make([]float64, n)
		for k := 0; k < n; k++ {
			ind[k], val[k] = f.Z[j][k], 1
		}
		m.AddRow(fmt.Sprintf("job%d", j), 1, 1, ind, val)
	}
	for k := 0; k < n; k++ {
		ind, val := make([]int, n), make([]float64, n)
		for j := 0; j < n; j++ {
			ind[j], val[j] = f.Z[j][k], 1
		}
		m.AddRow(fmt.Sprintf("pos%d", k), 1, 1, ind, val)
	}
	orderlp.AddWorkRows(in, m, d, a, b, nil, func(j int) int { return n - 1 })
	addTieRows(in, m, f.Z)
	seq := make([]int, n) // position k is sub-interval k
	for k := range seq {
		seq[k] = k
	}
	addPrecedenceRows(in, m, f.Z, seq, a, b)
	f.D = d
	if weighted {
		addWeightedCompletions(in, m, f.Z, d, Horizon(in))
	}
	// Links: no work after the job's position (big-M x_j, y_j).
	for j, jb := range in.Jobs {
		for k := 1; k < n; k++ {
			for s, cols := range [2][]int{a[j], b[j]} {
				size := [2]float64{jb.Map, jb.Shuffle}[s] // the station's work
				if cols[k] < 0 {
					continue
				}
				ind := []int{cols[k]}
				val := []float64{1}
				for k2 := 0; k2 < k; k2++ {
					ind = append(ind, f.Z[j][k2])
					val = append(val, size)
				}
				m.AddRow(fmt.Sprintf("link%c_%d_%d", "ab"[s], j, k), math.Inf(-1), size, ind, val)
			}
		}
	}
	// Valid inequalities on C_k = Σ_{k'≤k} d_k'.
	xs, ys := make([]float64, n), make([]float64, n)
	for j, jb := range in.Jobs {
		xs[j], ys[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	px, py := prefixSums(xs), prefixSums(ys)
	for k := 0; k < n; k++ {
		ind, val := make([]int, 0, k+1), make([]float64, 0, k+1)
		for k2 := 0; k2 <= k; k2++ {
			ind = append(ind, d[k2])
			val = append(val, 1)
		}
		m.AddRow(fmt.Sprintf("prefix%d", k), math.Max(px[k], py[k]), math.Inf(1), ind, val)
		for s := 0; s < 2; s++ {
			ind2 := append([]int(nil), ind...)
			val2 := append([]float64(nil), val...)
			for j := 0; j < n; j++ {
				w := xs[j]
				if s == 1 {
					w = ys[j]
				}
				if w == 0 {
					continue
				}
				for k2 := 0; k2 <= k; k2++ {
					ind2 = append(ind2, f.Z[j][k2])
					val2 = append(val2, -w)
				}
			}
			m.AddRow(fmt.Sprintf("placed%c%d", "xy"[s], k), 0, math.Inf(1), ind2, val2)
		}
	}
	return f
}

// tieClasses returns, for each class of identical jobs (same release, map
// and shuffle size, weight, predecessors and successors, compared exactly)
// with at least two members, the members in index order.
func tieClasses(in *instances.Instance) [][]int {
	type key struct {
		r, x, y, w, due float64
		after, succ     string
	}
	idx := map[key]int{}
	var classes [][]int
	succ := in.Successors()
	for j, jb := range in.Jobs {
		after := append([]int(nil), jb.After...)
		sort.Ints(after)
		due := math.Inf(1) // jobs with different deadlines are not interchangeable
		if jb.HasDue {
			due = jb.Due
		}
		k := key{jb.Release, jb.Map, jb.Shuffle, in.Weight(j), due, fmt.Sprint(after), fmt.Sprint(succ[j])}
		c, ok := idx[k]
		if !ok {
			c = len(classes)
			idx[k] = c
			classes = append(classes, nil)
		}
		classes[c] = append(classes[c], j)
	}
	var out [][]int
	for _, c := range classes {
		if len(c) > 1 {
			out = append(out, c)
		}
	}
	return out
}

// addTieRows makes identical jobs complete in index order: for consecutive
// members j < j' of a class of identical jobs and every slot s (slots are in
// time order, one job per slot),
//
//	Σ_{s' ≤ s} z_j's' ≤ Σ_{s' < s} z_js',
//
// i.e. if j' is placed at or before s, then j is placed strictly before s.
//
// Why these rows are needed (the wrong optimum of the Cor. 4 instance
// n = 6, α = 10, ε = 0.2, three jobs (9.8, 1) and three (1, 10)): without
// them, the model is invariant under every permutation of identical jobs,
// HiGHS 1.15.1 detects those permutations ("Found 4 generator(s)") and its
// symmetry handling proved a wrong dual bound, 129.556 > OPT = 129, and
// returned a sub-optimal incumbent as Optimal (default random_seed 0; seeds
// 1–5 and mip_detect_symmetry=false give 129; the same happens in the
// npm build run under Node, so it is the solver, not the wasm bridge). The
// formulation itself admits the 129 schedule: fixing z to the order b,a,b,a,
// b,a gives 129 with every row present. With the rows below the model has
// no job symmetry left, the engine's symmetry code has nothing to act on,
// and the search space shrinks by Π (class size)! as a bonus. The engine's
// failure is rare and path-dependent: over the grouped Cor. 4 family (n = 4,
// 6; α ∈ {2,3,5,10,20,100}; ε ∈ {0.1,0.2,0.5}; seeds 0–2) only this one
// run of 108 was wrong, and 0 of 448 random tie-family instances
// (tieFamily in the tests) were; with the rows, 0 of 108 and 0 of 448.
//
// Validity (no optimum is cut off): every row of the model depends on a job
// only through (r_j, x_j, y_j, w_j), its deadline (the rows of BuildDeadlines) and its predecessors and successors
// (the precedence rows), so exchanging the columns (z, a, b, C) of
// two identical jobs maps feasible points to feasible points of equal
// cost. Given any feasible point, relabelling the members of each class so
// that their slots increase with the index gives a feasible point of the
// same cost that satisfies these rows (slots hold one job each, so the
// members' slots are distinct and can be sorted).
func addTieRows(in *instances.Instance, m *mip.Model, Z [][]int) {
	for _, c := range tieClasses(in) {
		for i := 0; i+1 < len(c); i++ {
			addOrderRows(m, "tie", c[i], c[i+1], Z)
		}
	}
}

// addOrderRows adds the rows Σ_{s' ≤ s} z_{later,s'} ≤ Σ_{s' < s}
// z_{earlier,s'} for every slot s (if later completes at or before s,
// earlier completes strictly before s), named prefix<earlier>_<later>_<s>:
// the tie rows and the order half of the precedence rows.
func addOrderRows(m *mip.Model, prefix string, earlier, later int, Z [][]int) {
	for s := range Z[later] {
		var ind []int
		var val []float64
		for s2 := 0; s2 <= s; s2++ {
			if col := Z[later][s2]; col >= 0 {
				ind = append(ind, col)
				val = append(val, 1)
			}
			if col := Z[earlier][s2]; s2 < s && col >= 0 {
				ind = append(ind, col)
				val = append(val, -1)
			}
		}
		if len(ind) > 0 {
			m.AddRow(fmt.Sprintf("%s%d_%d_%d", prefix, earlier, later, s), math.Inf(-1), 0, ind, val)
		}
	}
}

// addPrecedenceRows adds, for every job j and each predecessor i of j
// (instances.Job.After), with slots in time order and slotSub[s] the
// sub-interval that slot s ends:
//
//   - order: Σ_{s' ≤ s} z_js' ≤ Σ_{s' < s} z_is' for every slot s (if j
//     completes at or before s, i completes strictly before s), the form
//     of the tie rows;
//   - service: a_jq ≤ x_j·Σ_{s : slotSub[s] < q} z_is and the same for
//     b_jq with y_j (j receives no map or shuffle work in a sub-interval
//     that does not start after i's completion slot).
//
// Every schedule that respects the dependencies satisfies both with its
// own slots (i completes strictly before j, since j's positive work all
// comes after C_i), and every solution that satisfies them serves j only
// after i's completion, so the optimum is unchanged.
func addPrecedenceRows(in *instances.Instance, m *mip.Model, Z [][]int, slotSub []int, a, b [][]int) {
	for j, jb := range in.Jobs {
		for _, i := range jb.After {
			addOrderRows(m, "prec", i, j, Z)
			for q := range a[j] {
				for st, cols := range [2][]int{a[j], b[j]} {
					size := [2]float64{jb.Map, jb.Shuffle}[st] // the station's work
					if cols[q] < 0 {
						continue
					}
					ind := []int{cols[q]}
					val := []float64{1}
					for s := range Z[i] {
						if c := Z[i][s]; c >= 0 && slotSub[s] < q {
							ind = append(ind, c)
							val = append(val, -size)
						}
					}
					m.AddRow(fmt.Sprintf("precserv%c_%d_%d_%d", "ab"[st], i, j, q), math.Inf(-1), 0, ind, val)
				}
			}
		}
	}
}

// addWeightedCompletions adds the weighted objective of the batch MIP
// (positions k = sub-intervals, T_k = Σ_{q ≤ k} d_q the end of position k,
// normalised times from the common release):
//
//   - a column C_j with cost w_j, at least the critical path cp_j =
//     max(x_j, y_j) + max over j's predecessors of cp_i (j's work follows
//     C_i and needs max(x_j, y_j) at full rates);
//   - C_j ≥ T_k − M_j·Σ_{k' < k} z_jk' for every position k, M_j =
//     Σ x_i/μ_m + Σ y_i/μ_c − cp_j: when j is not placed before k, it
//     completes no earlier than T_k. At an optimum every d_q equals the
//     larger load of its interval (a longer one can be shortened, every
//     completion cost being positive), so T_k ≤ Σ x_i/μ_m + Σ y_i/μ_c and
//     T_k − C_j ≤ M_j: the rows of the positions after j's cut off no
//     optimum; with those at or before j's they make C_j at least the end
//     of j's position, and the minimisation makes it equal;
//   - C_j ≥ Σ_k z_jk·max(X_(k), Y_(k)), X_(k) and Y_(k) the sums of the k
//     smallest normalised sizes per station: j at position k completes
//     after k jobs' work on each station;
//   - Σ_j w_j C_j ≥ Σ_k ω_k T_k with ω the weights in decreasing order:
//     C_π(k) ≥ T_k with T increasing, and by the rearrangement inequality
//     no assignment of the weights to the positions costs less (a valid
//     row that tightens the relaxation).
func addWeightedCompletions(in *instances.Instance, m *mip.Model, Z [][]int, d []int, H float64) {
	n := in.N()
	xs, ys := make([]float64, n), make([]float64, n)
	for j, jb := range in.Jobs {
		xs[j], ys[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	cp := make([]float64, n)
	if order, err := in.TopologicalOrder(); err == nil {
		for _, j := range order {
			t := 0.0
			for _, i := range in.Jobs[j].After {
				t = math.Max(t, cp[i])
			}
			cp[j] = t + math.Max(xs[j], ys[j])
		}
	}
	px, py := prefixSums(xs), prefixSums(ys)
	sumXY := px[n-1] + py[n-1]
	C := make([]int, n)
	ws := make([]float64, n)
	for j := range in.Jobs {
		C[j] = m.AddVar(fmt.Sprintf("C%d", j), mip.Continuous, cp[j], math.Max(cp[j], H), in.Weight(j))
		ws[j] = in.Weight(j)
		M := math.Max(0, sumXY-cp[j])
		for k := range Z[j] {
			ind := []int{C[j]}
			val := []float64{1}
			for q := 0; q <= k; q++ {
				ind = append(ind, d[q])
				val = append(val, -1)
			}
			for k2 := 0; k2 < k; k2++ {
				ind = append(ind, Z[j][k2])
				val = append(val, M)
			}
			m.AddRow(fmt.Sprintf("comp%d_%d", j, k), 0, math.Inf(1), ind, val)
		}
		// C_j ≥ Σ_k z_jk·max(X_(k), Y_(k)) (the k smallest sizes per
		// station): j at position k completes after k jobs' work.
		ind := []int{C[j]}
		val := []float64{1}
		for k := range Z[j] {
			ind = append(ind, Z[j][k])
			val = append(val, -math.Max(px[k], py[k]))
		}
		m.AddRow(fmt.Sprintf("compprefix%d", j), 0, math.Inf(1), ind, val)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(ws)))
	ind, val := make([]int, 0, 2*n), make([]float64, 0, 2*n)
	for j := range C {
		ind = append(ind, C[j])
		val = append(val, in.Weight(j))
	}
	tail := 0.0
	for k := n - 1; k >= 0; k-- {
		tail += ws[k]
		ind = append(ind, d[k])
		val = append(val, -tail)
	}
	m.AddRow("rearrangement", 0, math.Inf(1), ind, val)
}

// Horizon returns H = max_j r_j + Σ_j x_j/μ_m + Σ_j y_j/μ_c, a bound on the
// makespan of every optimal schedule (see the package comment).
func Horizon(in *instances.Instance) float64 {
	h := 0.0
	for _, j := range in.Jobs {
		h = math.Max(h, j.Release)
	}
	for _, j := range in.Jobs {
		h += j.Map/in.MapCapacity + j.Shuffle/in.ShuffleCapacity
	}
	return h
}

// releaseBuilder holds the state shared by the steps that build the
// release-date MIP: the periods of orderlp.Periods, the sub-intervals (per
// period, one slot per released job then a trailing one), and the columns
// made so far.
type releaseBuilder struct {
	in  *instances.Instance
	m   *mip.Model
	f   *Formulation
	rho []float64 // period start times
	rel []int     // period of each job's release
	np  int       // number of periods
	H   float64   // makespan bound
	Ub  []float64 // per-job completion bounds
	// subPeriod[q] is the period of sub-interval q; slotSub[s] is the
	// sub-interval of slot s.
	subPeriod, slotSub []int
	nq, ns             int
	d                  []int     // sub-interval length columns
	C                  []int     // completion time columns
	L                  []float64 // per-job completion lower bounds
	a, b               [][]int   // map and shuffle work columns (−1: none)
}

// buildRelease builds the release-date MIP (docs/appendix/exact.md,
// "Release-date MIP"): sub-interval lengths, completion times, slot
// assignments and per-sub-interval work, with their rows.
func buildRelease(in *instances.Instance) *Formulation {
	rb := &releaseBuilder{in: in, m: &mip.Model{Name: "tandem_release"}}
	rb.rho, rb.rel = orderlp.Periods(in)
	rb.np = len(rb.rho)
	rb.H, rb.Ub = releaseHorizons(in)
	rb.f = &Formulation{Model: rb.m, H: rb.H, in: in}
	rb.subIntervals()
	rb.addColumns()
	rb.addPeriodRows()
	rb.addAssignmentRows()
	addTieRows(in, rb.m, rb.f.Z)
	addPrecedenceRows(in, rb.m, rb.f.Z, rb.slotSub, rb.a, rb.b)
	// Work rows.
	nq := rb.nq
	lastSub := func(j int) int { return nq - 1 }
	orderlp.AddWorkRows(in, rb.m, rb.d, rb.a, rb.b,
		func(j, q int) bool { return rb.subPeriod[q] >= rb.rel[j] }, lastSub)
	rb.addLinkRows()
	rb.addCompletionRows()
	return rb.f
}

// subIntervals lays out the sub-intervals: per period, S_l slots (S_l the
// jobs released by then) then a trailing one (l < m−1).
func (rb *releaseBuilder) subIntervals() {
	for l := 0; l < rb.np; l++ {
		S := 0
		for j := range rb.in.Jobs {
			if rb.rel[j] <= l {
				S++
			}
		}
		for s := 0; s < S; s++ {
			rb.slotSub = append(rb.slotSub, len(rb.subPeriod))
			rb.f.SlotPeriod = append(rb.f.SlotPeriod, l)
			rb.subPeriod = append(rb.subPeriod, l)
		}
		if l < rb.np-1 {
			rb.subPeriod = append(rb.subPeriod, l)
		}
	}
	rb.nq, rb.ns = len(rb.subPeriod), len(rb.slotSub)
}

// addColumns adds the columns in model order: sub-interval lengths d_q,
// completion times C_j (objective w_j, offset −w_j r_j), slot assignments
// z_js and work a_jq, b_jq.
func (rb *releaseBuilder) addColumns() {
	in, m, f := rb.in, rb.m, rb.f
	n, nq, ns := in.N(), rb.nq, rb.ns
	rb.d = make([]int, nq)
	for q := range rb.d {
		rb.d[q] = m.AddVar(fmt.Sprintf("d%d", q), mip.Continuous, 0, math.Inf(1), 0)
	}
	rb.C = make([]int, n)
	rb.L = make([]float64, n)
	for j, jb := range in.Jobs {
		rb.L[j] = jb.Release + math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity)
		rb.C[j] = m.AddVar(fmt.Sprintf("C%d", j), mip.Continuous, rb.L[j], math.Max(rb.L[j], rb.Ub[j]), in.Weight(j))
		m.Offset -= in.Weight(j) * jb.Release
	}
	f.Z = make([][]int, n)
	for j := range in.Jobs {
		f.Z[j] = make([]int, ns)
		for s := 0; s < ns; s++ {
			f.Z[j][s] = -1
			// No optimal schedule completes j in a period that starts after
			// its completion bound Ub[j] (horizon.go).
			if l := f.SlotPeriod[s]; l >= rb.rel[j] && (l == rb.rel[j] || rb.rho[l] <= rb.Ub[j]) {
				f.Z[j][s] = m.AddVar(fmt.Sprintf("z_%d_%d", j, s), mip.Binary, 0, 1, 0)
			}
		}
	}
	rb.a, rb.b = make([][]int, n), make([][]int, n)
	for j, jb := range in.Jobs {
		rb.a[j], rb.b[j] = make([]int, nq), make([]int, nq)
		for q := 0; q < nq; q++ {
			rb.a[j][q], rb.b[j][q] = -1, -1
			if rb.subPeriod[q] < rb.rel[j] {
				continue
			}
			if jb.Map > 0 {
				rb.a[j][q] = m.AddVar(fmt.Sprintf("a_%d_%d", j, q), mip.Continuous, 0, jb.Map, 0)
			}
			if jb.Shuffle > 0 {
				rb.b[j][q] = m.AddVar(fmt.Sprintf("b_%d_%d", j, q), mip.Continuous, 0, jb.Shuffle, 0)
			}
		}
	}
}

// addPeriodRows adds the period lengths: the sub-intervals of period l fill
// ρ_{l+1} − ρ_l, and those of the last period at most H − ρ_l.
func (rb *releaseBuilder) addPeriodRows() {
	rho, np := rb.rho, rb.np
	for l := 0; l < np; l++ {
		var ind []int
		var val []float64
		for q := 0; q < rb.nq; q++ {
			if rb.subPeriod[q] == l {
				ind = append(ind, rb.d[q])
				val = append(val, 1)
			}
		}
		if l < np-1 {
			rb.m.AddRow(fmt.Sprintf("period%d", l), rho[l+1]-rho[l], rho[l+1]-rho[l], ind, val)
		} else {
			rb.m.AddRow(fmt.Sprintf("period%d", l), 0, rb.H-rho[l], ind, val)
		}
	}
}

// addAssignmentRows adds the assignment: each job one slot; at most one job
// per slot; filled slots first within a period.
func (rb *releaseBuilder) addAssignmentRows() {
	in, m, f, ns := rb.in, rb.m, rb.f, rb.ns
	for j := range in.Jobs {
		var ind []int
		var val []float64
		for _, c := range f.Z[j] {
			if c >= 0 {
				ind = append(ind, c)
				val = append(val, 1)
			}
		}
		m.AddRow(fmt.Sprintf("job%d", j), 1, 1, ind, val)
	}
	slotRow := func(s int) ([]int, []float64) {
		var ind []int
		var val []float64
		for j := range in.Jobs {
			if c := f.Z[j][s]; c >= 0 {
				ind = append(ind, c)
				val = append(val, 1)
			}
		}
		return ind, val
	}
	for s := 0; s < ns; s++ {
		ind, val := slotRow(s)
		m.AddRow(fmt.Sprintf("slot%d", s), math.Inf(-1), 1, ind, val)
		if s+1 < ns && f.SlotPeriod[s+1] == f.SlotPeriod[s] {
			ind2, val2 := slotRow(s + 1)
			for k := range val2 {
				val2[k] = -1
			}
			m.AddRow(fmt.Sprintf("fill%d", s), 0, math.Inf(1), append(ind, ind2...), append(val, val2...))
		}
	}
}

// addLinkRows adds the links: no work in a sub-interval after the job's
// slot. The slots strictly before sub-interval q are those with slotSub < q.
func (rb *releaseBuilder) addLinkRows() {
	for j, jb := range rb.in.Jobs {
		for q := 0; q < rb.nq; q++ {
			for st, cols := range [2][]int{rb.a[j], rb.b[j]} {
				size := [2]float64{jb.Map, jb.Shuffle}[st] // the station's work
				if cols[q] < 0 {
					continue
				}
				ind := []int{cols[q]}
				val := []float64{1}
				for s := 0; s < rb.ns && rb.slotSub[s] < q; s++ {
					if c := rb.f.Z[j][s]; c >= 0 {
						ind = append(ind, c)
						val = append(val, size)
					}
				}
				if len(ind) > 1 {
					rb.m.AddRow(fmt.Sprintf("link%c_%d_%d", "ab"[st], j, q), math.Inf(-1), size, ind, val)
				}
			}
		}
	}
}

// addCompletionRows adds the completion times: C_j ≥ T_s − M_js (1 − z_js),
// with T_s the end of slot s and M_js the end of its period less L_j.
func (rb *releaseBuilder) addCompletionRows() {
	rho, np := rb.rho, rb.np
	for j := range rb.in.Jobs {
		for s := 0; s < rb.ns; s++ {
			c := rb.f.Z[j][s]
			if c < 0 {
				continue
			}
			l := rb.f.SlotPeriod[s]
			U := rb.H
			if l < np-1 {
				U = rho[l+1]
			}
			M := math.Max(0, U-rb.L[j])
			// C_j − Σ_{q ≤ slotSub[s], q in l} d_q − M z ≥ ρ_l − M
			ind := []int{rb.C[j], c}
			val := []float64{1, -M}
			for q := 0; q <= rb.slotSub[s]; q++ {
				if rb.subPeriod[q] == l {
					ind = append(ind, rb.d[q])
					val = append(val, -1)
				}
			}
			rb.m.AddRow(fmt.Sprintf("comp%d_%d", j, s), rho[l]-M, math.Inf(1), ind, val)
		}
	}
}

// Decode reads the plan (completion order and periods) from a solution.
func (f *Formulation) Decode(x []float64) (orderlp.Plan, error) {
	n := f.in.N()
	type js struct{ j, s int }
	var list []js
	for j := 0; j < n; j++ {
		best, bs := -1.0, -1
		for s, c := range f.Z[j] {
			if c >= 0 && x[c] > best {
				best, bs = x[c], s
			}
		}
		if best < 0.5 {
			return orderlp.Plan{}, fmt.Errorf("%w: job %d has no slot", ErrDecode, j)
		}
		list = append(list, js{j, bs})
	}
	sort.SliceStable(list, func(a, b int) bool { return list[a].s < list[b].s })
	p := orderlp.Plan{Order: make([]int, n), Period: make([]int, n)}
	for k, e := range list {
		p.Order[k] = e.j
		p.Period[k] = f.SlotPeriod[e.s]
	}
	return p, nil
}

// Result is the outcome of an exact MIP solve. Its Answer has the
// engine's status, the objective of the re-solved plan's schedule (NaN
// without a solution), the engine's dual bound as reported (source
// mip.SourceMIP; not lowered to the objective, so that package exact can
// check the two against each other) and their gap (mip.Gap).
type Result struct {
	mip.Answer
	Plan     orderlp.Plan // best plan found (when Schedule is not nil)
	MIPValue float64      // the engine's incumbent value
	Nodes    int64
	Raw      mip.Result
}

// Solve solves the exact MIP of in with eng and, when a solution exists,
// re-solves its plan with the fixed-order LP (package orderlp) to produce a
// validated schedule.
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, opt mip.Options) (*Result, error) {
	f, err := Build(in, false)
	if err != nil {
		return nil, err
	}
	res, p, ok, err := solveModel(ctx, eng, f, opt)
	if err != nil || !ok {
		return res, err
	}
	// The re-solve of the plan is one small LP: it must run even when the
	// MIP used up the deadline.
	olp, err := mip.InPastDeadline(ctx, func(pc context.Context) (*orderlp.Result, error) { return orderlp.Solve(pc, eng, in, p) })
	if err != nil {
		return nil, err
	}
	res.Plan, res.Objective, res.Schedule = p, olp.Total, olp.Schedule
	res.Gap = mip.Gap(res.Objective, res.LowerBound)
	return res, nil
}

// solveModel solves f's MIP with eng: the Result with the engine's status
// and dual bound (no schedule yet, Objective NaN) and, when the engine has
// a solution, its plan (ok false otherwise).
func solveModel(ctx context.Context, eng mip.Engine, f *Formulation, opt mip.Options) (res *Result, p orderlp.Plan, ok bool, err error) {
	raw, err := eng.Solve(ctx, f.Model, opt)
	if err != nil {
		return nil, p, false, fmt.Errorf("mipform: %s: %w", eng.Name(), err)
	}
	res = &Result{Answer: mip.Answer{Status: raw.Status, Objective: math.NaN(), LowerBound: raw.BestBound, BoundSource: mip.SourceMIP},
		MIPValue: raw.Objective, Nodes: raw.Nodes, Raw: raw}
	res.Gap = mip.Gap(res.Objective, res.LowerBound)
	if !raw.HasSolution {
		return res, p, false, nil
	}
	if p, err = f.Decode(raw.X); err != nil {
		return nil, p, false, err
	}
	return res, p, true, nil
}

// EstimateNonzeros returns an estimate, from above within a small factor,
// of the constraint-matrix nonzeros of Build(in, forceRelease) without
// building it: about 4n³ for the batch MIP (its link and placement rows),
// and n·nq·ns + n·ns·(S+1) for the release-date MIP (link rows over the
// slots before each sub-interval, and completion rows), where ns is the
// number of slots, nq of sub-intervals and S the most slots of a period.
// A 60-job release-date instance gives about 2·10^8: its LP file was 6.56
// GB and building it took 22.8 GB.
func EstimateNonzeros(in *instances.Instance, forceRelease bool) float64 {
	n := float64(in.N())
	if in.IsBatch() && !forceRelease {
		return 4*n*n*n + 20*n*n
	}
	rho, rel := orderlp.Periods(in)
	np := len(rho)
	perPeriod := make([]int, np)
	for _, l := range rel {
		if l >= 0 && l < np {
			perPeriod[l]++
		}
	}
	ns, maxS, open := 0.0, 0.0, 0
	for l := 0; l < np; l++ {
		open += perPeriod[l]
		ns += float64(open)
		maxS = math.Max(maxS, float64(open))
	}
	nq := ns + float64(np-1)
	return n*nq*ns + n*ns*(maxS+1) + 10*n*nq + 10*n*n
}

// MaxExportNonzeros bounds the models that ExportFile-like callers write as
// text: about 30 bytes of LP or MPS text and 110 bytes of memory while
// building per nonzero (measured on the 60-job release-date model), so
// 10^7 nonzeros keep a file near 300 MB and the build near 1.1 GB. That is
// up to about 30 jobs with release dates and 135 jobs in a batch.
const MaxExportNonzeros = 10_000_000
