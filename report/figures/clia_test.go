package figures

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/des"
)

// TestSaveAdversaryYao: the Yao figure of two plays is written as
// base.svg (and base.png on request); no plays is AdversaryYao's error.
func TestSaveAdversaryYao(t *testing.T) {
	ys, err := adversary.SweepYao([]fluid.Policy{fluid.MaxSRPT()}, []int{8, 27}, nil)
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(t.TempDir(), "yao")
	files, err := SaveAdversaryYao(ys, base, SVG, PNG)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0] != base+".svg" || files[1] != base+".png" {
		t.Errorf("files %v, want %s.svg and .png", files, base)
	}
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := SaveAdversaryYao(nil, base); err == nil {
		t.Error("no plays: no error")
	}
}

// TestSaveStragglerDES: every panel of the report is written into the
// directory (CSV and SVG each); an empty directory writes nothing.
func TestSaveStragglerDES(t *testing.T) {
	fig := func(name string) des.Figure {
		return des.Figure{Name: name, Title: "t", XLabel: "x", YLabel: "y", X: []float64{1, 2}, Curves: []des.Curve{{Name: "sim", Y: []float64{1, 2}}}}
	}
	r := &des.Report{Figures: []des.Figure{fig("a"), fig("b")}}
	dir := t.TempDir()
	if err := SaveStragglerDES(r, dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.csv", "a.svg", "b.csv", "b.svg"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if err := SaveStragglerDES(r, ""); err != nil {
		t.Errorf("no directory: %v", err)
	}
}

// TestSaveStragglerPaper: the directory is created and every figure of
// straggler.PaperFigures (called again: the same names in the same order)
// is written as CSV and SVG.
func TestSaveStragglerPaper(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "dir")
	figs, err := SaveStragglerPaper(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := straggler.PaperFigures(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != len(want) || len(figs) == 0 {
		t.Fatalf("%d figures, want %d", len(figs), len(want))
	}
	for i, f := range figs {
		if f.Name != want[i].Name {
			t.Errorf("figure %d: %s, want %s", i, f.Name, want[i].Name)
		}
		for _, ext := range []string{".csv", ".svg"} {
			if _, err := os.Stat(filepath.Join(dir, f.Name+ext)); err != nil {
				t.Error(err)
			}
		}
	}
}
