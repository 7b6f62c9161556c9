package des

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// engineCases are the seeded runs on which the two engines must agree:
// fork-join over heterogeneous nodes (offsets, delays), independent
// streams with an unloaded node, no warm-up, and a heavily loaded node
// (long queues, many arrival/departure ties at equal times are impossible
// to rule out, so the tie rule is exercised whenever they occur).
var engineCases = []struct {
	name string
	c    Config
}{
	{"fork-join", Config{Lambda: 0.6, Nodes: []Node{{Rate: 1}, {Rate: 0.8, Offset: 0.3}, {Rate: 2, Offset: 0.1, Delay: 5}}, Jobs: 3000, Warmup: 300, Replications: 3, Seed: 7}},
	{"fork-join heavy", Config{Lambda: 0.95, Nodes: []Node{{Rate: 1}}, Jobs: 5000, Warmup: 0, Replications: 2, Seed: 3}},
	{"independent", Config{Independent: true, Nodes: []Node{{Rate: 1, Lambda: 0.5}, {Rate: 0.8, Lambda: 0}, {Rate: 1.25, Lambda: 1.1, Delay: 2}, {Rate: 3, Offset: 0.2, Lambda: 1.5}}, Jobs: 3000, Warmup: 200, Replications: 3, Seed: 11}},
}

// sameBits reports whether two float rows are equal bit for bit.
func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if math.Float64bits(a[k]) != math.Float64bits(b[k]) {
			return false
		}
	}
	return true
}

// TestEnginesIdentical: the event-heap loop and Lindley's recursion see the
// same draws in the same order, so every task's arrival, start and
// departure and every job's sojourn agree to the last bit (Lindley's
// recursion is the FIFO single server's exact departure rule), and so do
// the simulation results.
func TestEnginesIdentical(t *testing.T) {
	for _, tc := range engineCases {
		t.Run(tc.name, func(t *testing.T) {
			for r := uint64(0); r < uint64(tc.c.Replications); r++ {
				lin, ev := tc.c.lindley(r), tc.c.eventHeap(r)
				if !sameBits(lin.sojourn, ev.sojourn) {
					t.Fatalf("replication %d: per-job sojourns differ", r)
				}
				for i := range tc.c.Nodes {
					if lin.active[i] != ev.active[i] || !sameBits(lin.arr[i], ev.arr[i]) || !sameBits(lin.start[i], ev.start[i]) || !sameBits(lin.dep[i], ev.dep[i]) {
						t.Fatalf("replication %d, node %d: task timestamps differ", r, i)
					}
				}
				if s := lin.sojourn[len(lin.sojourn)-1]; !(s > 0) {
					t.Fatalf("replication %d: last sojourn %v not positive (trace not filled)", r, s)
				}
			}
			a, b := tc.c, tc.c
			a.Engine, b.Engine = Lindley, EventHeap
			ra, err := Simulate(a)
			if err != nil {
				t.Fatal(err)
			}
			rb, err := Simulate(b)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ra, rb) {
				t.Fatalf("results differ:\n%+v\n%+v", ra, rb)
			}
		})
	}
}

// TestEventHeapFIFO checks the event loop's queue discipline on its own
// terms: at every node, tasks start in arrival order, none starts before
// it arrives or before its predecessor leaves, and the server idles only
// when the queue is empty (a task that arrives while the server is busy
// starts exactly at its predecessor's departure).
func TestEventHeapFIFO(t *testing.T) {
	for _, tc := range engineCases {
		tr := tc.c.eventHeap(0)
		for i := range tc.c.Nodes {
			if !tr.active[i] {
				continue
			}
			arr, start, dep := tr.arr[i], tr.start[i], tr.dep[i]
			for j := range arr {
				if start[j] < arr[j] || dep[j] <= start[j] {
					t.Fatalf("%s node %d task %d: arrival %v, start %v, departure %v", tc.name, i, j, arr[j], start[j], dep[j])
				}
				if j == 0 {
					continue
				}
				if arr[j] < arr[j-1] || start[j] < dep[j-1] {
					t.Fatalf("%s node %d task %d starts %v before task %d leaves at %v", tc.name, i, j, start[j], j-1, dep[j-1])
				}
				if arr[j] < dep[j-1] && start[j] != dep[j-1] {
					t.Fatalf("%s node %d task %d waited past its predecessor's departure", tc.name, i, j)
				}
			}
		}
	}
}

// TestWorkersIdentical: the JSON output is byte-identical for any number
// of workers and either engine.
func TestWorkersIdentical(t *testing.T) {
	for _, tc := range engineCases {
		var want []byte
		for _, eng := range []Engine{Lindley, EventHeap} {
			for _, w := range []int{0, 1, 2, 3, 8} {
				c := tc.c
				c.Replications, c.Jobs, c.Engine, c.Workers = 5, 500, eng, w
				r, err := Simulate(c)
				if err != nil {
					t.Fatal(err)
				}
				got, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = got
				} else if string(got) != string(want) {
					t.Fatalf("%s, engine %s, %d workers: output differs", tc.name, eng, w)
				}
			}
		}
	}
}
