package cluster_test

import (
	"fmt"
	"math/big"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
)

// Two jobs on one node with 2 map slots and 1 reduce slot under Fair: A
// (4 map tasks of 4 s, a 2 s reduce) at t = 0, B (2 map tasks of 1 s, a 1 s
// reduce) at t = 1 (the hand-worked case of TestHandFIFOFair).
func ExampleSimulate() {
	w := &workload.Workload{Nodes: 1, MapSlots: 2, ReduceSlots: 1, Jobs: []workload.Job{
		{ID: "A", User: "a", Submit: 0, Map: []float64{4, 4, 4, 4}, Reduce: []float64{2}},
		{ID: "B", User: "b", Submit: 1, Map: []float64{1, 1}, Reduce: []float64{1}},
	}}
	p, _ := cluster.NewPolicy("fair")
	r, err := cluster.Simulate(w, p, cluster.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range r.Jobs {
		fmt.Printf("%s: response %g s, slowdown %g\n", j.ID, j.Response, j.Slowdown)
	}
	// Output:
	// A: response 12 s, slowdown 1.2
	// B: response 6 s, slowdown 3
}

// A heartbeat beyond one day is rejected with the field's name.
func ExampleOptions_Validate() {
	fmt.Println(cluster.Options{Heartbeat: 1e308}.Validate())
	// Output:
	// cluster: invalid configuration: Options.Heartbeat = 1e+308: want seconds in [0, 86400] (0: assign at once)
}

// The paper's continuous model, exactly: a small job arriving while a
// large one runs. PS finishes job 1 at 3 (half the processor for 2 units of
// time from t = 1); Parallel PFSP serves it at once (completable: job 0's
// slack covers it) and finishes it at 2, and job 0 still by its PS time 5.
func ExampleFluidPFSP() {
	js := []cluster.FluidJob{
		{Arrive: big.NewRat(0, 1), Size: big.NewRat(4, 1)},
		{Arrive: big.NewRat(1, 1), Size: big.NewRat(1, 1)},
	}
	ps, _ := cluster.FluidPSExact(js)
	pf, _ := cluster.FluidPFSP(js)
	fmt.Println("PS:", ps[0].RatString(), ps[1].RatString())
	fmt.Println("PFSP:", pf.Finish[0].RatString(), pf.Finish[1].RatString())
	// Output:
	// PS: 5 3
	// PFSP: 5 2
}

// Shrink keeps a job with at least 3 map tasks (the predicate) and drops
// everything else.
func ExampleShrink() {
	w := &workload.Workload{Nodes: 2, MapSlots: 2, ReduceSlots: 1, Jobs: []workload.Job{
		{ID: "a", User: "u", Map: []float64{1}},
		{ID: "b", User: "u", Submit: 1, Map: []float64{1, 2, 3, 4, 5}, Reduce: []float64{1}},
	}}
	s, _ := cluster.Shrink(w, func(c *workload.Workload) bool {
		for _, j := range c.Jobs {
			if len(j.Map) >= 3 {
				return true
			}
		}
		return false
	})
	fmt.Println(len(s.Jobs), s.Jobs[0].ID, s.Jobs[0].Map, s.Jobs[0].Reduce, s.Nodes, s.MapSlots, s.ReduceSlots)
	// Output:
	// 1 b [1 2 3] [] 1 1 1
}

// ExampleSlack is the slack system of H-PFSP (eq. 6–9, Algorithm 4) on
// three jobs with w = v = 1, 2, 3: s = (2, 2, 0) by eq. 6; job 3 runs 0.3
// units under the work clock (D = 0.3), so every v drops by 0.1 and the
// jobs ahead of it lose 0.3 of slack; only job 1 is completable (job 2 and
// job 3 need more than job 1's slack of 1.7).
func ExampleSlack() {
	var ss cluster.Slack
	es := []*cluster.SlackEntry{{Key: 0, W: 1}, {Key: 1, W: 2}, {Key: 2, W: 3}}
	for _, e := range es {
		ss.Insert(e, e.W)
	}
	ss.Advance(0.3, []cluster.Exec{{E: es[2], Delta: 0.3}})
	for _, e := range es {
		fmt.Printf("w %.1f v %.1f s %.1f completable %v\n", e.W, ss.V(e), ss.S(e), ss.Completable(e))
	}
	// Output:
	// w 1.0 v 0.9 s 1.7 completable true
	// w 2.0 v 1.9 s 1.7 completable false
	// w 2.7 v 2.9 s 0.0 completable false
}

// ExampleSlack_Mark: 100 queued jobs with w = v = 100 − key; the jobs with
// an even key are marked in class 0 (H-PFSP marks the jobs with runnable
// map tasks). The marked job with the smallest w is key 98 (w = 2); once it
// is unmarked, key 96 (w = 4). With fewer than 64 unfinished entries the
// slack system keeps no tree and MinMarked reports false.
func ExampleSlack_Mark() {
	var ss cluster.Slack
	es := make([]*cluster.SlackEntry, 100)
	for k := range es {
		es[k] = &cluster.SlackEntry{Key: k, ID: k, W: float64(100 - k)}
		ss.Insert(es[k], es[k].W)
		ss.Mark(es[k], 0, k%2 == 0)
	}
	e, ok := ss.MinMarked(0)
	fmt.Println(e.Key, e.W, ok)
	ss.Mark(es[98], 0, false)
	e, _ = ss.MinMarked(0)
	fmt.Println(e.Key, e.W)
	var small cluster.Slack
	small.Insert(&cluster.SlackEntry{W: 1}, 1)
	_, ok = small.MinMarked(0)
	fmt.Println(ok)
	// Output:
	// 98 2 true
	// 96 4
	// false
}
