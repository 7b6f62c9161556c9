package study

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// NightlyKind is the sweep kind of the nightly-batch study.
const NightlyKind = "study/nightly"

//go:embed nightly.csv
var nightlyCSV []byte

// DefaultNightly returns the embedded default night: an illustrative
// pipeline of 28 jobs from 22:00 (ETL loads, sessionizer, daily aggregate,
// ML features, reports, ad-hoc jobs arriving during the night) with
// dependencies, two priority levels (weights 1 and 4) and deadlines as
// clock times; sizes in minutes of the whole cluster.
func DefaultNightly() (*instances.Instance, error) {
	return instances.ReadCSV(bytes.NewReader(nightlyCSV), "nightly.csv (embedded)")
}

// DefaultNightlyMethods are the methods of the planner's view: every
// policy, LP re-optimisation of the best one, polish (LP + local search),
// the exact portfolio (branch-and-bound search and a MIP — the cbc program for batches, glpsol with release dates — side by side)
// under the time limit, the list-schedule local search (any size; skipped
// once the portfolio proved the optimum) and the lower bounds (lbprefix
// only for batches). Polish and the portfolio are skipped above their
// size limits (exact.MaxN).
const DefaultNightlyMethods = "fifo,ps,klps,maxsrpt,splitsrpt,reopt,polish,portfolio,local,lb51,lbcount,lbprefix"

// batchOnlyMethods are dropped from the methods of an instance with
// release dates.
var batchOnlyMethods = map[string]bool{"lbprefix": true}

// forInstance drops the batch-only methods from methods when in has
// release dates, and adds the weighted lower bound lbweighted (after the
// last bound of the list) when in has weights or dependencies and the list
// has a bound but not it.
func forInstance(methods string, in *instances.Instance) string {
	var keep []string
	last, has := -1, false
	for _, m := range strings.Split(methods, ",") {
		name := strings.TrimSpace(m)
		if !in.IsBatch() && batchOnlyMethods[name] {
			continue
		}
		if strings.HasPrefix(name, "lb") {
			last = len(keep)
			has = has || name == "lbweighted"
		}
		keep = append(keep, m)
	}
	if (in.HasWeights() || in.HasDependencies()) && last >= 0 && !has {
		keep = append(keep[:last+1], append([]string{"lbweighted"}, keep[last+1:]...)...)
	}
	return strings.Join(keep, ",")
}

// NightlyConfig identifies a nightly study.
type NightlyConfig struct {
	Instance  string `json:"instance"`
	ID        string `json:"instance_id"`
	Methods   string `json:"methods"`
	TimeLimit string `json:"time_limit"`
}

// NightlyResult is the single cell: the report of the batch, the batch
// itself and every schedule (so that the Gantt charts can be drawn from
// merged cells too).
type NightlyResult struct {
	Report    report.InstanceResult      `json:"report"`
	Instance  json.RawMessage            `json:"instance_file"`
	Schedules map[string]json.RawMessage `json:"schedules"`
}

