package sharedscan

import (
	"errors"
	"fmt"
	"math"
)

// Kind is the value of the "kind" field of a workload file.
const Kind = "sharedscan"

// Errors wrapped by every validation and parse error.
var (
	ErrInvalid = errors.New("sharedscan: invalid workload")
	ErrSyntax  = errors.New("sharedscan: syntax error")
)

// Dataset is a dataset (or, for semi-shared scans, a block or partition of
// data that several jobs' inputs overlap on).
type Dataset struct {
	ID   string  `json:"id"`
	Size float64 `json:"size"` // slot-time units (time for one slot to scan it)
}

// SLAStep is one step of an SLA penalty function (A.2, Fig. 7(e)): a job
// completing after Deadline costs at least Penalty.
type SLAStep struct {
	Deadline float64 `json:"deadline"`
	Penalty  float64 `json:"penalty"`
}

// Job is a Map job.
type Job struct {
	ID           string    `json:"id"`
	Arrival      float64   `json:"arrival"`
	Datasets     []string  `json:"datasets"`           // scanned datasets (ids)
	Weight       float64   `json:"weight"`             // > 0; default 1
	MinSlots     int       `json:"min_slots"`          // m_j ≥ 0; default 1
	MaxSlots     int       `json:"max_slots"`          // M_j ≥ max(m_j, 1); default S
	Deadline     *float64  `json:"deadline,omitempty"` // optional D_j
	SLA          []SLAStep `json:"sla,omitempty"`      // optional; deadlines strictly increasing, penalties non-decreasing
	ScanFraction float64   `json:"scan_fraction"`      // f_j ∈ (0,1]; default 1
}

// Workload is a shared-scan workload.
type Workload struct {
	Slots    int            `json:"slots"` // S
	Datasets []Dataset      `json:"datasets"`
	Jobs     []Job          `json:"jobs"`
	Metadata map[string]any `json:"metadata,omitempty"`
}

// FieldError names the JSON path of an invalid field.
type FieldError struct {
	Path string // for example "jobs[3].max_slots"
	Err  error
}

