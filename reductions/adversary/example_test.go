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
