package figures

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mrsched/mrsched/solver/flex"
)

// TestFlexMap: a 2 × 1 × 1 × 2 grid with one point matching all three
// criteria and one matching CIRCUMFLEX/FLEX only draws one "all three"
// star and one circle (the legend counts them); a result list that does
// not fit the grid is refused.
func TestFlexMap(t *testing.T) {
	g := flex.MapGrid{MaxSlots: []int{10, 50}, MinFrac: []float64{1}, Window: []float64{2}, BlockTime: []float64{0, 1}}
	var rs []flex.MapResult
	for i, p := range g.Points() {
		r := flex.MapResult{Point: p, DCirc: 0.5, DBatch: 0.9}
		switch i {
		case 0:
			r.CircOK, r.BatchOK, r.RiseOK, r.DCirc, r.DBatch = true, true, true, 0.05, 0.08
		case 3:
			r.CircOK, r.DCirc = true, 0.02
		}
		rs = append(rs, r)
	}
	files, err := FlexMap(rs, g)
	if err != nil {
		t.Fatal(err)
	}
	svg := files["flexmap.svg"]
	for _, want := range []string{"all three (1)", "CIRCUMFLEX/FLEX within ±10 % (1)", "BATCH/FLEX within ±10 % (0)", "W=2 b=1"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("flexmap.svg lacks %q", want)
		}
	}
	if _, err := FlexMap(rs[:3], g); !errors.Is(err, ErrData) {
		t.Errorf("3 results for 4 points: err = %v, want ErrData", err)
	}
}
