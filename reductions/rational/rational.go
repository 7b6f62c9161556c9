// Package rational holds fluid schedules of the overlapping tandem queue in
// exact rational arithmetic (math/big.Rat): the work-conserving
// priority-order schedule (both stations serve jobs in one fixed priority
// order, subject to data availability at the shuffle station, as in the
// schedule of the proof of Theorem 1 and in the batch form of MaxSRPT, §4.1),
// and a verifier of model (1) of §2.1 that checks capacities, releases,
// totals and the progress rule y_i(t)/y_i ≥ x_i(t)/x_i with no tolerance at
// all, and computes the total response time exactly.
//
// Floating-point schedules (package schedule) convert to rational ones
// exactly (every float64 is a dyadic rational), so Verify also serves as an
// exact verifier of schedules produced by engines and simulators.
package rational

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// Sentinel errors.
var (
	ErrInvalid = errors.New("rational: invalid input")
	// ErrUnsupported: the instance has weights other than 1 or
	// dependencies (instances.Job.Weight, After), which the exact
	// rational types, verifier and search do not model; refusing them
	// keeps them from being ignored silently.
	ErrUnsupported = errors.New("rational: weights and dependencies are not supported in exact rational mode")
	// ErrInfeasible wraps the violations Verify found.
	ErrInfeasible = errors.New("rational: schedule violates model (1)")
)

// Job is a job with exact sizes.
type Job struct {
	ID                    string
	Release, Map, Shuffle *big.Rat
}

// Instance is a tandem instance with exact capacities and sizes.
type Instance struct {
	MapCapacity, ShuffleCapacity *big.Rat
	Jobs                         []Job
}

// Rate is a job's service in a segment.
type Rate struct {
	Job          int
	Map, Shuffle *big.Rat
}

// Segment is an interval [Start, End) of constant rates.
type Segment struct {
	Start, End *big.Rat
	Rates      []Rate
}

// Schedule is an exact fluid schedule.
type Schedule struct {
	Segments   []Segment
	Completion []*big.Rat
}

// FromInstance converts a float instance exactly.
func FromInstance(in *instances.Instance) (*Instance, error) {
	conv := func(path string, v float64) (*big.Rat, error) {
		r := new(big.Rat)
		if r.SetFloat64(v) == nil {
			return nil, fmt.Errorf("%w: %s = %v is not finite", ErrInvalid, path, v)
		}
		return r, nil
	}
	if err := unsupported(in); err != nil {
		return nil, err
	}
	out := &Instance{}
	var err error
	if out.MapCapacity, err = conv("map_capacity", in.MapCapacity); err != nil {
		return nil, err
	}
	if out.ShuffleCapacity, err = conv("shuffle_capacity", in.ShuffleCapacity); err != nil {
		return nil, err
	}
	out.Jobs = make([]Job, len(in.Jobs))
	for i, j := range in.Jobs {
		o := Job{ID: j.ID}
		if o.Release, err = conv(fmt.Sprintf("jobs[%d].release", i), j.Release); err != nil {
			return nil, err
		}
		if o.Map, err = conv(fmt.Sprintf("jobs[%d].map", i), j.Map); err != nil {
			return nil, err
		}
		if o.Shuffle, err = conv(fmt.Sprintf("jobs[%d].shuffle", i), j.Shuffle); err != nil {
			return nil, err
		}
		out.Jobs[i] = o
	}
	return out, nil
}

// unsupported returns an error wrapping ErrUnsupported naming the first
// job with a weight other than 1 or with predecessors, nil when none has.
func unsupported(in *instances.Instance) error {
	for i, j := range in.Jobs {
		switch {
		case j.Weight != 0 && j.Weight != 1:
			return fmt.Errorf("%w: jobs[%d].weight = %s", ErrUnsupported, i, instances.FormatFloat(j.Weight))
		case len(j.After) > 0:
			return fmt.Errorf("%w: jobs[%d].after lists %d predecessors", ErrUnsupported, i, len(j.After))
		}
	}
	return nil
}

