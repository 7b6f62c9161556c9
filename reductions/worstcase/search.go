// Package search looks for small batch instances on which MaxSRPT or
// SplitSRPT is far from optimal — the paper's open question (§6: "are there
// algorithms with tighter worst-case guarantees?") asks how close the
// guarantees of Cor 4 (2α/(1+α)) and Cor 6 (1 + 1/β) are for small n.
//
// The search is a seeded hill climb with restarts over n jobs with
// continuous sizes (x_i, y_i) ∈ [MinSize, MaxSize]² and max(x/y, y/x) ≤
// AlphaMax. The objective is policy total / UB, where UB is the best
// work-conserving priority-order schedule (every order for n ≤ 6, a local
// search over orders from several starting orders for larger n), which is
// feasible, so UB ≥ OPT and the objective is a certified LOWER bound on the
// instance's ratio policy/OPT. The worst instance found is then solved
// exactly: OPT is the minimum over all n! completion orders of the
// fixed-order LP of package solver/exact/orderlp (exact for batch instances,
// see that package), when n! LPs fit in the exact budget.
package worstcase

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/mrsched/mrsched/internal/perm"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// ErrParam is returned for invalid options.
var ErrParam = errors.New("worstcase: invalid option")

// Size range of the searched jobs.
const (
	MinSize = 0.05
	MaxSize = 20.0
)

// MaxExhaustiveOrders is the largest n whose n! priority orders the upper
// bound enumerates.
const MaxExhaustiveOrders = 6

// Options configure a search.
type Options struct {
	Policy   string // "maxsrpt" or "splitsrpt"
	N        int    // 2..10
	AlphaMax float64
	Restarts int
	Steps    int // hill-climbing steps per restart
	Seed     uint64
	// TimeLimit stops the search early (0: none); with a limit the result
	// depends on the machine's speed, without one it is deterministic.
	TimeLimit time.Duration
	// Progress, when non-nil, is called after each restart.
	Progress func(restart int, best float64)
}

// Found is the worst instance found.
type Found struct {
	Instance     *instances.Instance
	Policy       string
	PolicyTotal  float64
	UB           float64 // best priority-order total (≥ OPT)
	UBOrder      []int
	RatioLB      float64 // PolicyTotal / UB ≤ PolicyTotal / OPT
	Alpha, Beta  float64
	Guarantee    float64 // Cor 4 or Cor 6 for the instance's α or β
	Evaluations  int64
	Exact        bool    // OPT below is the exact optimum
	OPT          float64 // min over completion orders of the order LP
	OPTOrder     []int
	Ratio        float64 // PolicyTotal / OPT (when Exact)
	OPTValidated bool    // the optimal LP schedule passed validate.Check
}

func policyOf(name string) (fluid.Policy, error) {
	switch name {
	case "maxsrpt":
		return fluid.MaxSRPT(), nil
	case "splitsrpt":
		return fluid.SplitSRPT(), nil
	}
	return nil, fmt.Errorf("%w: policy %q (want maxsrpt or splitsrpt)", ErrParam, name)
}

// Guarantee returns the batch guarantee of the policy for in: Cor 4's
// 2α/(1+α) for MaxSRPT, Cor 6's 1 + 1/β for SplitSRPT.
func Guarantee(policy string, in *instances.Instance) (g, alpha, beta float64) {
	beta = math.Inf(1)
	for _, j := range in.Jobs {
		r := math.Max(j.Map/j.Shuffle, j.Shuffle/j.Map)
		alpha = math.Max(alpha, r)
		beta = math.Min(beta, r)
	}
	if policy == "splitsrpt" {
		return 1 + 1/beta, alpha, beta
	}
	return 2 * alpha / (1 + alpha), alpha, beta
}

func total(in *instances.Instance, p fluid.Policy) (float64, error) {
	r, err := fluid.Simulate(in, p, fluid.Options{})
	if err != nil {
		return 0, err
	}
	return r.TotalResponse, nil
}

// UpperBound returns the best priority-order total for a batch instance:
// all n! orders for n ≤ MaxExhaustiveOrders, otherwise a swap/insert local
// search from the MaxSRPT, shortest-map, shortest-shuffle and
// shuffle-heavy-first orders.
func UpperBound(in *instances.Instance) (float64, []int, int64, error) {
	n := in.N()
	var evals int64
	eval := func(p []int) (float64, error) {
		evals++
		return total(in, fluid.Order(p))
	}
	best, bestP := math.Inf(1), []int(nil)
	if n <= MaxExhaustiveOrders {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		for {
			v, err := eval(p)
			if err != nil {
				return 0, nil, evals, err
			}
			if v < best {
				best, bestP = v, append([]int(nil), p...)
			}
			if !perm.Next(p) {
				break
			}
		}
		return best, bestP, evals, nil
	}
	keys := []func(j instances.Job) float64{
		func(j instances.Job) float64 { return math.Max(j.Map, j.Shuffle) },
		func(j instances.Job) float64 { return j.Map },
		func(j instances.Job) float64 { return j.Shuffle },
		func(j instances.Job) float64 { return j.Map - j.Shuffle },
		func(j instances.Job) float64 { return j.Map + j.Shuffle },
	}
	for _, key := range keys {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		sort.SliceStable(p, func(a, b int) bool { return key(in.Jobs[p[a]]) < key(in.Jobs[p[b]]) })
		cur, err := eval(p)
		if err != nil {
			return 0, nil, evals, err
		}
		for improved := true; improved; {
			improved = false
			for a := 0; a < n; a++ {
				for b := 0; b < n; b++ {
					if a == b {
						continue
					}
					q := moveTo(p, a, b)
					v, err := eval(q)
					if err != nil {
						return 0, nil, evals, err
					}
					if v < cur-1e-12*cur {
						p, cur, improved = q, v, true
					}
				}
			}
		}
		if cur < best {
			best, bestP = cur, p
		}
	}
	return best, bestP, evals, nil
}

