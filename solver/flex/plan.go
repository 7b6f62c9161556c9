package flex

import (
	"fmt"
	"math"
)

// Method names the priority-order step used by a plan.
type Method string

// The priority-order methods.
const (
	MethodGSR          Method = "gsr"           // §3.2 / B.1, optimal for the 3 minisum response metrics on chains
	MethodBDP          Method = "bdp"           // §3.2 / B.2, optimal for the 8 minimax metrics on any DAG
	MethodBDPHeuristic Method = "bdp-heuristic" // Lawler's rule on Σ of completing jobs' penalties: a heuristic
)

// Plan is a CIRCUMFLEX plan: subjobs, their priority order, the method
// that produced it and the malleable schedule of the packing.
type Plan struct {
	Subjobs  *Subjobs
	Order    []int
	Method   Method
	Optimal  bool // the interim order is optimal for the metric (§3.2)
	Schedule *Schedule
	Input    *PackInput
	// JobCompletion[a] is the completion time of active job a relative to
	// the plan start (NaN if beyond the horizon): the latest completion of
	// its last subjobs.
	JobCompletion []float64
}

// MakePlan orders the subjobs for metric m and packs them on S slots.
// jobs[a] describes active job a (indices as in Subjobs.List[i].Jobs);
// t0 is the absolute time of the plan start (penalties use absolute
// times); horizon, when > 0, cuts the packing (epoch simulation).
//
// The order: for the minisum response, weighted response and stretch
// metrics, GSR with subjob weight Σ of the weights (1, w_j or 1/W_j) of
// the jobs it completes — requires chain precedence, else ErrUnsupported
// (§3.3: GSR "breaks down" for semi-shared scans). For the 8 minimax
// metrics, BDP with subjob penalty G_R(t) = max_{j relevant to R} F_j(t),
// on the single-machine time scale p_R = work_R/S; since a job completes
// with the last of its subjobs, max_R G_R(C_R) equals max_j F_j(C_j), so
// BDP's optimality carries over. For the other 5 minisum metrics (tardy
// jobs, tardiness, SLA) with chains, a documented heuristic: Lawler's rule
// applied to G_R(t) = Σ_{j completed by R} F_j(t); with general precedence
// ErrUnsupported.
func MakePlan(sj *Subjobs, S float64, m Metric, jobs []JobInfo, t0, horizon float64) (*Plan, error) {
	n := len(sj.List)
	pl := &Plan{Subjobs: sj}
	switch {
	case m.GSROptimal():
		if !sj.Chained {
			return nil, fmt.Errorf("%w: %s needs chain precedence (fully shared scans); this workload has semi-shared scans, for which only the minimax metrics are optimised (§3.3)", ErrUnsupported, m.Name())
		}
		p := make([]float64, n)
		w := make([]float64, n)
		for i := range sj.List {
			p[i] = sj.List[i].Work
			for _, a := range sj.List[i].Completes {
				w[i] += m.Weight(&jobs[a])
			}
		}
		pl.Order, pl.Method, pl.Optimal = GSR(sj.Chains, p, w), MethodGSR, true
	case m.Max || sj.Chained:
		p := make([]float64, n)
		preds := make([][]int, n)
		for i := range sj.List {
			p[i] = sj.List[i].Work / S
			preds[i] = sj.List[i].Preds
		}
		var key []float64
		var F func(j int, t float64) float64
		if m.Max {
			pl.Method, pl.Optimal = MethodBDP, true
			F = func(j int, t float64) float64 {
				v := math.Inf(-1)
				for _, a := range sj.List[j].Jobs {
					v = math.Max(v, m.Penalty(&jobs[a], t0+t))
				}
				return v
			}
			if len(jobs) > 0 {
				if _, ok := m.shiftKey(&jobs[0]); ok {
					key = make([]float64, n)
					for i := range sj.List {
						key[i] = math.Inf(1)
						for _, a := range sj.List[i].Jobs {
							k, _ := m.shiftKey(&jobs[a])
							key[i] = math.Min(key[i], k)
						}
					}
				}
			}
		} else {
			pl.Method = MethodBDPHeuristic
			F = func(j int, t float64) float64 {
				v := 0.0
				for _, a := range sj.List[j].Completes {
					v += m.Penalty(&jobs[a], t0+t)
				}
				return v
			}
		}
		order, err := BDP(p, preds, F, key)
		if err != nil {
			return nil, err
		}
		pl.Order = order
	default:
		return nil, fmt.Errorf("%w: %s is a minisum metric without an optimal or heuristic method for the general precedence of semi-shared scans; use a minimax metric (max-…)", ErrUnsupported, m.Name())
	}
	in := &PackInput{S: S, Work: make([]float64, n), Min: make([]float64, n), Max: make([]float64, n),
		Preds: make([][]int, n), Order: pl.Order, Horizon: horizon}
	for i := range sj.List {
		s := &sj.List[i]
		in.Work[i], in.Min[i], in.Max[i], in.Preds[i] = s.Work, s.Min, s.Max, s.Preds
	}
	sched, err := Pack(in)
	if err != nil {
		return nil, err
	}
	pl.Schedule, pl.Input = sched, in
	pl.JobCompletion = make([]float64, len(jobs))
	for a := range pl.JobCompletion {
		pl.JobCompletion[a] = math.Inf(-1)
	}
	for i := range sj.List {
		for _, a := range sj.List[i].Completes {
			c := sched.Completion[i]
			if math.IsNaN(c) || math.IsNaN(pl.JobCompletion[a]) {
				pl.JobCompletion[a] = math.NaN()
			} else {
				pl.JobCompletion[a] = math.Max(pl.JobCompletion[a], c)
			}
		}
	}
	for a, c := range pl.JobCompletion {
		if math.IsInf(c, -1) { // no subjob: nothing left to scan
			pl.JobCompletion[a] = 0
		}
	}
	return pl, nil
}
