package straggler

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
)

// glReference is an independent high-accuracy evaluation of
// MST = ∫₀^∞ (1 − Π_i F_i(t)) dt for delayed exponential nodes: a composite
// Gauss–Legendre rule with nPts points per panel (gonum's quad.Legendre
// abscissae), panels of width ≤ w0 up to t = 40/γ_min·… and geometric
// panels (ratio 1.05) beyond, up to t_end = max_i T_i + 45/γ_i; the
// integrand is the plain log-sum 1 − exp Σ_i log1p(−e^{−γ_i(t−T_i)}), with
// nodes below e^{−45} (≈ 3e-20) skipped. It shares nothing with the code
// under test except the model.
func glReference(d []DelayedExp, nPts int, w0 float64) float64 {
	tEnd, gmax := 0.0, 0.0
	for _, de := range d {
		tEnd = math.Max(tEnd, de.Offset+45/de.Rate)
		gmax = math.Max(gmax, de.Rate)
	}
	f := func(t float64) float64 {
		s := 0.0
		for _, de := range d {
			z := de.Rate * (t - de.Offset)
			if z <= 0 {
				return 1
			}
			if z > 45 {
				continue
			}
			s += math.Log1p(-math.Exp(-z))
		}
		return -math.Expm1(s)
	}
	x := make([]float64, nPts)
	w := make([]float64, nPts)
	quad.Legendre{}.FixedLocations(x, w, -1, 1)
	panel := func(a, b float64) float64 {
		c, h := 0.5*(a+b), 0.5*(b-a)
		s := 0.0
		for k := range x {
			s += w[k] * f(c+h*x[k])
		}
		return s * h
	}
	// Uniform panels while the fastest node is still < 1 − e^{−45}, then
	// panels growing by 5%: beyond t only rates below 45/t matter, so the
	// width·rate product stays ≤ 0.05·45 ≈ 2.3, well resolved by ≥ 20 points.
	total, a := 0.0, 0.0
	for a < tEnd {
		b := math.Min(tEnd, a+math.Max(w0, 0.05*a))
		total += panel(a, b)
		a = b
	}
	return total
}

func unitNodes(d []DelayedExp) []Response {
	r := make([]Response, len(d))
	for i := range d {
		r[i] = d[i]
	}
	return r
}

// TestMSTIntegral1e4VsGaussLegendre is the fast path's accuracy check: the MST of
// the benchmark's 10^4 heterogeneous M/M/1 nodes (and of 2000
// heterogeneous delayed exponential nodes with offsets, some negative as
// in the S-EP mapping with migration, and of 1000 nodes with rates over
// three decades) agrees with an independent composite
// Gauss–Legendre evaluation to 1e-9 relative, and the reported error
// estimate is honest. The oracle's own convergence is checked by running it
// with 20 and 30 points per panel.
func TestMSTIntegral1e4VsGaussLegendre(t *testing.T) {
	rnd := rand.New(rand.NewPCG(11, 12))
	offsets := make([]DelayedExp, 2000)
	for i := range offsets {
		mu := 0.5 + rnd.Float64()
		lam := mu * (0.1 + 0.8*rnd.Float64())
		// T_i = Dλ_i/μ_i with D = 10 (the model of Fig. 11), shifted so
		// that a few offsets are negative.
		offsets[i] = DelayedExp{Rate: mu - lam, Offset: 10*lam/mu - 0.5}
	}
	wide := make([]DelayedExp, 1000) // rates over three decades
	for i := range wide {
		wide[i] = DelayedExp{Rate: 0.01 * (1 + 999*rnd.Float64())}
	}
	cases := []struct {
		name  string
		nodes []DelayedExp
		w0    float64 // oracle panel width ≈ 0.5/γ_max
	}{
		{"bench 1e4 M/M/1", toDexp(heteroMM1(10000, 1)), 0.5},
		{"2000 delayed exponential", offsets, 0.5},
		{"1000 rates 0.01–10", wide, 0.05},
	}
	for _, tc := range cases {
		if _, ok := mstDelayedExpTrap(tc.nodes, IntegralOptions{}.defaults()); !ok {
			t.Fatalf("%s: the trapezoidal path was not taken", tc.name)
		}
		got, err := MSTIntegral(unitNodes(tc.nodes), IntegralOptions{RelTol: 1e-9})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		ref20 := glReference(tc.nodes, 20, tc.w0)
		ref30 := glReference(tc.nodes, 30, tc.w0)
		if e := relErr(ref20, ref30); e > 1e-12 {
			t.Fatalf("%s: oracle not converged: G20 %v, G30 %v (rel %.2g)", tc.name, ref20, ref30, e)
		}
		if e := relErr(got.MST, ref30); e > 1e-9 {
			t.Errorf("%s: integral %v, Gauss–Legendre %v: rel err %.2g > 1e-9", tc.name, got.MST, ref30, e)
		}
		if got.AbsErr > 1e-9*got.MST || math.Abs(got.MST-ref30) > got.AbsErr+1e-13*ref30 {
			t.Errorf("%s: error estimate %.3g (rel %.2g) vs true error %.3g", tc.name, got.AbsErr, got.AbsErr/got.MST, math.Abs(got.MST-ref30))
		}
		// The adaptive Gauss–Kronrod path (the previous implementation)
		// agrees too.
		d, c, _ := allDelayedExp(unitGroups(unitNodes(tc.nodes)))
		gk, err := mstDelayedExpGK(d, c, len(d), IntegralOptions{RelTol: 1e-11})
		if err != nil || relErr(gk.MST, ref30) > 1e-10 {
			t.Errorf("%s: Gauss–Kronrod %v (%v) vs Gauss–Legendre %v", tc.name, gk.MST, err, ref30)
		}
	}
}

