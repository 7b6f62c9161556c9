package fluid

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// Sentinel errors.
var (
	ErrPolicy = errors.New("fluid: invalid policy")
	ErrInput  = errors.New("fluid: invalid input")
	// ErrStall is returned if the event loop makes no progress in time for
	// maxStall consecutive events (it would otherwise loop forever); it
	// signals a bug or a pathological tie, never a silently wrong answer.
	ErrStall = errors.New("fluid: event loop stalled")
	// ErrStopped is returned, wrapping the context's error, when
	// Options.Context ends before the simulation does (a time limit or an
	// interrupt): a partial simulation has no meaningful answer.
	ErrStopped = errors.New("fluid: simulation stopped before its end")
)

const (
	// snapRel is the relative tolerance under which a remaining map work,
	// shuffle work or buffer is set to exactly zero after an event (it
	// absorbs the rounding of r·Δt subtractions so that events due at the
	// same instant are processed together). It is far below the
	// validator's tolerance (tolerance.Rel = 1e-9).
	snapRel = 1e-12
	// maxStall bounds consecutive events at the same instant.
	maxStall = 1 << 20
	// ctxStride: the event loops look at Options.Context at the first
	// event and then once every ctxStride+1 events (a power of two minus
	// one, a mask), so that an ended context stops a run at once and the
	// check costs nothing measurable per event.
	ctxStride = 1<<12 - 1
)

// Policy is a scheduling policy of the overlapping tandem queue.
type Policy interface {
	Name() string
	newState(e *engine) (state, error)
}

// Options tune a simulation.
type Options struct {
	Speed  float64 // multiplies both capacities; 0 means 1 (Theorems 3, 5)
	Record bool    // keep the whole schedule (Simulate only)
	// Context, when not nil, stops the simulation with ErrStopped once it
	// ends (checked every few thousand events).
	Context context.Context
}

// JobResult is the outcome of one job.
type JobResult struct {
	Index      int // instance index (Simulate) or arrival sequence number (SimulateStream)
	ID         string
	Release    float64
	Map        float64
	Shuffle    float64
	Completion float64
	Response   float64 // Completion − Release
	// Slowdown is Response / max(x/μ_m, y/μ_c): the response time over the
	// stand-alone processing time at speed 1 (§5.3: z = max(x, y) with unit
	// capacities).
	Slowdown float64
}

// Summary aggregates a run.
type Summary struct {
	N                          int
	TotalResponse              float64
	MeanResponse, MeanSlowdown float64
	Makespan                   float64
	MaxInSystem                int   // peak number of jobs in the system
	Events                     int64 // event-loop iterations
	// Served is the sum over events of the number of jobs served (given a
	// rate) in the interval that follows: the per-job updates of the run.
	Served int64
}

// Result is the outcome of Simulate.
type Result struct {
	Completion, Response, Slowdown []float64
	TotalResponse, MeanResponse    float64
	MeanSlowdown, Makespan         float64
	Summary                        Summary
	Schedule                       *schedule.Schedule // when Options.Record
}

// Simulate runs policy p on the instance.
func Simulate(in *instances.Instance, p Policy, opt Options) (*Result, error) {
	if in == nil {
		return nil, fmt.Errorf("%w: nil instance", ErrInput)
	}
	if err := in.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	return simulate(in, p, opt)
}

// simulate is Simulate on an instance that is not validated as a whole
// (as SimulateStream's jobs are not): the engine's own guards (sub-ulp
// crossings, stalls) are tested through it on instances that
// instances.Validate refuses as unrepresentable.
func simulate(in *instances.Instance, p Policy, opt Options) (*Result, error) {
	n := in.N()
	res := &Result{
		Completion: make([]float64, n),
		Response:   make([]float64, n),
		Slowdown:   make([]float64, n),
	}
	if in.HasDependencies() || in.HasWeights() {
		return simulateGeneral(in, p, opt, res)
	}
	order := in.SortedByRelease()
	src := &indexedSource{in: in, order: order}
	e, err := newEngine(src, in.MapCapacity, in.ShuffleCapacity, p, opt, n)
	if err != nil {
		return nil, err
	}
	e.order = order
	if opt.Record {
		e.sched = &schedule.Schedule{Completion: res.Completion}
	}
	sum, err := e.run(func(r JobResult) {
		res.Completion[r.Index] = r.Completion
		res.Response[r.Index] = r.Response
		res.Slowdown[r.Index] = r.Slowdown
	})
	if err != nil {
		return nil, err
	}
	res.Summary = sum
	res.TotalResponse, res.MeanResponse = sum.TotalResponse, sum.MeanResponse
	res.MeanSlowdown, res.Makespan = sum.MeanSlowdown, sum.Makespan
	if opt.Record {
		res.Schedule = e.sched
	}
	return res, nil
}

