package adversary_test

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions/adversary"
)

// The sweep of 'mrsched adversary-yao --policy ps --n 8,27': one
// evaluation per n, k = ⌊n^{1/3}⌋ (2 and 3); the expected ratio is the
// mean of the two cases' ratios (checked against the fields).
func ExampleYaoConfig() {
	ys, err := adversary.YaoConfig{Policies: "ps", Ns: []int{8, 27}}.Sweep(nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, y := range ys {
		fmt.Println(y.Policy, y.N, y.K, y.Expected == (y.Ratio1+y.Ratio2)/2)
	}
	// Output:
	// ps 8 2 true
	// ps 27 3 true
}
