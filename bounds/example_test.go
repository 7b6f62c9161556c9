package bounds_test

import (
	"fmt"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// Lower bounds and guarantees of the §2.1 example of Lin et al. (jobs
// (map, shuffle) = (1, 2), (3, 1), (2, 2), unit capacities): the k-th
// completion is no earlier than the k-th smallest map prefix sum (1, 3, 6)
// nor the k-th shuffle prefix sum (1, 3, 5), so OPT ≥ 1 + 3 + 6 = 10;
// α = max(x/y, y/x) = 3 (the second job) gives MaxSRPT's guarantee
// 2α/(1+α) = 1.5 (Theorem 3, Corollary 4).
func Example() {
	in := instances.Example21()
	pb, err := bounds.PrefixBatch(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("paper51 %g, counting %g, prefix %g\n", bounds.Paper51(in), bounds.Counting(in), pb)
	fmt.Printf("alpha %g, MaxSRPT guarantee %.4g\n", bounds.Alpha(in), bounds.MaxSRPTGuarantee(bounds.Alpha(in)))
	// Output:
	// paper51 10, counting 10, prefix 10
	// alpha 3, MaxSRPT guarantee 1.5
}
