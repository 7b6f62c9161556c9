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
	// ErrInfeasible wraps the violations Verify found.
	ErrInfeasible = errors.New("rational: schedule violates model (1)")
)

// Job is a job with exact sizes.
type Job struct {
	ID                    string
	Release, Map, Shuffle *big.Rat
	// Weight is w_j > 0 in the objective Σ w_j (C_j − r_j); nil means 1
	// (instances.Job.Weight).
	Weight *big.Rat
	// After holds the indices of the jobs that must complete before this
	// one receives any map or shuffle service (instances.Job.After).
	After []int
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
		if j.Weight != 0 {
			if o.Weight, err = conv(fmt.Sprintf("jobs[%d].weight", i), j.Weight); err != nil {
				return nil, err
			}
		}
		o.After = append([]int(nil), j.After...)
		out.Jobs[i] = o
	}
	return out, nil
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
		if j.Weight != nil {
			out.Jobs[i].Weight = f(j.Weight)
		}
		if len(j.After) > 0 {
			out.Jobs[i].After = append([]int(nil), j.After...)
		}
	}
	return out, exact
}

// W returns job j's weight w_j (1 when Weight is nil).
func (in *Instance) W(j int) *big.Rat {
	if w := in.Jobs[j].Weight; w != nil {
		return w
	}
	return big.NewRat(1, 1)
}

// HasWeights reports whether some job's weight is not 1.
func (in *Instance) HasWeights() bool {
	for _, j := range in.Jobs {
		if j.Weight != nil && j.Weight.Cmp(big.NewRat(1, 1)) != 0 {
			return true
		}
	}
	return false
}

// HasDependencies reports whether some job has a predecessor.
func (in *Instance) HasDependencies() bool {
	for _, j := range in.Jobs {
		if len(j.After) > 0 {
			return true
		}
	}
	return false
}

// WeightedResponse returns Σ w_j (C_j − r_j) of the completion times c
// (indexed like Jobs), exactly.
func (in *Instance) WeightedResponse(c []*big.Rat) *big.Rat {
	tot, d := new(big.Rat), new(big.Rat)
	for j, jb := range in.Jobs {
		d.Sub(c[j], jb.Release)
		if jb.Weight != nil {
			d.Mul(d, jb.Weight)
		}
		tot.Add(tot, d)
	}
	return tot
}

// validateDAG checks the weights (positive) and the dependencies: indices
// in range, no job after itself, none listed twice, and no cycle (the
// error names the jobs of one).
func (in *Instance) validateDAG() error {
	n := len(in.Jobs)
	indeg := make([]int, n)
	succ := make([][]int, n)
	for i, j := range in.Jobs {
		if j.Weight != nil && j.Weight.Sign() <= 0 {
			return fmt.Errorf("%w: jobs[%d].weight = %s is not positive", ErrInvalid, i, j.Weight.RatString())
		}
		seen := map[int]bool{}
		for a, k := range j.After {
			switch {
			case k < 0 || k >= n:
				return fmt.Errorf("%w: jobs[%d].after[%d] = %d out of range", ErrInvalid, i, a, k)
			case k == i:
				return fmt.Errorf("%w: jobs[%d].after[%d]: job %q is after itself", ErrInvalid, i, a, j.ID)
			case seen[k]:
				return fmt.Errorf("%w: jobs[%d].after[%d]: %q listed twice", ErrInvalid, i, a, in.Jobs[k].ID)
			}
			seen[k] = true
			succ[k] = append(succ[k], i)
		}
		indeg[i] = len(j.After)
	}
	var queue []int
	for i := range indeg {
		if indeg[i] == 0 {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, k := range succ[i] {
			if indeg[k]--; indeg[k] == 0 {
				queue = append(queue, k)
			}
		}
	}
	var cyc []string
	for i := range indeg {
		if indeg[i] > 0 {
			cyc = append(cyc, fmt.Sprintf("%q", in.Jobs[i].ID))
		}
	}
	if len(cyc) > 0 {
		return fmt.Errorf("%w: the dependencies of the jobs %s contain a cycle", ErrInvalid, strings.Join(cyc, ", "))
	}
	return nil
}

// Validate checks capacities positive, sizes and releases non-negative,
// x + y > 0 for every job, weights positive and the dependencies acyclic
// (indices in range, none repeated, no job after itself).
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
	return in.validateDAG()
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
	// Total is Σ w_i (C_i − r_i) over the computed completions (nil
	// unless every job completes).
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
