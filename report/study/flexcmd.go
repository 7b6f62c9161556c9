package study

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/internal/numlist"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// FlexPlanConfig configures FlexPlan ('mrsched flex plan'; Wolf et al.
// §3: the malleable plan of CIRCUMFLEX or FLEX at one instant).
type FlexPlanConfig struct {
	Workload  string  // shared-scan workload file (JSON)
	Metric    string  // flex.ParseMetric's name
	Scheme    string  // "circumflex" or "flex"
	At        float64 // planning time; negative: the last arrival
	Intervals bool    // also print the intervals with per-subjob slots
	// SVG, when not "", is the file the slot allocations over time are
	// drawn to (figures.FlexPlanSVG).
	SVG string
	// Context, when not nil, stops the simulation up to At
	// (flex.ErrStopped).
	Context context.Context
}

// FlexPlan builds the plan of cfg (flex.PlanAt) and prints it
// (flex.PlanReport.Write). A packed schedule that fails validation is
// Output.Failed (flex.ErrPlanInvalid) with nothing to print; errors of
// Scheme and Metric are *report.ConfigError.
func FlexPlan(cfg FlexPlanConfig) (*report.Output, error) {
	sc, err := flex.ParseScheme(cfg.Scheme)
	if err != nil || sc == flex.BATCH {
		return nil, &report.ConfigError{Field: "scheme", Err: fmt.Errorf("want circumflex or flex, got %q", cfg.Scheme)}
	}
	w, m, err := flexInputs(cfg.Workload, cfg.Metric)
	if err != nil {
		return nil, err
	}
	rep, err := flex.PlanAt(w, cfg.Workload, flex.PlanAtConfig{Scheme: sc, Metric: m, At: cfg.At, Context: cfg.Context})
	switch {
	case errors.Is(err, flex.ErrPlanInvalid):
		return &report.Output{Failed: err}, nil
	case err != nil:
		return nil, err
	}
	if cfg.SVG != "" {
		b, err := figures.FlexPlanSVG(rep)
		if err != nil {
			return nil, &report.ConfigError{Field: "svg", Err: err}
		}
		if err := fileio.WriteFileAtomic(cfg.SVG, b); err != nil {
			return nil, err
		}
	}
	return &report.Output{Print: func(w io.Writer, f tabular.Format) error { return rep.Write(w, f, cfg.Intervals) }}, nil
}

// FlexSimulateConfig configures FlexSimulate ('mrsched flex simulate';
// Wolf et al. §4: FLEX, CIRCUMFLEX and BATCH side by side).
type FlexSimulateConfig struct {
	Workload string  // shared-scan workload file (JSON)
	Metric   string  // flex.ParseMetric's name
	Scheme   string  // flex, circumflex, batch, or "all" (every scheme)
	Window   float64 // BATCH window W per dataset (time units of the workload)
	Jobs     bool    // one row per job
	// Context, when not nil, stops the simulations (flex.ErrStopped).
	Context context.Context
}

// FlexSimulate simulates the schemes of cfg on the workload (flex.Compare)
// and prints them (flex.Comparison.Write). Errors of Scheme and Metric
// are *report.ConfigError.
func FlexSimulate(cfg FlexSimulateConfig) (*report.Output, error) {
	schemes := flex.Schemes
	if cfg.Scheme != "all" {
		sc, err := flex.ParseScheme(cfg.Scheme)
		if err != nil {
			return nil, &report.ConfigError{Field: "scheme", Err: err}
		}
		schemes = []flex.Scheme{sc}
	}
	w, m, err := flexInputs(cfg.Workload, cfg.Metric)
	if err != nil {
		return nil, err
	}
	cmp, err := flex.Compare(cfg.Context, w, cfg.Workload, m, schemes, cfg.Window)
	if err != nil {
		return nil, err
	}
	return &report.Output{Print: func(w io.Writer, f tabular.Format) error { return cmp.Write(w, f, cfg.Jobs) }}, nil
}

// flexInputs parses the metric and reads the workload of FlexPlan and
// FlexSimulate.
func flexInputs(path, metric string) (*sharedscan.Workload, flex.Metric, error) {
	m, err := flex.ParseMetric(metric)
	if err != nil {
		return nil, m, &report.ConfigError{Field: "metric", Err: err}
	}
	w, err := sharedscan.ReadFile(path)
	return w, m, err
}

// FlexMap runs the parameter map of FLEX against CIRCUMFLEX and BATCH
// (flex.RunMap; docs/flex.md) and, when the whole map ran, writes its
// report files and figures (figures.FlexMapFiles, in formats) into
// opt.Dir, never over one of protect. It prints nothing: Output.Files
// lists the files written.
func FlexMap(ctx context.Context, setup flex.MapSetup, opt flex.MapRunOptions, protect []string, formats ...figures.Format) (*report.Output, error) {
	rep, err := flex.RunMap(ctx, setup, opt)
	out := &report.Output{}
	if err != nil || rep.Files == nil {
		return out, err
	}
	files, names, err := figures.FlexMapFiles(rep, formats...)
	for i := 0; i < len(names) && err == nil; i++ {
		p := filepath.Join(opt.Dir, names[i])
		if err = fileio.WriteFileAtomic(p, files[names[i]], fileio.Protect(protect...)); err == nil {
			out.Files = append(out.Files, p)
		}
	}
	return out, err
}

// FlexGrid is the grid of the FLEX study (Wolf et al. §4) as 'mrsched
// flex study' takes it: comma-separated lists.
type FlexGrid struct {
	Theta1, Theta2 string // popularity and size Zipf-like parameters (finite numbers)
	Levels         string // correlation levels 0 (negative) … 4 (random) … 8 (positive)
	Metrics        string // metric names (flex.MetricNames)
}

// Set parses the lists of g into cfg and checks cfg (flex.StudyConfig.Check).
// The first malformed list, in the order of the fields, is a
// *report.ConfigError naming its field ("theta1", "levels", …).
func (g FlexGrid) Set(cfg *flex.StudyConfig) error {
	var err error
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	if cfg.Theta1, err = numlist.Floats(g.Theta1, "a finite number", finite); err != nil {
		return &report.ConfigError{Field: "theta1", Err: err}
	}
	if cfg.Theta2, err = numlist.Floats(g.Theta2, "a finite number", finite); err != nil {
		return &report.ConfigError{Field: "theta2", Err: err}
	}
	if cfg.Levels, err = flexLevels(g.Levels); err != nil {
		return &report.ConfigError{Field: "levels", Err: err}
	}
	if cfg.Metrics, err = flex.MetricNames(g.Metrics); err != nil {
		return &report.ConfigError{Field: "metrics", Err: err}
	}
	return cfg.Check()
}

// flexLevels parses a list of correlation levels, at least one, each in
// [0, 8] (numlist.Ints).
func flexLevels(s string) ([]int, error) {
	levels, err := numlist.Ints(s)
	if err == nil && len(levels) == 0 {
		err = errors.New("want at least one value")
	}
	for _, l := range levels {
		if err == nil && (l < 0 || l > 8) {
			err = fmt.Errorf("want a value in [0, 8], got %d", l)
		}
	}
	return levels, err
}
