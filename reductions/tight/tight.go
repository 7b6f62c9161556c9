// Package tight generates the tightness families of §4 of the overlapping
// tandem queue paper and the paper's alternative schedules for them, which
// are explicit upper bounds on OPT:
//
//   - after Corollary 4 (MaxSRPT, ratio 2α/(1+α)): n/2 jobs (α−ε, 1) and
//     n/2 jobs (1, α); MaxSRPT serves all (α−ε, 1) jobs first, the
//     alternative serves each (1, α) job followed by an (α−ε, 1) job;
//   - after Corollary 6 (SplitSRPT, ratio 1 + 1/β): n−1 jobs (β, 1) and one
//     job (n−1, (n−1)β); the alternative serves the (β, 1) jobs one by one
//     and then the big job.
//
// The alternative schedules are built exactly (package rational, priority
// order at both stations, which is what "schedules each job … followed by …"
// means for a batch) and validated; closed forms of the policies' costs and
// of the alternatives, derived below, are the oracles of the tests.
package tight

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/validate"
)

// ErrParam is returned for parameters outside the families' ranges.
var ErrParam = errors.New("tight: invalid parameter")

// MaxN bounds n: the alternative schedule is built exactly in big
// rational arithmetic, whose cost grows faster than n²: 'mrsched gen
// tight-maxsrpt' takes 2 s at n = 1000, 15 s (36 MB) at 2000, 24 s at 3000
// and ran past 100 s at 10^4 on a 2-core machine.
const MaxN = 2000

// Family is a generated instance with its alternative schedule order.
type Family struct {
	Instance *instances.Instance
	// Alternative is the paper's alternative schedule as a priority order
	// of job indices.
	Alternative []int
	// Guarantee is the corollary's approximation ratio for the instance's
	// α (Cor 4: 2α/(1+α)) or β (Cor 6: 1 + 1/β).
	Guarantee float64
	// Alpha and Beta are the instance's α = max_i max(x/y, y/x) and
	// β = min_i max(x/y, y/x).
	Alpha, Beta float64
}

func ratios(in *instances.Instance) (alpha, beta float64) {
	beta = math.Inf(1)
	for _, j := range in.Jobs {
		r := math.Max(j.Map/j.Shuffle, j.Shuffle/j.Map)
		alpha = math.Max(alpha, r)
		beta = math.Min(beta, r)
	}
	return alpha, beta
}

// MaxSRPTFamily returns the Cor 4 family: jobs 0..n/2−1 are (α−ε, 1) with
// ids "a1", …; jobs n/2..n−1 are (1, α) with ids "b1", …. n must be even
// and ≥ 2, α > 1, 0 < ε < α − 1 (the paper's condition).
func MaxSRPTFamily(n int, alpha, eps float64) (*Family, error) {
	if n < 2 || n%2 != 0 || n > MaxN {
		return nil, fmt.Errorf("%w: n = %d, want an even number in 2..%d", ErrParam, n, MaxN)
	}
	if !(alpha > 1) || math.IsInf(alpha, 0) {
		return nil, fmt.Errorf("%w: alpha = %v, want a finite α > 1", ErrParam, alpha)
	}
	if !(eps > 0) || !(eps < alpha-1) {
		return nil, fmt.Errorf("%w: eps = %v, want 0 < ε < α − 1 = %v", ErrParam, eps, alpha-1)
	}
	m := n / 2
	var jobs []instances.Job
	for i := range m {
		jobs = append(jobs, instances.Job{ID: fmt.Sprintf("a%d", i+1), Map: alpha - eps, Shuffle: 1})
	}
	for i := range m {
		jobs = append(jobs, instances.Job{ID: fmt.Sprintf("b%d", i+1), Map: 1, Shuffle: alpha})
	}
	in := instances.New(jobs)
	in.Metadata = map[string]any{"family": "tight-maxsrpt", "source": "Lin et al., §4.1, after Corollary 4",
		"n": n, "alpha": alpha, "eps": eps}
	alt := make([]int, 0, n)
	for i := range m { // (1, α) then (α−ε, 1)
		alt = append(alt, m+i, i)
	}
	a, b := ratios(in)
	return &Family{Instance: in, Alternative: alt, Guarantee: 2 * a / (1 + a), Alpha: a, Beta: b}, nil
}

