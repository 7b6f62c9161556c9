package straggler

import (
	"fmt"
	"math"
	"slices"
)

// NodeClass is a kind of mapper node: service rate Mu, Available nodes.
type NodeClass struct {
	Name      string  `json:"name,omitempty"`
	Mu        float64 `json:"mu"`
	Available int     `json:"available"`
}

// CountPoint is the best MST found with a given node selection.
type CountPoint struct {
	Counts []int   `json:"counts"` // nodes used per class
	N      int     `json:"n"`
	MST    float64 `json:"mst"` // +Inf when the policy is infeasible
}

// NodeCount is the outcome of OptimalNodeCount.
type NodeCount struct {
	Policy Policy       `json:"policy"`
	Best   CountPoint   `json:"best"`  // by Lemma 4's separation
	Curve  []CountPoint `json:"curve"` // MST of the N fastest nodes, N = 1, 2, …
	// Brute force over every count vector (when enumerated).
	Brute      *CountPoint `json:"brute,omitempty"`
	BruteSize  int         `json:"brute_size"`
	Agree      bool        `json:"agree"`       // separation and brute force find the same MST (1e-9 relative)
	GapPercent float64     `json:"gap_percent"` // (separation − brute)/brute·100
}

// OptimalNodeCount chooses how many mapper nodes to use for total rate
// lambda. Lemma 4 separates the joint problem min_{N,λ} MST into
// min_N (min_λ MST): for each N the inner problem is solved by the policy
// (Optimal by default) on the N fastest available nodes, and N is chosen
// by enumeration. As the check, when the number of count vectors
// Π(available_c + 1) − 1 is at most bruteLimit, every selection (n_1, …,
// n_C) is evaluated. Infeasible selections count as +Inf.
func OptimalNodeCount(classes []NodeClass, lambda float64, policy Policy, opt MapOptions, bruteLimit int) (NodeCount, error) {
	if len(classes) == 0 {
		return NodeCount{}, ErrNoNodes
	}
	for i, c := range classes {
		if !(c.Mu > 0) || math.IsInf(c.Mu, 1) || c.Available < 0 {
			return NodeCount{}, fmt.Errorf("%w: class %d: μ = %v must be positive, available = %d ≥ 0", ErrParam, i, c.Mu, c.Available)
		}
	}
	eval := func(counts []int) CountPoint {
		var mu []float64
		for c, n := range counts {
			for k := 0; k < n; k++ {
				mu = append(mu, classes[c].Mu)
			}
		}
		p := CountPoint{Counts: append([]int(nil), counts...), N: len(mu), MST: math.Inf(1)}
		if len(mu) == 0 {
			return p
		}
		m, err := Map(policy, lambda, mu, opt)
		if err == nil && (m.KKT == nil || m.KKT.OK) {
			p.MST = m.MST.MST
		}
		return p
	}
	order := make([]int, len(classes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case classes[a].Mu > classes[b].Mu:
			return -1
		case classes[a].Mu < classes[b].Mu:
			return 1
		}
		return 0
	})
	res := NodeCount{Policy: policy, Best: CountPoint{MST: math.Inf(1)}}
	counts := make([]int, len(classes))
	for _, c := range order {
		for k := 0; k < classes[c].Available; k++ {
			counts[c]++
			p := eval(counts)
			res.Curve = append(res.Curve, p)
			if p.MST < res.Best.MST {
				res.Best = p
			}
		}
	}
	if math.IsInf(res.Best.MST, 1) {
		return res, fmt.Errorf("%w: no selection of nodes can carry λ = %v under the %s policy", ErrUnstable, lambda, policy)
	}
	size := 1
	for _, c := range classes {
		size *= c.Available + 1
		if size > bruteLimit+1 {
			break
		}
	}
	size--
	res.BruteSize = size
	if size <= bruteLimit {
		best := CountPoint{MST: math.Inf(1)}
		cur := make([]int, len(classes))
		var rec func(i int)
		rec = func(i int) {
			if i == len(classes) {
				if p := eval(cur); p.MST < best.MST {
					best = p
				}
				return
			}
			for n := 0; n <= classes[i].Available; n++ {
				cur[i] = n
				rec(i + 1)
			}
		}
		rec(0)
		res.Brute = &best
		res.GapPercent = (res.Best.MST - best.MST) / best.MST * 100
		res.Agree = math.Abs(res.Best.MST-best.MST) <= 1e-9*best.MST
	}
	return res, nil
}
