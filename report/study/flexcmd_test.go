package study_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// flexWorkload writes a small generated shared-scan workload (40 jobs,
// 4 datasets) and returns its path.
func flexWorkload(t *testing.T) string {
	t.Helper()
	spec := sharedscan.DefaultGenSpec()
	spec.Jobs, spec.Datasets, spec.Horizon = 40, 4, 4
	w, err := sharedscan.Generate(spec, rand.NewPCG(2, 0x5ca9))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ss.json")
	if err := sharedscan.WriteFile(path, w); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFlexPlanSimulate: FlexSimulate prints exactly what flex.Compare
// prints for the same workload, metric and schemes (the second path);
// FlexPlan's plan is GSR's proven optimum for avg-stretch (Wolf et al.
// §3.1) and its SVG is written; scheme and metric errors name their field.
func TestFlexPlanSimulate(t *testing.T) {
	path := flexWorkload(t)
	out, err := study.FlexSimulate(study.FlexSimulateConfig{Workload: path, Metric: "max-stretch", Scheme: "all", Window: 2})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := sharedscan.ReadFile(path)
	m, _ := flex.ParseMetric("max-stretch")
	cmp, err := flex.Compare(context.Background(), w, path, m, flex.Schemes, 2)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := out.Write(&got, tabular.CSV); err != nil || cmp.Write(&want, tabular.CSV, false) != nil || got.String() != want.String() {
		t.Errorf("FlexSimulate:\n%s\nflex.Compare:\n%s", got.String(), want.String())
	}
	svg := filepath.Join(t.TempDir(), "p.svg")
	plan, err := study.FlexPlan(study.FlexPlanConfig{Workload: path, Metric: "avg-stretch", Scheme: "circumflex", At: -1, SVG: svg})
	if err != nil || plan.Failed != nil {
		t.Fatalf("plan: %v %v", err, plan)
	}
	got.Reset()
	if err := plan.Write(&got, tabular.Text); err != nil || !strings.Contains(got.String(), "method gsr, optimal") {
		t.Errorf("plan: %q %v", got.String(), err)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("svg: %v", err)
	}
	for _, tc := range []struct {
		err   error
		field string
	}{
		{planErr(study.FlexPlanConfig{Workload: path, Metric: "avg-stretch", Scheme: "batch"}), "scheme"}, // BATCH has no plan
		{planErr(study.FlexPlanConfig{Workload: path, Metric: "avg-speed", Scheme: "flex"}), "metric"},
		{simErr(study.FlexSimulateConfig{Workload: path, Metric: "max-stretch", Scheme: "fifo"}), "scheme"},
	} {
		var ce *report.ConfigError
		if !errors.As(tc.err, &ce) || ce.Field != tc.field {
			t.Errorf("%v: want a ConfigError of %s", tc.err, tc.field)
		}
	}
}

func planErr(cfg study.FlexPlanConfig) error    { _, err := study.FlexPlan(cfg); return err }
func simErr(cfg study.FlexSimulateConfig) error { _, err := study.FlexSimulate(cfg); return err }

// TestFlexMap: the small map of flex's ExampleRunMap writes the files that
// figures.FlexMapFiles renders (every name once, inside the directory); a
// shard of one pass writes none; an input of the caller is never written
// over.
func TestFlexMap(t *testing.T) {
	s := flex.DefaultMapSetup()
	s.Grid = flex.MapGrid{MaxSlots: []int{10, 50}, MinFrac: []float64{1}, Window: []float64{2}, BlockTime: []float64{0, 1}}
	s.Reps, s.Top, s.Workload.Jobs, s.Workload.Horizon = 2, 1, 40, 4
	ctx, dir := context.Background(), t.TempDir()
	out, err := study.FlexMap(ctx, s, flex.MapRunOptions{Dir: dir, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := flex.RunMap(ctx, s, flex.MapRunOptions{Dir: dir, Workers: 2}) // resumes: every cell is in the cells files
	if err != nil {
		t.Fatal(err)
	}
	_, names, err := figures.FlexMapFiles(rep)
	if err != nil || len(out.Files) != len(names) || !out.Empty() {
		t.Fatalf("files %q, want %q (%v)", out.Files, names, err)
	}
	for i, n := range names {
		if out.Files[i] != filepath.Join(dir, n) {
			t.Errorf("file %d: %s, want %s", i, out.Files[i], n)
		}
	}
	shard, err := study.FlexMap(ctx, s, flex.MapRunOptions{Dir: t.TempDir(), Pass: "coarse", Shard: sweep.Spec{I: 1, N: 2}}, nil)
	if err != nil || len(shard.Files) != 0 {
		t.Errorf("shard: %q %v", shard.Files, err)
	}
	protect := filepath.Join(dir, names[0])
	if _, err := study.FlexMap(ctx, s, flex.MapRunOptions{Dir: dir, Workers: 2}, []string{protect}); err == nil {
		t.Errorf("wrote over %s", protect)
	}
}

// TestFlexGrid: the lists become the study's grid (values written out
// from the lists), and the first malformed list in the order of the
// fields is a *report.ConfigError naming it with what 'mrsched flex
// study' says after its flag.
func TestFlexGrid(t *testing.T) {
	ok := study.FlexGrid{Theta1: "0,1", Theta2: "0.5", Levels: "0,4..5", Metrics: "sum-response"}
	for _, tc := range []struct {
		name  string
		edit  func(g *study.FlexGrid)
		field string // "" for no error
		msg   string
	}{
		{"valid", func(*study.FlexGrid) {}, "", ""},
		{"theta1", func(g *study.FlexGrid) { g.Theta1 = "1,x" }, "theta1", `item 2 "x" is not a number (want a finite number)`},
		{"theta2 first of two", func(g *study.FlexGrid) { g.Theta2, g.Levels = "inf", "9" }, "theta2", "want a finite number, got +Inf"},
		{"level out of range", func(g *study.FlexGrid) { g.Levels = "0,9" }, "levels", "want a value in [0, 8], got 9"},
		{"no level", func(g *study.FlexGrid) { g.Levels = "" }, "levels", "want at least one value"},
		{"level syntax", func(g *study.FlexGrid) { g.Levels = "8..4" }, "levels", `"8..4": want N, LO..HI or LO-HI/STEP with integers LO ≤ HI and STEP ≥ 1`},
		{"metric", func(g *study.FlexGrid) { g.Metrics = "speed" }, "metrics", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, cfg := ok, flex.DefaultStudy()
			tc.edit(&g)
			err := g.Set(&cfg)
			var ce *report.ConfigError
			if (tc.field != "") != errors.As(err, &ce) || ce != nil && (ce.Field != tc.field || tc.msg != "" && ce.Err.Error() != tc.msg) {
				t.Fatalf("error %v, want field %q: %q", err, tc.field, tc.msg)
			}
			if tc.field == "" && (fmt.Sprint(cfg.Theta1, cfg.Theta2, cfg.Levels, cfg.Metrics) != "[0 1] [0.5] [0 4 5] [sum-response]") {
				t.Errorf("grid %v %v %v %v", cfg.Theta1, cfg.Theta2, cfg.Levels, cfg.Metrics)
			}
		})
	}
	// A valid grid with an invalid rest of the study is Check's error.
	cfg := flex.DefaultStudy()
	cfg.Reps = 0
	if err := ok.Set(&cfg); !errors.Is(err, flex.ErrInput) {
		t.Errorf("reps 0: %v, want flex.ErrInput", err)
	}
}
