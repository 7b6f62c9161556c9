package nmts_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/reductions/nmts"
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
