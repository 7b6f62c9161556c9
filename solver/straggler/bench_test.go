package straggler

import (
	"math/rand/v2"
	"testing"
)

func heteroMM1(n int, seed uint64) []Response {
	rnd := rand.New(rand.NewPCG(seed, 7))
	r := make([]Response, n)
	for i := range r {
		mu := 0.5 + rnd.Float64()
		lam := mu * (0.1 + 0.8*rnd.Float64())
		r[i] = DelayedExp{Rate: mu - lam}
	}
	return r
}

// BenchmarkMSTIntegral1e4 is the performance goal: the MST of 10^4
// heterogeneous M/M/1 nodes by integration to 1e-9 relative. The
// sub-benchmarks run the current MSTIntegral (uniform trapezoidal grid,
// msttrap.go) and, side by side, the previous implementation (adaptive
// Gauss–Kronrod, mstDelayedExpGK, reached exactly as MSTIntegral reached it
// before) as the baseline.
func BenchmarkMSTIntegral1e4(b *testing.B) {
	nodes := heteroMM1(10000, 1)
	b.Run("impl=trapezoid", func(b *testing.B) {
		var res Result
		for b.Loop() {
			var err error
			res, err = MSTIntegral(nodes, IntegralOptions{RelTol: 1e-9})
			if err != nil {
				b.Fatal(err)
			}
		}
		reportMST(b, res)
	})
	b.Run("impl=gk-baseline", func(b *testing.B) {
		var res Result
		for b.Loop() {
			var err error
			res, err = mstIntegralGKBaseline(nodes, IntegralOptions{RelTol: 1e-9})
			if err != nil {
				b.Fatal(err)
			}
		}
		reportMST(b, res)
	})
}

// mstIntegralGKBaseline is MSTIntegral as it was before the trapezoidal
// path: MSTIntegralGroups → allDelayedExp → adaptive Gauss–Kronrod.
func mstIntegralGKBaseline(nodes []Response, opt IntegralOptions) (Result, error) {
	d, c, ok := allDelayedExp(unitGroups(nodes))
	if !ok {
		panic("baseline: not delayed exponential")
	}
	return mstDelayedExpGK(d, c, len(d), opt.defaults())
}

func reportMST(b *testing.B, res Result) {
	b.ReportMetric(float64(res.Evals), "evals")
	if res.AbsErr > 1e-9*res.MST {
		b.Fatalf("error estimate %g above 1e-9 relative", res.AbsErr/res.MST)
	}
}

// BenchmarkOptimalMapping1e4 is the constrained optimum (eq. 14) for 10^4
// heterogeneous delayed exponential nodes (D = 10), certified by KKT.
func BenchmarkOptimalMapping1e4(b *testing.B) {
	rnd := rand.New(rand.NewPCG(3, 4))
	mu := make([]float64, 10000)
	for i := range mu {
		mu[i] = 0.5 + rnd.Float64()
	}
	var m Mapping
	for b.Loop() {
		var err error
		m, err = Map(Optimal, 5000, mu, MapOptions{Model: Model{D: 10}})
		if err != nil || !m.KKT.OK {
			b.Fatal(err, m.KKT)
		}
	}
	b.ReportMetric(float64(m.KKT.Iterations), "iterations")
}

// BenchmarkMonteCarlo reports Monte Carlo throughput in draws of max_i R_i
// per second for 100 M/M/1 nodes.
func BenchmarkMonteCarlo(b *testing.B) {
	groups := make([]Group, 100)
	for i, r := range heteroMM1(100, 2) {
		groups[i] = Group{R: r, Count: 1}
	}
	const n = 10000
	for b.Loop() {
		if _, err := MSTMonteCarlo(groups, MCOptions{Samples: n}, rand.NewPCG(1, 2)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "samples/s")
	b.ReportMetric(float64(n*100)*float64(b.N)/b.Elapsed().Seconds(), "node-draws/s")
}

// BenchmarkMSTIntegral1e5 scales the integral to 10^5 heterogeneous nodes
// (current and previous implementation side by side).
func BenchmarkMSTIntegral1e5(b *testing.B) {
	nodes := heteroMM1(100000, 5)
	b.Run("impl=trapezoid", func(b *testing.B) {
		for b.Loop() {
			if _, err := MSTIntegral(nodes, IntegralOptions{RelTol: 1e-9}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=gk-baseline", func(b *testing.B) {
		for b.Loop() {
			if _, err := mstIntegralGKBaseline(nodes, IntegralOptions{RelTol: 1e-9}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
