package exact

import (
	"container/heap"
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

// Deadline modes (Options.Deadlines).
const (
	// DeadlinesSoft minimises Σ w_j (C_j − r_j) and reports the late jobs
	// (the default; "" means soft).
	DeadlinesSoft = "soft"
	// DeadlinesHard minimises Σ w_j (C_j − r_j) subject to C_j ≤ d_j for
	// every job with a deadline (solveHard).
	DeadlinesHard = "hard"
)

// Statuses of an Answer in hard deadline mode.
const (
	// StatusInfeasible: no schedule meets the deadlines, proven by a
	// checked certificate (Answer.Certificate) or by an exact MIP engine
	// (Answer.InfeasibleBy); the Answer has no schedule.
	StatusInfeasible = mip.Infeasible
	// StatusUnknown: no schedule meeting the deadlines was found and
	// nothing proves that none exists; the Answer's schedule (the
	// unconstrained method's) misses some deadlines.
	StatusUnknown = mip.Unknown
)

// Who proved a StatusInfeasible (Answer.InfeasibleBy; the MIP's is
// "deadline MIP (ENGINE)").
const InfeasibleByCertificate = "certificate"

// HardMIPMaxN is the largest batch on which hard mode runs the deadline MIP
// (mipform.SolveDeadlines) before the heuristics: the batch MIP is proven
// optimal within a minute up to about 20 jobs (docs/exact.md).
const HardMIPMaxN = 20

// hardMIPShare is the share of the remaining time the deadline MIP may use;
// the rest is the heuristics' when it ends without a schedule.
const hardMIPShare = 2.0 / 3

// CheckDeadlines returns an error wrapping ErrMethod for a mode other than
// soft, hard and "" (soft).
func CheckDeadlines(mode string) error {
	switch strings.ToLower(mode) {
	case "", DeadlinesSoft, DeadlinesHard:
		return nil
	}
	return fmt.Errorf("%w: deadlines %q (want %s or %s)", ErrMethod, mode, DeadlinesSoft, DeadlinesHard)
}

// solveHard is Solve with hard deadlines on an instance that has some:
//  1. a certificate of package bounds (bounds.DeadlineProof, checked in
//     rational arithmetic) → StatusInfeasible;
//  2. on a batch of at most HardMIPMaxN jobs with an engine, the batch MIP
//     with deadline rows: the engine's infeasibility is a proof
//     (StatusInfeasible), its solution re-solved by the fixed-order LP
//     with deadline rows is the answer (optimal when its dual bound meets
//     the objective);
//  3. otherwise the method without deadlines: when its schedule meets them
//     it is the answer (its bounds hold, the constrained optimum being at
//     least the unconstrained one, so "optimal" stays a proof); else the
//     list schedule of the order by effective deadline (EDF respecting the
//     dependencies) when it meets them, with the same bounds; else
//     StatusUnknown.
func solveHard(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Answer, error) {
	t0 := opt.now()
	if opt.Start.IsZero() {
		opt.Start = t0
	}
	soft := opt
	soft.Deadlines = DeadlinesSoft
	method := strings.ToLower(opt.Method)
	if method == "" {
		method = DefaultMethod
	}
	cert, err := bounds.DeadlineProof(in)
	if err != nil {
		return nil, err
	}
	if cert != nil {
		a := infeasible(method, InfeasibleByCertificate, "")
		a.Certificate, a.Notes = cert, nil // the certificate says it all
		a.Time = opt.now().Sub(t0)
		return a, nil
	}
	var notes []string
	if exactKind(method) && eng != nil && in.IsBatch() && in.N() <= HardMIPMaxN {
		a, err := hardMIP(ctx, eng, in, opt)
		if err != nil {
			return nil, err
		}
		if a.Status != mip.Unknown {
			a.Time = opt.now().Sub(t0)
			return a, nil
		}
		notes = a.Notes
	}
	sa, err := Solve(ctx, eng, in, soft)
	if err != nil {
		return nil, err
	}
	sa.Notes = append(notes, sa.Notes...)
	if meetsDeadlines(in, sa.Schedule) {
		sa.Notes = append(sa.Notes, "the schedule meets every deadline; its lower bound holds with deadlines (they only remove schedules)")
		return sa, nil
	}
	order := edfOrder(in)
	if s, err := orderls.Build(in, order); err == nil && meetsDeadlines(in, s) {
		a := &Answer{Method: sa.Method, Engine: sa.Engine, Nodes: sa.Nodes, LPs: sa.LPs, Detail: sa.Detail, GapLimit: sa.GapLimit,
			Notes: append(sa.Notes, fmt.Sprintf("the %s schedule misses deadlines; the list schedule by effective deadline meets them", sa.ScheduleSource))}
		if err := finalise(in, a, candidate{schedule: s, order: order, source: "edf list"}, sa.Bounds); err != nil {
			return nil, err
		}
		a.Time = opt.now().Sub(t0)
		return a, nil
	}
	late := 0
	if vr, err := validate.Check(in, sa.Schedule); err == nil && vr.Late != nil {
		late = vr.Late.Late
	}
	sa.Status = StatusUnknown
	sa.Notes = append(sa.Notes, fmt.Sprintf("no schedule meeting the deadlines was found (the %s schedule misses %d, the list schedule by effective deadline misses some) and nothing proves there is none (the map and shuffle relaxations are feasible); the schedule shown is the unconstrained one", sa.ScheduleSource, late))
	sa.Time = opt.now().Sub(t0)
	return sa, nil
}

// exactKind reports whether method is one of the exact methods, which in
// hard mode run the deadline MIP first.
func exactKind(method string) bool {
	return method == "portfolio" || method == "mip" || method == "search"
}

// infeasible returns the Answer of a proven infeasibility: no schedule,
// objective and bound NaN.
func infeasible(method, by, note string) *Answer {
	return &Answer{Answer: mip.Answer{Status: StatusInfeasible, Objective: math.NaN(), LowerBound: math.NaN(), Gap: math.NaN()},
		Method: method, InfeasibleBy: by, Detail: map[string]float64{}, Notes: []string{note}}
}

// hardMIP runs the deadline MIP; an Answer with the zero Status
// (mip.Unknown, never that of an answer it gives; the reason in Notes)
// means it gave neither a schedule nor a proof.
func hardMIP(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Answer, error) {
	mo := mip.Options{RelGap: tolerance.Rel, AbsGap: tolerance.Abs}
	if d := mip.Deadline(opt.Start, opt.TimeLimit); !d.IsZero() {
		share := time.Duration(float64(d.Sub(opt.now())) * hardMIPShare)
		if share <= 0 {
			return &Answer{Notes: []string{"deadline MIP: no time left"}}, nil
		}
		mo.TimeLimit = share
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, share)
		defer cancel()
	}
	r, err := mipform.SolveDeadlines(ctx, eng, in, mo)
	if err != nil {
		return nil, err
	}
	by := "deadline MIP (" + eng.Name() + ")"
	switch {
	case r.Status == mip.Infeasible:
		return infeasible("mip", by, "no schedule meets the deadlines: the batch MIP with deadline rows is infeasible ("+eng.Name()+"'s proof)"), nil
	case r.Schedule == nil:
		return &Answer{Notes: []string{fmt.Sprintf("%s: status %v without a schedule; heuristics follow", by, r.Status)}}, nil
	case !meetsDeadlines(in, r.Schedule):
		return &Answer{Notes: []string{by + ": its schedule misses a deadline beyond the tolerance policy; heuristics follow"}}, nil
	}
	a := &Answer{Method: "mip", Engine: eng.Name(), Nodes: r.Nodes, Detail: map[string]float64{}, GapLimit: opt.gapLimit()}
	c := candidate{schedule: r.Schedule, order: r.Plan.Order, source: "deadline mip", stop: statusStop(r.Status)}
	bs := cheapBounds(ctx, in)
	if !math.IsNaN(r.LowerBound) && !math.IsInf(r.LowerBound, 0) {
		bs = append(bs, Bound{r.BoundSource, r.LowerBound})
	}
	if err := finalise(in, a, c, bs); err != nil {
		return nil, err
	}
	return a, nil
}

