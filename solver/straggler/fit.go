package straggler

import (
	"fmt"
	"math"
	"sort"
)

// Point is one point (t, F(t)) of an empirical CDF.
type Point struct{ T, F float64 }

// Fit is a fitted delayed exponential (eq. 4) with its error.
type Fit struct {
	Method     string  `json:"method"`
	Offset     float64 `json:"offset"` // T
	Rate       float64 `json:"rate"`   // γ
	RMSE       float64 `json:"rmse"`   // √(mean squared CDF residual) over the points: the "least square error" of Table II
	MaxAbs     float64 `json:"max_abs"`
	Iterations int     `json:"iterations,omitempty"`
	N          int     `json:"n"`
}

// ECDF returns the empirical CDF of samples at the order statistics, with
// the midpoint plotting positions F(x_(k)) = (k − ½)/n (which keep the last
// point below 1, so that every point carries information about γ).
func ECDF(samples []float64) []Point {
	x := append([]float64(nil), samples...)
	sort.Float64s(x)
	n := float64(len(x))
	p := make([]Point, len(x))
	for k, v := range x {
		p[k] = Point{v, (float64(k) + 0.5) / n}
	}
	return p
}

func checkSamples(xs []float64) error {
	if len(xs) < 2 {
		return fmt.Errorf("%w: fitting needs at least 2 samples, got %d", ErrParam, len(xs))
	}
	for i, v := range xs {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return fmt.Errorf("%w: sample %d = %v: completion times must be finite and ≥ 0", ErrParam, i, v)
		}
	}
	return nil
}

// FitMLE returns the maximum-likelihood delayed exponential for samples:
// T̂ = min x_i and γ̂ = n/Σ(x_i − T̂). Its error fields are measured against
// the empirical CDF (ECDF).
func FitMLE(samples []float64) (Fit, error) {
	if err := checkSamples(samples); err != nil {
		return Fit{}, err
	}
	lo := math.Inf(1)
	for _, v := range samples {
		lo = math.Min(lo, v)
	}
	s := 0.0
	for _, v := range samples {
		s += v - lo
	}
	if !(s > 0) {
		return Fit{}, fmt.Errorf("%w: all samples are equal; the rate is not identifiable", ErrParam)
	}
	d := DelayedExp{Offset: lo, Rate: float64(len(samples)) / s}
	f := Fit{Method: "mle", Offset: d.Offset, Rate: d.Rate, N: len(samples)}
	f.RMSE, f.MaxAbs = fitError(ECDF(samples), d)
	return f, nil
}

func fitError(pts []Point, d DelayedExp) (rmse, maxAbs float64) {
	s := 0.0
	for _, p := range pts {
		r := d.CDF(p.T) - p.F
		s += r * r
		maxAbs = math.Max(maxAbs, math.Abs(r))
	}
	return math.Sqrt(s / float64(len(pts))), maxAbs
}

