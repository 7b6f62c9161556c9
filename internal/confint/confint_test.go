package confint

import (
	"math"
	"testing"
)

func TestStudent95(t *testing.T) {
	for _, c := range []struct {
		name       string
		xs         []float64
		mean, half float64 // half: within 1e-9 relative (gonum inverts the t CDF numerically)
	}{
		// Mean 2, s = 1, t(0.975, 2) = 4.302652729911275 (tables):
		// 4.302652729911275/√3.
		{"three", []float64{1, 2, 3}, 2, 4.302652729911275 / math.Sqrt(3)},
		// Mean 5, s = √(Σ(x−5)²/3) = √(20/3), t(0.975, 3) =
		// 3.182446305284263 (tables): 3.182446305284263·√(20/3)/2.
		{"four", []float64{2, 4, 6, 8}, 5, 3.182446305284263 * math.Sqrt(20.0/3) / 2},
		// One value: no spread, half-width 0.
		{"one", []float64{7}, 7, 0},
		// Equal values: s = 0.
		{"flat", []float64{3, 3, 3, 3, 3}, 3, 0},
	} {
		got := Student95(c.xs)
		if got.Mean != c.mean || math.Abs(got.HalfWidth-c.half) > 1e-9*math.Max(1, c.half) {
			t.Errorf("%s: %+v, want mean %v half-width %v", c.name, got, c.mean, c.half)
		}
	}
	if got := Student95(nil); !math.IsNaN(got.Mean) || got.HalfWidth != 0 {
		t.Errorf("empty: %+v, want NaN mean and half-width 0", got)
	}
}

func TestContainsAndFixed(t *testing.T) {
	c := Interval{Mean: 10, HalfWidth: 0.5}
	for _, v := range []struct {
		x  float64
		in bool
	}{{10, true}, {9.5, true}, {10.5, true}, {10.51, false}, {9.49, false}} {
		if c.Contains(v.x) != v.in {
			t.Errorf("Contains(%v) = %v", v.x, !v.in)
		}
	}
	// tabular.Fixed rounds to the given digits.
	if got, want := (Interval{Mean: 12.345, HalfWidth: 0.06}).Fixed(1), "12.3 ± 0.1"; got != want {
		t.Errorf("Fixed = %q, want %q", got, want)
	}
}
