package reductions_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// TestVerifyFile: the recorded certificate of a yes-instance holds with
// total = y (Theorem 1's construction: the certificate costs exactly y);
// the same schedule with every map rate doubled breaks the map capacity
// (infeasible, ErrNotHolds); a no-instance has no certificate (ErrNotHolds).
func TestVerifyFile(t *testing.T) {
	dir := t.TempDir()
	yes := writeNMTS(t, dir, "yes.json", &nmts.Instance{F: []int64{1}, G: []int64{2}, H: []int64{3}})
	no := writeNMTS(t, dir, "no.json", &nmts.Instance{F: []int64{1, 2}, G: []int64{3, 4}, H: []int64{3, 7}})
	reduce := func(path, out string) *reductions.Built {
		b, err := reductions.BuildFile(path, reductions.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if b.Tandem.Metadata["nmts_file"] != filepath.Base(path) {
			t.Errorf("nmts_file = %v", b.Tandem.Metadata["nmts_file"])
		}
		if err := instances.WriteFile(out, b.Tandem); err != nil {
			t.Fatal(err)
		}
		return b
	}
	ty, tn := filepath.Join(dir, "ty.json"), filepath.Join(dir, "tn.json")
	b := reduce(yes, ty)
	reduce(no, tn)

	v, err := reductions.VerifyFile(ty, "")
	if err != nil || v.Err != nil {
		t.Fatalf("certificate: %v %v", err, v)
	}
	// Columns: schedule, feasible, violations, total, y, total_minus_y, holds.
	if row := v.Table.Rows[0]; row[1] != "true" || row[5] != "0" || row[6] != "true" {
		t.Errorf("certificate row %v, want feasible, total − y = 0, holds", row)
	}

	bad := *b.Schedule
	bad.Segments = append([]schedule.Segment(nil), b.Schedule.Segments...)
	for i := range bad.Segments {
		seg := bad.Segments[i]
		seg.Rates = append([]schedule.Rate(nil), seg.Rates...)
		for j := range seg.Rates {
			seg.Rates[j].Map *= 2
		}
		bad.Segments[i] = seg
	}
	sp := filepath.Join(dir, "bad.json")
	if err := schedule.WriteFile(sp, b.Tandem, &bad); err != nil {
		t.Fatal(err)
	}
	v, err = reductions.VerifyFile(ty, sp)
	if err != nil || !errors.Is(v.Err, reductions.ErrNotHolds) || len(v.Violations) == 0 {
		t.Errorf("doubled map rates: err %v, verdict %v, violations %d; want ErrNotHolds with violations", err, v.Err, len(v.Violations))
	}
	if _, err := reductions.VerifyFile(tn, ""); !errors.Is(err, reductions.ErrNotHolds) {
		t.Errorf("no-instance without schedule: %v, want ErrNotHolds", err)
	}
}

func writeNMTS(t *testing.T, dir, name string, in *nmts.Instance) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := nmts.WriteFile(p, in); err != nil {
		t.Fatal(err)
	}
	return p
}

func ExampleSolveNMTSTable() {
	// f + g = h: 1 + 5 = 6 and 2 + 3 = 5, so π = (1 2), σ = (2 1).
	t, err := reductions.SolveNMTSTable(context.Background(), &nmts.Instance{F: []int64{1, 2}, G: []int64{3, 5}, H: []int64{6, 5}}, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = t.Write(os.Stdout, tabular.CSV)
	// Output:
	// q,answer,pi,sigma,method,nodes
	// 2,yes,1 2,2 1,brute force,-
}

func ExampleCertificatePath() {
	fmt.Println(reductions.CertificatePath("out/reduced.json"))
	// Output: out/reduced.certificate.json
}
