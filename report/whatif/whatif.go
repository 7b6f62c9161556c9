package whatif

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/stat"
)

// Sentinel errors.
var (
	ErrConfig = errors.New("whatif: invalid configuration")
	ErrPlan   = errors.New("whatif: invalid plan")
)

// The methods' names besides the policies' (fluid.Policy.Name).
const (
	// PlanList is the plan's completion order replayed as a list schedule
	// (orderls.Evaluate): each station serves the jobs one after another
	// in the plan's order, none overtaking another.
	PlanList = "plan-list"
	// PlanPriority is the plan's completion order used as a fixed
	// preemptive priority at both stations (fluid.Order): a later job
	// gets the capacity an earlier one cannot use.
	PlanPriority = "plan-priority"
)

// Plan is the completion order a planner chose, with where it came from
// and, when known, its objective as planned (on the estimated sizes).
type Plan struct {
	Order  []int  // job indices, first to complete first
	Source string // the schedule file, or "order"
	// Planned is Σ w (C − r) of the plan's own schedule on the estimated
	// sizes (a schedule file's completion times); NaN when the plan is
	// only an order.
	Planned float64
}

// CompletionOrder returns the jobs sorted by the completion times c
// (indexed like in.Jobs), ties broken by in.TopologicalOrder (so a job
// comes after its predecessors even when they complete together, and by
// index otherwise).
func CompletionOrder(in *instances.Instance, c []float64) ([]int, error) {
	if len(c) != in.N() {
		return nil, fmt.Errorf("%w: %d completion times for %d jobs", ErrPlan, len(c), in.N())
	}
	return completionOrder(in, func(a, b int) int { return cmp.Compare(c[a], c[b]) })
}

// completionOrder sorts the jobs by byCompletion, ties by
// in.TopologicalOrder.
func completionOrder(in *instances.Instance, byCompletion func(a, b int) int) ([]int, error) {
	topo, err := in.TopologicalOrder()
	if err != nil {
		return nil, err
	}
	rank := make([]int, len(topo))
	for p, j := range topo {
		rank[j] = p
	}
	order := slices.Clone(topo)
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(byCompletion(a, b), cmp.Compare(rank[a], rank[b]))
	})
	return order, nil
}

// Options are the noise model and the replications of Run.
type Options struct {
	Sigma   float64 // σ of LogNormalNoise (≥ 0)
	Reps    int     // replications (≥ 1)
	Seed    uint64  // replication r draws from rand.NewPCG(Seed, r)
	Workers int     // replications run in parallel; 0 means GOMAXPROCS
}

// Validate checks the options, naming the field.
func (o Options) Validate() error {
	if err := (LogNormalNoise{Sigma: o.Sigma}).Validate(); err != nil {
		return err
	}
	if o.Reps < 1 {
		return fmt.Errorf("%w: reps: want at least 1, got %d", ErrConfig, o.Reps)
	}
	if o.Workers < 0 {
		return fmt.Errorf("%w: workers: want 0 (GOMAXPROCS) or more, got %d", ErrConfig, o.Workers)
	}
	return nil
}

// method is one way of scheduling the (perturbed) instance: it returns the
// completion times by job index.
type method struct {
	name, about string
	run         func(in *instances.Instance) ([]float64, error)
}

// methods are the plan's two replays, then MaxSRPT, SplitSRPT, FIFO and
// PS (on a weighted instance the two SRPT rules rank by Smith's ratio).
func methods(ctx context.Context, in *instances.Instance, order []int) []method {
	ms := []method{
		{PlanList, "the plan's order as a list schedule (no overtaking)", func(in *instances.Instance) ([]float64, error) {
			c, _, err := orderls.Evaluate(in, order)
			return c, err
		}},
		{PlanPriority, "the plan's order as a preemptive priority (work-conserving)", policyRun(ctx, fluid.Order(order))},
	}
	add := func(p fluid.Policy, about string) { ms = append(ms, method{p.Name(), about, policyRun(ctx, p)}) }
	add(fluid.MaxSRPT(), "MaxSRPT on the true sizes (§4.1)")
	add(fluid.SplitSRPT(), "SplitSRPT on the true sizes (§4.2)")
	add(fluid.FIFO(), "FIFO")
	add(fluid.PS(), "processor sharing")
	return ms
}

