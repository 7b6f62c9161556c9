package report

// Views: the results of the single-instance commands (solve, bound,
// simulate, validate, compare, check, engine info, mip solve) as
// tabular.Views, so that a Go user writes exactly what 'mrsched' prints.

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// SolveJob is one job of a SolveResult.
type SolveJob struct {
	ID         string  `json:"id"`
	Release    float64 `json:"release"`
	Map        float64 `json:"map"`
	Shuffle    float64 `json:"shuffle"`
	Completion float64 `json:"completion"`
	Response   float64 `json:"response"`
	// Due and Lateness (C_j − d_j, negative when early) are set for the
	// jobs with a deadline.
	Due      *float64 `json:"due,omitempty"`
	Lateness *float64 `json:"lateness,omitempty"`
}

// SolveLateness summarises the deadlines of a solve answer's schedule
// (validate.Lateness).
type SolveLateness struct {
	JobsWithDeadline  int      `json:"jobs_with_deadline"`
	Late              int      `json:"late"`
	MaxLateness       float64  `json:"max_lateness"`
	WeightedTardiness float64  `json:"weighted_tardiness"`
	LateIDs           []string `json:"late_ids"`
}

// SolveCertificate is the JSON form of a bounds.DeadlineCertificate: the
// jobs of the relaxation need Work > End − Start within [Start, End].
type SolveCertificate struct {
	Relaxation string   `json:"relaxation"`
	Alpha      float64  `json:"alpha"`
	Jobs       []string `json:"jobs"`
	Start      float64  `json:"start"`
	End        float64  `json:"end"`
	Length     float64  `json:"length"`
	Work       float64  `json:"work"`
}

// SolveResult is the JSON form of an exact.Answer for one instance file.
type SolveResult struct {
	Instance    string          `json:"instance"`
	Method      string          `json:"method"`
	Engine      string          `json:"engine,omitempty"`
	Status      string          `json:"status"`
	Objective   float64         `json:"objective"`
	LowerBound  float64         `json:"lower_bound"`
	BoundSource mip.BoundSource `json:"bound_source"`
	Bounds      []exact.Bound   `json:"bounds"`
	// ScheduleSource says who found the schedule (the method, or a
	// heuristic or fallback one).
	ScheduleSource string             `json:"schedule_source"`
	Gap            float64            `json:"gap"`
	Order          []string           `json:"order"`
	Nodes          int64              `json:"nodes"`
	LPs            int64              `json:"lps"`
	TimeSeconds    float64            `json:"time_seconds"`
	Detail         map[string]float64 `json:"detail,omitempty"`
	Notes          []string           `json:"notes,omitempty"`
	// Lateness is set when the instance has deadlines and the answer a
	// schedule; InfeasibleBy and Certificate with status "infeasible".
	Lateness     *SolveLateness    `json:"lateness,omitempty"`
	InfeasibleBy string            `json:"infeasible_by,omitempty"`
	Certificate  *SolveCertificate `json:"certificate,omitempty"`
	Jobs         []SolveJob        `json:"jobs"`
}

// jobHeader is the header of the per-job tables.
var jobHeader = []string{"id", "release", "map", "shuffle", "completion", "response"}

// certificateIDs is how many job ids of a certificate the text and
// Markdown summary list.
const certificateIDs = 12

