package study_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

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
