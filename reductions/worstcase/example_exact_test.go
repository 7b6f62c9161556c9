package worstcase_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/worstcase"
)

// Certify a batch: MaxSRPT's total 5 on (1, 2), (2, 1) is optimal (every
// C_j ≥ max(x_j, y_j) = 2, the last ≥ Σ x = 3), proven by the exact search.
func ExampleCertify() {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}, {ID: "b", Map: 2, Shuffle: 1}})
	c, err := worstcase.Certify(context.Background(), in, "maxsrpt", 0, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("policy %g OPT %g (%s) ratio %g, guarantee %.4g\n", c.PolicyTotal, c.OPTUpper, c.Status, c.RatioLow, c.Guarantee)
	// Output: policy 5 OPT 5 (optimal) ratio 1, guarantee 1.333
}

// Climb from the Cor 4 family of n = 4 (α = 4): the certified ratio never
// falls below the family's and stays within Cor 4's 2α/(1+α) = 1.6; the
// 1.4243 found equals the n = 4 worst of the enumeration search
// (results/hard/search-maxsrpt.md, OPT over all 4! order LPs with HiGHS).
func ExampleClimbExact() {
	start, _, err := worstcase.StartInstance(worstcase.StartFamily, "maxsrpt", 4, 4, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, st, err := worstcase.ClimbExact(context.Background(), start, worstcase.ClimbOptions{Policy: "maxsrpt", AlphaMax: 4, Steps: 20, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("n=%d ratio %.4f (%s) ≤ %.1f; %d solves + %d pruned = 21\n", c.Instance.N(), c.RatioLow, c.Status, c.Guarantee, st.Solves, st.Pruned)
	// Output: n=4 ratio 1.4243 (optimal) ≤ 1.6; 4 solves + 17 pruned = 21
}
