package flex

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/instances/sharedscan"
)

// Errors of the package.
var (
	ErrMetric      = errors.New("flex: unknown metric")
	ErrUnsupported = errors.New("flex: metric not supported for this precedence structure")
	ErrInput       = errors.New("flex: invalid input")
	ErrSchedule    = errors.New("flex: invalid schedule")
	// ErrStopped wraps the context's error when SimOptions.Context ends
	// before the simulation does (a time limit or an interrupt).
	ErrStopped = errors.New("flex: simulation stopped before its end")
)

// Kind is a per-job penalty category of appendix A.2 (Fig. 7).
type Kind int

// The penalty categories. Stretch is response time with weights 1/W_j
// (A.2); it is listed separately, as the paper does in §3.2 and §4.
const (
	Response  Kind = iota // C_j − a_j, Fig. 7(a)
	Stretch               // (C_j − a_j)/W_j with W_j the isolation time
	TardyJobs             // 1[C_j > D_j], Fig. 7(b)
	Tardiness             // max(0, C_j − D_j), Fig. 7(c)
	Lateness              // C_j − D_j, Fig. 7(d)
	SLA                   // max{p_{j,k} : C_j > D_{j,k}}, Fig. 7(e)
)

var kindNames = []string{"response", "stretch", "tardy", "tardiness", "lateness", "sla"}

// Metric is one of FLEX's 16 objectives: a per-job penalty, weighted or
// not, summed (minisum) or maximised (minimax) over the jobs.
type Metric struct {
	Kind     Kind
	Weighted bool // multiply by the job weight w_j (not for Stretch, SLA)
	Max      bool // minimax; otherwise minisum
}

// Metrics lists the 16 FLEX choices (A.2; intro: "16 combinatorial
// choices"). Our reading of the count, which reproduces the paper's 16, 11
// and 8: minisum {response, weighted response, stretch, tardy jobs,
// weighted tardy jobs, tardiness, weighted tardiness, SLA} and minimax
// {response (makespan-like), weighted response, stretch, tardiness,
// weighted tardiness, lateness, weighted lateness, SLA}. Minisum lateness is
// minisum response minus a constant (A.2) and minimax tardy jobs is a 0/1
// indicator, so neither is a separate choice.
var Metrics = []Metric{
	{Response, false, false}, {Response, true, false}, {Stretch, false, false},
	{TardyJobs, false, false}, {TardyJobs, true, false}, {Tardiness, false, false}, {Tardiness, true, false},
	{SLA, false, false},
	{Response, false, true}, {Response, true, true}, {Stretch, false, true},
	{Tardiness, false, true}, {Tardiness, true, true}, {Lateness, false, true}, {Lateness, true, true},
	{SLA, false, true},
}

// Name is the command-line name, e.g. "sum-wtardiness" or "max-stretch".
func (m Metric) Name() string {
	agg := "sum-"
	if m.Max {
		agg = "max-"
	}
	w := ""
	if m.Weighted {
		w = "w"
	}
	return agg + w + kindNames[m.Kind]
}

func (m Metric) String() string { return m.Name() }

// ParseMetric parses a metric name: one of the 16 names of Metrics
// ("sum-response", "max-wlateness", …) or the aliases avg-response,
// avg-wresponse, avg-stretch (= sum-…), makespan (= max-response).
func ParseMetric(s string) (Metric, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Replace(s, "avg-", "sum-", 1)
	if s == "makespan" {
		s = "max-response"
	}
	for _, m := range Metrics {
		if m.Name() == s {
			return m, nil
		}
	}
	names := make([]string, len(Metrics))
	for i, m := range Metrics {
		names[i] = m.Name()
	}
	sort.Strings(names)
	return Metric{}, fmt.Errorf("%w %q (want one of %s)", ErrMetric, s, strings.Join(names, ", "))
}

// Minisum reports whether m is a sum (average) metric.
func (m Metric) Minisum() bool { return !m.Max }

// GSROptimal reports whether the Generalized Smith's Rule gives an optimal
// interim order: minisum response, weighted response and stretch (§3.2).
func (m Metric) GSROptimal() bool {
	return !m.Max && (m.Kind == Response || m.Kind == Stretch)
}

// Optimised reports whether CIRCUMFLEX computes an optimal interim order
// for m: with chain precedence the 3 GSR metrics and the 8 minimax metrics
// (11, §1 and §3); with the general precedence of semi-shared scans only
// the 8 minimax metrics (§3.3).
func (m Metric) Optimised(chains bool) bool {
	if m.Max {
		return true
	}
	return chains && m.GSROptimal()
}

