package reductions

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
)

// TestBuild: the hand example (TestHandExample: y = 2022) is a
// yes-instance whose certificate costs exactly y and passes the
// validator; F = {1, 2}, G = {3, 4}, H = {3, 7} (Σh = Σf + Σg = 10) is a
// no-instance: h = 3 is below every f + g (the smallest is 1 + 3 = 4).
func TestBuild(t *testing.T) {
	b, err := Build(&nmts.Instance{F: []int64{1}, G: []int64{2}, H: []int64{3}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Yes || b.Total.RatString() != "2022" || !strings.HasPrefix(b.Validate, "ok, total 2022") || !b.FloatExact {
		t.Errorf("yes: %v total %v validate %q exact %v", b.Yes, b.Total, b.Validate, b.FloatExact)
	}
	if row := b.Table().Rows[0]; row[5] != "2022" || row[6] != "yes" || row[8] != "0" {
		t.Errorf("table row %v", row)
	}
	no, err := Build(&nmts.Instance{F: []int64{1, 2}, G: []int64{3, 4}, H: []int64{3, 7}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if no.Yes || no.Schedule != nil || no.Table().Rows[0][6] != "no" {
		t.Errorf("no-instance: yes %v, schedule %v", no.Yes, no.Schedule != nil)
	}
}

// TestNMTSInstanceSeeded: the same seed gives byte-identical files, the
// planted pairing solves a yes-instance, and a no-instance has none.
func TestNMTSInstanceSeeded(t *testing.T) {
	spec := nmts.Spec{Q: 3, MaxF: 5, MaxG: 20}
	for _, yes := range []bool{true, false} {
		var files [2]bytes.Buffer
		for k := range files {
			in, err := NMTSInstance(spec, yes, 7)
			if err != nil {
				t.Fatal(err)
			}
			if err := nmts.WriteJSON(&files[k], in); err != nil {
				t.Fatal(err)
			}
			if _, got, _, err := nmts.Solve(in); err != nil || got != yes {
				t.Errorf("answer %v, solver says %v (%v)", yes, got, err)
			}
		}
		if !bytes.Equal(files[0].Bytes(), files[1].Bytes()) {
			t.Errorf("answer %v: same seed, different files", yes)
		}
	}
}