// policyRun simulates p; ctx stops the simulation (fluid.ErrStopped).
func policyRun(ctx context.Context, p fluid.Policy) func(in *instances.Instance) ([]float64, error) {
	return func(in *instances.Instance) ([]float64, error) {
		r, err := fluid.Simulate(in, p, fluid.Options{Context: ctx})
		if err != nil {
			return nil, err
		}
		return r.Completion, nil
	}
}

// outcome is one method's result on one instance: its objective and the
// indices of the jobs that finish after their deadlines.
type outcome struct {
	objective float64
	late      []int
}

func evaluate(in *instances.Instance, m method) (outcome, error) {
	c, err := m.run(in)
	if err != nil {
		return outcome{}, fmt.Errorf("%s: %w", m.name, err)
	}
	o := outcome{objective: in.WeightedResponse(c)}
	for j, jb := range in.Jobs {
		if jb.HasDue && !tolerance.LE(c[j], jb.Due) {
			o.late = append(o.late, j)
		}
	}
	return o, nil
}

// Run replays plan and runs the policies on opt.Reps perturbations of in
// (see the package comment). Replication r perturbs in with
// LogNormalNoise{opt.Sigma, rand.NewPCG(opt.Seed, r)}; the replications
// run on opt.Workers goroutines and are merged in replication order, so
// the result does not depend on the number of workers. ctx stops the
// replications between two of them and the simulations within one (the
// error wraps ctx's).
func Run(ctx context.Context, in *instances.Instance, plan Plan, opt Options) (*Result, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if in == nil {
		return nil, fmt.Errorf("%w: nil instance", ErrConfig)
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	ms := methods(ctx, in, plan.Order)
	nominal := make([]outcome, len(ms))
	for k, m := range ms {
		o, err := evaluate(in, m)
		if err != nil {
			if k < 2 && ctx.Err() == nil {
				return nil, fmt.Errorf("%w: %w", ErrPlan, err)
			}
			return nil, err
		}
		nominal[k] = o
	}
	reps := make([][]outcome, opt.Reps)
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, opt.Reps)
	errs := make([]error, opt.Reps)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				reps[r], errs[r] = replicate(in, ms, opt, r)
			}
		}()
	}
	var stopped error
	for r := 0; r < opt.Reps; r++ {
		if stopped = ctx.Err(); stopped != nil {
			break
		}
		next <- r
	}
	close(next)
	wg.Wait()
	if stopped != nil {
		return nil, stopped
	}
	for r, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("replication %d (sizes of PCG(%d, %d)): %w", r, opt.Seed, r, err)
		}
	}
	return summarize(in, plan, opt, ms, nominal, reps), nil
}

// replicate runs every method on replication r's perturbation of in.
func replicate(in *instances.Instance, ms []method, opt Options, r int) ([]outcome, error) {
	pin := LogNormalNoise{Sigma: opt.Sigma, Src: rand.NewPCG(opt.Seed, uint64(r))}.Perturb(in)
	out := make([]outcome, len(ms))
	for k, m := range ms {
		o, err := evaluate(pin, m)
		if err != nil {
			return nil, err
		}
		out[k] = o
	}
	return out, nil
}

// mean is the mean of xs as xs[0] + Σ (x − xs[0]) / n, summed in order:
// the mean of equal values is that value exactly.
func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x - xs[0]
	}
	return xs[0] + s/float64(len(xs))
}

// quantile is the empirical p-quantile of sorted (gonum stat.Empirical:
// the smallest value v with at least a fraction p of the values ≤ v).
func quantile(p float64, sorted []float64) float64 {
	return stat.Quantile(p, stat.Empirical, sorted, nil)
}