// Homogeneous nodes on the trapezoidal path: E[max of N i.i.d. Exp(γ)] =
// H_N/γ (order statistics), from the smallest cluster that takes the path
// to 10^4, at the default and at a tight tolerance.
func TestMSTTrapezoidHomogeneous(t *testing.T) {
	for _, tc := range []struct {
		n      int
		gamma  float64
		relTol float64
	}{{trapMinNodes, 1, 1e-9}, {trapMinNodes, 3, 1e-12}, {500, 0.05, 1e-9}, {10000, 1, 1e-9}, {10000, 0.7, 1e-12}} {
		d := make([]DelayedExp, tc.n)
		for i := range d {
			d[i] = DelayedExp{Rate: tc.gamma}
		}
		want := Harmonic(tc.n) / tc.gamma
		got, ok := mstDelayedExpTrap(d, IntegralOptions{RelTol: tc.relTol}.defaults())
		if !ok {
			t.Fatalf("n=%d: trapezoidal path not taken", tc.n)
		}
		if e := relErr(got.MST, want); e > tc.relTol || got.AbsErr > tc.relTol*want {
			t.Errorf("n=%d γ=%v: %v want H_N/γ = %v (rel err %.2g, estimate %.2g, tol %g)", tc.n, tc.gamma, got.MST, want, e, got.AbsErr/want, tc.relTol)
		}
	}
}

// The trapezoidal path declines what it cannot certify: too few nodes, and
// a largest offset beyond Jensen's left end (there Π F_i is not yet
// negligible at the grid's start, so the rule would lose its flat end).
func TestMSTTrapezoidDeclines(t *testing.T) {
	small := make([]DelayedExp, trapMinNodes-1)
	for i := range small {
		small[i] = DelayedExp{Rate: 1}
	}
	if _, ok := mstDelayedExpTrap(small, IntegralOptions{}.defaults()); ok {
		t.Errorf("%d nodes: trapezoidal path taken", len(small))
	}
	late := make([]DelayedExp, 100)
	for i := range late {
		late[i] = DelayedExp{Rate: 1}
	}
	late[0].Offset = 50 // Jensen's end ≈ ln(100/50) + 0.5 ≈ 1.2 < 50
	if _, ok := mstDelayedExpTrap(late, IntegralOptions{}.defaults()); ok {
		t.Errorf("offset 50: trapezoidal path taken")
	}
	// MSTIntegral still answers through Gauss–Kronrod; one node dominates:
	// E[max] ≥ 50 + 1 and ≤ 50 + 1 + H_99 (the others are below 50 + Exp).
	r, err := MSTIntegral(unitNodes(late), IntegralOptions{})
	if err != nil || r.MST < 51 || r.MST > 51+Harmonic(99) {
		t.Errorf("offset 50: %v %v", r.MST, err)
	}
}

func toDexp(r []Response) []DelayedExp {
	d := make([]DelayedExp, len(r))
	for i := range r {
		d[i] = r[i].(DelayedExp)
	}
	return d
}

func unitGroups(r []Response) []Group {
	g := make([]Group, len(r))
	for i := range r {
		g[i] = Group{R: r[i], Count: 1}
	}
	return g
}
