package workload_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/instances/workload"
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