// NightlySweep returns the one-cell sweep of the nightly study on src. The
// time limit bounds the whole study, counted from start (zero: when the
// cell starts): its methods end by report.WorkDeadline(start, timeLimit),
// those that use time sharing it as report.Evaluate says.
func NightlySweep(src report.Source, methods string, timeLimit time.Duration, start time.Time) (sweep.Sweep, error) {
	if _, err := report.Resolve(methods); err != nil {
		return sweep.Sweep{}, err
	}
	cfg := NightlyConfig{Instance: src.Name, ID: src.ID, Methods: methods, TimeLimit: timeLimit.String()}
	return sweep.Sweep{Kind: NightlyKind, Config: cfg, Keys: []string{src.Name}, Compute: func(ctx context.Context, _ int) (any, error) {
		in, err := src.Load()
		if err != nil {
			return nil, err
		}
		ms, err := report.Resolve(forInstance(methods, in))
		if err != nil {
			return nil, err
		}
		from := start
		if from.IsZero() {
			from = time.Now()
		}
		res := &NightlyResult{Schedules: map[string]json.RawMessage{}}
		var b bytes.Buffer
		if err := instances.WriteJSON(&b, in); err != nil {
			return nil, err
		}
		res.Instance = append(json.RawMessage(nil), b.Bytes()...)
		// Each schedule is written out as soon as its method ends, within
		// the time limit (large schedules take a while).
		keep := func(o report.Outcome) error {
			if o.Schedule == nil {
				return nil
			}
			var sb bytes.Buffer
			if err := schedule.WriteJSON(&sb, in, o.Schedule); err != nil {
				return err
			}
			res.Schedules[o.Method] = append(json.RawMessage(nil), sb.Bytes()...)
			return nil
		}
		ir, _, err := report.Evaluate(ctx, src.Name, in, ms, report.Env{Deadline: report.WorkDeadline(from, timeLimit), Validate: true, Record: true, Finished: keep})
		if err != nil {
			return nil, err
		}
		res.Report = ir
		return res, nil
	}}, nil
}

// decodeNightly reads the nightly cell: the result, the instance and the
// schedules of the methods keep accepts (every schedule when keep is nil).
func decodeNightly(set *sweep.Set, keep func(r *NightlyResult, method string) bool) (*NightlyResult, *instances.Instance, map[string]*schedule.Schedule, error) {
	rs, err := decodeAll[NightlyResult](set, NightlyKind)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(rs) != 1 {
		return nil, nil, nil, fmt.Errorf("study: nightly: %d cells, want 1", len(rs))
	}
	r := &rs[0]
	in, err := instances.ReadJSON(bytes.NewReader(r.Instance), "cells: instance_file")
	if err != nil {
		return nil, nil, nil, err
	}
	scheds := map[string]*schedule.Schedule{}
	for m, raw := range r.Schedules {
		if keep != nil && !keep(r, m) {
			continue
		}
		s, err := schedule.ReadJSON(bytes.NewReader(raw), "cells: schedules."+m, in)
		if err != nil {
			return nil, nil, nil, err
		}
		scheds[m] = s
	}
	return r, in, scheds, nil
}

