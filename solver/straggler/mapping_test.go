package straggler

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// The analytic gradient of the MST agrees with central finite differences
// of the MST integral.
func TestMSTGradFiniteDifference(t *testing.T) {
	g := groupRates([]float64{0.8, 0.8, 1, 1.5, 1.5, 1.5})
	for _, D := range []float64{0, 3, 100} {
		m := Model{D: D}
		lg := []float64{0.3, 0.5, 0.9}
		_, grad, err := g.mstGrad(lg, m, IntegralOptions{RelTol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		for k := range lg {
			// ∂MST/∂λ_i for ONE node of class k: perturb a single node,
			// so use the flat (ungrouped) cluster.
			flat := []float64{}
			mus := []float64{}
			for kk, mu := range g.mu {
				for c := 0; c < int(g.count[kk]); c++ {
					flat = append(flat, lg[kk])
					mus = append(mus, mu)
				}
			}
			idx := 0
			for kk := 0; kk < k; kk++ {
				idx += int(g.count[kk])
			}
			h := 1e-5
			eval := func(dl float64) float64 {
				f := append([]float64(nil), flat...)
				f[idx] += dl
				d := make([]Response, len(f))
				for i := range f {
					d[i] = m.Response(f[i], mus[i])
				}
				r, err := MSTIntegral(d, IntegralOptions{RelTol: 1e-13})
				if err != nil {
					t.Fatal(err)
				}
				return r.MST
			}
			fd := (eval(h) - eval(-h)) / (2 * h)
			if relErr(grad[k], fd) > 1e-5 {
				t.Errorf("D=%v class %d: grad %v, finite difference %v", D, k, grad[k], fd)
			}
		}
	}
}

// For M/M/1 nodes the optimum is S-EP when eq. (24) holds and otherwise the
// water-filling γ_i = min(μ_i, c): MST depends on γ only, is symmetric and
// convex in γ, and Σγ_i = Σμ_i − λ is fixed (proof in docs/straggler.md).
func TestOptimalMM1IsClampedSEP(t *testing.T) {
	mu := []float64{0.5, 0.8, 0.8, 1, 1.2, 2}
	for _, lambda := range []float64{0.5, 2, 5.5} {
		opt, err := Map(Optimal, lambda, mu, MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !opt.KKT.OK {
			t.Fatalf("λ=%v: KKT not certified: %+v", lambda, *opt.KKT)
		}
		// Water-filling: find c with Σ min(μ_i, c) = Σμ − λ.
		target := -lambda
		for _, v := range mu {
			target += v
		}
		lo, hi := 0.0, 10.0
		for i := 0; i < 200; i++ {
			c := 0.5 * (lo + hi)
			s := 0.0
			for _, v := range mu {
				s += math.Min(v, c)
			}
			if s < target {
				lo = c
			} else {
				hi = c
			}
		}
		for i, v := range mu {
			want := v - math.Min(v, hi)
			if math.Abs(opt.Lambda[i]-want) > 1e-5 {
				t.Errorf("λ=%v node %d: optimal λ_i = %v, water-filling %v", lambda, i, opt.Lambda[i], want)
			}
		}
	}
}

// Two classes: the optimum agrees with a brute-force grid over the split
// (an independent one-dimensional search), for D = 0 and D = 100, and
// beats or ties every policy.
func TestOptimalTwoClassesBruteForce(t *testing.T) {
	mu := make([]float64, 20)
	for i := range mu {
		mu[i] = 1
		if i%2 == 0 {
			mu[i] = 0.8
		}
	}
	for _, D := range []float64{0, 100} {
		for _, lambda := range []float64{2, 8, 15} {
			o := MapOptions{Model: Model{D: D}}
			opt, err := Map(Optimal, lambda, mu, o)
			if err != nil {
				t.Fatal(err)
			}
			if !opt.KKT.OK {
				t.Errorf("D=%v λ=%v: KKT %+v", D, lambda, *opt.KKT)
			}
			g := groupRates(mu)
			best := math.Inf(1)
			// λ_slow ∈ [0, min(0.8, λ/10)), λ_fast = (λ − 10 λ_slow)/10.
			hiS := math.Min(0.8, lambda/10)
			for k := 0; k <= 4000; k++ {
				ls := hiS * float64(k) / 4000
				lf := (lambda - 10*ls) / 10
				if ls >= 0.8 || lf >= 1 || lf < 0 {
					continue
				}
				r, err := g.mstOf([]float64{ls, lf}, o.Model, IntegralOptions{})
				if err == nil && r.MST < best {
					best = r.MST
				}
			}
			if opt.MST.MST > best*(1+1e-9) || opt.MST.MST < best*(1-1e-4) {
				t.Errorf("D=%v λ=%v: optimum %v, brute force %v", D, lambda, opt.MST.MST, best)
			}
			for _, p := range []Policy{Fair, DEP, SEP, MEP, DMEP} {
				m, err := Map(p, lambda, mu, o)
				if err != nil {
					continue // eq. 24 may fail at low λ
				}
				if m.MST.MST < opt.MST.MST*(1-1e-9) {
					t.Errorf("D=%v λ=%v: %s beats the optimum: %v < %v", D, lambda, p, m.MST.MST, opt.MST.MST)
				}
			}
		}
	}
}

func TestPolicyFormulas(t *testing.T) {
	mu := []float64{0.8, 1, 1.25, 2}
	lambda := 3.0
	sum := 5.05
	o := MapOptions{Model: Model{D: 5}}
	chk := func(p Policy, want []float64) {
		t.Helper()
		m, err := Map(p, lambda, mu, o)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		tot := 0.0
		for i := range want {
			tot += m.Lambda[i]
			if want != nil && math.Abs(m.Lambda[i]-want[i]) > 1e-12 {
				t.Errorf("%s node %d: %v want %v", p, i, m.Lambda[i], want[i])
			}
		}
		if math.Abs(tot-lambda) > 1e-12 {
			t.Errorf("%s: Σλ_i = %v want %v", p, tot, lambda)
		}
	}
	chk(Fair, []float64{0.75, 0.75, 0.75, 0.75})                                 // eq. 12
	chk(DEP, []float64{3 * 0.8 / sum, 3 * 1 / sum, 3 * 1.25 / sum, 3 * 2 / sum}) // eq. 18
	chk(SEP, []float64{0.8 - 0.5125, 1 - 0.5125, 1.25 - 0.5125, 2 - 0.5125})     // eq. 23: μ_i + (λ − Σμ)/N
	m, _ := Map(MEP, lambda, mu, o)
	for i := 1; i < len(mu); i++ {
		if m.Lambda[i] > 0 && m.Lambda[0] > 0 && relErr(o.Model.Mean(m.Lambda[i], mu[i]), o.Model.Mean(m.Lambda[0], mu[0])) > 1e-9 {
			t.Errorf("M-EP: unequal means")
		}
	}
	m, _ = Map(DMEP, lambda, mu, o)
	for i := 1; i < len(mu); i++ {
		if m.Lambda[i] > 0 && m.Lambda[0] > 0 && relErr(o.Model.DMean(m.Lambda[i], mu[i]), o.Model.DMean(m.Lambda[0], mu[0])) > 1e-9 {
			t.Errorf("DM-EP: unequal derivatives")
		}
	}
}

func TestPolicyConditions(t *testing.T) {
	mu := []float64{0.5, 1, 1, 1}
	// eq. 13: λ < N μ_min = 2.
	_, err := Map(Fair, 2.5, mu, MapOptions{})
	if !errors.Is(err, ErrUnstable) || !strings.Contains(err.Error(), "eq. 13") {
		t.Errorf("fair beyond eq. 13: %v", err)
	}
	// eq. 24: Σ(μ_i − μ_min) = 1.5 ≤ λ.
	_, err = Map(SEP, 1, mu, MapOptions{})
	if !errors.Is(err, ErrUnstable) || !strings.Contains(err.Error(), "eq. 24") {
		t.Errorf("S-EP below eq. 24: %v", err)
	}
	m, err := Map(SEP, 1, mu, MapOptions{AllowMigration: true})
	if err != nil || m.Lambda[0] >= 0 {
		t.Errorf("S-EP with migration: %v %v (want a negative λ_0)", m.Lambda, err)
	}
	// System: λ < Σμ = 3.5.
	for _, p := range Policies {
		_, err = Map(p, 3.5, mu, MapOptions{})
		if !errors.Is(err, ErrUnstable) || !strings.Contains(err.Error(), "no bottleneck system") {
			t.Errorf("%s at λ = Σμ: %v", p, err)
		}
	}
}
