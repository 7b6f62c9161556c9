package study

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/report/onepage"
)

// TestSweepPage: a nightly study and a report have a one-page report (for
// a report, of its first instance, the others summarised; with its
// schedules kept by ReportConfig.Page); a shard, a merged report (whose
// instances are not at hand) and a study of another kind have none.
func TestSweepPage(t *testing.T) {
	ctx := context.Background()
	src, err := NightlySource("")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := NightlySweep(src, "fifo,maxsrpt,lbcount", time.Second, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := RunSweep(ctx, sw, SweepConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := o.WriteHTML(&b, onepage.Provenance{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `<tr class="job">`); n != 28 { // the embedded night has 28 jobs
		t.Errorf("nightly page: %d plan rows, want 28", n)
	}
	if !strings.Contains(b.String(), "1s per exact method") {
		t.Error("nightly page: the time limit of the study's configuration is not shown")
	}

	cells := filepath.Join(t.TempDir(), "cells.jsonl")
	cfg := ReportConfig{Gens: []string{"lognormal,n=12,batch,seed=1-2"}, Methods: "fifo,maxsrpt,lbcount", TimeLimit: time.Second, Page: true}
	o, err = RunReport(ctx, cfg, SweepConfig{Workers: 1, Cells: cells})
	if err != nil {
		t.Fatal(err)
	}
	p, err := o.Page(onepage.Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Plan) != 12 || len(p.Others) != 1 {
		t.Errorf("report page: %d plan rows and %d other instances, want 12 and 1", len(p.Plan), len(p.Others))
	}
	// Resumed from the cells file: the schedules are gone, the instance is
	// loaded again and the page says why there is no plan.
	o, err = RunReport(ctx, ReportConfig{Gens: cfg.Gens, Methods: cfg.Methods, TimeLimit: time.Second}, SweepConfig{Workers: 1, Cells: cells})
	if err != nil {
		t.Fatal(err)
	}
	if p, err = o.Page(onepage.Provenance{}); err != nil || len(p.Plan) != 0 || p.PlanNote == "" {
		t.Errorf("resumed report page: %v, %d rows, note %q", err, len(p.Plan), p.PlanNote)
	}
	shard := filepath.Join(t.TempDir(), "s.jsonl")
	o, err = RunReport(ctx, cfg, SweepConfig{Workers: 1, Shard: "1/2", Cells: shard})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Page(onepage.Provenance{}); err == nil {
		t.Error("a shard has a page")
	}
	if _, err := os.Stat(cells); err != nil {
		t.Fatal(err)
	}
	m, err := MergeSweep([]string{cells}, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Page(onepage.Provenance{}); err == nil {
		t.Error("a merged report has a page without its instances")
	}
}

// TestSavePage: SavePage writes the page of a whole run only with a file
// to write it to, says why it wrote none (the messages 'mrsched report'
// prints) and never writes over a protected input.
func TestSavePage(t *testing.T) {
	ctx := context.Background()
	cfg := ReportConfig{Gens: []string{"lognormal,n=6,batch,seed=1"}, Methods: "fifo,maxsrpt,lbcount", TimeLimit: time.Second, Page: true}
	whole, err := RunReport(ctx, cfg, SweepConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	shard, err := RunReport(ctx, cfg, SweepConfig{Workers: 1, Shard: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "input.json")
	if err := os.WriteFile(input, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "page.html")
	for _, tc := range []struct {
		name  string
		o     *SweepOutput
		cfg   PageConfig
		lines []string // the messages of 'mrsched report --html'
		file  string   // the file written, "" for none
		err   bool
	}{
		{name: "no page", o: whole},
		{name: "what-if without page", o: whole, cfg: PageConfig{WhatIfReps: 3},
			lines: []string{"--whatif-reps: the what-if band is part of the one-page report; give --html FILE"}},
		{name: "shard", o: shard, cfg: PageConfig{HTML: page},
			lines: []string{"--html: no one-page report of a shard (it needs the whole run)"}},
		{name: "page", o: whole, cfg: PageConfig{HTML: page, CommandLine: []string{"mrsched", "report"}, Engines: func() []string { return []string{"highs 1.0"} }},
			lines: []string{"wrote " + page + " (one-page report)"}, file: page},
		{name: "protected", o: whole, cfg: PageConfig{HTML: input, Protect: []string{input}}, err: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(page)
			lines, err := tc.o.SavePage(tc.cfg)
			if (err != nil) != tc.err || strings.Join(lines, "\n") != strings.Join(tc.lines, "\n") {
				t.Fatalf("lines %q, error %v; want %q, error %v", lines, err, tc.lines, tc.err)
			}
			b, err := os.ReadFile(page)
			if (err == nil) != (tc.file != "") {
				t.Fatalf("page written: %v, want %v", err == nil, tc.file != "")
			}
			for _, want := range []string{"mrsched report", "highs 1.0"} {
				if tc.file != "" && !strings.Contains(string(b), want) {
					t.Errorf("the page's provenance does not name %q", want)
				}
			}
		})
	}
	if b, _ := os.ReadFile(input); string(b) != "{}" {
		t.Errorf("the protected input was overwritten (%d bytes)", len(b))
	}
	if _, err := whole.SavePage(PageConfig{HTML: page, WhatIfReps: 2, WhatIfSigma: 0.5, WhatIfSeed: 7}); err != nil {
		t.Fatal(err)
	}
	if w := whole.WhatIf; w == nil || w.Reps != 2 || w.Sigma != 0.5 || w.Seed != 7 { // the band SavePage was asked for
		t.Errorf("what-if band %+v, want 2 replications of σ 0.5 from seed 7", w)
	}
}
