package nmts_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/tabular"
)

func ExampleReadJSON() {
	in, err := nmts.ReadJSON(strings.NewReader(`{"kind": "nmts", "f": [1, 2], "g": [10, 11], "h": [12, 12]}`), "n.json")
	fmt.Println(in.Q(), err)
	_, err = nmts.ReadJSON(strings.NewReader(`{"kind": "nmts", "f": [1e0], "g": [2], "h": [3]}`), "n.json")
	fmt.Println(err)
	// Output:
	// 2 <nil>
	// n.json:1: f[0]: nmts: invalid instance: 1e0 is not an integer (want a whole number written with digits only, in [-9223372036854775808, 9223372036854775807])
}

// File is how a command writes an NMTS instance: JSON with a fixed key
// order, whatever the format asked for.
func ExampleFile() {
	in := &nmts.Instance{F: []int64{3, 4}, G: []int64{1, 4}, H: []int64{8, 4}}
	if err := (nmts.File{Instance: in}).Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	//   "kind": "nmts",
	//   "f": [3, 4],
	//   "g": [1, 4],
	//   "h": [8, 4]
	// }
}
