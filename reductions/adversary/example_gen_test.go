package adversary_test

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/solver/fluid"
)

// The instance of 'mrsched gen adversary --policy ps --n 27': the
// adversary of Theorem 2 against processor sharing (k = 3: k² + k opening
// jobs and k³ + 1 arrivals, 40 jobs); the totals are the play's (PS
// falls in case 1), the ratio their quotient.
func ExampleGenerate() {
	g, err := adversary.Generate(27, fluid.PS())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Tandem().N(), "jobs")
	fmt.Println(g.Summary())
	// Output:
	// 40 jobs
	// ps: case 1, total 636.4051153506382, alternative 211, ratio ≥ 3.0161
}