// moveTo returns p with the element at position a moved to position b.
func moveTo(p []int, a, b int) []int {
	q := append([]int(nil), p...)
	x := q[a]
	q = append(q[:a], q[a+1:]...)
	q = append(q[:b], append([]int{x}, q[b:]...)...)
	return q
}

func clampJob(x, y, alphaMax float64) (float64, float64) {
	x = math.Min(math.Max(x, MinSize), MaxSize)
	y = math.Min(math.Max(y, MinSize), MaxSize)
	if x/y > alphaMax {
		x = y * alphaMax
	}
	if y/x > alphaMax {
		y = x * alphaMax
	}
	return x, y
}

// Run performs the search.
func Run(ctx context.Context, opt Options) (*Found, error) {
	p, err := policyOf(opt.Policy)
	if err != nil {
		return nil, err
	}
	if opt.N < 2 || opt.N > 10 {
		return nil, fmt.Errorf("%w: n = %d, want 2..10", ErrParam, opt.N)
	}
	if !(opt.AlphaMax > 1) || math.IsInf(opt.AlphaMax, 0) {
		return nil, fmt.Errorf("%w: alpha-max = %v, want a finite value > 1", ErrParam, opt.AlphaMax)
	}
	if opt.Restarts < 1 || opt.Steps < 1 {
		return nil, fmt.Errorf("%w: restarts and steps must be positive", ErrParam)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5851f42d4c957f2d))
	start := time.Now()
	var best *Found
	var evals int64
	score := func(in *instances.Instance) (float64, float64, float64, []int, error) {
		pt, err := total(in, p)
		if err != nil {
			return 0, 0, 0, nil, err
		}
		ub, order, e, err := UpperBound(in)
		evals += e + 1
		if err != nil {
			return 0, 0, 0, nil, err
		}
		return pt / ub, pt, ub, order, nil
	}
	logA := math.Log(opt.AlphaMax)
	for r := 0; r < opt.Restarts; r++ {
		jobs := make([]instances.Job, opt.N)
		for i := range jobs {
			x := math.Exp(rng.Float64()*math.Log(10)) * 0.5
			y := x * math.Exp((2*rng.Float64()-1)*logA)
			x, y = clampJob(x, y, opt.AlphaMax)
			jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Map: x, Shuffle: y}
		}
		cur := instances.New(jobs)
		if r == 0 {
			// First restart: start from the paper's tight family (§4), so
			// the climb begins at least as high as the known construction.
			if fam := seedFamily(opt); fam != nil {
				cur = fam
			}
		}
		curS, _, _, _, err := score(cur)
		if err != nil {
			return nil, err
		}
		sigma := 0.5
		for s := 0; s < opt.Steps; s++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if opt.TimeLimit > 0 && time.Since(start) > opt.TimeLimit {
				break
			}
			cand := cur.Clone()
			i := rng.IntN(opt.N)
			j := cand.Jobs[i]
			switch rng.IntN(3) {
			case 0:
				j.Map *= math.Exp(sigma * rng.NormFloat64())
			case 1:
				j.Shuffle *= math.Exp(sigma * rng.NormFloat64())
			default:
				f := math.Exp(sigma * rng.NormFloat64())
				j.Map, j.Shuffle = j.Map*f, j.Shuffle*f
			}
			j.Map, j.Shuffle = clampJob(j.Map, j.Shuffle, opt.AlphaMax)
			cand.Jobs[i] = j
			cs, _, _, _, err := score(cand)
			if err != nil {
				return nil, err
			}
			if cs >= curS {
				cur, curS = cand, cs
			}
			if s%50 == 49 {
				sigma = math.Max(0.02, sigma*0.8)
			}
		}
		if best == nil || curS > best.RatioLB {
			rs, pt, ub, order, err := score(cur)
			if err != nil {
				return nil, err
			}
			g, a, b := Guarantee(opt.Policy, cur)
			best = &Found{Instance: cur, Policy: opt.Policy, PolicyTotal: pt, UB: ub, UBOrder: order, RatioLB: rs, Alpha: a, Beta: b, Guarantee: g}
		}
		if opt.Progress != nil {
			opt.Progress(r, best.RatioLB)
		}
		if opt.TimeLimit > 0 && time.Since(start) > opt.TimeLimit {
			break
		}
	}
	best.Evaluations = evals
	return best, nil
}

