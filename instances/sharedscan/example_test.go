package sharedscan_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/instances/sharedscan"
)

func ExampleReadJSON() {
	w, err := sharedscan.ReadJSON(strings.NewReader(`{"kind": "sharedscan", "slots": 4,
 "datasets": [{"id": "logs", "size": 8}],
 "jobs": [{"id": "q1", "arrival": 0, "datasets": ["logs"]}, {"id": "q2", "arrival": 1.5, "datasets": ["logs"], "max_slots": 2}]}`), "ss.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range w.Jobs {
		fmt.Println(j.ID, j.Arrival, j.MinSlots, j.MaxSlots)
	}
	_, err = sharedscan.ReadJSON(strings.NewReader(`{"kind": "sharedscan", "slots": "4"}`), "ss.json")
	fmt.Println(err)
	// Output:
	// q1 0 1 4
	// q2 1.5 1 2
	// ss.json:1: slots: sharedscan: invalid workload: "4" is not an integer (want a whole number written with digits only, in [0, 2147483648])
}

// The generator's configuration: the §4 base case with 5 jobs on S = 4
// slots; M_j (default 100) is capped at S.
func ExampleGenConfig_Generate() {
	c := sharedscan.DefaultGenConfig()
	c.Jobs, c.Slots = 5, 4
	f, err := c.Generate()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(f.Jobs), "jobs, M_j =", f.Jobs[0].MaxSlots)
	// Output:
	// 5 jobs, M_j = 4
}
