package figures

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestBands: one row per band, labelled top-down in the given order; a
// legend entry for the nominal marker only when some band has a nominal
// value; no bands or a NaN quantile are ErrData.
func TestBands(t *testing.T) {
	nan := math.NaN()
	bands := []Band{
		{Label: "plan", Min: 10, P5: 11, P50: 12, P95: 14, Max: 15, Mean: 12.5, Nominal: 12},
		{Label: "fifo", Min: 20, P5: 21, P50: 25, P95: 30, Max: 31, Mean: 25.5, Nominal: nan},
	}
	p, err := Bands("what-if", "total response (time units)", bands)
	if err != nil {
		t.Fatal(err)
	}
	// Rows at y = 1 (first band, top) and y = 0: the nominal ticks.
	ticks := p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max)
	labels := map[float64]string{}
	for _, tk := range ticks {
		labels[tk.Value] = tk.Label
	}
	if labels[1] != "plan" || labels[0] != "fifo" {
		t.Errorf("y labels %v, want plan at 1 (top), fifo at 0", labels)
	}
	// The x range covers every value with a margin (min 10, max 31).
	if !(p.X.Min < 10 && p.X.Max > 31) {
		t.Errorf("x range [%v, %v] does not cover [10, 31]", p.X.Min, p.X.Max)
	}
	b, err := Render(p, 11, 2, SVG)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"what-if", "total response (time units)", "5 %–95 %", "median", "on the estimated sizes"} {
		if !strings.Contains(string(b), s) {
			t.Errorf("SVG lacks %q", s)
		}
	}
	bands[0].Nominal = nan
	p, err = Bands("what-if", "x", bands)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := Render(p, 11, 2, SVG); strings.Contains(string(b), "on the estimated sizes") {
		t.Error("a legend entry for nominal values that no band has")
	}
	if _, err := Bands("t", "x", nil); !errors.Is(err, ErrData) {
		t.Errorf("no bands: %v, want ErrData", err)
	}
	bands[1].P95 = nan
	if _, err := Bands("t", "x", bands); !errors.Is(err, ErrData) {
		t.Errorf("a NaN quantile: %v, want ErrData", err)
	}
}
