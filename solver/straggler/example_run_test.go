package straggler_test

import (
	"os"

	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/tabular"
)

// What 'mrsched mst map --policy fair --total 2 --mu 1.5,2.5 --format csv'
// prints: the fair split λ_i = 1 on each node (eq. 12, ExampleMapPolicies),
// γ = 0.5 and 1.5, MST = 1/0.5 + 1/1.5 − 1/2 = 2.1666… (Lemma 3, eq. 10).
func ExampleMapNamed() {
	v, err := straggler.MapNamed(straggler.MapConfig{Policy: "fair", Total: 2, Mu: []float64{1.5, 2.5}})
	if err == nil {
		err = v.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		os.Stdout.WriteString(err.Error())
	}
	// Output:
	// policy,mst,min λ_i,max λ_i,conditions,kkt
	// fair,2.166666666666666,1,1,no bottleneck system ok; eq. 13 ok,
}
