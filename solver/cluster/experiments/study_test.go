package experiments

import (
	"bytes"
	"math"
	"testing"

	"github.com/mrsched/mrsched/tabular"
)

// TestDeterministicAcrossWorkers: the merged results do not depend on the
// number of goroutines (same seeds → byte-identical tables).
func TestDeterministicAcrossWorkers(t *testing.T) {
	render := func(workers int) []byte {
		Workers = workers
		r, err := LsPSTableII(Env{}, 3)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		r.Table().Write(&b, tabular.CSV)
		p, err := Protect(Env{}, 1)
		if err != nil {
			t.Fatal(err)
		}
		p.Write(&b, tabular.CSV)
		return b.Bytes()
	}
	a, b := render(1), render(3)
	if !bytes.Equal(a, b) {
		t.Fatalf("tables differ between 1 and 3 workers:\n%s\n%s", a, b)
	}
}

// TestLsPSMap: at the default point (time scale 1, reduce scale 1, 2 slots,
// no heartbeat) the map reproduces the Table II study's own figures
// (LsPSTableII, 3 seeds: the ratio of the overall means), and no point of
// a two-point grid is marked as holding when its factors are below the
// paper's. (make cluster-studies runs the whole grid through
// report/figures' TestClusterLsPSMapStudy, which also draws the figures.)
func TestLsPSMap(t *testing.T) {
	rows, _, err := LsPSMap(Env{}, []LsPSMapPoint{{1, 1, 2, 0}, {0.5, 1, 4, 3}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	r, err := LsPSTableII(Env{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	mean := func(xs []float64) float64 { return (xs[0] + xs[1] + xs[2]) / 3 }
	nu := len(r.Users)
	if f := mean(r.Resp[0][nu]) / mean(r.Resp[2][nu]); math.Abs(f-rows[0].FIFOOverLsPS) > 1e-9 {
		t.Errorf("default point FIFO/LsPS %v, Table II study %v", rows[0].FIFOOverLsPS, f)
	}
	for _, row := range rows {
		if row.Holds && (row.FIFOOverLsPS < PaperFIFOOverLsPS || row.FairOverLsPS < PaperFairOverLsPS || row.MinUserFIFO < 1) {
			t.Errorf("%+v marked as holding", row)
		}
	}
}
