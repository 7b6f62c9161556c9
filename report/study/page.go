package study

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
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
