package des

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/solver/straggler"
)

// TestCSIMFigures: the simulated node-type curves of Fig. 5/7/9 agree with
// the M/M/1 closed forms (each point inside 3 half-widths; the 95 % band
// alone would miss about one point in twenty), and the qualitative claims
// of §V-A hold: D-EP equalises the utilisation (Fig. 7), S-EP the response
// times (Fig. 9) of the two node types.
func TestCSIMFigures(t *testing.T) {
	figs, err := CSIMFigures(FigOptions{Jobs: 4000, Warmup: 500, Replications: 8, Seed: 1, Lambdas: []float64{6, 12}})
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 9 {
		t.Fatalf("%d panels, want 9", len(figs))
	}
	for _, f := range figs {
		for c := 0; c < 4; c += 2 {
			sim, exact := f.Curves[c], f.Curves[c+1]
			for i := range f.X {
				if math.Abs(sim.Y[i]-exact.Y[i]) > 3*sim.HalfWidth[i] {
					t.Errorf("%s %s λ = %g: sim %.4g ± %.2g, closed form %.4g", f.Name, sim.Name, f.X[i], sim.Y[i], sim.HalfWidth[i], exact.Y[i])
				}
			}
		}
		equal := (strings.HasPrefix(f.Name, "fig7_util")) || strings.HasPrefix(f.Name, "fig9_response")
		for i := range f.X {
			if d := math.Abs(f.Curves[1].Y[i] - f.Curves[3].Y[i]); equal && d > 1e-9 {
				t.Errorf("%s λ = %g: slow %.6g, fast %.6g, want equal", f.Name, f.X[i], f.Curves[1].Y[i], f.Curves[3].Y[i])
			}
		}
	}
	if _, err := figs[0].CSV(); err != nil {
		t.Fatal(err)
	}
}

// TestFig12: DM-EP leaves the slow nodes idle at D = 100 (λ = 38, the
// docs/straggler.md case: slow 0, fast 0.76 from `mst map --policy all`).
func TestFig12(t *testing.T) {
	figs, err := Fig12([]float64{38})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range figs[0].Curves {
		if c.Name == "dmep slow" && c.Y[0] != 0 {
			t.Errorf("DM-EP slow λ_i = %g, want 0", c.Y[0])
		}
		if c.Name == "dmep fast" && math.Abs(c.Y[0]-0.76) > 1e-9 {
			t.Errorf("DM-EP fast λ_i = %g, want 0.76", c.Y[0])
		}
	}
}

// TestFig2: on samples drawn from a delayed exponential (T = 2, γ = 0.5,
// seed 3) both fits recover the parameters within 5 % and the empirical
// curve ends at 0.99 (the x range stops at the 99th percentile).
func TestFig2(t *testing.T) {
	d := straggler.DelayedExp{Rate: 0.5, Offset: 2, Src: rand.NewPCG(3, 0)}
	xs := make([]float64, 5000)
	for i := range xs {
		xs[i] = d.Rand()
	}
	f, fits, err := Fig2(xs, "synthetic")
	if err != nil {
		t.Fatal(err)
	}
	for _, fit := range fits {
		if math.Abs(fit.Offset-2)/2 > 0.05 || math.Abs(fit.Rate-0.5)/0.5 > 0.05 {
			t.Errorf("%s fit T = %g, γ = %g; want 2, 0.5", fit.Method, fit.Offset, fit.Rate)
		}
	}
	if e := f.Curves[0].Y[len(f.X)-1]; math.Abs(e-0.99) > 0.001 {
		t.Errorf("ECDF at the last point %g, want 0.99", e)
	}
}
