package flex

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/tabular"
)

// Errors of PlanAt.
var (
	ErrNoActiveJob = errors.New("flex: no job is active")
	// ErrPlanInvalid: the packed schedule failed Validate (a defect, never
	// the user's input).
	ErrPlanInvalid = errors.New("flex: the packed schedule failed validation")
)

// PlanAtConfig selects the plan PlanAt builds.
type PlanAtConfig struct {
	Scheme Scheme  // CIRCUMFLEX or FLEX (BATCH has no malleable plan)
	Metric Metric  // the metric the plan optimises
	At     float64 // planning time; negative means the last arrival
	// Context, when not nil, stops the simulation up to At (ErrStopped).
	Context context.Context
}

// Validate names the field that is not allowed.
func (c PlanAtConfig) Validate() error {
	if c.Scheme != CIRCUMFLEX && c.Scheme != FLEX {
		return fmt.Errorf("%w: scheme: want circumflex or flex, got %v", ErrInput, c.Scheme)
	}
	if math.IsNaN(c.At) || math.IsInf(c.At, 0) {
		return fmt.Errorf("%w: at %v: want a finite time ≥ 0 (or negative for the last arrival)", ErrInput, c.At)
	}
	return nil
}

// PlanReport is the malleable schedule at one instant, as 'mrsched flex
// plan' prints it (its JSON form is the command's --format json output).
type PlanReport struct {
	Workload   string             `json:"workload"`
	Scheme     string             `json:"scheme"`
	Metric     string             `json:"metric"`
	At         float64            `json:"at"`
	Method     string             `json:"method"`
	Optimal    bool               `json:"optimal_order"`
	Value      float64            `json:"value"`
	Slots      int                `json:"slots"`
	Subjobs    []PlanSubjob       `json:"subjobs"`
	Intervals  []PlanInterval     `json:"intervals"`
	Completion map[string]float64 `json:"job_completion"`
	rank       map[string]int     // subjob label → priority rank (0 first)
}

// PlanSubjob is one subjob of a PlanReport, in priority order.
type PlanSubjob struct {
	Rank        int      `json:"rank"`
	Label       string   `json:"label"`
	Jobs        []string `json:"jobs"`
	Completes   []string `json:"completes"`
	Concurrency int      `json:"concurrency"`
	Work        float64  `json:"work"`
	Min         float64  `json:"min_slots"`
	Max         float64  `json:"max_slots"`
	Preds       []string `json:"preds"`
	Completion  float64  `json:"completion"`
}

// PlanInterval is one interval of a PlanReport: the slots each subjob
// (by label) holds in [Start, End).
type PlanInterval struct {
	Start float64            `json:"start"`
	End   float64            `json:"end"`
	Slots map[string]float64 `json:"slots"`
}

// Rank returns the priority rank (0 first) of every subjob label.
func (r *PlanReport) Rank() map[string]int { return r.rank }

// PlanAt follows the epoch simulation of w up to cfg.At (so the jobs that
// arrived earlier are part-way through their scans), builds the subjobs by
// cyclic piggybacking (§2.2), orders them by GSR or backwards DP (§3.2) and
// packs them (§3.3). The packed schedule is checked by Validate; a failure
// is an error wrapping ErrPlanInvalid. name labels the workload in the report.
func PlanAt(w *sharedscan.Workload, name string, cfg PlanAtConfig) (*PlanReport, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	at := cfg.At
	if at < 0 {
		for _, j := range w.Jobs {
			at = math.Max(at, j.Arrival)
		}
	}
	if at <= 0 {
		at = math.SmallestNonzeroFloat64 // plan at 0 with the jobs arriving at 0
	}
	res, err := Simulate(w, SimOptions{Scheme: cfg.Scheme, Metric: cfg.Metric, StopAt: at, Context: cfg.Context})
	if err != nil {
		return nil, err
	}
	fp := res.Final
	if fp == nil || len(fp.Jobs) == 0 {
		return nil, fmt.Errorf("%w at time %v", ErrNoActiveJob, at)
	}
	pl := fp.Plan
	if err := Validate(pl.Input, pl.Schedule); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPlanInvalid, err)
	}
	out := &PlanReport{Workload: name, Scheme: cfg.Scheme.String(), Metric: cfg.Metric.Name(), At: fp.At, Method: string(pl.Method),
		Optimal: pl.Optimal, Slots: w.Slots, Completion: map[string]float64{}, rank: map[string]int{}}
	comp := make([]float64, len(w.Jobs))
	for i := range comp {
		comp[i] = math.NaN()
	}
	for a, j := range fp.Jobs {
		comp[j] = fp.At + pl.JobCompletion[a]
		out.Completion[w.Jobs[j].ID] = comp[j]
	}
	out.Value = cfg.Metric.Value(JobInfos(w), comp)
	labels := make([]string, len(pl.Subjobs.List))
	for i := range pl.Subjobs.List {
		labels[i] = SubjobLabel(w, fp.Jobs, &pl.Subjobs.List[i])
	}
	ids := func(as []int) []string {
		s := make([]string, len(as))
		for i, a := range as {
			s[i] = w.Jobs[fp.Jobs[a]].ID
		}
		return s
	}
	for r, i := range pl.Order {
		s := &pl.Subjobs.List[i]
		ps := []string{}
		for _, p := range s.Preds {
			ps = append(ps, labels[p])
		}
		out.rank[labels[i]] = r
		out.Subjobs = append(out.Subjobs, PlanSubjob{Rank: r + 1, Label: labels[i], Jobs: ids(s.Jobs), Completes: ids(s.Completes),
			Concurrency: len(s.Jobs), Work: s.Work, Min: s.Min, Max: s.Max, Preds: ps, Completion: fp.At + pl.Schedule.Completion[i]})
	}
	sch := pl.Schedule
	out.Intervals = make([]PlanInterval, len(sch.Intervals))
	for i, iv := range sch.Intervals {
		out.Intervals[i] = PlanInterval{Start: fp.At + iv.Start, End: fp.At + iv.End, Slots: map[string]float64{}}
	}
	for ri := range sch.Runs {
		r := &sch.Runs[ri]
		for i := r.From; i < r.To; i++ {
			out.Intervals[i].Slots[labels[r.Subjob]] = sch.SlotsIn(r, i)
		}
	}
	return out, nil
}

