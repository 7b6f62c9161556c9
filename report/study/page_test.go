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