// seedFamily returns the Cor 4 family (MaxSRPT, n even, α = AlphaMax,
// ε = (α−1)/100) or the Cor 6 family (SplitSRPT, β = min(AlphaMax, 1.25)),
// with sizes clamped to the search box, or nil.
func seedFamily(opt Options) *instances.Instance {
	var in *instances.Instance
	switch opt.Policy {
	case "maxsrpt":
		if opt.N%2 != 0 {
			return nil
		}
		f, err := tight.MaxSRPTFamily(opt.N, opt.AlphaMax, (opt.AlphaMax-1)/100)
		if err != nil {
			return nil
		}
		in = f.Instance
	case "splitsrpt":
		f, err := tight.SplitSRPTFamily(opt.N, math.Min(opt.AlphaMax, 1.25))
		if err != nil {
			return nil
		}
		in = f.Instance
	default:
		return nil
	}
	in.Metadata = nil
	for i, j := range in.Jobs {
		in.Jobs[i].Map, in.Jobs[i].Shuffle = clampJob(j.Map, j.Shuffle, opt.AlphaMax)
		in.Jobs[i].ID = fmt.Sprintf("j%d", i+1)
	}
	return in
}

// MaxExactN is the largest n for which ExactOPT enumerates all n! orders
// (8! = 40320 LPs, minutes with HiGHS).
const MaxExactN = 8

// ExactOPT computes OPT of a batch instance as the minimum over all n!
// completion orders of the fixed-order LP (package orderlp), and validates
// the optimal schedule. progress (may be nil) is called every 1000 orders.
func ExactOPT(ctx context.Context, eng mip.Engine, in *instances.Instance, progress func(done, total int)) (float64, []int, bool, error) {
	r, err := ExactOPTFull(ctx, eng, in, progress)
	if err != nil {
		return 0, nil, false, err
	}
	return r.OPT, r.Order, r.Validated, nil
}

// Exact is the outcome of ExactOPTFull.
type Exact struct {
	OPT       float64 // the smallest LP value over the orders solved
	Order     []int   // its completion order
	Solved    int     // LPs solved (orders after the symmetry reduction)
	Best      *orderlp.Result
	Validated bool // Best.Schedule passed validate.Check
	// SecondOPT is the second smallest LP value (over distinct orders), to
	// judge how well separated the optimum is.
	SecondOPT float64
}

// ExactOPTFull is ExactOPT returning the optimal LP solution and schedule.
func ExactOPTFull(ctx context.Context, eng mip.Engine, in *instances.Instance, progress func(done, total int)) (*Exact, error) {
	n := in.N()
	if n > MaxExactN {
		return nil, fmt.Errorf("%w: exact OPT by enumeration needs n ≤ %d", ErrParam, MaxExactN)
	}
	nf := 1
	for i := 2; i <= n; i++ {
		nf *= i
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	// Identical jobs are interchangeable: only orders that keep identical
	// jobs in index order are solved (a schedule with two identical jobs
	// swapped has the same cost).
	twin := make([]int, n) // twin[j] = the previous identical job, or -1
	for j := range n {
		twin[j] = -1
		for i := j - 1; i >= 0; i-- {
			if in.Jobs[i].Map == in.Jobs[j].Map && in.Jobs[i].Shuffle == in.Jobs[j].Shuffle && in.Jobs[i].Release == in.Jobs[j].Release {
				twin[j] = i
				break
			}
		}
	}
	pos := make([]int, n)
	best, bestP := math.Inf(1), []int(nil)
	second := math.Inf(1)
	solved := 0
	for k := 0; ; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i, j := range p {
			pos[j] = i
		}
		skip := false
		for j := range n {
			if twin[j] >= 0 && pos[twin[j]] > pos[j] {
				skip = true
				break
			}
		}
		if skip {
			if !perm.Next(p) {
				break
			}
			continue
		}
		v, err := orderlp.Value(ctx, eng, in, orderlp.BatchPlan(p))
		if err != nil {
			return nil, err
		}
		solved++
		if v < best {
			second = best
			best, bestP = v, append([]int(nil), p...)
		} else if v < second {
			second = v
		}
		if progress != nil && k%1000 == 999 {
			progress(k+1, nf)
		}
		if !perm.Next(p) {
			break
		}
	}
	res, err := orderlp.Solve(ctx, eng, in, orderlp.BatchPlan(bestP))
	if err != nil {
		return nil, err
	}
	_, verr := validate.Check(in, res.Schedule)
	return &Exact{OPT: best, Order: bestP, Solved: solved, Best: res, Validated: verr == nil, SecondOPT: second}, nil
}
