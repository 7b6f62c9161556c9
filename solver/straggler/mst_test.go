package straggler

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func mm1Nodes(gammas []float64) []Response {
	r := make([]Response, len(gammas))
	for i, g := range gammas {
		r[i] = DelayedExp{Rate: g}
	}
	return r
}

func relErr(a, b float64) float64 { return math.Abs(a-b) / math.Max(math.Abs(b), 1e-300) }

// Homogeneous M/M/1 nodes: E[max of N i.i.d. Exp(γ)] = H_N/γ (order
// statistics: the gaps between consecutive maxima are Exp(kγ)).
func TestMSTHomogeneousHarmonic(t *testing.T) {
	for _, tc := range []struct {
		n     int
		gamma float64
	}{{1, 1}, {2, 0.5}, {10, 2}, {60, 1 - 2.0/60}, {1000, 0.3}, {100000, 1}} {
		want := Harmonic(tc.n) / tc.gamma
		g := make([]float64, tc.n)
		for i := range g {
			g[i] = tc.gamma
		}
		got, err := MSTIntegral(mm1Nodes(g), IntegralOptions{})
		if err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		if e := relErr(got.MST, want); e > 1e-9 || got.AbsErr > 1e-9*want {
			t.Errorf("n=%d: integral %v want H_N/γ = %v (rel err %.2g, est %.2g)", tc.n, got.MST, want, e, got.AbsErr/want)
		}
		// The grouped (log-sum) path must agree too.
		gg, err := MSTIntegralGroups([]Group{{R: DelayedExp{Rate: tc.gamma}, Count: tc.n}}, IntegralOptions{})
		if err != nil || relErr(gg.MST, want) > 1e-9 {
			t.Errorf("n=%d grouped: %v %v want %v", tc.n, gg.MST, err, want)
		}
		if tc.n <= 20 {
			cf, err := MSTClosedForm(g)
			if err != nil || relErr(cf.MST, want) > 1e-12 {
				t.Errorf("n=%d closed form: %v %v want %v", tc.n, cf.MST, err, want)
			}
		}
	}
}

// Heterogeneous nodes: Lemma 3's closed form and the integral agree.
func TestMSTClosedVsIntegral(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 5, 12, 20} {
		g := make([]float64, n)
		for i := range g {
			g[i] = 0.05 + 3*rnd.Float64()
		}
		cf, err := MSTClosedForm(g)
		if err != nil {
			t.Fatal(err)
		}
		in, err := MSTIntegral(mm1Nodes(g), IntegralOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if e := relErr(in.MST, cf.MST); e > 1e-9 {
			t.Errorf("n=%d: integral %v closed %v rel %.2g", n, in.MST, cf.MST, e)
		}
	}
	// Two nodes by hand: E[max] = 1/a + 1/b − 1/(a+b).
	cf, _ := MSTClosedForm([]float64{1, 3})
	if want := 1 + 1.0/3 - 0.25; math.Abs(cf.MST-want) > 1e-15 {
		t.Errorf("two nodes: %v want %v", cf.MST, want)
	}
}

func TestMSTClosedFormRefusesLarge(t *testing.T) {
	g := make([]float64, MaxClosedFormNodes+1)
	for i := range g {
		g[i] = 1
	}
	_, err := MSTClosedForm(g)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("want ErrTooLarge, got %v", err)
	}
}