// SubjobLabel names a subjob for people: (dataset,position) for a chain
// piece, with @job for a single job's piece or #batchK for a batch group,
// or {job,…} for a Venn-region subjob. jobs maps the plan's job indices to
// indices in w.Jobs.
func SubjobLabel(w *sharedscan.Workload, jobs []int, s *Subjob) string {
	if len(s.Pieces) == 1 && s.Chain >= 0 {
		p := s.Pieces[0]
		ds := w.Datasets[p.Dataset].ID
		if p.Group == 0 {
			return fmt.Sprintf("(%s,%d)", ds, s.Pos)
		}
		if len(s.Jobs) == 1 {
			return fmt.Sprintf("(%s,%d)@%s", ds, s.Pos, w.Jobs[jobs[s.Jobs[0]]].ID)
		}
		return fmt.Sprintf("(%s,%d)#batch%d", ds, s.Pos, p.Group)
	}
	ids := make([]string, len(s.Jobs))
	for i, a := range s.Jobs {
		ids[i] = w.Jobs[jobs[a]].ID
	}
	return "{" + strings.Join(ids, ",") + "}"
}

// Write writes the report in format f: JSON is the report itself; the
// other formats a table of the subjobs and, with intervals, a table of the
// slot allocations per interval.
func (r *PlanReport) Write(w io.Writer, f tabular.Format, intervals bool) error {
	if f == tabular.JSON {
		return tabular.WriteJSON(w, r)
	}
	opt := "optimal for this metric"
	if !r.Optimal {
		opt = "a heuristic for this metric"
	}
	tb := &tabular.Table{Title: fmt.Sprintf("%s plan at t = %s for %s: value %s (method %s, %s)", r.Scheme, tabular.Float(r.At), r.Metric, tabular.Float(r.Value), r.Method, opt),
		Header:     []string{"rank", "subjob", "concurrency", "work", "min", "max", "completion", "completes", "preds"},
		RightAlign: []bool{true, false, true, true, true, true, true, false, false}}
	for _, s := range r.Subjobs {
		tb.Add(strconv.Itoa(s.Rank), s.Label, strconv.Itoa(s.Concurrency), tabular.Float(s.Work), tabular.Float(s.Min), tabular.Float(s.Max),
			tabular.Float(s.Completion), strings.Join(s.Completes, " "), strings.Join(s.Preds, " "))
	}
	if err := tb.Write(w, f); err != nil {
		return err
	}
	if !intervals {
		return nil
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	it := &tabular.Table{Title: "intervals (slots per subjob)", Header: []string{"start", "end", "allocations"}, RightAlign: []bool{true, true, false}}
	for _, iv := range r.Intervals {
		keys := make([]string, 0, len(iv.Slots))
		for k := range iv.Slots {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + "=" + tabular.Float(iv.Slots[k])
		}
		it.Add(tabular.Float(iv.Start), tabular.Float(iv.End), strings.Join(parts, " "))
	}
	return it.Write(w, f)
}
