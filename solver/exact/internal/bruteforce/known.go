package bruteforce

import "github.com/mrsched/mrsched/instances"

// Known is an instance whose optimal total response time is known by hand
// and confirmed by Solve (TestKnownOptima): a fixture the exact methods'
// tests share.
type Known struct {
	Name string
	In   *instances.Instance
	Opt  float64
}

// TwoJobs returns the jobs (10, 1) and (1, 10) with unit capacities: the
// map-heavy job first totals 22, the shuffle-heavy job first totals 21 (the
// optimum: while it shuffles, the map station works on the other job).
func TwoJobs() *instances.Instance {
	return instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}})
}

// KnownOptima returns the batch instances with a known optimum: TwoJobs
// (OPT 21) and Lin et al. §2.1, whose FIFO schedule (completions 2, 4, 6,
// total 12) is optimal.
func KnownOptima() []Known {
	return []Known{
		{"(10,1),(1,10)", TwoJobs(), 21},
		{"§2.1", instances.Example21(), 12},
	}
}

// KnownOrder is a batch completion order whose value (the fixed-order LP's
// optimum, the best schedule completing the jobs in that order) is worked
// by hand and confirmed by BatchValue (TestKnownValues).
type KnownOrder struct {
	Name  string
	In    *instances.Instance
	Order []int
	Value float64
}

// KnownOrders returns both orders of TwoJobs and Lin et al. §2.1 in FIFO
// order.
func KnownOrders() []KnownOrder {
	two := TwoJobs()
	return []KnownOrder{
		// Map-heavy (10,1) first: the map station works on the second job
		// first (time 1), then maps the first while both shuffle; both
		// complete at 11: 22.
		{"map-heavy first", two, []int{0, 1}, 22},
		// Shuffle-heavy (1,10) first: mapped by 1, shuffled by 10; the
		// other, mapped from 1 to 11, completes at 11: 21 = OPT.
		{"shuffle-heavy first", two, []int{1, 0}, 21},
		// FIFO completes the jobs (1,2), (3,1), (2,2) at 2, 4, 6: total
		// 12, which is also this order's LP optimum.
		{"§2.1 FIFO", instances.Example21(), []int{0, 1, 2}, 12},
	}
}
