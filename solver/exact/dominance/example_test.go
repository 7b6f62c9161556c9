package dominance_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/dominance"
)

func ExamplePreds() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 2, Shuffle: 3},
		{ID: "b", Map: 1, Shuffle: 2},
		{ID: "c", Map: 2, Shuffle: 1},
	})
	preds, _ := dominance.Preds(in)
	for j, p := range preds {
		fmt.Printf("%s after %03b\n", in.Jobs[j].ID, p)
	}
	// Output:
	// a after 010
	// b after 000
	// c after 000
}
