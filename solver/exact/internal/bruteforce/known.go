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
