package workload

import (
	"errors"
	"fmt"
	"math"
)

// Kind is the value of the "kind" field of a cluster workload file.
const Kind = "cluster"

// Sentinel errors; every validation or parse error wraps one of them.
var (
	ErrInvalid = errors.New("workload: invalid workload")
	ErrSyntax  = errors.New("workload: syntax error")
)

// Job is one MapReduce job.
type Job struct {
	ID     string    // unique job name
	User   string    // owner (the LsPS user u_i; the H-PFSP pool)
	Submit float64   // submission time in seconds, ≥ 0
	Map    []float64 // duration of each map task in seconds (> 0)
	Reduce []float64 // duration of each reduce task in seconds (> 0); empty: map-only job
}

// MapWork returns the total map slot-seconds of j.
func (j *Job) MapWork() float64 { return sum(j.Map) }

// ReduceWork returns the total reduce slot-seconds of j.
func (j *Job) ReduceWork() float64 { return sum(j.Reduce) }

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// Workload is a cluster and the jobs submitted to it.
type Workload struct {
	Nodes       int // number of nodes, ≥ 1
	MapSlots    int // map slots per node, ≥ 0
	ReduceSlots int // reduce slots per node, ≥ 0
	Jobs        []Job
	// Metadata is carried through reading and writing unchanged (generator
	// name, seed, task-time model, …).
	Metadata map[string]any
}

// TotalMapSlots returns N(S)_M, the map slots of the whole cluster.
func (w *Workload) TotalMapSlots() int { return w.Nodes * w.MapSlots }

// TotalReduceSlots returns N(S)_R, the reduce slots of the whole cluster.
func (w *Workload) TotalReduceSlots() int { return w.Nodes * w.ReduceSlots }

// Users returns the distinct users in order of first appearance in Jobs,
// and for each job the index of its user in that list.
func (w *Workload) Users() (names []string, userOf []int) {
	idx := map[string]int{}
	userOf = make([]int, len(w.Jobs))
	for i, j := range w.Jobs {
		k, ok := idx[j.User]
		if !ok {
			k = len(names)
			idx[j.User] = k
			names = append(names, j.User)
		}
		userOf[i] = k
	}
	return names, userOf
}

// FieldError is a validation error about one field of one job (Job ≥ 0,
// Task ≥ 0 for one task duration) or of the workload (Job = -1).
type FieldError struct {
	Job   int
	Field string
	Task  int // index into Map or Reduce, or -1
	Err   error
}

// Path returns the JSON path of the field, for example "jobs[3].map[2]".
func (e *FieldError) Path() string {
	p := e.Field
	if e.Job >= 0 {
		p = fmt.Sprintf("jobs[%d].%s", e.Job, e.Field)
	}
	if e.Task >= 0 {
		p = fmt.Sprintf("%s[%d]", p, e.Task)
	}
	return p
}