func (e *FieldError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

func ferr(path, format string, args ...any) error {
	return &FieldError{Path: path, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Validate checks the workload and returns a *FieldError naming the first
// invalid field: S ≥ 1; at least one dataset and one job; ids non-empty and
// unique; sizes finite and > 0; arrivals finite and ≥ 0; every job scans at
// least one known dataset, each at most once; weights finite and > 0;
// 0 ≤ m_j ≤ M_j, 1 ≤ M_j ≤ S, m_j ≤ S; deadlines finite; SLA deadlines
// finite and strictly increasing with finite, non-negative, non-decreasing
// penalties; 0 < f_j ≤ 1; n·(max arrival + n·Σ sizes) ≤ MaxMagnitude.
func (w *Workload) Validate() error {
	if w.Slots < 1 {
		return ferr("slots", "must be a positive integer, got %d", w.Slots)
	}
	if len(w.Datasets) == 0 {
		return ferr("datasets", "no datasets")
	}
	if len(w.Jobs) == 0 {
		return ferr("jobs", "no jobs")
	}
	ds := make(map[string]int, len(w.Datasets))
	for i, d := range w.Datasets {
		p := fmt.Sprintf("datasets[%d]", i)
		if d.ID == "" {
			return ferr(p+".id", "empty id")
		}
		if k, dup := ds[d.ID]; dup {
			return ferr(p+".id", "duplicate id %q (also datasets[%d])", d.ID, k)
		}
		ds[d.ID] = i
		if !finite(d.Size) || d.Size <= 0 {
			return ferr(p+".size", "must be finite and > 0, got %v", d.Size)
		}
	}
	ids := make(map[string]int, len(w.Jobs))
	for i := range w.Jobs {
		j := &w.Jobs[i]
		p := fmt.Sprintf("jobs[%d]", i)
		if j.ID == "" {
			return ferr(p+".id", "empty id")
		}
		if k, dup := ids[j.ID]; dup {
			return ferr(p+".id", "duplicate id %q (also jobs[%d])", j.ID, k)
		}
		ids[j.ID] = i
		if !finite(j.Arrival) || j.Arrival < 0 {
			return ferr(p+".arrival", "must be finite and ≥ 0, got %v", j.Arrival)
		}
		if len(j.Datasets) == 0 {
			return ferr(p+".datasets", "a job must scan at least one dataset")
		}
		seen := map[string]bool{}
		for k, d := range j.Datasets {
			if _, ok := ds[d]; !ok {
				return ferr(fmt.Sprintf("%s.datasets[%d]", p, k), "unknown dataset %q", d)
			}
			if seen[d] {
				return ferr(fmt.Sprintf("%s.datasets[%d]", p, k), "dataset %q listed twice", d)
			}
			seen[d] = true
		}
		if !finite(j.Weight) || j.Weight <= 0 {
			return ferr(p+".weight", "must be finite and > 0, got %v", j.Weight)
		}
		if j.MinSlots < 0 {
			return ferr(p+".min_slots", "must be ≥ 0, got %d", j.MinSlots)
		}
		if j.MinSlots > w.Slots {
			return ferr(p+".min_slots", "%d exceeds the %d slots", j.MinSlots, w.Slots)
		}
		if j.MaxSlots < 1 || j.MaxSlots > w.Slots {
			return ferr(p+".max_slots", "must be between 1 and the %d slots, got %d", w.Slots, j.MaxSlots)
		}
		if j.MaxSlots < j.MinSlots {
			return ferr(p+".max_slots", "%d is below min_slots %d", j.MaxSlots, j.MinSlots)
		}
		if j.Deadline != nil && !finite(*j.Deadline) {
			return ferr(p+".deadline", "must be finite")
		}
		for k, s := range j.SLA {
			q := fmt.Sprintf("%s.sla[%d]", p, k)
			if !finite(s.Deadline) {
				return ferr(q+".deadline", "must be finite")
			}
			if !finite(s.Penalty) || s.Penalty < 0 {
				return ferr(q+".penalty", "must be finite and ≥ 0, got %v", s.Penalty)
			}
			if k > 0 && s.Deadline <= j.SLA[k-1].Deadline {
				return ferr(q+".deadline", "SLA deadlines must increase strictly (%v after %v)", s.Deadline, j.SLA[k-1].Deadline)
			}
			if k > 0 && s.Penalty < j.SLA[k-1].Penalty {
				return ferr(q+".penalty", "SLA penalties must not decrease (%v after %v)", s.Penalty, j.SLA[k-1].Penalty)
			}
		}
		if !finite(j.ScanFraction) || j.ScanFraction <= 0 || j.ScanFraction > 1 {
			return ferr(p+".scan_fraction", "must be in (0,1], got %v", j.ScanFraction)
		}
	}
	// Finite values can still overflow once added up (sizes of 1e308 made
	// the simulator print +Inf work and NaN ratios). Every job scanning every
	// dataset once, one slot at a time, after the last arrival, bounds the
	// sum of response times: n·(max arrival + Σ sizes).
	var maxA, sum float64
	for _, j := range w.Jobs {
		maxA = math.Max(maxA, j.Arrival)
	}
	for _, d := range w.Datasets {
		sum += d.Size
	}
	if h := float64(len(w.Jobs)) * (maxA + float64(len(w.Jobs))*sum); !(h <= MaxMagnitude) {
		return ferr("datasets", "too large: n·(max arrival + n·Σ sizes) = %g exceeds %g (sums of response times would overflow float64)", h, MaxMagnitude)
	}
	return nil
}

// MaxMagnitude bounds n·(max arrival + n·Σ dataset sizes) in a valid
// workload, leaving a factor 1e8 below math.MaxFloat64 for the sums and
// products the simulator forms (work, stretch, weighted sums).
const MaxMagnitude = 1e300

// DatasetIndex maps dataset ids to their index in Datasets.
func (w *Workload) DatasetIndex() map[string]int {
	m := make(map[string]int, len(w.Datasets))
	for i, d := range w.Datasets {
		m[d.ID] = i
	}
	return m
}

// ScanWork returns X_j, the total size of the datasets job i scans.
func (w *Workload) ScanWork(i int, index map[string]int) float64 {
	x := 0.0
	for _, d := range w.Jobs[i].Datasets {
		x += w.Datasets[index[d]].Size
	}
	return x
}

// UnsharedWork returns W_j = X_j / f_j, the map work of job i when it
// shares nothing (the FLEX case and the denominator of §4's utilisation).
func (w *Workload) UnsharedWork(i int, index map[string]int) float64 {
	return w.ScanWork(i, index) / w.Jobs[i].ScanFraction
}

// IsolationTime returns W_j / M_j, the response time of job i alone on the
// cluster (A.2: "the minimum response time required to perform job j in
// isolation"); stretch is response time divided by it.
func (w *Workload) IsolationTime(i int, index map[string]int) float64 {
	return w.UnsharedWork(i, index) / float64(w.Jobs[i].MaxSlots)
}

// Utilisation returns ρ = Σ_j W_j / (T·S) for horizon T (§4).
func (w *Workload) Utilisation(T float64) float64 {
	idx := w.DatasetIndex()
	s := 0.0
	for i := range w.Jobs {
		s += w.UnsharedWork(i, idx)
	}
	return s / (T * float64(w.Slots))
}

// FullyShared reports whether every job scans exactly one dataset (the
// chain-precedence case of §3.1).
func (w *Workload) FullyShared() bool {
	for _, j := range w.Jobs {
		if len(j.Datasets) != 1 {
			return false
		}
	}
	return true
}
