package glpk

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/mrsched/mrsched/solver/mip"
)

// A search stopped by the time limit: the objective (1 + 2·1 with the
// model's offset 1 = 3) and the bound of the last progress line (1,
// lowered by boundRel, plus the offset) give the gap (3 − 2)/3 by hand,
// both sides with the offset.
func TestParseGapWithOffset(t *testing.T) {
	m := &mip.Model{Offset: 1}
	a := m.AddVar("a", mip.Continuous, 0, 10, 1)
	b := m.AddVar("b", mip.Integer, 0, 10, 2)
	m.AddRow("r", 1, math.Inf(1), []int{a, b}, []float64{1, 1})
	sol := "s mip 1 2 f 2\nj 1 0\nj 2 1\n"
	log := "+    12: mip =   2.000000000e+00 >=   1.000000000e+00  50.0% (3; 4)\nTIME LIMIT EXCEEDED; SEARCH TERMINATED\n"
	r, err := parse(m, []byte(sol), log)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != mip.TimeLimit || r.Objective != 3 || !scalar.EqualWithinAbs(r.BestBound, 2, 1e-8) {
		t.Fatalf("status %v objective %v bound %v, want time limit 3 2", r.Status, r.Objective, r.BestBound)
	}
	if !scalar.EqualWithinAbs(r.Gap, 1.0/3, 1e-8) {
		t.Errorf("gap %v, want (3 − 2)/3", r.Gap)
	}
}