func writeNightly(set *sweep.Set, f tabular.Format, w io.Writer) error {
	// The plan needs the best schedule only.
	r, in, scheds, err := decodeNightly(set, func(r *NightlyResult, m string) bool { return m == r.Report.BestUpperBy })
	if err != nil {
		return err
	}
	ir := r.Report
	rep := report.Build([]report.InstanceResult{ir})
	best := ir.BestUpperBy
	var plan []report.PlanJob
	if s, ok := scheds[best]; ok {
		plan = report.Plan(in, s)
	}
	pt := report.PlanTable("Recommended plan: the best schedule ("+best+"), jobs by completion", plan, f)
	if f == tabular.JSON {
		return tabular.WriteJSON(w, map[string]any{"report": rep, "plan": pt.Rows, "plan_header": pt.Header})
	}
	var b bytes.Buffer
	if f != tabular.CSV {
		opt := "unknown (no method proved optimality within the time limit)"
		if ir.OPTStatus == "optimal" {
			opt = fmt.Sprintf("%.6g (proven)", float64(ir.OPT))
		}
		objective := "total response"
		if in.HasWeights() {
			objective = "weighted total response Σ w (C − r)"
		}
		fmt.Fprintf(&b, "Nightly batch %s: %d jobs\n", ir.Name, ir.N)
		fmt.Fprintf(&b, "  best schedule: %s, %s %.6g, mean %.6g\n", best, objective, float64(ir.BestUpper), float64(ir.BestUpper)/float64(ir.N))
		fmt.Fprintf(&b, "  best lower bound: %.6g (%s); gap (UB−LB)/UB = %.3g%%\n", float64(ir.BestLower), ir.BestLowerBy, 100*float64(ir.Gap))
		fmt.Fprintf(&b, "  OPT: %s\n", opt)
		if plan != nil && in.HasDeadlines() {
			fmt.Fprintf(&b, "  deadlines: %s\n", report.Deadlines(plan))
		}
		if ir.GuaranteesNone != "" {
			fmt.Fprintf(&b, "  α = %s, β = %s: guarantees none (Cor. 4 and 6 are for independent jobs of equal weight; this night has %s)\n",
				hum(ir.Alpha), hum(ir.Beta), ir.GuaranteesNone)
		} else {
			fmt.Fprintf(&b, "  α = %s, β = %s: MaxSRPT within %.4g × OPT, SplitSRPT within %.4g × OPT (Cor. 4, 6)\n",
				hum(ir.Alpha), hum(ir.Beta), float64(ir.MaxSRPTGuarantee), float64(ir.SplitSRPTGuarantee))
		}
		for _, m := range ir.Methods {
			if m.Status == "not_applicable" && m.Note != "" {
				fmt.Fprintf(&b, "  %s does not apply: %s\n", m.Method, m.Note)
			}
		}
		b.WriteString("\n")
	}
	if err := rep.Write(&b, f); err != nil {
		return err
	}
	// The plan follows the methods in every format but JSON (where it is a
	// field); in CSV after one empty line.
	b.WriteString("\n")
	if err := pt.Write(&b, f); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

func nightlyFigures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	r, in, scheds, err := decodeNightly(set, nil)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range r.Report.Methods {
		if _, ok := scheds[m.Method]; ok {
			names = append(names, m.Method)
		}
	}
	files, err := report.GanttFigures(r.Report.Name, in, scheds, names, dir, formats...)
	if err != nil {
		return files, err
	}
	// The load of the best plan over time: jobs in system and station
	// utilisation.
	if s, ok := scheds[r.Report.BestUpperBy]; ok {
		fs, err := figures.SaveLoad(in, s, r.Report.BestUpperBy+" on "+r.Report.Name, filepath.Join(dir, "nightly"), formats...)
		files = append(files, fs...)
		if err != nil {
			return files, err
		}
	}
	// Mean response per method beside the lower bound or OPT.
	title, labels, vals, marks := barTotals(r.Report)
	p, err := figures.Bars(title, "method", "mean response time (time units)", labels, vals, marks)
	if err != nil {
		return files, err
	}
	fs, err := figures.Save(p, 9, 4.5, filepath.Join(dir, "nightly_totals"), formats...)
	return append(files, fs...), err
}

// Gantt draws s on in and saves base.svg (and base.png with PNG among the
// formats).
func Gantt(in *instances.Instance, s *schedule.Schedule, title, base string, formats ...figures.Format) ([]string, error) {
	p, err := figures.Gantt(in, s, title)
	if err != nil {
		return nil, err
	}
	w, h := figures.GanttSize(in.N())
	return figures.Save(p, w, h, strings.TrimSuffix(strings.TrimSuffix(base, ".svg"), ".png"), formats...)
}

// barTotals returns the data of the nightly totals figure: the mean
// response time per method beside OPT or the best lower bound.
func barTotals(ir report.InstanceResult) (title string, labels []string, vals []float64, marks []figures.Mark) {
	for _, m := range ir.Methods {
		if math.IsNaN(float64(m.MeanResponse)) {
			continue
		}
		labels = append(labels, m.Method)
		vals = append(vals, float64(m.MeanResponse))
	}
	if !math.IsNaN(float64(ir.OPT)) {
		marks = append(marks, figures.Mark{At: float64(ir.OPT) / float64(ir.N), Label: "OPT"})
	} else if !math.IsNaN(float64(ir.BestLower)) {
		marks = append(marks, figures.Mark{At: float64(ir.BestLower) / float64(ir.N), Label: "best lower bound (" + ir.BestLowerBy + ")"})
	}
	return "Nightly batch " + ir.Name + ": mean response time per method", labels, vals, marks
}
