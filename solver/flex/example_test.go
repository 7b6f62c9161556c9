package flex_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/solver/flex"
)

// Two chains on one machine (1|chains|Σ w C): chain 0 = [0, 1] with
// p = 3, 1 and w = 1, 3, chain 1 = [2] with p = 2, w = 1. The segment
// {0, 1} has ratio (3+1)/(1+3) = 1 < 2/1, so it goes first (Smith's rule
// on the ρ-maximal initial segments, §3.2, appendix B.1).
func ExampleGSR() {
	order := flex.GSR([][]int{{0, 1}, {2}}, []float64{3, 1, 2}, []float64{1, 3, 1})
	fmt.Println(order)
	// Output: [0 1 2]
}

// Lawler's rule for 1|prec|f_max (§3.2, appendix B.2): three independent
// jobs of length 1 with lateness penalties F_j(t) = t − d_j, due dates
// d = 3, 1, 2. Going backwards from P = 3, the job with the smallest
// F_j(P) — the latest due date — goes last: the forward order is by due
// date, 1, 2, 0.
func ExampleBDP() {
	d := []float64{3, 1, 2}
	order, err := flex.BDP([]float64{1, 1, 1}, [][]int{nil, nil, nil},
		func(j int, t float64) float64 { return t - d[j] }, nil)
	fmt.Println(order, err)
	// Output: [1 2 0] <nil>
}

// Ready List Malleable Packing (§3.3): 4 slots; subjob 0 (work 4, at most
// 2 slots) precedes subjob 1 (work 4, at most 4 slots); subjob 2 (work 2,
// 1 to 4 slots) is independent and last in priority. Subjob 0 takes its 2
// slots and subjob 2 the other 2 until t = 1; subjob 0 then runs to t = 2;
// subjob 1 takes all 4 slots from t = 2 to 3.
func ExamplePack() {
	s, err := flex.Pack(&flex.PackInput{S: 4, Work: []float64{4, 4, 2}, Min: []float64{0, 0, 1}, Max: []float64{2, 4, 4},
		Preds: [][]int{nil, {0}, nil}, Order: []int{0, 1, 2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Completion)
	// Output: [2 3 1]
}

// Two jobs arrive at 0 and scan the same dataset of size 8 on 4 slots:
// CIRCUMFLEX shares the scan (cyclic piggybacking, §2.2), so both finish
// when the 8 units are read at 4 slots, t = 2; sum of response times 4.
func ExamplePlanAt() {
	w := &sharedscan.Workload{Slots: 4,
		Datasets: []sharedscan.Dataset{{ID: "red", Size: 8}},
		Jobs: []sharedscan.Job{
			{ID: "a", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
			{ID: "b", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
		}}
	m, _ := flex.ParseMetric("sum-response")
	rep, err := flex.PlanAt(w, "example", flex.PlanAtConfig{Scheme: flex.CIRCUMFLEX, Metric: m, At: 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Value, rep.Completion["a"], rep.Completion["b"], len(rep.Subjobs))
	// Output: 4 2 2 1
}

// FLEX against CIRCUMFLEX on two jobs arriving at 0 that scan the same
// dataset of size 8 on 4 slots: FLEX scans it twice (work 16, ratio 1 to
// the unshared work), CIRCUMFLEX once (work 8, ratio 0.5; both finish at
// 2). Under FLEX each job keeps its minimum of 1 slot (A.1): the first in
// priority runs on 3 slots and ends at 8/3, the second has 8 − 8/3 left at
// that time and ends at 8/3 + (16/3)/4 = 4; average (8/3 + 4)/2 = 10/3.
func ExampleCompare() {
	w := &sharedscan.Workload{Slots: 4,
		Datasets: []sharedscan.Dataset{{ID: "red", Size: 8}},
		Jobs: []sharedscan.Job{
			{ID: "a", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
			{ID: "b", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
		}}
	m, _ := flex.ParseMetric("sum-response")
	c, err := flex.Compare(context.Background(), w, "example", m, []flex.Scheme{flex.FLEX, flex.CIRCUMFLEX}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range c.Schemes {
		fmt.Printf("%s work %g ratio %g avg response %.4f\n", r.Scheme, r.Work, r.WorkRatio, r.AvgResponse)
	}
	// Output:
	// flex work 16 ratio 1 avg response 3.3333
	// circumflex work 8 ratio 0.5 avg response 2.0000
}
