package study_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// cor4 is a small report: the Cor. 4 family of Lin et al. for n = 2, 4, 6.
var cor4 = study.ReportConfig{Gens: []string{"cor4,n=2-6/2,alpha=3,eps=0.1"}, Methods: "maxsrpt,lbcount"}

// TestRunReportShards: two shards of a report (one printed as JSON lines,
// one kept in a cells file), merged with MergeSweep, print exactly what the
// whole run prints (the sharding contract of package sweep); the whole run
// with figures draws the Gantt charts of its first instance; an invalid
// shard is a ConfigError naming "shard".
func TestRunReportShards(t *testing.T) {
	ctx, dir := context.Background(), t.TempDir()
	whole, err := study.RunReport(ctx, cor4, study.SweepConfig{Workers: 2, Figures: filepath.Join(dir, "fig")})
	if err != nil {
		t.Fatal(err)
	}
	want := render(t, whole)
	lines, err := whole.Figures()
	if err != nil || len(lines) == 0 || !strings.HasPrefix(lines[0], "wrote ") || whole.Problems() != nil {
		t.Errorf("figures %q %v, problems %v", lines, err, whole.Problems())
	}
	var gantt int
	for _, l := range lines {
		if strings.Contains(l, "gantt") {
			gantt++
		}
	}
	if gantt != 1 { // one chart per method with a schedule: maxsrpt (lbcount is a bound)
		t.Errorf("%d Gantt charts in %q, want 1", gantt, lines)
	}
	s1, err := study.RunReport(ctx, cor4, study.SweepConfig{Shard: "1/2", Workers: 1})
	if err != nil || s1.Whole() || s1.ShardNote() != "" {
		t.Fatalf("shard 1: %v", err)
	}
	p1, p2 := filepath.Join(dir, "s1.jsonl"), filepath.Join(dir, "s2.jsonl")
	if err := os.WriteFile(p1, []byte(render(t, s1)), 0o644); err != nil {
		t.Fatal(err)
	}
	s2, err := study.RunReport(ctx, cor4, study.SweepConfig{Shard: "2/2", Workers: 1, Cells: p2})
	if err != nil || !strings.Contains(s2.ShardNote(), "shard 2/2: ") {
		t.Fatalf("shard 2: %v %q", err, s2.ShardNote())
	}
	m, err := study.MergeSweep([]string{p1, p2}, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := render(t, m); got != want {
		t.Errorf("merged:\n%s\nwant:\n%s", got, want)
	}
	var ce *report.ConfigError
	if _, err := study.RunReport(ctx, cor4, study.SweepConfig{Shard: "3/2"}); !errors.As(err, &ce) || ce.Field != "shard" {
		t.Errorf("shard 3/2: %v", err)
	}
}

func render(t *testing.T, o *study.SweepOutput) string {
	t.Helper()
	var b bytes.Buffer
	if err := o.Write(&b, tabular.CSV); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSweepOutputNote: a report whose first cell comes back from a cells
// file has no schedules to draw; Figures says so instead of drawing.
func TestSweepOutputNote(t *testing.T) {
	ctx, dir := context.Background(), t.TempDir()
	cells := filepath.Join(dir, "cells.jsonl")
	if _, err := study.RunReport(ctx, cor4, study.SweepConfig{Cells: cells}); err != nil {
		t.Fatal(err)
	}
	o, err := study.RunReport(ctx, cor4, study.SweepConfig{Cells: cells, Figures: dir})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := o.Figures()
	if err != nil || !strings.HasPrefix(lines[len(lines)-1], "note: no Gantt charts") {
		t.Errorf("%q %v", lines, err)
	}
}

// TestGanttFiles: the schedule of a simulation drawn as SVG (and PNG) with
// the default title; a schedule of an unknown file is an error, nothing
// drawn.
func TestGanttFiles(t *testing.T) {
	dir := t.TempDir()
	in := instances.Example21()
	inst, sched := filepath.Join(dir, "ex.json"), filepath.Join(dir, "s.json")
	r, err := fluid.Simulate(in, fluid.FIFO(), fluid.Options{Speed: 1, Record: true})
	if err != nil || instances.WriteFile(inst, in) != nil || schedule.WriteFile(sched, in, r.Schedule) != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "g")
	files, err := study.GanttFiles(inst, sched, "", base, figures.SVG, figures.PNG)
	if err != nil || len(files) != 2 || files[0] != base+".svg" || files[1] != base+".png" {
		t.Fatalf("%q %v", files, err)
	}
	b, err := os.ReadFile(base + ".svg")
	if err != nil || !bytes.Contains(b, []byte("s.json on ")) {
		t.Errorf("title: %v", err)
	}
	if files, err := study.GanttFiles(inst, filepath.Join(dir, "none.json"), "t", base); err == nil || files != nil {
		t.Errorf("missing schedule: %q %v", files, err)
	}
}

// TestFileSweeps: Fig7FileSweep and NightlyFileSweep build the same sweep
// as their two steps (the second path), and pass a missing file's error on.
func TestFileSweeps(t *testing.T) {
	trace := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	a, err := study.Fig7FileSweep([]string{trace}, []float64{0.5}, 20)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := study.NewFig7Config([]string{trace}, []float64{0.5}, 20)
	if err != nil {
		t.Fatal(err)
	}
	b, err := study.Fig7Sweep(cfg)
	if err != nil || a.Kind != b.Kind || !slices.Equal(a.Keys, b.Keys) || !reflect.DeepEqual(a.Config, b.Config) {
		t.Errorf("fig7: %s %q vs %s %q (%v)", a.Kind, a.Keys, b.Kind, b.Keys, err)
	}
	src, err := study.NightlySource("")
	if err != nil {
		t.Fatal(err)
	}
	n1, err1 := study.NightlyFileSweep("", study.DefaultNightlyMethods, time.Second, time.Time{})
	n2, err2 := study.NightlySweep(src, study.DefaultNightlyMethods, time.Second, time.Time{})
	if err1 != nil || err2 != nil || n1.Kind != n2.Kind || !slices.Equal(n1.Keys, n2.Keys) || !reflect.DeepEqual(n1.Config, n2.Config) {
		t.Errorf("nightly: %v %v", err1, err2)
	}
	missing := filepath.Join(t.TempDir(), "none")
	if _, err := study.Fig7FileSweep([]string{missing}, []float64{0.5}, 0); err == nil {
		t.Error("fig7 on a missing trace")
	}
	if _, err := study.NightlyFileSweep(missing, "fifo", 0, time.Time{}); err == nil {
		t.Error("nightly on a missing instance")
	}
}
