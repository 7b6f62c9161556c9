package instances

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Kind is the value of the "kind" field of a tandem instance file.
const Kind = "tandem"

// Sentinel errors; every validation or parse error wraps one of them.
var (
	ErrInvalid = errors.New("instances: invalid instance")
	ErrSyntax  = errors.New("instances: syntax error")
	// ErrUnrepresentable is wrapped (with ErrInvalid) by the error of an
	// instance whose event times float64 cannot compute without losing a
	// job's size (see tolerance.MaxTimeRatio).
	ErrUnrepresentable = fmt.Errorf("%w: not representable in float64", ErrInvalid)
)

// Job is one MapReduce job of the overlapping tandem queue.
//
// Weight, After, Due and HasDue are optional (see dag.go): their zero
// values describe today's model, an independent job of weight 1 without a
// deadline, so a Job literal without them means what it always meant.
type Job struct {
	ID      string
	Release float64 // r_i ≥ 0
	Map     float64 // x_i ≥ 0: map work
	Shuffle float64 // y_i ≥ 0: shuffle work
	// Weight is w_i > 0 when given. The zero value stands for "not given",
	// which means weight 1 (Instance.Weight resolves it); a stated weight
	// is never 0: the readers refuse weight ≤ 0 in a file, and Validate
	// refuses a negative, NaN or infinite Weight.
	Weight float64
	// After holds the indices into Instance.Jobs of the jobs that must
	// complete before this one receives any map or shuffle service (the
	// files name them by id; the readers resolve the ids, the writers
	// write Jobs[k].ID).
	After []int
	// Due is the deadline d_i ≥ r_i, in the instance's time unit; it is
	// meaningful only when HasDue is true.
	Due    float64
	HasDue bool
}

// Instance is an overlapping tandem queue instance.
type Instance struct {
	MapCapacity     float64 // μ_m > 0
	ShuffleCapacity float64 // μ_c > 0
	Jobs            []Job
	// Metadata is carried through reading and writing unchanged. Numbers in
	// it are json.Number, so that huge integers (the NMTS reduction's) keep
	// every digit.
	Metadata map[string]any
}

// New returns an instance with unit capacities.
func New(jobs []Job) *Instance {
	return &Instance{MapCapacity: 1, ShuffleCapacity: 1, Jobs: jobs}
}

// N returns the number of jobs.
func (in *Instance) N() int { return len(in.Jobs) }

// IsBatch reports whether every job is released at time 0.
func (in *Instance) IsBatch() bool {
	for _, j := range in.Jobs {
		if j.Release != 0 {
			return false
		}
	}
	return true
}

// Clone returns a deep copy (metadata is copied one level deep).
func (in *Instance) Clone() *Instance {
	out := *in
	out.Jobs = append([]Job(nil), in.Jobs...)
	for i := range out.Jobs {
		if out.Jobs[i].After != nil {
			out.Jobs[i].After = append([]int(nil), out.Jobs[i].After...)
		}
	}
	if in.Metadata != nil {
		out.Metadata = make(map[string]any, len(in.Metadata))
		for k, v := range in.Metadata {
			out.Metadata[k] = v
		}
	}
	return &out
}

// Index returns a map from job id to position.
func (in *Instance) Index() map[string]int {
	m := make(map[string]int, len(in.Jobs))
	for i, j := range in.Jobs {
		m[j.ID] = i
	}
	return m
}

// FieldError is a validation error about one field of one job (Job ≥ 0) or
// of the instance (Job = -1).
type FieldError struct {
	Job   int    // index into Jobs, or -1
	Field string // "map", "shuffle", "release", "id", "map_capacity", …
	Err   error
}