// FitLS is the paper's fit (§III-D, Table II): the offset T is taken from
// the data and the rate γ minimises J(γ) = Σ_k (1 − e^{−γ(t_k−T)} − F_k)²
// (points with t_k ≤ T count with model value 0), found by Newton's method
// on J′(γ) = 0 with the exact J″, safeguarded by a bracket on which J′
// changes sign (bisection when a Newton step leaves it).
func FitLS(pts []Point, offset float64) (Fit, error) {
	if len(pts) < 2 {
		return Fit{}, fmt.Errorf("%w: fitting needs at least 2 CDF points, got %d", ErrParam, len(pts))
	}
	if math.IsNaN(offset) || math.IsInf(offset, 0) || offset < 0 {
		return Fit{}, fmt.Errorf("%w: offset T = %v must be finite and ≥ 0", ErrParam, offset)
	}
	useful := 0
	for i, p := range pts {
		if math.IsNaN(p.T) || math.IsInf(p.T, 0) || !(p.F >= 0 && p.F <= 1) {
			return Fit{}, fmt.Errorf("%w: CDF point %d = (%v, %v): t must be finite and F in [0, 1]", ErrParam, i, p.T, p.F)
		}
		if p.T > offset && p.F > 0 {
			useful++
		}
	}
	if useful == 0 {
		return Fit{}, fmt.Errorf("%w: no CDF point with t > T = %v and F > 0; γ is not identifiable", ErrParam, offset)
	}
	// J′ and J″ (halved).
	deriv := func(g float64) (d1, d2 float64) {
		for _, p := range pts {
			u := p.T - offset
			if u <= 0 {
				continue
			}
			e := math.Exp(-g * u)
			m, m1, m2 := 1-e, u*e, -u*u*e
			d1 += (m - p.F) * m1
			d2 += m1*m1 + (m-p.F)*m2
		}
		return
	}
	// Start at the moment estimate 1/mean(t − T) weighted by 1 − F.
	num, den := 0.0, 0.0
	for _, p := range pts {
		if u := p.T - offset; u > 0 {
			num += p.F
			den += u * (1 - p.F)
		}
	}
	g := 1.0
	if num > 0 && den > 0 {
		g = num / den
	}
	lo, hi := 0.0, g
	for i := 0; i < 2000; i++ {
		if d1, _ := deriv(hi); d1 > 0 {
			break
		}
		lo = hi
		hi *= 2
		if math.IsInf(hi, 1) {
			return Fit{}, fmt.Errorf("%w: the least-squares rate diverges (the CDF is a step at T)", ErrParam)
		}
	}
	g = 0.5 * (lo + hi)
	it := 0
	for ; it < 200; it++ {
		d1, d2 := deriv(g)
		if d1 > 0 {
			hi = g
		} else {
			lo = g
		}
		next := g - d1/d2
		if !(d2 > 0) || !(next > lo && next < hi) {
			next = 0.5 * (lo + hi)
		}
		if math.Abs(next-g) <= 1e-14*g {
			g = next
			break
		}
		g = next
	}
	d := DelayedExp{Offset: offset, Rate: g}
	f := Fit{Method: "ls", Offset: offset, Rate: g, Iterations: it, N: len(pts)}
	f.RMSE, f.MaxAbs = fitError(pts, d)
	return f, nil
}

// FitLSJoint fits both T and γ by least squares: golden-section search of
// the profile J(T) = min_γ J(T, γ) over T ∈ [0, t_first], where t_first is
// the smallest t with F(t) > 0 (FitLS for each T).
func FitLSJoint(pts []Point) (Fit, error) {
	if len(pts) < 2 {
		return Fit{}, fmt.Errorf("%w: fitting needs at least 2 CDF points, got %d", ErrParam, len(pts))
	}
	tf := math.Inf(1)
	for _, p := range pts {
		if p.F > 0 {
			tf = math.Min(tf, p.T)
		}
	}
	if math.IsInf(tf, 1) || tf < 0 {
		return Fit{}, fmt.Errorf("%w: no CDF point with F > 0 and t ≥ 0", ErrParam)
	}
	obj := func(T float64) (Fit, float64) {
		f, err := FitLS(pts, T)
		if err != nil {
			return f, math.Inf(1)
		}
		return f, f.RMSE
	}
	const phi = 0.6180339887498949
	a, b := 0.0, tf*(1-1e-12)
	c, d := b-phi*(b-a), a+phi*(b-a)
	_, fc := obj(c)
	_, fd := obj(d)
	for i := 0; i < 100 && b-a > 1e-12*math.Max(1, b); i++ {
		if fc <= fd {
			b, d, fd = d, c, fc
			c = b - phi*(b-a)
			_, fc = obj(c)
		} else {
			a, c, fc = c, d, fd
			d = a + phi*(b-a)
			_, fd = obj(d)
		}
	}
	best, _ := obj(0.5 * (a + b))
	if _, f0 := obj(0); f0 < best.RMSE {
		best, _ = obj(0)
	}
	best.Method = "ls-joint"
	return best, nil
}