// meetsDeadlines reports whether s passes the validator and completes every
// job by its deadline (tolerance policy).
func meetsDeadlines(in *instances.Instance, s *schedule.Schedule) bool {
	if s == nil {
		return false
	}
	vr, err := validate.Check(in, s)
	return err == nil && (vr.Late == nil || vr.Late.Late == 0)
}

// edfOrder returns the order that repeatedly takes, among the jobs whose
// predecessors are placed, one of least effective deadline
// (bounds.EffectiveWindows), ties by effective release and then index.
func edfOrder(in *instances.Instance) []int {
	rel, due, err := bounds.EffectiveWindows(in)
	if err != nil {
		return nil
	}
	n := in.N()
	wait := make([]int, n)
	for j, jb := range in.Jobs {
		wait[j] = len(jb.After)
	}
	succ := in.Successors()
	h := &edfHeap{rel: rel, due: due}
	for j := range wait {
		if wait[j] == 0 {
			heap.Push(h, j)
		}
	}
	order := make([]int, 0, n)
	for h.Len() > 0 {
		j := heap.Pop(h).(int)
		order = append(order, j)
		for _, s := range succ[j] {
			if wait[s]--; wait[s] == 0 {
				heap.Push(h, s)
			}
		}
	}
	return order
}

type edfHeap struct {
	jobs     []int
	rel, due []float64
}

func (h *edfHeap) Len() int { return len(h.jobs) }
func (h *edfHeap) Less(a, b int) bool {
	i, j := h.jobs[a], h.jobs[b]
	if h.due[i] != h.due[j] {
		return h.due[i] < h.due[j]
	}
	if h.rel[i] != h.rel[j] {
		return h.rel[i] < h.rel[j]
	}
	return i < j
}
func (h *edfHeap) Swap(a, b int) { h.jobs[a], h.jobs[b] = h.jobs[b], h.jobs[a] }
func (h *edfHeap) Push(x any)    { h.jobs = append(h.jobs, x.(int)) }
func (h *edfHeap) Pop() any {
	x := h.jobs[len(h.jobs)-1]
	h.jobs = h.jobs[:len(h.jobs)-1]
	return x
}
