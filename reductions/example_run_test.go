package reductions_test

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/nmts"
)

// Generate the NMTS instances of 'mrsched gen nmts --q 3 --seed 4': a
// yes-instance (planted pairing) and a no-instance; an answer other than
// yes or no is a configuration error naming the field. The yes-instance
// pairs 3 + 15 = 18, 5 + 6 = 11, 2 + 20 = 22; the no-instance keeps f and g
// (the same seed) with h changed (Σh = Σf + Σg = 51 still).
func ExampleGenerateNMTS() {
	for _, answer := range []string{"yes", "no", "maybe"} {
		in, err := reductions.GenerateNMTS(reductions.NMTSConfig{Spec: nmts.Spec{Q: 3, MaxF: 5, MaxG: 20}, Answer: answer, Seed: 4})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(answer, in.Q(), in.F, in.G, in.H)
	}
	// Output:
	// yes 3 [3 2 5] [20 6 15] [18 11 22]
	// no 3 [3 2 5] [20 6 15] [18 17 16]
	// reductions: invalid configuration: answer: want yes or no, got "maybe"
}
