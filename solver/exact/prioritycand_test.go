package exact

import (
	"slices"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/priority"
)

// TestPriorityResultOrder: a priority search's candidate reports its
// schedule's completion order (the answer's order, as for every method),
// not one of the two priority orders it simulated. Jobs A = (10, 1) and
// B = (1, 5) at time 0, B first at the map station and A first at the
// shuffle station (fluid.Orders): B maps in [0, 1] with its shuffle at
// rate 1, then takes the 0.9 of the shuffle station that A's inflow
// leaves, ending its last 4 units at 1 + 4/0.9; A ends with its map at 11.
// The completion order is B, A against the shuffle order A, B.
func TestPriorityResultOrder(t *testing.T) {
	in := &instances.Instance{MapCapacity: 1, ShuffleCapacity: 1, Jobs: []instances.Job{
		{ID: "A", Map: 10, Shuffle: 1}, {ID: "B", Map: 1, Shuffle: 5}}}
	mapOrder, order := []int{1, 0}, []int{0, 1}
	s, err := fluid.Simulate(in, fluid.Orders(mapOrder, order), fluid.Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	if d := s.Completion[1] - (1 + 4/0.9); d > 1e-9 || d < -1e-9 {
		t.Fatalf("C_B = %v, want 1 + 4/0.9", s.Completion[1])
	}
	r := &priority.Result{Order: order, MapOrder: mapOrder, Completion: s.Completion, Schedule: s.Schedule, Start: "hand"}
	c := priorityResult(in, r, stopDone)
	if want := []int{1, 0}; !slices.Equal(c.order, want) {
		t.Errorf("order %v, want the completion order %v", c.order, want)
	}
}
