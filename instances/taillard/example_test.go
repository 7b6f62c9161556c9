package taillard_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/instances/taillard"
)

func ExampleRead() {
	// The bare layout: "jobs machines", then one row per machine.
	list, err := taillard.Read(strings.NewReader("3 2\n1 2 3\n4 5 6\n"), "t.fsp")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(list[0].Jobs, list[0].Machines, list[0].P)
	// Output:
	// 3 2 [[1 2 3] [4 5 6]]
}
