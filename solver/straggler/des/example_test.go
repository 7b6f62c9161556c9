package des_test

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/straggler"
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

// DM-EP against the optimum on two fast and two slow nodes at D = 100:
// the analytic MSTs of solver/straggler and the simulated ones agree.
// DM-EP loads only the fast nodes, to λ_i = 0.8: MST = 0.8·100 + H₂/0.2 = 87.5.
func ExampleCheckPolicies() {
	mu := []float64{0.8, 0.8, 1, 1}
	rows, err := des.CheckPolicies([]straggler.Policy{straggler.DMEP, straggler.Optimal}, 1.6, mu,
		straggler.MapOptions{Model: straggler.Model{D: 100}}, des.Config{Jobs: 5000, Warmup: 500, Replications: 10, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%s: analytic %.1f, simulated interval contains it: %v\n", r.Policy, r.Analytic.MST, r.Sim.Contains(r.Analytic.MST))
	}
	// Output:
	// dmep: analytic 87.5, simulated interval contains it: true
	// optimal: analytic 48.6, simulated interval contains it: true
}

// The reference event-heap engine and the Lindley fast path take the same
// draws and give identical results, whatever the number of workers: here
// three fork-join nodes, 4 replications on 2 goroutines.
func ExampleSimulate_engines() {
	c := des.Config{Lambda: 0.5, Nodes: []des.Node{{Rate: 1}, {Rate: 0.8}, {Rate: 2, Offset: 0.2}},
		Jobs: 2000, Warmup: 200, Replications: 4, Seed: 1, Workers: 2}
	for _, e := range []des.Engine{des.Lindley, des.EventHeap} {
		c.Engine = e
		r, err := des.Simulate(c)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: MST %.6f\n", e, r.MST.Mean)
	}
	// Output:
	// lindley: MST 4.266200
	// eventheap: MST 4.266200
}
