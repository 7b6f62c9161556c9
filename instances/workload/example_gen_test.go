package workload_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances/workload"
)

// The workload of 'mrsched gen cluster --kind fig2 --n 3': the defaults of
// DefaultGenConfig with the kind and n set; H-PFSP's Fig. 2 cluster has 10
// nodes of 2 map and 2 reduce slots (§IV).
func ExampleGenConfig() {
	c := workload.DefaultGenConfig()
	c.Kind, c.N = "fig2", 3
	w, err := c.Generate()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(w.Jobs), "jobs,", w.Nodes, "nodes,", w.MapSlots, "map slots")
	// Output:
	// 3 jobs, 10 nodes, 2 map slots
}
