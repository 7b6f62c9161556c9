package straggler_test

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/straggler"
)

// Lemma 3, eq. (10): three M/M/1 nodes with γ_i = μ_i − λ_i = 1, 1, 2.
// E[max] = Σ 1/γ_i − Σ 1/(γ_i+γ_j) + 1/(γ_1+γ_2+γ_3)
// = (1 + 1 + 1/2) − (1/2 + 1/3 + 1/3) + 1/4 = 1.583333….
func ExampleMSTClosedForm() {
	r, err := straggler.MSTClosedForm([]float64{1, 1, 2})
	fmt.Printf("%.6f %v\n", r.MST, err)
	// Output: 1.583333 <nil>
}

// The fair split (eq. 12) of λ = 2 over two nodes with μ = 1.5 and 2.5
// gives each node λ_i = 1 (γ = 0.5 and 1.5); the optimal mapping (eq. 14)
// moves load to the fast node and has the smaller MST, with its KKT
// certificate (eq. 15–16).
func ExampleMapPolicies() {
	rep, err := straggler.MapPolicies([]straggler.Policy{straggler.Fair, straggler.Optimal}, 2, []float64{1.5, 2.5}, straggler.MapOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fair, opt := rep.Mappings[0], rep.Mappings[1]
	fmt.Printf("fair λ = %.3g, %.3g\n", fair.Lambda[0], fair.Lambda[1])
	fmt.Println("optimal moves load to the fast node:", opt.Lambda[1] > opt.Lambda[0])
	fmt.Println("optimal MST smaller:", opt.MST.MST < fair.MST.MST, "certified:", opt.KKT.OK, rep.Uncertified())
	// Output:
	// fair λ = 1, 1
	// optimal moves load to the fast node: true
	// optimal MST smaller: true certified: true false
}