// NeedsDeadlines reports whether m uses the jobs' deadlines D_j.
func (m Metric) NeedsDeadlines() bool {
	return m.Kind == TardyJobs || m.Kind == Tardiness || m.Kind == Lateness
}

// JobInfo is what a metric needs to know about a job.
type JobInfo struct {
	Arrival     float64
	Weight      float64
	Isolation   float64 // W_j / M_j, the stretch denominator (A.2)
	HasDeadline bool
	Deadline    float64
	SLA         []sharedscan.SLAStep
}

// JobInfos extracts the metric data of every job of a workload.
func JobInfos(w *sharedscan.Workload) []JobInfo {
	idx := w.DatasetIndex()
	out := make([]JobInfo, len(w.Jobs))
	for i, j := range w.Jobs {
		out[i] = JobInfo{Arrival: j.Arrival, Weight: j.Weight, Isolation: w.IsolationTime(i, idx), SLA: j.SLA}
		if j.Deadline != nil {
			out[i].HasDeadline = true
			out[i].Deadline = *j.Deadline
		}
	}
	return out
}

// Weight returns the GSR weight of a job for a minisum response metric:
// 1, w_j or 1/W_j (A.2).
func (m Metric) Weight(j *JobInfo) float64 {
	switch {
	case m.Kind == Stretch:
		return 1 / j.Isolation
	case m.Weighted:
		return j.Weight
	}
	return 1
}

// Penalty returns F_j(C), the job's penalty when it completes at time C.
// A job without a deadline is never tardy (penalty 0) and has lateness
// −∞ (it never determines a maximum); a job without SLA steps costs 0.
func (m Metric) Penalty(j *JobInfo, C float64) float64 {
	w := 1.0
	if m.Weighted {
		w = j.Weight
	}
	switch m.Kind {
	case Response:
		return w * (C - j.Arrival)
	case Stretch:
		return (C - j.Arrival) / j.Isolation
	case TardyJobs:
		if j.HasDeadline && C > j.Deadline {
			return w
		}
		return 0
	case Tardiness:
		if j.HasDeadline {
			return w * math.Max(0, C-j.Deadline)
		}
		return 0
	case Lateness:
		if j.HasDeadline {
			return w * (C - j.Deadline)
		}
		return math.Inf(-1)
	case SLA:
		v := 0.0
		for _, s := range j.SLA {
			if C > s.Deadline {
				v = s.Penalty
			}
		}
		return v
	}
	return math.NaN()
}

// shiftKey reports whether F_j(t) = φ(t − key_j) for one non-decreasing φ
// shared by all jobs (unweighted response, tardiness, lateness): the job
// with the largest key then has the smallest penalty at every t, which the
// backwards DP exploits with a heap.
func (m Metric) shiftKey(j *JobInfo) (float64, bool) {
	if m.Weighted {
		return 0, false
	}
	switch m.Kind {
	case Response:
		return j.Arrival, true
	case Tardiness, Lateness:
		if j.HasDeadline {
			return j.Deadline, true
		}
		return math.Inf(1), true
	}
	return 0, false
}

// Value aggregates the penalties of jobs completing at completion[i]:
// the sum (minisum) or the maximum (minimax). Jobs with NaN completion are
// skipped.
func (m Metric) Value(jobs []JobInfo, completion []float64) float64 {
	v := 0.0
	if m.Max {
		v = math.Inf(-1)
	}
	for i := range jobs {
		c := completion[i]
		if math.IsNaN(c) {
			continue
		}
		p := m.Penalty(&jobs[i], c)
		if m.Max {
			v = math.Max(v, p)
		} else {
			v += p
		}
	}
	return v
}

// CheckJobs returns an error when m needs data no job has (deadlines for
// tardiness-type metrics, SLA steps for SLA).
func (m Metric) CheckJobs(jobs []JobInfo) error {
	if m.NeedsDeadlines() {
		for i := range jobs {
			if jobs[i].HasDeadline {
				return nil
			}
		}
		return fmt.Errorf("%w: metric %s needs deadlines, and no job has one", ErrInput, m.Name())
	}
	if m.Kind == SLA {
		for i := range jobs {
			if len(jobs[i].SLA) > 0 {
				return nil
			}
		}
		return fmt.Errorf("%w: metric %s needs SLA steps, and no job has any", ErrInput, m.Name())
	}
	return nil
}
