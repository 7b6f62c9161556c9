package fluid_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
)

// FIFO on the worked example of §2.1 (Fig. 2): the jobs complete at 2, 4
// and 6, and the shuffle station drains J1's buffer at rate 1 until 2.5,
// then follows J2's map at its inflow 1/3 until 4, then serves J3 at 1.
// With Record the fluid schedule (rates per segment) comes back too, for
// the validator.
func ExampleSimulate() {
	in := instances.Example21()
	res, err := fluid.Simulate(in, fluid.FIFO(), fluid.Options{Record: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, c := range res.Completion {
		fmt.Printf("%s completes at %v\n", in.Jobs[i].ID, c)
	}
	for _, seg := range res.Schedule.Segments {
		shuffle := 0.0
		for _, r := range seg.Rates {
			shuffle += r.Shuffle
		}
		fmt.Printf("[%.4g, %.4g) shuffle rate %.4g\n", seg.Start, seg.End, shuffle)
	}
	// Output:
	// J1 completes at 2
	// J2 completes at 4
	// J3 completes at 6
	// [0, 1) shuffle rate 1
	// [1, 2) shuffle rate 1
	// [2, 2.5) shuffle rate 1
	// [2.5, 4) shuffle rate 0.3333
	// [4, 6) shuffle rate 1
}

// The policies by name (as the CLI's --policy) on the §2.1 example; the
// completion times are derived by hand in TestExample21Hand.
func ExampleParsePolicy() {
	in := instances.Example21()
	for _, name := range []string{"fifo", "ps", "maxsrpt", "splitsrpt"} {
		p, err := fluid.ParsePolicy(name, fluid.DefaultK, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-9s completions %.4g, mean response %.4g\n", p.Name(), res.Completion, res.MeanResponse)
	}
	// Output:
	// fifo      completions [2 4 6], mean response 4
	// ps        completions [3.8 6 5], mean response 4.933
	// maxsrpt   completions [2 6 4], mean response 4
	// splitsrpt completions [4 6 4], mean response 4.667
}

// Streaming: 10^4 arrivals of the §5.3 log-normal workload at load 0.9,
// generated on the fly and simulated under MaxSRPT in O(jobs in system)
// memory; the sink sees each job as it leaves.
func ExampleSimulateStream() {
	spec := instances.PaperLogNormal(10000, 0.9, false)
	src, err := spec.Source(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	slowest := 0.0
	sum, err := fluid.SimulateStream(src, 1, 1, fluid.MaxSRPT(), fluid.Options{}, func(r fluid.JobResult) {
		slowest = max(slowest, r.Slowdown)
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d jobs, at most %d in the system, mean response %.3f, worst slowdown %.1f\n",
		sum.N, sum.MaxInSystem, sum.MeanResponse, slowest)
	// Output:
	// 10000 jobs, at most 14 in the system, mean response 5.194, worst slowdown 26.8
}

// Dependencies and weights: "load" waits for "etl"; "urgent" (weight 4)
// overtakes the equally large "etl" under weighted MaxSRPT (max(x, y)/w:
// 2/4 against 2/1). Hand-derived completions: urgent 2, etl 4, load 5.
func ExampleSimulate_dependencies() {
	in := instances.New([]instances.Job{
		{ID: "etl", Map: 2},
		{ID: "load", Map: 1, After: []int{0}},
		{ID: "urgent", Map: 2, Weight: 4},
	})
	r, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Completion, in.WeightedResponse(r.Completion))
	// Output: [4 5 2] 17
}