func (e *FieldError) Error() string { return e.Path() + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// MaxTasks bounds the tasks of one job (map plus reduce) and MaxTotalTasks
// those of a workload, so that a corrupt or hostile file (the compact
// {"count", "time"} form expands) cannot make readers allocate without
// limit. The largest SWIM job (11.7 TB in FB-2010) has 175,000 map tasks and
// the whole FB-2010 day 22.7 million tasks.
const (
	MaxTasks      = 1 << 22
	MaxTotalTasks = 1 << 25
)

// Validate checks the workload: at least one node; non-negative slot
// counts; at least one map slot when any job has map tasks and one reduce
// slot when any job has reduce tasks; every job with a non-empty unique id,
// a finite submission time ≥ 0, at least one map task, and finite task
// durations > 0; n·(max submit + Σ durations) ≤ MaxMagnitude. Jobs need not be sorted by submission time (the simulator
// orders them by time, then by index). The error is a *FieldError.
func (w *Workload) Validate() error {
	fe := func(job int, field string, task int, format string, a ...any) error {
		return &FieldError{Job: job, Field: field, Task: task, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, a...)...)}
	}
	if w.Nodes < 1 {
		return fe(-1, "nodes", -1, "need at least one node, got %d", w.Nodes)
	}
	if w.MapSlots < 0 {
		return fe(-1, "map_slots", -1, "negative slot count %d", w.MapSlots)
	}
	if w.ReduceSlots < 0 {
		return fe(-1, "reduce_slots", -1, "negative slot count %d", w.ReduceSlots)
	}
	if int64(w.Nodes)*int64(w.MapSlots+w.ReduceSlots) > 1<<24 {
		return fe(-1, "nodes", -1, "%d nodes × %d slots is more than 2^24 slots", w.Nodes, w.MapSlots+w.ReduceSlots)
	}
	if len(w.Jobs) == 0 {
		return fe(-1, "jobs", -1, "no jobs")
	}
	ids := make(map[string]int, len(w.Jobs))
	for i := range w.Jobs {
		j := &w.Jobs[i]
		if j.ID == "" {
			return fe(i, "id", -1, "empty id")
		}
		if k, dup := ids[j.ID]; dup {
			return fe(i, "id", -1, "duplicate id %q (also jobs[%d])", j.ID, k)
		}
		ids[j.ID] = i
		if math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0) || j.Submit < 0 {
			return fe(i, "submit", -1, "submission time must be finite and ≥ 0, got %v", j.Submit)
		}
		if len(j.Map) == 0 {
			return fe(i, "map", -1, "a job needs at least one map task")
		}
		if len(j.Map)+len(j.Reduce) > MaxTasks {
			return fe(i, "map", -1, "%d tasks, more than %d", len(j.Map)+len(j.Reduce), MaxTasks)
		}
		if w.MapSlots == 0 {
			return fe(-1, "map_slots", -1, "jobs have map tasks but the cluster has no map slot")
		}
		if len(j.Reduce) > 0 && w.ReduceSlots == 0 {
			return fe(i, "reduce", -1, "the job has reduce tasks but the cluster has no reduce slot")
		}
		for _, ph := range []struct {
			name string
			d    []float64
		}{{"map", j.Map}, {"reduce", j.Reduce}} {
			for k, d := range ph.d {
				if math.IsNaN(d) || math.IsInf(d, 0) || d <= 0 {
					return fe(i, ph.name, k, "task duration must be finite and > 0, got %v", d)
				}
			}
		}
	}
	// Finite durations can still overflow once added up (durations of
	// 1e308 made the simulator print a mean response of +Inf). Running every
	// task one after another after the last submission bounds every
	// response time: n·(max submit + Σ durations) bounds their sum.
	var maxS, sum float64
	for _, j := range w.Jobs {
		maxS = math.Max(maxS, j.Submit)
		for _, d := range j.Map {
			sum += d
		}
		for _, d := range j.Reduce {
			sum += d
		}
	}
	if h := float64(len(w.Jobs)) * (maxS + sum); !(h <= MaxMagnitude) {
		return fe(-1, "jobs", -1, "too large: n·(max submit + Σ task durations) = %g exceeds %g (sums of response times would overflow float64)", h, MaxMagnitude)
	}
	return nil
}

// MaxMagnitude bounds n·(max submit + Σ task durations) in a valid
// workload, leaving a factor 1e8 below math.MaxFloat64 for the sums the
// simulator forms.
const MaxMagnitude = 1e300

// Clone returns a deep copy (metadata one level deep).
func (w *Workload) Clone() *Workload {
	out := *w
	out.Jobs = make([]Job, len(w.Jobs))
	for i, j := range w.Jobs {
		j.Map = append([]float64(nil), j.Map...)
		j.Reduce = append([]float64(nil), j.Reduce...)
		out.Jobs[i] = j
	}
	if w.Metadata != nil {
		out.Metadata = make(map[string]any, len(w.Metadata))
		for k, v := range w.Metadata {
			out.Metadata[k] = v
		}
	}
	return &out
}