// SolveView is the answer a of exact.Solve on instance in (read from path):
// JSON a SolveResult; the per-job table, preceded in text and Markdown by
// the summary (status, objective, bound, gap, order, notes).
func SolveView(path string, in *instances.Instance, a *exact.Answer) *tabular.View {
	o := SolveResult{Instance: path, Method: a.Method, Engine: a.Engine, Status: a.Status.String(), Objective: a.Objective,
		LowerBound: a.LowerBound, BoundSource: a.BoundSource, Bounds: a.Bounds, ScheduleSource: a.ScheduleSource,
		Gap: a.Gap, Nodes: a.Nodes, LPs: a.LPs, TimeSeconds: a.Time.Seconds(), Detail: a.Detail, Notes: a.Notes, InfeasibleBy: a.InfeasibleBy}
	for _, j := range a.Order {
		o.Order = append(o.Order, in.Jobs[j].ID)
	}
	dl := in.HasDeadlines()
	header, right := jobHeader, []bool{false, true, true, true, true, true}
	if dl {
		header, right = append(append([]string(nil), jobHeader...), "due", "lateness"), append(right, true, true)
	}
	t := &tabular.Table{Header: header, RightAlign: right}
	if a.Schedule != nil {
		for i, j := range in.Jobs {
			sj := SolveJob{ID: j.ID, Release: j.Release, Map: j.Map, Shuffle: j.Shuffle,
				Completion: a.Schedule.Completion[i], Response: a.Schedule.Completion[i] - j.Release}
			row := []string{sj.ID, tabular.Float(sj.Release), tabular.Float(sj.Map), tabular.Float(sj.Shuffle), tabular.Float(sj.Completion), tabular.Float(sj.Response)}
			if dl {
				due, late := "", ""
				if j.HasDue {
					d, l := j.Due, sj.Completion-j.Due
					sj.Due, sj.Lateness = &d, &l
					due, late = tabular.Float(d), tabular.Float(l)
				}
				row = append(row, due, late)
			}
			o.Jobs = append(o.Jobs, sj)
			t.Add(row...)
		}
		if vr, err := validate.Check(in, a.Schedule); err == nil && vr.Late != nil {
			o.Lateness = &SolveLateness{JobsWithDeadline: vr.Late.Jobs, Late: vr.Late.Late, MaxLateness: vr.Late.MaxLateness,
				WeightedTardiness: vr.Late.WeightedTardiness, LateIDs: append([]string{}, vr.Late.LateIDs...)}
		}
	}
	if c := a.Certificate; c != nil {
		o.Certificate = &SolveCertificate{Relaxation: c.Relaxation(), Alpha: c.Alpha, Start: c.Start, End: c.End, Length: c.End - c.Start, Work: c.Work}
		if c.Alone {
			o.Certificate.Alpha = math.NaN()
		}
		for _, j := range c.Jobs {
			o.Certificate.Jobs = append(o.Certificate.Jobs, in.Jobs[j].ID)
		}
	}
	var h strings.Builder
	fmt.Fprintf(&h, "method %s", o.Method)
	if o.Engine != "" {
		fmt.Fprintf(&h, " (engine %s)", o.Engine)
	}
	if a.Status == exact.StatusInfeasible {
		fmt.Fprintf(&h, ": %s (proof: %s), %.3gs\n", o.Status, o.InfeasibleBy, o.TimeSeconds)
		if c := o.Certificate; c != nil {
			ids := strings.Join(c.Jobs, ",")
			if len(c.Jobs) > certificateIDs {
				ids = fmt.Sprintf("%s,… (%d jobs; all in JSON)", strings.Join(c.Jobs[:certificateIDs], ","), len(c.Jobs))
			}
			fmt.Fprintf(&h, "certificate (%s): jobs %s need %s of work within [%s, %s], of length %s\n", c.Relaxation, ids,
				tabular.Human(c.Work), tabular.Human(c.Start), tabular.Human(c.End), tabular.Human(c.Length))
		}
	} else {
		fmt.Fprintf(&h, ": %s, objective %s (%s), lower bound %s (%s), gap %s, %d nodes, %d LPs, %.3gs\norder %s\n",
			o.Status, tabular.Human(o.Objective), o.ScheduleSource, tabular.Human(o.LowerBound), o.BoundSource, tabular.Percent(o.Gap),
			o.Nodes, o.LPs, o.TimeSeconds, strings.Join(o.Order, ","))
	}
	if l := o.Lateness; l != nil {
		fmt.Fprintf(&h, "deadlines: %d of %d jobs late, max lateness %s, weighted tardiness %s", l.Late, l.JobsWithDeadline, tabular.Human(l.MaxLateness), tabular.Human(l.WeightedTardiness))
		if len(l.LateIDs) > 0 {
			fmt.Fprintf(&h, " (late: %s)", strings.Join(l.LateIDs, ","))
		}
		h.WriteString("\n")
	}
	for _, n := range o.Notes {
		fmt.Fprintf(&h, "note: %s\n", n)
	}
	v := &tabular.View{Value: o, Head: h.String()}
	if a.Schedule != nil {
		v.Tables = []*tabular.Table{t}
	} else {
		// No schedule (status infeasible): CSV gets the proof as key/value rows.
		kv := &tabular.Table{Header: []string{"key", "value"}}
		kv.Add("status", o.Status)
		kv.Add("infeasible_by", o.InfeasibleBy)
		if c := o.Certificate; c != nil {
			kv.Add("relaxation", c.Relaxation)
			kv.Add("jobs", strings.Join(c.Jobs, ";"))
			kv.Add("start", tabular.Float(c.Start))
			kv.Add("end", tabular.Float(c.End))
			kv.Add("length", tabular.Float(c.Length))
			kv.Add("work", tabular.Float(c.Work))
		}
		v.CSV = []*tabular.Table{kv}
	}
	return v
}

