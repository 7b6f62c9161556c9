package des_test

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/straggler/des"
)

// An M/M/1 node (μ = 1) at λ = 0.5: utilisation 0.5, mean response 2.
func ExampleSimulate() {
	r, err := des.Simulate(des.Config{Lambda: 0.5, Nodes: []des.Node{{Rate: 1}}, Jobs: 20000, Warmup: 2000, Replications: 20, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	n := r.Nodes[0]
	fmt.Printf("utilisation %.2f, response %.1f, MST %.1f\n", n.Utilisation.Mean, n.Response.Mean, r.MST.Mean)
	// Output: utilisation 0.50, response 2.0, MST 2.0
}
