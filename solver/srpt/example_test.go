package srpt_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/srpt"
)

// Theorem 3's reference: each tandem job (x, y) is one job of size
// max(x, y) on a single SRPT server.
func ExampleSimulate() {
	in := instances.New([]instances.Job{
		{ID: "A", Release: 0, Map: 3, Shuffle: 1},
		{ID: "B", Release: 1, Map: 0.5, Shuffle: 1},
	})
	s, err := srpt.Simulate(in.Source(), 1, 1, 1, func(seq int, resp float64) {
		fmt.Printf("job %d: response %v\n", seq, resp)
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mean response %v, makespan %v\n", s.MeanResponse, s.Makespan)
	// Output:
	// job 1: response 1
	// job 0: response 4
	// mean response 2.5, makespan 4
}

// The tight reference: the map sizes alone on one SRPT server.
func ExampleSimulateMap() {
	in := instances.New([]instances.Job{
		{ID: "A", Release: 0, Map: 3, Shuffle: 1},
		{ID: "B", Release: 1, Map: 0.5, Shuffle: 1},
	})
	s, err := srpt.SimulateMap(in.Source(), 1, 1, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mean response %v, makespan %v\n", s.MeanResponse, s.Makespan)
	// Output:
	// mean response 2, makespan 3.5
}