// BoundsView is the rows of AllBounds: JSON the rows, else one table.
func BoundsView(rows []BoundRow) *tabular.View {
	t := &tabular.Table{Header: []string{"name", "value", "kind", "note"}, RightAlign: []bool{false, true, false, false}}
	for _, r := range rows {
		note := r.Note
		if r.Error != "" {
			note += ": " + r.Error
		}
		t.Add(r.Name, tabular.Float(r.Value), r.Kind, note)
	}
	return &tabular.View{Value: rows, Tables: []*tabular.Table{t}}
}

// SimulateJob is one job of a SimulateResult.
type SimulateJob struct {
	ID         string  `json:"id"`
	Release    float64 `json:"release"`
	Map        float64 `json:"map"`
	Shuffle    float64 `json:"shuffle"`
	Completion float64 `json:"completion"`
	Response   float64 `json:"response"`
	Slowdown   float64 `json:"slowdown"`
}

// SimulateResult is the JSON form of a fluid simulation of one instance.
type SimulateResult struct {
	Instance          string        `json:"instance"`
	Policy            string        `json:"policy"`
	K                 int           `json:"k,omitempty"`
	Speed             float64       `json:"speed"`
	Jobs              int           `json:"n"`
	TotalResponseTime float64       `json:"total_response_time"`
	MeanResponseTime  float64       `json:"mean_response_time"`
	MeanSlowdown      float64       `json:"mean_slowdown"`
	Makespan          float64       `json:"makespan"`
	JobResults        []SimulateJob `json:"jobs"`
}

// SimulateView is the result r of fluid.Simulate with policy p at speed on
// instance in (read from path); k is reported for the k-LPS policies.
func SimulateView(path string, in *instances.Instance, p fluid.Policy, k int, speed float64, r *fluid.Result) *tabular.View {
	o := SimulateResult{Instance: path, Policy: p.Name(), Speed: speed, Jobs: in.N(),
		TotalResponseTime: r.TotalResponse, MeanResponseTime: r.MeanResponse, MeanSlowdown: r.MeanSlowdown, Makespan: r.Makespan}
	if p.Name() == "klps" || p.Name() == "klps-maponly" {
		o.K = k
	}
	t := &tabular.Table{
		Title: fmt.Sprintf("%s on %s: total response %s, mean %s, mean slowdown %s, makespan %s", p.Name(), path,
			tabular.Human(r.TotalResponse), tabular.Human(r.MeanResponse), tabular.Human(r.MeanSlowdown), tabular.Human(r.Makespan)),
		Header:     append(append([]string(nil), jobHeader...), "slowdown"),
		RightAlign: []bool{false, true, true, true, true, true, true},
	}
	for i, j := range in.Jobs {
		sj := SimulateJob{ID: j.ID, Release: j.Release, Map: j.Map, Shuffle: j.Shuffle,
			Completion: r.Completion[i], Response: r.Response[i], Slowdown: r.Slowdown[i]}
		o.JobResults = append(o.JobResults, sj)
		t.Add(j.ID, tabular.Float(j.Release), tabular.Float(j.Map), tabular.Float(j.Shuffle), tabular.Float(sj.Completion), tabular.Float(sj.Response), tabular.Float(sj.Slowdown))
	}
	return &tabular.View{Value: o, Tables: []*tabular.Table{t}}
}

