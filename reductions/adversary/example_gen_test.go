package adversary_test

import (
	"errors"
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

// What 'mrsched adversary --policy maxsrpt --n 8,64' runs: the plays of
// ExampleSweep, as a report that writes its table.
func ExampleRun() {
	r, err := adversary.Run(adversary.Config{Policies: "maxsrpt", Ns: []int{8, 64}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range r.Results {
		fmt.Printf("%s n=%d ratio=%.4f\n", p.Policy, p.N, p.Ratio)
	}
	_, err = adversary.Run(adversary.Config{Policies: "srpt", Ns: []int{8}}, nil)
	fmt.Println(err != nil)
	// Output:
	// maxsrpt n=8 ratio=1.1077
	// maxsrpt n=64 ratio=1.2971
	// true
}

// The play of ExampleGenerate through GenConfig, as 'mrsched gen
// adversary --policy ps --n 27' builds it (same totals); a policy name
// that does not parse is an ErrConfig naming the field.
func ExampleGenConfig() {
	g, err := adversary.GenConfig{Policy: "ps", N: 27}.Generate()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Summary())
	_, err = adversary.GenConfig{Policy: "lifo", N: 27}.Generate()
	fmt.Println(errors.Is(err, adversary.ErrConfig))
	// Output:
	// ps: case 1, total 636.4051153506382, alternative 211, ratio ≥ 3.0161
	// true
}
