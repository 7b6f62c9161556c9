package fluid

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/validate"
)

// TestOrdersShuffleOrder: jobs A = (10, 1) and B = (1, 10) at time 0, unit
// capacities. Worked by hand from the rules of Orders: with B first at the
// map station and A first at the shuffle station, B maps in [0, 1] with
// its shuffle at rate 1 (its inflow, 10, is above the capacity), then A
// maps in [1, 11]; A, first at the shuffle station with an empty buffer,
// takes its inflow 0.1 and B's buffer the other 0.9, so B's 9 remaining
// shuffle units end at 11 with A's map: C = (11, 11), total 22. With one
// order for both stations: A first gives C = (10, 20) (B's map waits for
// A's), B first gives C = (11, 10) (A's shuffle waits for B's).
func TestOrdersShuffleOrder(t *testing.T) {
	in := &instances.Instance{MapCapacity: 1, ShuffleCapacity: 1, Jobs: []instances.Job{
		{ID: "A", Map: 10, Shuffle: 1}, {ID: "B", Map: 1, Shuffle: 10}}}
	for _, c := range []struct {
		name string
		p    Policy
		want []float64
	}{
		{"Orders(B A, A B)", Orders([]int{1, 0}, []int{0, 1}), []float64{11, 11}},
		{"Order(A B)", Order([]int{0, 1}), []float64{10, 20}},
		{"Order(B A)", Order([]int{1, 0}), []float64{11, 10}},
	} {
		r, err := Simulate(in, c.p, Options{Record: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for j, w := range c.want {
			if d := r.Completion[j] - w; d > 1e-12 || d < -1e-12 {
				t.Errorf("%s: C_%s = %v, want %v", c.name, in.Jobs[j].ID, r.Completion[j], w)
			}
		}
		if _, err := validate.Check(in, r.Schedule); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestOrdersOfOneOrder: Orders(p, p) is Order(p) bit for bit on seeded
// random instances with and without release dates and zero sizes, and
// Orders(σ, π) with two random orders gives a schedule the validator
// accepts with the completions it reports.
func TestOrdersOfOneOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	for trial := range 200 {
		n := 2 + rng.IntN(12)
		in := randomInstance(rng, n, trial%3 == 0, trial%4 == 0)
		p, q := rng.Perm(n), rng.Perm(n)
		a, err := Simulate(in, Order(p), Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Simulate(in, Orders(p, slices.Clone(p)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Completion, b.Completion) {
			t.Fatalf("trial %d: Order %v, Orders %v", trial, a.Completion, b.Completion)
		}
		c, err := Simulate(in, Orders(q, p), Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		vr, err := validate.Check(in, c.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if d := vr.TotalResponse - c.TotalResponse; d > 1e-9*c.TotalResponse || d < -1e-9*c.TotalResponse {
			t.Errorf("trial %d: simulated total %v, validator %v", trial, c.TotalResponse, vr.TotalResponse)
		}
	}
	if _, err := Simulate(&instances.Instance{MapCapacity: 1, ShuffleCapacity: 1, Jobs: []instances.Job{{Map: 1, Shuffle: 1}, {Map: 1, Shuffle: 1}}},
		Orders([]int{0, 1}, []int{1, 1}), Options{}); err == nil {
		t.Error("a shuffle order that is not a permutation was accepted")
	}
}