// ValidateView is the verdict of validate.Check (res, err) on schedule s
// read from path: the violations when err is a *validate.Error, else one
// row with the total response time and makespan. Another error (not a
// verdict) gives no view.
func ValidateView(path string, s *schedule.Schedule, res validate.Result, err error) *tabular.View {
	var ve *validate.Error
	switch {
	case errors.As(err, &ve):
		t := &tabular.Table{Title: fmt.Sprintf("%s: INVALID (%d violations)", path, len(ve.Violations)),
			Header: []string{"rule", "segment", "job", "detail"}}
		for _, v := range ve.Violations {
			t.Add(v.Rule, fmt.Sprint(v.Segment), v.Job, v.Detail)
		}
		return &tabular.View{Tables: []*tabular.Table{t}}
	case err != nil:
		return nil
	}
	t := &tabular.Table{Header: []string{"schedule", "valid", "total_response_time", "makespan", "segments"}}
	row := []string{path, "true", tabular.Float(res.TotalResponse), tabular.Float(res.Makespan), fmt.Sprint(len(s.Segments))}
	// Weights and deadlines add columns (none for an instance without them).
	if res.Weighted {
		t.Header = append(t.Header, "weighted_response_time")
		row = append(row, tabular.Float(res.WeightedResponse))
	}
	if l := res.Late; l != nil {
		t.Header = append(t.Header, "jobs_with_deadline", "late_jobs", "max_lateness", "weighted_tardiness")
		row = append(row, strconv.Itoa(l.Jobs), strconv.Itoa(l.Late), tabular.Float(l.MaxLateness), tabular.Float(l.WeightedTardiness))
	}
	t.Add(row...)
	return &tabular.View{Tables: []*tabular.Table{t}}
}

// CompareView is the policies of fluid.Compare side by side on instance in
// (called name) at speed, with the validators' errors joined (nil when
// every schedule is valid).
func CompareView(name string, in *instances.Instance, speed float64, cmp []fluid.Comparison) (*tabular.View, error) {
	t := &tabular.Table{
		Title:      fmt.Sprintf("policies on %s (%d jobs, speed %s)", name, in.N(), tabular.Float(speed)),
		Header:     []string{"policy", "total_response_time", "mean_response_time", "mean_slowdown", "makespan", "segments", "valid"},
		RightAlign: []bool{false, true, true, true, true, true, false},
	}
	var bad error
	for _, x := range cmp {
		r := x.Result
		if r == nil {
			// A policy that did not run (Skipped says why).
			t.Add(x.Policy, "-", "-", "-", "-", "-", "skipped: "+x.Skipped)
			continue
		}
		bad = errors.Join(bad, x.Invalid)
		t.Add(x.Policy, tabular.Float(r.TotalResponse), tabular.Float(r.MeanResponse), tabular.Float(r.MeanSlowdown),
			tabular.Float(r.Makespan), fmt.Sprint(len(r.Schedule.Segments)), fmt.Sprint(x.Invalid == nil))
	}
	return &tabular.View{Tables: []*tabular.Table{t}}, bad
}

