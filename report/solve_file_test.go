package report_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// TestSolveFile: both solve paths on the §2.1 example (OPT 12: the order
// J1, J3, J2, by the exact search and the rational search alike), the
// schedule files they write, and the configuration errors naming their
// field.
func TestSolveFile(t *testing.T) {
	testenv.RequireHiGHS(t, func() (mip.Engine, error) { return engine.Get("") })
	path, dir := example21File()
	defer os.RemoveAll(dir)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		cfg  report.SolveConfig
		file string // what Files says, after the path
	}{
		// The order J1, J3, J2 served one job at a time: one segment per
		// completion (at 2, 4, 6).
		{"search", report.SolveConfig{Method: "search", Schedule: filepath.Join(dir, "s.csv")}, " (3 segments)"},
		{"exact", report.SolveConfig{Exact: true, Schedule: filepath.Join(dir, "e.json")}, " (exact schedule)"},
	} {
		tc.cfg.Instance = path
		out, err := report.SolveFile(ctx, tc.cfg)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var b strings.Builder
		if err := out.Write(&b, 0); err != nil || !strings.Contains(b.String(), "optimal") {
			t.Errorf("%s: view %q %v", tc.name, b.String(), err)
		}
		if len(out.Files) != 1 || out.Files[0] != tc.cfg.Schedule+tc.file {
			t.Errorf("%s: files %q", tc.name, out.Files)
		}
		if _, err := os.Stat(tc.cfg.Schedule); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		// The schedule is never written over an input.
		tc.cfg.Schedule, tc.cfg.Protect = path, []string{path}
		if _, err := report.SolveFile(ctx, tc.cfg); err == nil {
			t.Errorf("%s: wrote over the instance", tc.name)
		}
	}
	for _, tc := range []struct {
		cfg   report.SolveConfig
		field string
	}{
		{report.SolveConfig{Instance: path, Order: "J1,J9"}, "order"},    // no job J9
		{report.SolveConfig{Instance: path, Engine: "gurobi"}, "engine"}, // not an engine name
	} {
		_, err := report.SolveFile(ctx, tc.cfg)
		var ce *report.ConfigError
		if !errors.As(err, &ce) || ce.Field != tc.field || !errors.Is(err, report.ErrConfig) {
			t.Errorf("%+v: %v, want a ConfigError of %s", tc.cfg, err, tc.field)
		}
	}
	if _, err := report.SolveFile(ctx, report.SolveConfig{Instance: filepath.Join(dir, "none.json")}); err == nil {
		t.Error("a missing instance solved")
	}
}

// TestSimulateValidate: SimulateFile's schedule validates (ValidateFiles)
// with FIFO's total 12 on the §2.1 example (Fig. 2); a schedule of another
// instance fails the check (Failed, exit status 2 in the CLI) with a view
// of the violations.
func TestSimulateValidate(t *testing.T) {
	path, dir := example21File()
	defer os.RemoveAll(dir)
	sched := filepath.Join(dir, "fifo.json")
	out, err := report.SimulateFile(report.SimulateConfig{Instance: path, Policy: "fifo", K: fluid.DefaultK, Speed: 1, Schedule: sched})
	if err != nil || len(out.Files) != 1 || out.View.Value.(report.SimulateResult).TotalResponseTime != 12 {
		t.Fatalf("simulate: %+v %v", out, err)
	}
	v, err := report.ValidateFiles(path, sched)
	if err != nil || v.Failed != nil || v.Empty() || v.View.Tables[0].Rows[0][2] != "12" {
		t.Errorf("validate: %+v %v", v, err)
	}
	// The same schedule at speed 2 finishes at half the times: invalid at speed 1.
	fast := filepath.Join(dir, "fast.json")
	if _, err := report.SimulateFile(report.SimulateConfig{Instance: path, Policy: "fifo", Speed: 2, Schedule: fast}); err != nil {
		t.Fatal(err)
	}
	if v, err := report.ValidateFiles(path, fast); err != nil || v.Failed == nil || v.Empty() {
		t.Errorf("fast schedule: %+v %v", v, err)
	}
	for _, tc := range []struct {
		cfg   report.SimulateConfig
		field string
	}{
		{report.SimulateConfig{Instance: path, Policy: "nosuch", Speed: 1}, "policy"},
		{report.SimulateConfig{Instance: path, Policy: "order", Order: "x", Speed: 1}, "order"},
	} {
		var ce *report.ConfigError
		if _, err := report.SimulateFile(tc.cfg); !errors.As(err, &ce) || ce.Field != tc.field {
			t.Errorf("%+v: %v, want a ConfigError of %s", tc.cfg, err, tc.field)
		}
	}
}

// TestSolveMIPFile: the tiny integer program of 'mrsched mip solve --help'
// (max 30x + 50y, x + 2y ≤ 40, 2x + y ≤ 50: x = 20, y = 10, 1100 by
// enumeration of the integer points), and BoundsFile's subset bound 12 of
// the §2.1 example (the optimum above).
func TestSolveMIPFile(t *testing.T) {
	testenv.RequireHiGHS(t, func() (mip.Engine, error) { return engine.Get("") })
	dir := t.TempDir()
	lp := filepath.Join(dir, "tiny.lp")
	text := "Maximize\n obj: 30 x + 50 y\nSubject To\n c1: x + 2 y <= 40\n c2: 2 x + y <= 50\nGenerals\n x y\nEnd\n"
	if err := os.WriteFile(lp, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := report.SolveMIPFile(context.Background(), report.MIPConfig{File: lp})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := out.Write(&b, 0); err != nil || !strings.Contains(b.String(), "objective     1100") {
		t.Errorf("got %q %v", b.String(), err)
	}
	var ce *report.ConfigError
	if _, err := report.SolveMIPFile(context.Background(), report.MIPConfig{File: lp, Engine: "gurobi"}); !errors.As(err, &ce) {
		t.Errorf("engine gurobi: %v", err)
	}
	path, pdir := example21File()
	defer os.RemoveAll(pdir)
	bo, err := report.BoundsFile(context.Background(), report.BoundsConfig{Instance: path, NoLP: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range bo.View.Value.([]report.BoundRow) {
		if r.Name == "subset" && r.Value != 12 {
			t.Errorf("subset bound %v, want 12", r.Value)
		}
	}
}

// TestExportFile: ExportFile prints exactly what mipform.Build and
// mip.WriteLP / mip.WriteMPS write for the same instance (the second path).
func TestExportFile(t *testing.T) {
	path, dir := example21File()
	defer os.RemoveAll(dir)
	f, err := mipform.Build(instances.Example21(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, lp := range []bool{true, false} {
		out, err := report.ExportFile(path, lp, false)
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		write := mip.WriteMPS
		if lp {
			write = mip.WriteLP
		}
		if err := out.Write(&got, tabular.Text); err != nil || write(&want, f.Model) != nil || got.String() != want.String() || got.Len() == 0 {
			t.Errorf("lp %v: %v\n%s\nwant\n%s", lp, err, got.String(), want.String())
		}
	}
}
