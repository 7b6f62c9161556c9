package report_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
)

// The bounds of the §2.1 example of Lin et al., jobs (x, y) = (1,2), (3,1),
// (2,2): α = max(2, 3, 1) = 3 and β = min(2, 3, 1) = 1 (Theorem 3, 5), so
// the guarantees are 2·3/(1+3) = 1.5 and 1 + 1/1 = 2. The batch prefix
// bound sorts map and shuffle sizes: X = 1, 3, 6 and Y = 1, 3, 5, so
// Σ_k max(X_(k), Y_(k)) = 1 + 3 + 6 = 10.
func ExampleAllBounds() {
	rows, err := report.AllBounds(context.Background(), instances.Example21(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		if r.Kind != "lower bound" || r.Name == "prefix" {
			fmt.Printf("%s = %g\n", r.Name, r.Value)
		}
	}
	// Output:
	// alpha = 3
	// maxsrpt_guarantee = 1.5
	// beta = 1
	// splitsrpt_guarantee = 2
	// prefix = 10
}
