package nodes_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/instances/nodes"
)

func ExampleReadJSON() {
	f, err := nodes.ReadJSON(strings.NewReader(`{"nodes": [{"name": "fast", "mu": 1, "lambda": 0.5, "count": 3}, {"mu": 0.8}]}`), "n.json")
	fmt.Println(f.Total(), err)
	_, err = nodes.ReadJSON(strings.NewReader("{\"nodes\": [\n{\"mu\": 1, \"count\": 2.5}]}"), "n.json")
	fmt.Println(err)
	// Output:
	// 4 <nil>
	// n.json:2: nodes[0].count: nodes: invalid field: 2.5 is not an integer (want a whole number written with digits only, in [1, 10000000])
}

func ExampleReadSamples() {
	// A header is recognised by its content; "1 2" is not one.
	xs, err := nodes.ReadSamples(strings.NewReader("completion\n1.5\n2\n"), "s.txt")
	fmt.Println(xs, err)
	_, err = nodes.ReadSamples(strings.NewReader("1 2\n3\n4\n"), "s.txt")
	fmt.Println(err)
	// Output:
	// [1.5 2] <nil>
	// s.txt:1: nodes: invalid field: "1 2" is not a decimal number (want an optional sign, digits, an optional fraction and exponent, such as 12, -0.5 or 1e-3; no 1_000, 0x1p-2, inf or nan)
}
