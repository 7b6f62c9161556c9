package straggler

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// Interface check: DelayedExp composes with gonum's distuv interfaces.
var (
	_ distuv.Quantiler = DelayedExp{}
	_ distuv.LogProber = DelayedExp{}
	_ distuv.Rander    = DelayedExp{}
	_ Response         = DelayedExp{}
	_ Response         = Deterministic{}
	_ Response         = Func{}
	_ Response         = MG1Response{}
)

func TestDelayedExpDefinition(t *testing.T) {
	d := DelayedExp{Rate: 2, Offset: 3}
	// eq. (1)-(2) by hand.
	for _, tc := range []struct{ t, F, f float64 }{
		{2.9, 0, 0},
		{3, 0, 2},
		{3.5, 1 - math.Exp(-1), 2 * math.Exp(-1)},
		{5, 1 - math.Exp(-4), 2 * math.Exp(-4)},
	} {
		if got := d.CDF(tc.t); math.Abs(got-tc.F) > 1e-15 {
			t.Errorf("CDF(%v) = %v want %v", tc.t, got, tc.F)
		}
		if got := d.Prob(tc.t); math.Abs(got-tc.f) > 1e-15 {
			t.Errorf("Prob(%v) = %v want %v", tc.t, got, tc.f)
		}
		if got := d.Survival(tc.t); math.Abs(got-(1-tc.F)) > 1e-15 {
			t.Errorf("Survival(%v) = %v", tc.t, got)
		}
	}
	if d.Mean() != 3.5 || d.Variance() != 0.25 || d.Mode() != 3 {
		t.Errorf("moments %v %v %v", d.Mean(), d.Variance(), d.Mode())
	}
	for _, p := range []float64{0, 0.1, 0.5, 0.99} {
		if q := d.Quantile(p); math.Abs(d.CDF(q)-p) > 1e-14 {
			t.Errorf("Quantile(%v) = %v, CDF back %v", p, q, d.CDF(q))
		}
	}
	if !math.IsNaN(d.Quantile(1.5)) {
		t.Error("Quantile(1.5) should be NaN")
	}
	if err := (DelayedExp{Rate: 0}).Validate(); err == nil {
		t.Error("rate 0 accepted")
	}
	// Rand with an injected source: reproducible and with the right mean
	// (CLT: 1e5 draws, sd of mean 0.5/316 = 0.0016).
	d.Src = rand.NewPCG(3, 4)
	s1 := d.Rand()
	d.Src = rand.NewPCG(3, 4)
	if d.Rand() != s1 {
		t.Error("Rand not reproducible")
	}
	sum := 0.0
	for i := 0; i < 100000; i++ {
		v := d.Rand()
		if v < 3 {
			t.Fatal("draw below the offset")
		}
		sum += v
	}
	if m := sum / 1e5; math.Abs(m-3.5) > 0.01 {
		t.Errorf("sample mean %v want 3.5", m)
	}
	if tail := d.TailIntegral(3); math.Abs(tail-0.5) > 1e-15 {
		t.Errorf("TailIntegral(T) = %v want 1/γ", tail)
	}
}

// Fitting recovers known parameters from samples.
func TestFitRecoversParameters(t *testing.T) {
	truth := DelayedExp{Rate: 0.25, Offset: 10, Src: rand.NewPCG(11, 12)}
	xs := make([]float64, 20000)
	for i := range xs {
		xs[i] = truth.Rand()
	}
	mle, err := FitMLE(xs)
	if err != nil {
		t.Fatal(err)
	}
	// MLE: γ̂ has relative sd 1/√n = 0.7%; T̂ − T ~ Exp(nγ), mean 2e-4.
	if relErr(mle.Rate, 0.25) > 0.03 || math.Abs(mle.Offset-10) > 0.01 {
		t.Errorf("MLE %+v", mle)
	}
	ls, err := FitLS(ECDF(xs), mle.Offset)
	if err != nil {
		t.Fatal(err)
	}
	if relErr(ls.Rate, 0.25) > 0.03 || ls.RMSE > 0.01 {
		t.Errorf("LS %+v", ls)
	}
	j, err := FitLSJoint(ECDF(xs))
	if err != nil {
		t.Fatal(err)
	}
	if relErr(j.Rate, 0.25) > 0.03 || math.Abs(j.Offset-10) > 0.2 {
		t.Errorf("joint LS %+v", j)
	}
	// Exact CDF points: LS must return the rate to near machine precision.
	var pts []Point
	d := DelayedExp{Rate: 1.154299592, Offset: 2} // Table II, WebMining γ
	for k := 0; k < 50; k++ {
		tt := 2 + 0.1*float64(k)
		pts = append(pts, Point{tt, d.CDF(tt)})
	}
	f, err := FitLS(pts, 2)
	if err != nil || relErr(f.Rate, d.Rate) > 1e-12 || f.RMSE > 1e-14 {
		t.Errorf("exact points: %+v %v", f, err)
	}
	if _, err := FitMLE([]float64{1}); err == nil {
		t.Error("one sample accepted")
	}
	if _, err := FitMLE([]float64{1, math.NaN()}); err == nil {
		t.Error("NaN accepted")
	}
}

