package study_test

import (
	"fmt"
	"os"

	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/tabular"
)

// Fair mapping (Farhat et al. §V) splits λ = 1 equally over two M/M/1
// nodes with μ = 1 and μ = 2: each gets 0.5, the response times are
// exponential with rates 0.5 and 1.5, and the mean of their maximum is
// 1/0.5 + 1/1.5 − 1/2 = 13/6 ≈ 2.1667.
func ExampleStragglerMap() {
	out, err := study.StragglerMap(straggler.MapConfig{Total: 1, Policy: "fair", Mu: []float64{1, 2}})
	if err == nil {
		err = out.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println("certified:", out.Failed == nil)
	// Output:
	// policy,mst,min λ_i,max λ_i,conditions,kkt
	// fair,2.166666666666666,0.5,0.5,no bottleneck system ok; eq. 13 ok,
	// certified: true
}

// Two M/M/1 mapper nodes with μ = 1 and λ = 0.5 given as lists, as 'mrsched
// mst eval --mu 1,1 --lambda 0.5,0.5' gives them: each response time is
// exponential with rate 0.5, and the mean of their maximum is
// 1/0.5 + 1/0.5 − 1/1 = 3 (Lemma 3, closed form).
func ExampleStragglerEval() {
	cfg := straggler.DefaultEvalConfig()
	cfg.Method = "closed"
	r, err := study.StragglerEval(study.StragglerNodes{Mu: "1,1", Lambda: "0.5,0.5", LambdaSet: true}, cfg)
	if err == nil {
		err = r.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// method,mst,abs_err,detail
	// closed,3,2.7755575615628914e-15,Lemma 3 inclusion–exclusion; rounding bound
}

// Twenty nodes of μ = 0.8 and twenty of μ = 1 for a total rate λ = 10,
// as 'mrsched mst nodes --class 0.8:20,1:20 --total 10' reads them:
// the number of nodes to use and its mean sojourn time, by Lemma 4's
// separation and checked by brute force over the 21 × 21 − 1 = 440
// selections.
func ExampleStragglerNodeCount() {
	cfg := straggler.DefaultNodeCountConfig()
	cfg.Total = 10
	r, err := study.StragglerNodeCount("", "0.8:20,1:20", cfg)
	if err == nil {
		err = r.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// method,N,counts,mst
	// separation (Lemma 4),40,[20 20],6.582373906056339
	// brute force (440 selections),40,[20 20],6.582373906056339
	// gap %,,,0
}
