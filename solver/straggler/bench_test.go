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
// heterogeneous M/M/1 nodes by integration to 1e-9 relative.
func BenchmarkMSTIntegral1e4(b *testing.B) {
	nodes := heteroMM1(10000, 1)
	var res Result
	for b.Loop() {
		var err error
		res, err = MSTIntegral(nodes, IntegralOptions{RelTol: 1e-9})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Evals), "evals")
	b.ReportMetric(res.AbsErr/res.MST, "relerr_est")
}