// SummaryView is an instance summary as a field/value table (JSON: an
// object of the same strings).
func SummaryView(s instances.Summary) *tabular.View {
	t := &tabular.Table{Header: []string{"field", "value"}}
	t.Add("jobs", strconv.Itoa(s.Jobs))
	t.Add("batch", strconv.FormatBool(s.Batch))
	t.Add("map_capacity", tabular.Float(s.MapCapacity))
	t.Add("shuffle_capacity", tabular.Float(s.ShuffleCapacity))
	t.Add("total_map", tabular.Float(s.TotalMap))
	t.Add("total_shuffle", tabular.Float(s.TotalShuffle))
	t.Add("last_release", tabular.Float(s.LastRelease))
	t.Add("jobs_without_map", strconv.Itoa(s.JobsWithoutMap))
	t.Add("jobs_without_shuffle", strconv.Itoa(s.JobsWithoutShuffle))
	for _, r := range []struct {
		name string
		v    int
	}{{"dependencies", s.Dependencies}, {"longest_chain", s.LongestChain}, {"weighted_jobs", s.WeightedJobs}, {"jobs_with_deadline", s.JobsWithDue}} {
		if r.v > 0 {
			t.Add(r.name, strconv.Itoa(r.v))
		}
	}
	m := map[string]string{}
	for _, r := range t.Rows {
		m[r[0]] = r[1]
	}
	return &tabular.View{Value: m, Tables: []*tabular.Table{t}}
}

// EnginesView lists the LP/MIP engines (engine.Available) and, with paths,
// the directories searched for HiGHS's files.
func EnginesView(infos []engine.Info, paths bool) *tabular.View {
	tb := &tabular.Table{Header: []string{"engine", "available", "default", "version", "kind", "location", "problem"}}
	for _, in := range infos {
		tb.Add(in.Name, strconv.FormatBool(in.Available), strconv.FormatBool(in.Default), in.Version, in.Kind, in.Location, in.Problem)
	}
	if !paths {
		return &tabular.View{Value: map[string]any{"engines": infos}, Tables: []*tabular.Table{tb}}
	}
	pt := &tabular.Table{Title: "HiGHS search path", Header: []string{"order", "directory", "has files"}}
	for i, d := range highs.SearchDirs() {
		pt.Add(strconv.Itoa(i+1), d.Path, strconv.FormatBool(d.HasFiles))
	}
	return &tabular.View{Value: map[string]any{"engines": infos, "highs_search_path": highs.SearchPath()}, Tables: []*tabular.Table{tb, pt}}
}

// SolutionView is a solved model file: JSON the solution; the summary, the
// columns and the row duals (each when not empty); in CSV one key/value
// table (the gap as a fraction, columns as "x:<name>", duals as
// "dual:<name>").
func SolutionView(sol engine.Solution) *tabular.View {
	summary := func(gap string) *tabular.Table {
		st := &tabular.Table{Header: []string{"field", "value"}}
		st.Add("file", sol.File)
		st.Add("engine", sol.Engine)
		st.Add("status", sol.Status)
		st.Add("objective", tabular.Float(float64(sol.Objective)))
		st.Add("best_bound", tabular.Float(float64(sol.BestBound)))
		st.Add("gap", gap)
		st.Add("nodes", strconv.FormatInt(sol.Nodes, 10))
		st.Add("time_seconds", tabular.Float(math.Round(sol.TimeSeconds*1e6)/1e6))
		st.Add("columns", strconv.Itoa(sol.Model["columns"]))
		st.Add("rows", strconv.Itoa(sol.Model["rows"]))
		return st
	}
	v := &tabular.View{Value: sol, Tables: []*tabular.Table{summary(tabular.Percent(float64(sol.Gap)))}}
	csv := summary(tabular.Float(float64(sol.Gap)))
	csv.Header = []string{"key", "value"}
	ct := &tabular.Table{Header: []string{"column", "value"}, RightAlign: []bool{false, true}}
	for _, c := range sol.Columns {
		ct.Add(c.Name, tabular.Float(c.Value))
		csv.Add("x:"+c.Name, tabular.Float(c.Value))
	}
	dt := &tabular.Table{Header: []string{"row", "dual"}, RightAlign: []bool{false, true}}
	for _, d := range sol.Rows {
		dt.Add(d.Name, tabular.Float(d.Dual))
		csv.Add("dual:"+d.Name, tabular.Float(d.Dual))
	}
	for _, t := range []*tabular.Table{ct, dt} {
		if len(t.Rows) > 0 {
			v.Tables = append(v.Tables, t)
		}
	}
	v.CSV = []*tabular.Table{csv}
	return v
}