// FromSchedule converts a float schedule exactly (rates, times and claimed
// completions become the dyadic rationals the floats denote).
func FromSchedule(s *schedule.Schedule) (*Schedule, error) {
	conv := func(what string, v float64) (*big.Rat, error) {
		r := new(big.Rat)
		if r.SetFloat64(v) == nil {
			return nil, fmt.Errorf("%w: %s = %v is not finite", ErrInvalid, what, v)
		}
		return r, nil
	}
	out := &Schedule{Segments: make([]Segment, len(s.Segments)), Completion: make([]*big.Rat, len(s.Completion))}
	var err error
	for k, seg := range s.Segments {
		o := Segment{Rates: make([]Rate, len(seg.Rates))}
		if o.Start, err = conv(fmt.Sprintf("segments[%d].start", k), seg.Start); err != nil {
			return nil, err
		}
		if o.End, err = conv(fmt.Sprintf("segments[%d].end", k), seg.End); err != nil {
			return nil, err
		}
		for q, r := range seg.Rates {
			o.Rates[q].Job = r.Job
			if o.Rates[q].Map, err = conv(fmt.Sprintf("segments[%d].rates[%d].map", k, q), r.Map); err != nil {
				return nil, err
			}
			if o.Rates[q].Shuffle, err = conv(fmt.Sprintf("segments[%d].rates[%d].shuffle", k, q), r.Shuffle); err != nil {
				return nil, err
			}
		}
		out.Segments[k] = o
	}
	for i, c := range s.Completion {
		if out.Completion[i], err = conv(fmt.Sprintf("completions[%d]", i), c); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Float converts s to a float schedule, rounding every number to the
// nearest float64; exact reports whether no rounding happened.
func (s *Schedule) Float() (out *schedule.Schedule, exact bool) {
	exact = true
	f := func(r *big.Rat) float64 {
		v, ex := r.Float64()
		exact = exact && ex
		return v
	}
	out = &schedule.Schedule{Segments: make([]schedule.Segment, len(s.Segments)), Completion: make([]float64, len(s.Completion))}
	for k, seg := range s.Segments {
		o := schedule.Segment{Start: f(seg.Start), End: f(seg.End), Rates: make([]schedule.Rate, len(seg.Rates))}
		for q, r := range seg.Rates {
			o.Rates[q] = schedule.Rate{Job: r.Job, Map: f(r.Map), Shuffle: f(r.Shuffle)}
		}
		out.Segments[k] = o
	}
	for i, c := range s.Completion {
		out.Completion[i] = f(c)
	}
	return out, exact
}

// Float converts the instance to floats; exact reports whether no rounding
// happened.
func (in *Instance) Float() (out *instances.Instance, exact bool) {
	exact = true
	f := func(r *big.Rat) float64 {
		v, ex := r.Float64()
		exact = exact && ex
		return v
	}
	out = &instances.Instance{MapCapacity: f(in.MapCapacity), ShuffleCapacity: f(in.ShuffleCapacity), Jobs: make([]instances.Job, len(in.Jobs))}
	for i, j := range in.Jobs {
		out.Jobs[i] = instances.Job{ID: j.ID, Release: f(j.Release), Map: f(j.Map), Shuffle: f(j.Shuffle)}
	}
	return out, exact
}

// Validate checks capacities positive, sizes and releases non-negative and
// x + y > 0 for every job.
func (in *Instance) Validate() error {
	if in.MapCapacity == nil || in.MapCapacity.Sign() <= 0 || in.ShuffleCapacity == nil || in.ShuffleCapacity.Sign() <= 0 {
		return fmt.Errorf("%w: capacities must be positive", ErrInvalid)
	}
	if len(in.Jobs) == 0 {
		return fmt.Errorf("%w: no jobs", ErrInvalid)
	}
	for i, j := range in.Jobs {
		if j.Release == nil || j.Map == nil || j.Shuffle == nil {
			return fmt.Errorf("%w: jobs[%d]: missing number", ErrInvalid, i)
		}
		if j.Release.Sign() < 0 || j.Map.Sign() < 0 || j.Shuffle.Sign() < 0 {
			return fmt.Errorf("%w: jobs[%d]: negative release or size", ErrInvalid, i)
		}
		if j.Map.Sign() == 0 && j.Shuffle.Sign() == 0 {
			return fmt.Errorf("%w: jobs[%d]: map and shuffle sizes are both 0", ErrInvalid, i)
		}
	}
	return nil
}

// Violation is one broken constraint found by Verify (schedule.Violation,
// shared with the floating-point validator, package validate).
type Violation = schedule.Violation

// Report is the outcome of Verify.
type Report struct {
	Feasible   bool
	Violations []Violation
	// Completion[i] is job i's exact completion time computed from the
	// segments (nil when the job never completes).
	Completion []*big.Rat
	// Total is Σ (C_i − r_i) over the computed completions (nil unless
	// every job completes).
	Total *big.Rat
}

// Err returns nil for a feasible schedule and an error listing (up to ten)
// violations otherwise.
func (r *Report) Err() error {
	if r.Feasible {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d violation(s)", len(r.Violations))
	for i, v := range r.Violations {
		if i == 10 {
			fmt.Fprintf(&b, "; … and %d more", len(r.Violations)-10)
			break
		}
		b.WriteString("; " + v.String())
	}
	return fmt.Errorf("%w: %s", ErrInfeasible, b.String())
}
