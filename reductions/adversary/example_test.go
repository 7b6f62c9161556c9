package adversary_test

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/solver/fluid"
)

// Play the Theorem 2 adversary against MaxSRPT for n = 8 and 64: k =
// ⌊n^{1/3}⌋ = 2 and 4, k² + k opening jobs and k³ + 1 arrivals (15 and 85
// jobs). MaxSRPT does no type-2 map work by k² (case 2), and
// policy/alternative grows with n (1.1077, 1.2971: results/hard/adversary.md).
func ExampleSweep() {
	rs, err := adversary.Sweep([]fluid.Policy{fluid.MaxSRPT()}, []int{8, 64}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rs {
		fmt.Printf("%s n=%d k=%d jobs=%d case=%d ratio=%.4f\n", r.Policy, r.N, r.K, r.Jobs, r.Case, r.Ratio)
	}
	fmt.Println(len(adversary.Table(rs).Rows), "rows")
	// Output:
	// maxsrpt n=8 k=2 jobs=15 case=2 ratio=1.1077
	// maxsrpt n=64 k=4 jobs=85 case=2 ratio=1.2971
	// 2 rows
}

// Evaluate MaxSRPT against Yao's two-point distribution for n = 1000 (k =
// 10): it does no type-2 map work by k², so the case-2 input is the bad
// one (ratio 2.1562, as in ExampleSweep's sweep), the case-1 input costs it
// nothing (1.0000), and the exact expectation is their mean.
func ExamplePlayYao() {
	y, err := adversary.PlayYao(1000, fluid.MaxSRPT())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("k=%d case=%d ratios %.4f %.4f expected %.4f\n", y.K, y.Case, y.Ratio1, y.Ratio2, y.Expected)
	// Output:
	// k=10 case=2 ratios 1.0000 2.1562 expected 1.5781
}