// SplitSRPTFamily returns the Cor 6 family: jobs 0..n−2 are (β, 1) with ids
// "s1", …; job n−1 is (n−1, (n−1)β) with id "big". n ≥ 2, β > 1.
func SplitSRPTFamily(n int, beta float64) (*Family, error) {
	if n < 2 || n > MaxN {
		return nil, fmt.Errorf("%w: n = %d, want 2..%d", ErrParam, n, MaxN)
	}
	if !(beta > 1) || math.IsInf(beta, 0) {
		return nil, fmt.Errorf("%w: beta = %v, want a finite β > 1", ErrParam, beta)
	}
	var jobs []instances.Job
	for i := range n - 1 {
		jobs = append(jobs, instances.Job{ID: fmt.Sprintf("s%d", i+1), Map: beta, Shuffle: 1})
	}
	jobs = append(jobs, instances.Job{ID: "big", Map: float64(n - 1), Shuffle: float64(n-1) * beta})
	in := instances.New(jobs)
	in.Metadata = map[string]any{"family": "tight-splitsrpt", "source": "Lin et al., §4.2, after Corollary 6",
		"n": n, "beta": beta}
	alt := make([]int, n)
	for i := range alt {
		alt[i] = i
	}
	a, b := ratios(in)
	return &Family{Instance: in, Alternative: alt, Guarantee: 1 + 1/b, Alpha: a, Beta: b}, nil
}

// Bound is an explicit feasible schedule, hence an upper bound on OPT.
type Bound struct {
	Exact    *rational.Schedule
	Float    *schedule.Schedule
	Total    *big.Rat // exact total response time of Exact
	Check    validate.Result
	ExactFlt bool // whether Float equals Exact (no rounding)
}

// PriorityBound builds the priority-order schedule perm for in exactly,
// verifies it exactly, converts it to floats and validates it with
// validate.Check (the project's independent validator).
func PriorityBound(in *instances.Instance, perm []int) (*Bound, error) {
	rin, err := rational.FromInstance(in)
	if err != nil {
		return nil, err
	}
	s, err := rational.PriorityOrder(rin, perm)
	if err != nil {
		return nil, err
	}
	rep, _, err := rational.Verify(rin, s)
	if err != nil {
		return nil, err
	}
	if err := rep.Err(); err != nil {
		return nil, fmt.Errorf("tight: alternative schedule fails exact verification (internal error): %w", err)
	}
	fs, exact := s.Float()
	res, err := validate.Check(in, fs)
	if err != nil {
		return nil, fmt.Errorf("tight: alternative schedule fails validate.Check: %w", err)
	}
	return &Bound{Exact: s, Float: fs, Total: rep.Total, Check: res, ExactFlt: exact}, nil
}

// MaxSRPTCost is MaxSRPT's total response time on the Cor 4 family, in
// closed form: with m = n/2 the (α−ε, 1) jobs are map-bound and complete at
// k(α−ε), k = 1..m; the (1, α) jobs then start their maps at m(α−ε) and are
// shuffle-bound (α > 1), completing at m(α−ε) + kα. Total
// (α−ε)m(m+1)/2 + m²(α−ε) + αm(m+1)/2 ~ n²α/2 − 3n²ε/8 (the paper's T).
func MaxSRPTCost(n int, alpha, eps float64) float64 {
	m := float64(n / 2)
	return (alpha-eps)*m*(m+1)/2 + m*m*(alpha-eps) + alpha*m*(m+1)/2
}

// SplitSRPTCost is SplitSRPT's total response time on the Cor 6 family in
// closed form: β(t) = β throughout, the (β, 1) jobs get map capacity
// β/(1+β) and complete at k(1+β), k = 1..n−1 (their shuffle, 1/β of the
// map, keeps up with the shuffle share 1/(1+β)); the big job gets map
// capacity 1/(1+β) and shuffle β/(1+β), exactly its ratio, and completes at
// (n−1)(1+β). Total (1+β)(n−1)n/2 + (n−1)(1+β) ~ n²(1+β)/2 (the paper's T).
func SplitSRPTCost(n int, beta float64) float64 {
	k := float64(n - 1)
	return (1+beta)*k*(k+1)/2 + k*(1+beta)
}

// SplitAltCost is the Cor 6 alternative's total in closed form: the (β, 1)
// jobs are map-bound and complete at kβ; the big job's map starts at
// (n−1)β and its shuffle, β times faster to become available than the
// station serves it, completes at (n−1)β + (n−1)β. Total
// β(n−1)n/2 + 2(n−1)β ~ n²β/2 (the paper's T').
func SplitAltCost(n int, beta float64) float64 {
	k := float64(n - 1)
	return beta*k*(k+1)/2 + 2*k*beta
}

// MaxAltCost is the Cor 4 alternative's total in closed form. Pair p
// (p = 0..m−1) serves b = (1, α) then a = (α−ε, 1). The shuffle station is
// the bottleneck (each pair brings 1 + α shuffle work against 1 + α − ε of
// map work) and, by induction, is never idle: b_p's shuffle starts when
// b_p's map starts at p(1+α−ε) ≤ p(1+α) and, being available β = α times
// faster than served, runs at rate 1; so b_p completes at p(1+α) + α and
// a_p, whose map is done by (p+1)(1+α−ε) ≤ p(1+α) + α + 1, completes at
// (p+1)(1+α). Total Σ_p [(2p+1)(1+α) + α] = m²(1+α) + mα ~ n²(1+α)/4
// (the paper's T').
func MaxAltCost(n int, alpha, eps float64) float64 {
	m := float64(n / 2)
	return m*m*(1+alpha) + m*alpha
}