func (e *FieldError) Error() string {
	if e.Job >= 0 {
		return fmt.Sprintf("jobs[%d].%s: %v", e.Job, e.Field, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Field, e.Err)
}

func (e *FieldError) Unwrap() error { return e.Err }

func finiteNonNeg(v float64) error {
	switch {
	case math.IsNaN(v):
		return fmt.Errorf("%w: NaN", ErrInvalid)
	case math.IsInf(v, 0):
		return fmt.Errorf("%w: infinite value", ErrInvalid)
	case v < 0:
		return fmt.Errorf("%w: negative value %v", ErrInvalid, v)
	}
	return nil
}

// Validate checks the instance: at least one job; capacities finite and
// positive; ids non-empty and unique; releases and sizes finite and
// non-negative; x + y > 0 for every job; n·(max release + Σx/μ_m + Σy/μ_c)
// at most MaxMagnitude; weights, dependencies and deadlines as
// validateExtensions says (dag.go). The error is a *FieldError.
func (in *Instance) Validate() error {
	for _, c := range []struct {
		name string
		v    float64
	}{{"map_capacity", in.MapCapacity}, {"shuffle_capacity", in.ShuffleCapacity}} {
		if err := finiteNonNeg(c.v); err != nil {
			return &FieldError{Job: -1, Field: c.name, Err: err}
		}
		if c.v == 0 {
			return &FieldError{Job: -1, Field: c.name, Err: fmt.Errorf("%w: capacity must be positive", ErrInvalid)}
		}
	}
	if len(in.Jobs) == 0 {
		return &FieldError{Job: -1, Field: "jobs", Err: fmt.Errorf("%w: empty instance (no jobs)", ErrInvalid)}
	}
	seen := make(map[string]int, len(in.Jobs))
	for i, j := range in.Jobs {
		if j.ID == "" {
			return &FieldError{Job: i, Field: "id", Err: fmt.Errorf("%w: empty id", ErrInvalid)}
		}
		if k, ok := seen[j.ID]; ok {
			return &FieldError{Job: i, Field: "id", Err: fmt.Errorf("%w: duplicate id %q (also jobs[%d])", ErrInvalid, j.ID, k)}
		}
		seen[j.ID] = i
		for _, c := range []struct {
			name string
			v    float64
		}{{"release", j.Release}, {"map", j.Map}, {"shuffle", j.Shuffle}} {
			if err := finiteNonNeg(c.v); err != nil {
				return &FieldError{Job: i, Field: c.name, Err: err}
			}
		}
		if j.Map == 0 && j.Shuffle == 0 {
			return &FieldError{Job: i, Field: "map", Err: fmt.Errorf("%w: map and shuffle sizes are both 0 (x + y must be positive)", ErrInvalid)}
		}
	}
	// Every finite value can still overflow once added up: the makespan of a
	// work-conserving schedule is at most H = max r + Σx/μ_m + Σy/μ_c and a
	// total response time at most n·H. Past MaxMagnitude solvers and
	// simulators would print +Inf or NaN, so such an instance is refused.
	var maxR, sx, sy float64
	for _, j := range in.Jobs {
		maxR = math.Max(maxR, j.Release)
		sx += j.Map
		sy += j.Shuffle
	}
	if h := float64(len(in.Jobs)) * (maxR + sx/in.MapCapacity + sy/in.ShuffleCapacity); !(h <= MaxMagnitude) {
		return &FieldError{Job: -1, Field: "jobs", Err: fmt.Errorf("%w: too large: n·(max release + Σmap/map_capacity + Σshuffle/shuffle_capacity) = %s exceeds %g (sums of completion times would overflow float64)", ErrInvalid, FormatFloat(h), MaxMagnitude)}
	}
	if err := in.validateExtensions(); err != nil {
		return err
	}
	return in.checkRepresentable()
}

// MaxMagnitude bounds n·(max release + Σx/μ_m + Σy/μ_c), the largest total
// response time of a work-conserving schedule, in a valid instance. It
// leaves a factor 1e8 below math.MaxFloat64 for the products and sums that
// solvers and bounds form from these quantities.
const MaxMagnitude = 1e300

// SortedByRelease returns the job indices ordered by release time, ties by
// position (a stable order).
func (in *Instance) SortedByRelease() []int {
	idx := make([]int, len(in.Jobs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return in.Jobs[idx[a]].Release < in.Jobs[idx[b]].Release })
	return idx
}
