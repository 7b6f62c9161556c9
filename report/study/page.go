package study

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/schedule"
)

// Page builds the one-page HTML report of a whole nightly study or report
// (package onepage): for a report, of its first instance, with the others
// summarised. prov is the provenance block of the page.
func (o *SweepOutput) Page(prov onepage.Provenance) (*onepage.Page, error) {
	if !o.Whole() {
		return nil, fmt.Errorf("study: the one-page report needs the whole sweep, not shard %s", o.Shard)
	}
	switch o.Set.Header.Kind {
	case NightlyKind:
		r, in, scheds, err := decodeNightly(o.Set, nil)
		if err != nil {
			return nil, err
		}
		var cfg NightlyConfig
		if err := json.Unmarshal(o.Set.Header.Config, &cfg); err != nil {
			return nil, fmt.Errorf("study: nightly config: %w", err)
		}
		return onepage.Build(r.Report, in, scheds, onepage.Options{TimeLimit: cfg.TimeLimit, Provenance: prov, WhatIf: o.WhatIf})
	case report.SweepKind:
		res, err := report.Decode(o.Set)
		if err != nil {
			return nil, err
		}
		if len(res) == 0 {
			return nil, fmt.Errorf("study: the report has no instances")
		}
		opt := onepage.Options{TimeLimit: o.timeLimit, Provenance: prov, Others: res[1:], WhatIf: o.WhatIf}
		var in, scheds = (*instances.Instance)(nil), map[string]*schedule.Schedule(nil)
		if o.first != nil {
			in, scheds = o.first.Schedules()
		}
		if in == nil { // not kept: read back from a cells file, or a merge
			if o.firstSource == nil {
				return nil, fmt.Errorf("study: the one-page report of a merged report is not available: run 'mrsched report --html' on the instances")
			}
			if in, err = o.firstSource.Load(); err != nil {
				return nil, err
			}
		}
		return onepage.Build(res[0], in, scheds, opt)
	}
	return nil, fmt.Errorf("study: no one-page report for sweep kind %q (only %s and %s)", o.Set.Header.Kind, NightlyKind, report.SweepKind)
}

// WriteHTML writes the one-page HTML report (Page) to w.
func (o *SweepOutput) WriteHTML(w io.Writer, prov onepage.Provenance) error {
	p, err := o.Page(prov)
	if err != nil {
		return err
	}
	return p.Write(w)
}

// PageConfig configures SavePage, the one-page HTML report of a run
// ('mrsched report' and 'mrsched study nightly' with --html).
type PageConfig struct {
	// HTML is the page's file; "" writes none.
	HTML string
	// WhatIfReps, when > 0, adds the what-if band of each policy to the
	// page (whatif.Options): WhatIfReps replications of log-normal size
	// noise of σ WhatIfSigma, replication r drawing from PCG(WhatIfSeed, r).
	WhatIfReps  int
	WhatIfSigma float64
	WhatIfSeed  uint64
	// CommandLine, TimeLimit and Start are the run the page's provenance
	// block names (onepage.NewProvenance).
	CommandLine []string
	TimeLimit   time.Duration
	Start       time.Time
	// Engines, when not nil, names the engines that ran, called only when
	// a page is written (the page's what-if runs none).
	Engines func() []string
	// Protect are files the page is never written over (the run's inputs).
	Protect []string
}

// SavePage writes the one-page HTML report of the whole sweep o to
// cfg.HTML, atomically. It returns the lines to show the user: "wrote
// PATH (one-page report)", or why it wrote nothing (a what-if band asked
// without a page; a shard, which has no page). Nothing is written
// without cfg.HTML.
func (o *SweepOutput) SavePage(cfg PageConfig) ([]string, error) {
	if cfg.HTML == "" {
		if cfg.WhatIfReps > 0 {
			return []string{"--whatif-reps: the what-if band is part of the one-page report; give --html FILE"}, nil
		}
		return nil, nil
	}
	if !o.Whole() {
		return []string{"--html: no one-page report of a shard (it needs the whole run)"}, nil
	}
	seed := ""
	if cfg.WhatIfReps > 0 {
		o.WhatIf = &whatif.Options{Sigma: cfg.WhatIfSigma, Reps: cfg.WhatIfReps, Seed: cfg.WhatIfSeed}
		seed = strconv.FormatUint(cfg.WhatIfSeed, 10)
	}
	prov := onepage.NewProvenance(cfg.CommandLine, seed, cfg.TimeLimit.String(), cfg.Start)
	if cfg.Engines != nil {
		prov.Engines = cfg.Engines()
	}
	var b bytes.Buffer
	if err := o.WriteHTML(&b, prov); err != nil {
		return nil, err
	}
	if err := fileio.WriteFileAtomic(cfg.HTML, b.Bytes(), fileio.Protect(cfg.Protect...)); err != nil {
		return nil, err
	}
	return []string{"wrote " + cfg.HTML + " (one-page report)"}, nil
}
