package study_test

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/des"
	"github.com/mrsched/mrsched/tabular"
)

// TestStragglerMap: the printed mapping is straggler.MapNamed's (the
// second path); the optimal mapping is certified with the default
// optimiser and not after one iteration at a 1e-15 tolerance on the
// delayed model D = 100 (M-EP, the start, is not optimal there)
// (ErrUncertified), and a policy without a KKT certificate (fair) never
// fails.
func TestStragglerMap(t *testing.T) {
	mu := []float64{1, 0.5, 0.8}
	for _, tc := range []struct {
		name   string
		policy string
		opt    straggler.MapOptions
		want   error
	}{
		{"optimal", "optimal", straggler.MapOptions{}, nil},
		{"one iteration", "optimal", straggler.MapOptions{Model: straggler.Model{D: 100}, MaxIter: 1, KKTTol: 1e-15}, study.ErrUncertified},
		{"fair", "fair", straggler.MapOptions{MaxIter: 1, KKTTol: 1e-15}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := straggler.MapConfig{Total: 1, Policy: tc.policy, Mu: mu, Options: tc.opt}
			out, err := study.StragglerMap(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !errors.Is(out.Failed, tc.want) || (tc.want == nil) != (out.Failed == nil) {
				t.Errorf("failed %v, want %v", out.Failed, tc.want)
			}
			v, err := straggler.MapNamed(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var got, want bytes.Buffer
			if err := out.Write(&got, tabular.JSON); err != nil {
				t.Fatal(err)
			}
			if err := v.Write(&want, tabular.JSON); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("printed\n%s\nwant\n%s", got.String(), want.String())
			}
		})
	}
}

// TestStragglerSimulate: the view is des.Reproduce's (the second path,
// same options and seed) and the Fig. 5 panel is drawn into Figures.
func TestStragglerSimulate(t *testing.T) {
	dir := t.TempDir()
	o := des.DefaultFigOptions()
	o.Jobs, o.Warmup, o.Replications, o.Seed = 30, 3, 2, 7
	v, err := study.StragglerSimulate(study.StragglerSimulateConfig{Options: o, Figures: dir})
	if err != nil {
		t.Fatal(err)
	}
	r, err := des.Reproduce(o)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := v.Write(&got, tabular.CSV); err != nil {
		t.Fatal(err)
	}
	if err := r.View().Write(&want, tabular.CSV); err != nil {
		t.Fatal(err)
	}
	if got.Len() == 0 || got.String() != want.String() {
		t.Errorf("view\n%s\nwant\n%s", got.String(), want.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "fig5_util.csv")); err != nil {
		t.Errorf("panel: %v", err)
	}
}

// TestStragglerNodes: the lists give μ (and λ, NaN when absent), a node
// file repeats each entry count times (nodes.ReadFile, written here), and
// a malformed list is a *report.ConfigError of its field; the expected
// rates are the lists and the file as written.
func TestStragglerNodes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "nodes.csv")
	if err := os.WriteFile(file, []byte("mu,lambda,count\n1,0.5,2\n0.8,0.4,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	nan := math.NaN()
	for _, tc := range []struct {
		name       string
		nodes      study.StragglerNodes
		needLambda bool
		mu, lambda []float64
		field      string // the field of the ConfigError, "" for none
		fails      bool
	}{
		{"lists", study.StragglerNodes{Mu: "1, 0.8", Lambda: "0.5,0.4", LambdaSet: true}, true, []float64{1, 0.8}, []float64{0.5, 0.4}, "", false},
		{"no lambda", study.StragglerNodes{Mu: "1,0.8"}, false, []float64{1, 0.8}, []float64{nan, nan}, "", false},
		{"lambda needed", study.StragglerNodes{Mu: "1,0.8"}, true, nil, nil, "", true},
		{"file", study.StragglerNodes{File: file}, true, []float64{1, 1, 0.8}, []float64{0.5, 0.5, 0.4}, "", false},
		{"bad mu", study.StragglerNodes{Mu: "1,x"}, false, nil, nil, "mu", true},
		{"infinite lambda", study.StragglerNodes{Mu: "1", Lambda: "inf", LambdaSet: true}, false, nil, nil, "lambda", true},
		{"empty lambda given", study.StragglerNodes{Mu: "1", LambdaSet: true}, false, nil, nil, "lambda", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mu, lambda, err := tc.nodes.Rates(tc.needLambda)
			var ce *report.ConfigError
			if (err != nil) != tc.fails || (tc.field != "") != errors.As(err, &ce) || (ce != nil && ce.Field != tc.field) {
				t.Fatalf("error %v, want failure %v of field %q", err, tc.fails, tc.field)
			}
			eq := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
			if !slices.Equal(mu, tc.mu) || !slices.EqualFunc(lambda, tc.lambda, eq) {
				t.Errorf("μ %v, λ %v; want %v, %v", mu, lambda, tc.mu, tc.lambda)
			}
		})
	}
	// StragglerEval is straggler.EvalReportOf on the nodes' rates.
	cfg := straggler.DefaultEvalConfig()
	got, err := study.StragglerEval(study.StragglerNodes{Mu: "1,1,0.8", Lambda: "0.5,0.5,0.4", LambdaSet: true}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Mu, cfg.Lambda = []float64{1, 1, 0.8}, []float64{0.5, 0.5, 0.4}
	want, err := straggler.EvalReportOf(cfg)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("StragglerEval %+v, want EvalReportOf's %+v (%v)", got, want, err)
	}
}

// TestStragglerNodeCount: the classes of a list and of a node file with
// the same nodes (written here) give straggler.NodeCountOf's report on
// straggler.ParseClasses' classes; a malformed list is the
// straggler.FieldError of field "class".
func TestStragglerNodeCount(t *testing.T) {
	file := filepath.Join(t.TempDir(), "nodes.csv")
	if err := os.WriteFile(file, []byte("mu,count\n0.8,20\n1,20\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := straggler.DefaultNodeCountConfig()
	cfg.Total = 10
	want := cfg
	var err error
	if want.Classes, err = straggler.ParseClasses("0.8:20,1:20"); err != nil {
		t.Fatal(err)
	}
	wantReport, err := straggler.NodeCountOf(want)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, class string }{{"", "0.8:20,1:20"}, {file, ""}} {
		got, err := study.StragglerNodeCount(tc.file, tc.class, cfg)
		if err != nil || !reflect.DeepEqual(got, wantReport) {
			t.Errorf("file %q, class %q: %+v, %v; want NodeCountOf's %+v", tc.file, tc.class, got, err, wantReport)
		}
	}
	var fe *straggler.FieldError
	if _, err := study.StragglerNodeCount("", "0.8:x", cfg); !errors.As(err, &fe) || fe.Field != "class" {
		t.Errorf("malformed class list: %v, want the FieldError of class", err)
	}
}
