package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// Renderer turns the cells of a finished sweep into output, so that
// 'mrsched merge' renders a merged sweep exactly as the unsharded run does.
// The list of renderers, one per sweep kind, is study.Renderers (the
// package above both the report and the studies).
type Renderer struct {
	// Write renders the results (cells in order) in format f.
	Write func(set *sweep.Set, f tabular.Format, w io.Writer) error
	// Figures, when set, writes the sweep's figures into dir and returns
	// the files written (SVG; PNG too when asked for).
	Figures func(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error)
}

// Kind is the sweep kind of a report.
const SweepKind = "report"

// Config identifies a report sweep; it is the header's configuration.
type Config struct {
	Instances []SourceID `json:"instances"`
	Methods   []string   `json:"methods"`
	TimeLimit string     `json:"time_limit"`
	Validate  bool       `json:"validate"`
}

// SourceID is an instance's name and content identity.
type SourceID struct {
	Name string `json:"name"`
	ID   string `json:"id"`
}

// Options tune a report run.
type Options struct {
	// TimeLimit bounds the whole run, counted from Start (0: none): its
	// methods end by WorkDeadline(Start, TimeLimit), which leaves time to
	// write the output. The time is split
	// between the instances (a cell that starts with L cells still to
	// start, itself included, and Workers cells at once gets
	// 1/⌈L/Workers⌉ of what remains) and, within an instance, between its
	// methods (Evaluate).
	TimeLimit time.Duration
	// Start is when the time limit began (zero: when NewSweep is called);
	// a command passes its process start.
	Start time.Time
	// Now is the clock (nil: time.Now); tests inject one.
	Now func() time.Time
	// Cells is the number of cells this run computes (0: every instance)
	// and Workers how many run at once (0: one), for the split above.
	Cells, Workers int
	// Validate checks every schedule with the independent validator.
	Validate bool
	// KeepSchedules, when set, is called with the schedules of each
	// instance (for Gantt charts); it asks methods to record them.
	KeepSchedules func(cell int, in *instances.Instance, s map[string]*schedule.Schedule)
}

// NewSweep returns the sweep of a report: one cell per instance, each
// running every method. The method list is resolved by name (Resolve).
func NewSweep(srcs []Source, methodList string, opt Options) (sweep.Sweep, error) {
	methods, err := Resolve(methodList)
	if err != nil {
		return sweep.Sweep{}, err
	}
	cfg := Config{TimeLimit: opt.TimeLimit.String(), Validate: opt.Validate}
	for _, m := range methods {
		cfg.Methods = append(cfg.Methods, m.Name())
	}
	keys := make([]string, len(srcs))
	for i, s := range srcs {
		cfg.Instances = append(cfg.Instances, SourceID{s.Name, s.ID})
		keys[i] = s.Name
	}
	cells := opt.Cells
	if cells <= 0 {
		cells = len(srcs)
	}
	budget := newCellBudget(opt.Start, opt.TimeLimit, opt.Now, cells, opt.Workers)
	return sweep.Sweep{
		Kind:   SweepKind,
		Config: cfg,
		Keys:   keys,
		Compute: func(ctx context.Context, c int) (any, error) {
			src := srcs[c]
			in, err := src.Load()
			if err != nil {
				return nil, err
			}
			// Fresh methods per cell: methods may keep state.
			ms, err := Resolve(methodList)
			if err != nil {
				return nil, err
			}
			env := Env{Deadline: budget.next(), Now: opt.Now, Validate: opt.Validate, Record: opt.KeepSchedules != nil, Alternative: src.Alternative}
			res, outs, err := Evaluate(ctx, src.Name, in, ms, env)
			if err != nil {
				return nil, err
			}
			if opt.KeepSchedules != nil {
				opt.KeepSchedules(c, in, Schedules(outs))
			}
			return res, nil
		},
	}, nil
}

// Decode reads the instance results of a report sweep's cells.
func Decode(set *sweep.Set) ([]InstanceResult, error) {
	if set.Header.Kind != SweepKind {
		return nil, fmt.Errorf("report: cells of kind %q, want %q", set.Header.Kind, SweepKind)
	}
	out := make([]InstanceResult, len(set.Cells))
	for i, c := range set.Cells {
		if err := json.Unmarshal(c.Result, &out[i]); err != nil {
			return nil, fmt.Errorf("report: cell %d (%s): %w", c.Cell, c.Key, err)
		}
	}
	return out, nil
}

// ---------------------------------------------------------------- alt

// altMethod evaluates the instance's known alternative priority order (the
// paper's alternative schedules of the tight families, §4): a feasible
// schedule, hence an upper bound on OPT.
type altMethod struct{}

func (altMethod) Name() string { return "alt" }
func (altMethod) Kind() Kind   { return Heuristic }
func (altMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	if env.Alternative == nil {
		return Outcome{Method: "alt", Kind: Heuristic, Status: "not_applicable", Total: math.NaN(), Lower: math.NaN(),
			Note: "no alternative schedule known for this instance"}, nil
	}
	res, err := fluid.Simulate(in, fluid.Order(env.Alternative), fluid.Options{Record: env.Record || env.Validate})
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Method: "alt", Kind: Heuristic, Status: "heuristic", Total: res.TotalResponse, Lower: math.NaN(),
		Order: append([]int(nil), env.Alternative...), Completion: res.Completion, Note: "paper's alternative schedule"}
	if env.Validate {
		if err := checkSchedule(in, res.Schedule, res.TotalResponse); err != nil {
			return Outcome{}, fmt.Errorf("alt: %w", err)
		}
	}
	if env.Record {
		out.Schedule = res.Schedule
	}
	return out, nil
}

// altMethods lists the methods of this file (see builtinRegistry).
func altMethods() (out []builtin) {
	reg := func(name, help string, f Factory) { out = append(out, builtin{name, help, f}) }
	reg("alt", "the paper's alternative schedule of a tight family (cor4/cor6 generators); an upper bound on OPT",
		noArg("alt", func() Method { return altMethod{} }))
	return out
}

// Render writes the report of a finished report sweep.
func Render(set *sweep.Set, f tabular.Format, w io.Writer) error {
	res, err := Decode(set)
	if err != nil {
		return err
	}
	return Build(res).Write(w, f)
}
