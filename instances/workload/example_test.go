package workload_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/tabular"
)

func ExampleReadJSON() {
	w, err := workload.ReadJSON(strings.NewReader(`{"kind": "cluster", "nodes": 2, "map_slots": 2, "reduce_slots": 1,
 "jobs": [{"id": "j0", "map": {"count": 3, "time": 10, "last": 4}, "reduce": [5]}]}`), "w.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w.Jobs[0].ID, w.Jobs[0].User, w.Jobs[0].Map, w.Jobs[0].Reduce)
	_, err = workload.ReadJSON(strings.NewReader(`{"kind": "cluster", "nodes": 2, "nodes": 3}`), "w.json")
	fmt.Println(err)
	// Output:
	// j0 default [10 10 4] [5]
	// w.json:1: workload: syntax error: key "nodes" twice in one object
}

// A one-job workload as 'mrsched gen cluster' prints it: JSON, the one
// format of a workload, whatever format is asked.
func ExampleFile() {
	w := &workload.Workload{Nodes: 1, MapSlots: 2, ReduceSlots: 1, Jobs: []workload.Job{{ID: "j0", User: "u", Map: []float64{3, 3, 3}}}}
	f := workload.File{Workload: w}
	if err := f.Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	fmt.Println(f.Format())
	// Output:
	// {
	//   "kind": "cluster",
	//   "nodes": 1,
	//   "map_slots": 2,
	//   "reduce_slots": 1,
	//   "jobs": [
	//     {"id": "j0", "user": "u", "submit": 0, "map": {"count": 3, "time": 3}}
	//   ]
	// }
	// json
}
