package reductions

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/solver/highs/highstest"
)

// TestGenerateNMTS: GenerateNMTS is NMTSInstance of the same spec, answer
// and seed (byte-identical JSON), and an answer other than yes or no is an
// ErrConfig naming the field before anything is generated.
func TestGenerateNMTS(t *testing.T) {
	spec := nmts.Spec{Q: 3, MaxF: 5, MaxG: 20}
	for _, tc := range []struct {
		answer  string
		yes     bool
		wantErr string
	}{
		{"yes", true, ""},
		{"no", false, ""},
		{"maybe", false, `answer: want yes or no, got "maybe"`},
		{"", false, `answer: want yes or no, got ""`},
	} {
		got, err := GenerateNMTS(NMTSConfig{Spec: spec, Answer: tc.answer, Seed: 4})
		if tc.wantErr != "" {
			if !errors.Is(err, ErrConfig) || !strings.HasSuffix(err.Error(), tc.wantErr) {
				t.Errorf("answer %q: error %v, want an ErrConfig ending in %q", tc.answer, err, tc.wantErr)
			}
			continue
		}
		// Second path: the generator GenerateNMTS wraps.
		want, err2 := NMTSInstance(spec, tc.yes, 4)
		if err != nil || err2 != nil {
			t.Fatalf("answer %q: %v, %v", tc.answer, err, err2)
		}
		var a, b bytes.Buffer
		if err := errors.Join(nmts.WriteJSON(&a, got), nmts.WriteJSON(&b, want)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("answer %q: GenerateNMTS differs from NMTSInstance:\n%s\n%s", tc.answer, a.Bytes(), b.Bytes())
		}
	}
}

// TestOptimumFile: OptimumFile on a written reduced instance finds the
// optimum OptimumVsY finds on the instance itself (q = 1, f = {1},
// g = {2}, h = {3}: solvable, so OPT ≤ y by Theorem 1; TestOptimumVsY),
// and names the file or the engine when it cannot start.
func TestOptimumFile(t *testing.T) {
	eng := highstest.Require(t)
	r, err := Reduce(&nmts.Instance{F: []int64{1}, G: []int64{2}, H: []int64{3}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	in, err := r.Tandem(&nmts.Solution{Pi: []int{0}, Sigma: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "reduced.json")
	if err := instances.WriteFile(path, in); err != nil {
		t.Fatal(err)
	}
	want, err := OptimumVsY(context.Background(), eng, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, res, err := OptimumFile(context.Background(), path, eng.Name(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.N() != in.N() || res.OPT != want.OPT || res.NMTS != want.NMTS || res.Validate != "ok" {
		t.Errorf("OptimumFile: n %d OPT %v nmts %v validate %q; want n %d OPT %v nmts %v ok",
			got.N(), res.OPT, res.NMTS, res.Validate, in.N(), want.OPT, want.NMTS)
	}
	if _, _, err := OptimumFile(context.Background(), path, "no-such-engine", nil); err == nil {
		t.Error("unknown engine: no error")
	}
	if _, _, err := OptimumFile(context.Background(), filepath.Join(t.TempDir(), "none.json"), eng.Name(), nil); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("missing file: error %v, want one naming none.json", err)
	}
}

// TestWorstPath: the file name of 'mrsched search --out-dir' (the policy
// and the instance's job count).
func TestWorstPath(t *testing.T) {
	in := &instances.Instance{Jobs: make([]instances.Job, 5)}
	got := WorstPath("dir", &worstcase.Found{Policy: "splitsrpt", Instance: in})
	if want := filepath.Join("dir", "search-splitsrpt-n5.json"); got != want {
		t.Errorf("WorstPath = %q, want %q", got, want)
	}
}

// TestWorstValidate: a negative time limit is an ErrConfig naming the
// field before any search runs (the CLI checked it; the library now does).
func TestWorstValidate(t *testing.T) {
	_, err := Worst(context.Background(), WorstConfig{Policy: "maxsrpt", Ns: []int{3}, AlphaMax: 4, Restarts: 1, Steps: 1, TimeLimit: -time.Second}, nil)
	if !errors.Is(err, ErrConfig) || !strings.HasSuffix(err.Error(), "time-limit -1s: want ≥ 0 (0: none)") {
		t.Errorf("time limit -1s: error %v, want an ErrConfig naming time-limit", err)
	}
}