// Fork-join bounds: the check values (λ = 0.5, μ = 1).
func TestForkJoinBoundsCheckValues(t *testing.T) {
	for _, tc := range []struct {
		k       int
		up, low float64
	}{{4, 4.1667, 3.3524}, {8, 5.4357, 4.0436}} {
		low, up, err := ForkJoinBounds(tc.k, 0.5, 1)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(up-tc.up) > 5e-5 || math.Abs(low-tc.low) > 5e-5 {
			t.Errorf("K=%d: bounds [%v, %v], issue gives [%v, %v]", tc.k, low, up, tc.low, tc.up)
		}
		// The upper bound is the paper's MST (independent nodes).
		g := make([]float64, tc.k)
		for i := range g {
			g[i] = 0.5
		}
		cf, _ := MSTClosedForm(g)
		if relErr(cf.MST, up) > 1e-14 {
			t.Errorf("K=%d: MST %v ≠ upper bound %v", tc.k, cf.MST, up)
		}
	}
}

// DES of a fork-join queue: K = 2 against the exact Flatto–Hahn /
// Nelson–Tantawi value (12 − ρ)/(8(μ − λ)) = 2.875, and K = 4 inside the
// bounds and below the independent-node MST.
func TestForkJoinSimulation(t *testing.T) {
	sim, err := SimulateForkJoin(context.Background(), 0.5, []float64{1, 1}, 5000, 200000, rand.NewPCG(5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(sim.Mean-2.875) > 3*sim.HalfWidth+0.01 {
		t.Errorf("K=2: simulated %v ± %v, exact 2.875", sim.Mean, sim.HalfWidth)
	}
	sim4, err := SimulateForkJoin(context.Background(), 0.5, []float64{1, 1, 1, 1}, 5000, 200000, rand.NewPCG(7, 8))
	if err != nil {
		t.Fatal(err)
	}
	low, up, _ := ForkJoinBounds(4, 0.5, 1)
	if sim4.Mean < low || sim4.Mean > up {
		t.Errorf("K=4: simulated %v outside [%v, %v]", sim4.Mean, low, up)
	}
	if nt := NelsonTantawi(4, 0.5, 1); math.Abs(sim4.Mean-nt)/nt > 0.03 {
		t.Errorf("K=4: simulated %v, Nelson–Tantawi %v", sim4.Mean, nt)
	}
}

// M/G/1 with delayed exponential service: the exact CDF (transform
// inversion) agrees with M/M/1 at T = 0, with the exact sampler, and with
// the Pollaczek–Khinchine mean; Lemma 1's approximation has the same mean.
func TestMG1DelayedExp(t *testing.T) {
	// T = 0: M/M/1, response Exp(μ − λ).
	q0 := MG1DelayedExp{Lambda: 0.5, Offset: 0, Rate: 1}
	ex0, err := q0.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []float64{0.1, 1, 3, 8} {
		want := 1 - math.Exp(-0.5*x)
		if math.Abs(ex0.CDF(x)-want) > 1e-7 {
			t.Errorf("T=0: CDF(%v) = %v want %v", x, ex0.CDF(x), want)
		}
	}
	q := MG1DelayedExp{Lambda: 0.3, Offset: 1, Rate: 1.5}
	ex, err := q.Exact()
	if err != nil {
		t.Fatal(err)
	}
	// Mean by integrating the inverted survival function vs P-K.
	if m := ex.TailIntegral(0); relErr(m, q.MeanResponse()) > 1e-6 {
		t.Errorf("tail integral %v vs P-K mean %v", m, q.MeanResponse())
	}
	r, err := MSTIntegral([]Response{ex}, IntegralOptions{RelTol: 1e-7})
	if err != nil || relErr(r.MST, q.MeanResponse()) > 1e-6 {
		t.Errorf("MST of one node %v (%v) vs P-K mean %v", r.MST, err, q.MeanResponse())
	}
	// Exact sampler against the inverted CDF (Kolmogorov distance of
	// 40000 draws: ~1.36/√n = 0.0068 at 95%).
	rnd := rand.New(rand.NewPCG(9, 10))
	draw := ex.Sampler()
	xs := make([]float64, 40000)
	for i := range xs {
		xs[i] = draw(rnd)
	}
	ks := 0.0
	for _, p := range ECDF(xs) {
		ks = math.Max(ks, math.Abs(ex.CDF(p.T)-p.F))
	}
	if ks > 0.0068+0.5/40000 {
		t.Errorf("sampler vs CDF: KS %v", ks)
	}
	l1, _ := q.Lemma1()
	if relErr(l1.Mean(), q.MeanResponse()) > 1e-12 || l1.Offset != 1 {
		t.Errorf("Lemma 1 approximation %+v", l1)
	}
	if _, err := (MG1DelayedExp{Lambda: 1, Offset: 1, Rate: 1}).Exact(); err == nil {
		t.Error("ρ = 2 accepted")
	}
}

// Monte Carlo agrees with the closed form within its interval; general
// (Func) and deterministic responses go through the generic integral.
func TestMonteCarloAndGeneric(t *testing.T) {
	g := []float64{0.3, 0.5, 1, 2}
	cf, _ := MSTClosedForm(g)
	var groups []Group
	for _, v := range g {
		groups = append(groups, Group{R: DelayedExp{Rate: v}, Count: 1})
	}
	mc, err := MSTMonteCarlo(groups, MCOptions{Samples: 200000}, rand.NewPCG(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(mc.MST-cf.MST) > 1.5*mc.AbsErr { // 95% CI, margin
		t.Errorf("MC %v ± %v vs closed form %v", mc.MST, mc.AbsErr, cf.MST)
	}
	// Func responses (the same exponentials as functions) through the
	// generic log-sum path.
	var fr []Response
	for _, v := range g {
		v := v
		fr = append(fr, Func{CDFFunc: func(t float64) float64 { return -math.Expm1(-v * t) }, SurvivalFunc: func(t float64) float64 { return math.Exp(-v * t) }})
	}
	r, err := MSTIntegral(fr, IntegralOptions{})
	if err != nil || relErr(r.MST, cf.MST) > 1e-8 {
		t.Errorf("Func path %v (%v) want %v", r.MST, err, cf.MST)
	}
	// D/D/1 nodes: MST = max 1/μ_i.
	r, err = MSTIntegral([]Response{Deterministic{2}, Deterministic{3.5}, Deterministic{1}}, IntegralOptions{})
	if err != nil || r.MST != 3.5 {
		t.Errorf("deterministic: %v %v", r.MST, err)
	}
	// Mixed: deterministic 1 and Exp(1): E[max(1, X)] = 1 + e^{−1}.
	r, err = MSTIntegral([]Response{Deterministic{1}, DelayedExp{Rate: 1}}, IntegralOptions{})
	if err != nil || relErr(r.MST, 1+math.Exp(-1)) > 1e-9 {
		t.Errorf("mixed: %v %v want %v", r.MST, err, 1+math.Exp(-1))
	}
}

// Delayed exponential nodes with distinct offsets: E[max(T1+X1, T2+X2)]
// by direct numerical double integration is replaced by the closed form for
// two nodes: with T2 ≥ T1, P(max ≤ t) = F1(t)F2(t); the integral must
// match the inclusion–exclusion E[X∨Y] = E[X] + E[Y] − E[X∧Y], where
// E[X∧Y] = T1 + (1 − e^{−γ1(T2−T1)})/γ1 + e^{−γ1(T2−T1)}/(γ1+γ2).
func TestMSTDelayedOffsets(t *testing.T) {
	a := DelayedExp{Rate: 0.7, Offset: 1}
	b := DelayedExp{Rate: 2, Offset: 4}
	emin := a.Offset + (1-math.Exp(-a.Rate*(b.Offset-a.Offset)))/a.Rate + math.Exp(-a.Rate*(b.Offset-a.Offset))/(a.Rate+b.Rate)
	want := a.Mean() + b.Mean() - emin
	r, err := MSTIntegral([]Response{a, b}, IntegralOptions{})
	if err != nil || relErr(r.MST, want) > 1e-10 {
		t.Errorf("offsets: %v (%v) want %v", r.MST, err, want)
	}
}

// Lemma 4 separation against brute force on a small cluster.
func TestOptimalNodeCount(t *testing.T) {
	classes := []NodeClass{{Mu: 0.8, Available: 6}, {Mu: 1, Available: 6}}
	for _, lambda := range []float64{1, 4} {
		nc, err := OptimalNodeCount(classes, lambda, Fair, MapOptions{}, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if nc.Brute == nil || nc.Best.MST < nc.Brute.MST*(1-1e-12) {
			t.Fatalf("λ=%v: %+v", lambda, nc)
		}
	}
	// Homogeneous fair: minimise H_N/(μ − λ/N) over N directly.
	nc, err := OptimalNodeCount([]NodeClass{{Mu: 1, Available: 40}}, 5, Fair, MapOptions{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	bestN, best := 0, math.Inf(1)
	for n := 6; n <= 40; n++ {
		if v := Harmonic(n) / (1 - 5/float64(n)); v < best {
			bestN, best = n, v
		}
	}
	if nc.Best.N != bestN || relErr(nc.Best.MST, best) > 1e-9 || !nc.Agree {
		t.Errorf("homogeneous: N* = %d (%v), closed form N* = %d (%v)", nc.Best.N, nc.Best.MST, bestN, best)
	}
}
