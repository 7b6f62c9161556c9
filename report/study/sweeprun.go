package study

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// SweepConfig says how RunSweep runs a report or a study: the options
// every 'mrsched report' and 'mrsched study' command shares.
type SweepConfig struct {
	// Shard "i/N" computes only shard i of N ("" or "1/1": the whole sweep).
	Shard string
	// Workers run cells in parallel; the output is the same for any number.
	Workers int
	// Cells, when not "", keeps the finished cells in that file (JSON
	// lines): a killed run resumes from it without recomputing them.
	Cells string
	// Figures, when not "", is the directory of the whole sweep's figures
	// (SVG, and PNG too with PNG).
	Figures string
	PNG     bool
	// Progress is called with the cells done and the total; may be nil.
	Progress func(done, total int)
}

// SweepOutput is a finished sweep, or one shard of it, ready to print:
// Write renders a whole sweep in a format (Render) and a shard as JSON
// lines for 'mrsched merge'; Figures draws the whole sweep's figures;
// Problems returns its violations and failed runs.
type SweepOutput struct {
	Set   *sweep.Set
	Shard sweep.Spec
	cfg   SweepConfig
	// first, firstName and methods are a report's first instance's
	// schedules, its name and the report's methods (for its Gantt charts);
	// first is nil for a study.
	first              *report.FirstSchedules
	firstName, methods string
	// firstSource loads a report's first instance and timeLimit is the
	// report's time limit (for its one-page report, Page).
	firstSource *report.Source
	timeLimit   string
	// WhatIf, when set, adds the what-if band to the one-page report
	// (onepage.Options.WhatIf).
	WhatIf *whatif.Options
}

// RunSweep runs (or resumes, from cfg.Cells) the shard cfg.Shard of sw.
// An invalid Shard is a *report.ConfigError naming "shard".
func RunSweep(ctx context.Context, sw sweep.Sweep, cfg SweepConfig) (*SweepOutput, error) {
	sp, err := sweep.Parse(cfg.Shard)
	if err != nil {
		return nil, &report.ConfigError{Field: "shard", Err: err}
	}
	set, err := sweep.Run(ctx, sw, sweep.Options{Shard: sp, Workers: cfg.Workers, Path: cfg.Cells, Progress: cfg.Progress})
	if err != nil {
		return nil, err
	}
	return &SweepOutput{Set: set, Shard: sp, cfg: cfg}, nil
}

// MergeSweep combines the shard files of a sweep (sweep.MergeFiles) into
// the output of the unsharded run, with its figures in figuresDir (PNG
// too with png).
func MergeSweep(paths []string, figuresDir string, png bool) (*SweepOutput, error) {
	set, err := sweep.MergeFiles(paths)
	if err != nil {
		return nil, err
	}
	return &SweepOutput{Set: set, Shard: sweep.Spec{I: 1, N: 1}, cfg: SweepConfig{Figures: figuresDir, PNG: png}}, nil
}

// Whole says that the output is the whole sweep, not one shard.
func (o *SweepOutput) Whole() bool { return o.Shard.Whole() }

// ShardNote is, for a shard kept in a cells file, the message that says
// where its cells are and how to combine the shards; "" otherwise.
func (o *SweepOutput) ShardNote() string {
	if o.Whole() || o.cfg.Cells == "" {
		return ""
	}
	return fmt.Sprintf("shard %s: %d cells in %s; combine the shards with 'mrsched merge'", o.Shard, len(o.Set.Cells), o.cfg.Cells)
}

// Write renders a whole sweep in format f (Render), a shard as JSON lines.
func (o *SweepOutput) Write(w io.Writer, f tabular.Format) error {
	if !o.Whole() {
		return o.Set.Write(w)
	}
	return Render(o.Set, f, w)
}

// Figures draws the figures of a whole sweep into the configured
// directory (SweepConfig.Figures and PNG) and, for a report, the Gantt
// charts of its first instance. It returns the lines to show people, in
// order: "wrote FILE" for each file, and a note when the Gantt charts
// cannot be drawn (the first instance's cell was read back from a cells
// file).
func (o *SweepOutput) Figures() ([]string, error) {
	if !o.Whole() {
		return nil, nil
	}
	formats := figures.Formats(o.cfg.PNG)
	files, err := Figures(o.Set, o.cfg.Figures, formats...)
	lines := wroteLines(nil, files)
	if err != nil || o.first == nil || o.cfg.Figures == "" {
		return lines, err
	}
	if !o.first.Kept() {
		lines = append(lines, "note: no Gantt charts — the first instance's cell came from --cells, schedules are not kept there")
	}
	files, err = o.first.Figures(o.firstName, o.methods, o.cfg.Figures, formats...)
	if err != nil {
		return lines, fmt.Errorf("figures: %w", err)
	}
	return wroteLines(lines, files), nil
}

// Notices are the sweep's notices (sweep.Set.Notices: a cut-off last line
// of a cells file dropped, …).
func (o *SweepOutput) Notices() []string { return o.Set.Notices }

func wroteLines(lines, files []string) []string {
	for _, f := range files {
		lines = append(lines, "wrote "+f)
	}
	return lines
}

// Problems joins the problems of a whole sweep (see Problems); a shard
// has none.
func (o *SweepOutput) Problems() error {
	if !o.Whole() {
		return nil
	}
	return Problems(o.Set)
}

// ReportConfig configures RunReport ('mrsched report'): the instances
// (files, and generator specs of report.ParseGen), the methods and their
// options.
type ReportConfig struct {
	Instances []string
	Gens      []string
	Methods   string // comma-separated report methods
	// TimeLimit bounds the whole run, counted from Start (zero: the
	// call), split between the instances and their methods (report.Options).
	TimeLimit time.Duration
	Start     time.Time
	// NoValidate skips checking every schedule with the validator.
	NoValidate bool
	// Page keeps the first instance's schedules for the one-page report
	// (SweepOutput.Page), as Figures does for the Gantt charts.
	Page bool
}

// RunReport runs the report of cfg as a sweep (see RunSweep); with
// figures, a whole run keeps the first instance's schedules for its Gantt
// charts (SweepOutput.Figures).
func RunReport(ctx context.Context, cfg ReportConfig, sc SweepConfig) (*SweepOutput, error) {
	srcs, err := report.Sources(cfg.Instances, cfg.Gens)
	if err != nil {
		return nil, err
	}
	opt := report.Options{TimeLimit: cfg.TimeLimit, Start: cfg.Start, Validate: !cfg.NoValidate, Workers: sc.Workers}
	var first report.FirstSchedules
	sp, _ := sweep.Parse(sc.Shard) // RunSweep reports an invalid shard
	for c := range srcs {
		if sp.Owns(c) {
			opt.Cells++
		}
	}
	if (sc.Figures != "" || cfg.Page) && sp.Whole() {
		opt.KeepSchedules = first.Keep
	}
	sw, err := report.NewSweep(srcs, cfg.Methods, opt)
	if err != nil {
		return nil, err
	}
	o, err := RunSweep(ctx, sw, sc)
	if err != nil {
		return nil, err
	}
	o.first, o.firstName, o.methods = &first, srcs[0].Name, cfg.Methods
	o.firstSource, o.timeLimit = &srcs[0], cfg.TimeLimit.String()
	return o, nil
}