// SimulateStream runs policy p on the jobs of src (non-decreasing release
// order) with the given capacities, calling sink (if not nil) for each job
// as it leaves. Memory is O(jobs in system). Options.Record is not
// supported here (use Simulate). Order policies index jobs by their
// position in the stream. A stream has no instance indices, so the jobs'
// After and Weight are not read (no per-job check either, to keep the
// stream's cost per job): dependencies and weights need Simulate.
func SimulateStream(src instances.Source, mapCap, shuffleCap float64, p Policy, opt Options, sink func(JobResult)) (Summary, error) {
	if opt.Record {
		return Summary{}, fmt.Errorf("%w: Options.Record needs Simulate (the schedule is O(n))", ErrInput)
	}
	if src == nil {
		return Summary{}, fmt.Errorf("%w: nil source", ErrInput)
	}
	for _, c := range []struct {
		name string
		v    float64
	}{{"map capacity", mapCap}, {"shuffle capacity", shuffleCap}} {
		if !(c.v > 0) || math.IsInf(c.v, 0) {
			return Summary{}, fmt.Errorf("%w: %s must be positive and finite, got %v", ErrInput, c.name, c.v)
		}
	}
	e, err := newEngine(src, mapCap, shuffleCap, p, opt, -1)
	if err != nil {
		return Summary{}, err
	}
	return e.run(sink)
}

type indexedSource struct {
	in    *instances.Instance
	order []int
	k     int
}

func (s *indexedSource) Next() (instances.Job, bool) {
	if s.k >= len(s.order) {
		return instances.Job{}, false
	}
	j := s.in.Jobs[s.order[s.k]]
	s.k++
	return j, true
}

// simulateGeneral runs an instance with dependencies or weights in the
// generic loop: jobs enter the system when eligible (deps.go) and the
// policy reads the weights (weights.go). Response times and slowdowns are
// measured from the releases r_j, the summary's sums in departure order as
// the engine forms them.
func simulateGeneral(in *instances.Instance, p Policy, opt Options, res *Result) (*Result, error) {
	src := newDepSource(in)
	e, err := newEngine(src, in.MapCapacity, in.ShuffleCapacity, p, opt, in.N())
	if err != nil {
		return nil, err
	}
	src.e = e
	e.deps, e.generic = src, true
	if in.HasWeights() {
		e.weight = make([]float64, in.N())
		for i := range e.weight {
			e.weight[i] = in.Weight(i)
		}
	}
	if e.split != nil && e.weight != nil {
		e.split.weigh(e.weight)
	}
	if opt.Record {
		e.sched = &schedule.Schedule{Completion: res.Completion}
	}
	var sumResp, sumSlow neumaier
	sum, err := e.run(func(r JobResult) {
		i := r.Index
		src.done(i, r.Completion)
		jb := in.Jobs[i]
		resp := r.Completion - jb.Release
		zm, zc := jb.Map, jb.Shuffle
		if in.MapCapacity != 1 {
			zm = jb.Map / in.MapCapacity
		}
		if in.ShuffleCapacity != 1 {
			zc = jb.Shuffle / in.ShuffleCapacity
		}
		slow := resp / maxf(zm, zc)
		res.Completion[i], res.Response[i], res.Slowdown[i] = r.Completion, resp, slow
		sumResp.add(resp)
		sumSlow.add(slow)
	})
	if err != nil {
		return nil, err
	}
	sum.TotalResponse = sumResp.sum()
	sum.MeanResponse = sum.TotalResponse / float64(sum.N)
	sum.MeanSlowdown = sumSlow.sum() / float64(sum.N)
	res.Summary = sum
	res.TotalResponse, res.MeanResponse = sum.TotalResponse, sum.MeanResponse
	res.MeanSlowdown, res.Makespan = sum.MeanSlowdown, sum.Makespan
	if opt.Record {
		res.Schedule = e.sched
	}
	return res, nil
}
