package figures

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/solver/cluster/experiments"
)

// TestClusterFigures: both kinds of cluster figure are drawn and saved
// twice with identical bytes (deterministic output), and series whose
// lengths do not match their axis are ErrData.
func TestClusterFigures(t *testing.T) {
	dir := t.TempDir()
	figs := []experiments.Figure{
		{Name: "line", Title: "t", XLabel: "x", YLabel: "y", Kind: experiments.LineFigure,
			Series: []experiments.Series{{Name: "a", X: []float64{1, 2, 3}, Y: []float64{3, 2, 1}, Err: []float64{0.1, 0.2, 0.3}}}},
		{Name: "group", Title: "t", YLabel: "y", Kind: experiments.GroupFigure, Labels: []string{"u1", "u2"}, LogY: true,
			Series: []experiments.Series{{Name: "FIFO", Y: []float64{10, 1000}}, {Name: "Fair", Y: []float64{5, 50}, Err: []float64{1, 2}}}},
	}
	for _, f := range figs {
		var first []byte
		for k := 0; k < 2; k++ {
			if err := SaveCluster(dir, f); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, f.Name+".svg"))
			if err != nil {
				t.Fatal(err)
			}
			if k == 0 {
				first = b
			} else if !bytes.Equal(first, b) {
				t.Errorf("%s: SVG differs between two renderings", f.Name)
			}
		}
	}
	bad := []experiments.Figure{
		{Name: "b1", Kind: experiments.LineFigure, Series: []experiments.Series{{X: []float64{1}, Y: []float64{1, 2}}}},
		{Name: "b2", Kind: experiments.GroupFigure, Labels: []string{"a"}, Series: []experiments.Series{{Y: []float64{1, 2}}}},
		{Name: "b3", Kind: 9},
	}
	for _, f := range bad {
		if _, err := Cluster(f); !errors.Is(err, ErrData) {
			t.Errorf("%s: %v, want ErrData", f.Name, err)
		}
	}
}

var clusterLsPSMapOut = flag.String("cluster-lsps-map-out", "", "run the LsPS parameter map (experiments.LsPSMap, 20 seeds) and write lsps-map.{csv,md,svg} to this directory (make cluster-studies)")

// TestClusterLsPSMapStudy runs the whole LsPS parameter map and draws its
// figures when -cluster-lsps-map-out is given (the study package returns
// data only and cannot import the plotting library); without it, it checks
// that the map's figures are drawable.
func TestClusterLsPSMapStudy(t *testing.T) {
	if *clusterLsPSMapOut == "" {
		rows, _, err := experiments.LsPSMap(experiments.Env{}, []experiments.LsPSMapPoint{{TimeScale: 1, ReduceScale: 1, SlotsPerNode: 2}, {TimeScale: 0.5, ReduceScale: 1, SlotsPerNode: 2}}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range experiments.LsPSMapFigures(rows) {
			if _, err := Cluster(f); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	env := experiments.Env{OutDir: *clusterLsPSMapOut, Render: func(dir string, f experiments.Figure) error { return SaveCluster(dir, f) }}
	if _, _, err := experiments.LsPSMap(env, experiments.LsPSMapGrid(), 20); err != nil {
		t.Fatal(err)
	}
}
