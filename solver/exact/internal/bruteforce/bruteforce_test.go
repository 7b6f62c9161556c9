package bruteforce

import (
	"math"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// The oracle itself on values worked by hand: the two-job example and Lin et al. §2.1.
func TestKnownValues(t *testing.T) {
	two := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}})
	seq := func(order ...int) []Event {
		s := []Event{{Job: -1, Release: 0}}
		for _, j := range order {
			s = append(s, Event{Job: j, Release: -1})
		}
		return s
	}
	for _, c := range []struct {
		in    *instances.Instance
		order []int
		want  float64
	}{
		{two, []int{0, 1}, 22},                      // map-heavy first (by hand)
		{two, []int{1, 0}, 21},                      // shuffle-heavy first = OPT (by hand)
		{instances.Example21(), []int{0, 1, 2}, 12}, // §2.1 FIFO order
	} {
		v, err := SequenceValue(c.in, []float64{0}, seq(c.order...))
		if err != nil || math.Abs(v-c.want) > 1e-9 {
			t.Errorf("order %v: %v (err %v), want %v", c.order, v, err, c.want)
		}
	}
	r, err := Solve(two)
	if err != nil || math.Abs(r.Value-21) > 1e-9 || r.LPs != 2 {
		t.Fatalf("Solve: %+v %v", r, err)
	}
	// A release: job b (0, 1) released at 5 after a (2, 2): a completes at
	// 2, b at 6; total (2 − 0) + (6 − 5) = 3.
	rel := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 2}, {ID: "b", Release: 5, Map: 0, Shuffle: 1}})
	r, err = Solve(rel)
	if err != nil || math.Abs(r.Value-3) > 1e-9 {
		t.Fatalf("release: %+v %v", r, err)
	}
}
