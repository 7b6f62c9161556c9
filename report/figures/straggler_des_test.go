package figures

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/solver/straggler/des"
)

// TestStragglerDES writes a simulated panel (with error bars and a NaN
// point) and checks both files exist and the CSV keeps the half-widths.
func TestStragglerDES(t *testing.T) {
	dir := t.TempDir()
	f := des.Figure{Name: "p", Title: "t", XLabel: "x", YLabel: "y", X: []float64{1, 2},
		Curves: []des.Curve{{Name: "sim", Y: []float64{1, 2}, HalfWidth: []float64{0.1, 0.2}}, {Name: "exact", Y: []float64{1, math.NaN()}}}}
	files, err := StragglerDES(f, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("files %v", files)
	}
	b, err := os.ReadFile(filepath.Join(dir, "p.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "x,sim,sim ±95%,exact\n1,1,0.1,1\n") {
		t.Errorf("csv = %q", b)
	}
}
