package report

import (
	"context"
	"fmt"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/tabular"
)

// SolveConfig configures SolveFile ('mrsched solve').
type SolveConfig struct {
	Instance string // instance file (JSON, or CSV ending in .csv)
	// Exact solves in rational arithmetic (ratsearch.Solve, batches only)
	// instead of exact.Solve; Method, Order, Engine and K do not apply.
	Exact  bool
	Method string // exact.Solve's method ("": exact.DefaultMethod)
	Order  string // job IDs, comma-separated: the order of order-lp and order
	Engine string // LP/MIP engine name ("": engine.DefaultName), loaded when a method needs it
	K      int    // k of klps
	// TimeLimit bounds the whole call, counted from Start (zero: the call).
	TimeLimit time.Duration
	// GapLimit is exact.Options.GapLimit (0: exact.DefaultGapLimit).
	GapLimit float64
	Start    time.Time
	Progress func(string) // progress lines, may be nil
	// Schedule, when not "", is the file the schedule is written to (JSON;
	// CSV when it ends in .csv; for Exact the rational schedule in JSON).
	Schedule string
	// Protect lists files never written over (the caller's inputs).
	Protect []string
	// Deadlines is exact.Options.Deadlines: "soft" ("" the same) or
	// "hard"; not with Exact.
	Deadlines string
}

// SolveFile solves the instance in cfg.Instance: with cfg.Exact an exact
// rational optimum (ratsearch.Solve; view ratsearch.Result.View), else
// exact.Solve with cfg.Method (view SolveView). It writes the schedule to
// cfg.Schedule before returning. Errors of Order and Engine are
// *ConfigError naming the field.
func SolveFile(ctx context.Context, cfg SolveConfig) (*Output, error) {
	if cfg.Exact {
		return solveExactFile(ctx, cfg)
	}
	in, err := instances.ReadFile(cfg.Instance)
	if err != nil {
		return nil, err
	}
	order, err := instances.ParseOrder(in, cfg.Order)
	if err != nil {
		return nil, configErr("order", err)
	}
	// The engine is loaded when a method first needs it (exact.Solve).
	eng, err := engine.Lazy(cfg.Engine)
	if err != nil {
		return nil, configErr("engine", err)
	}
	if err := exact.CheckDeadlines(cfg.Deadlines); err != nil {
		return nil, configErr("deadlines", err)
	}
	method := cfg.Method
	if method == "" {
		method = exact.DefaultMethod
	}
	opt := exact.Options{Method: method, Order: order, TimeLimit: cfg.TimeLimit, GapLimit: cfg.GapLimit, Start: cfg.Start, K: cfg.K, Progress: cfg.Progress, Deadlines: cfg.Deadlines}
	a, err := exact.Solve(ctx, eng, in, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Instance, err)
	}
	out := &Output{View: SolveView(cfg.Instance, in, a)}
	if a.Schedule == nil { // status infeasible: no schedule to write
		return out, nil
	}
	return out, saveSchedule(&out.Files, cfg.Schedule, in, a.Schedule, cfg.Protect)
}

// solveExactFile is SolveFile with cfg.Exact.
func solveExactFile(ctx context.Context, cfg SolveConfig) (*Output, error) {
	in, err := rational.ReadFile(cfg.Instance)
	if err != nil {
		return nil, err
	}
	opt := ratsearch.Options{TimeLimit: cfg.TimeLimit, Start: cfg.Start}
	if p := cfg.Progress; p != nil {
		opt.Progress = func(st ratsearch.Stats) { p(st.String()) }
	}
	res, err := ratsearch.Solve(ctx, in, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Instance, err)
	}
	return exactOutput(res.View(cfg.Instance, in), in, res.Schedule, cfg.Schedule, cfg.Protect)
}

// exactOutput is the output of an exact (rational) run: view and, when
// path is set, the exact schedule s of in written there
// (ratsearch.ScheduleJSON; never over one of protect).
func exactOutput(view *tabular.View, in *rational.Instance, s *rational.Schedule, path string, protect []string) (*Output, error) {
	out := &Output{View: view}
	if path == "" {
		return out, nil
	}
	b, err := ratsearch.ScheduleJSON(in, s)
	if err == nil {
		err = saveBytes(&out.Files, path, b, "exact schedule", protect)
	}
	return out, err
}
