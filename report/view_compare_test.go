package report_test

import (
	"fmt"

	"github.com/mrsched/mrsched/report"
)

// The §2.1 example has three jobs, J1–J3 (Lin et al. Fig. 2); a log-normal batch
// has the n jobs asked for.
func ExampleCompareInstance() {
	in, name, err := report.CompareInstance("", true, 0, 0)
	fmt.Println(name, in.N(), err)
	in, name, err = report.CompareInstance("", false, 5, 2)
	fmt.Println(name, in.N(), err)
	// Output:
	// §2.1 example 3 <nil>
	// §5.3 log-normal batch, n=5, seed 2 5 <nil>
}
