package priority

import (
	"context"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
)

// DefaultWindow is the least default window: with Options.Window 0 a move
// displaces a job by up to max(DefaultWindow, n/windowShare) places.
const DefaultWindow = 16

// smallestFirst names the start ordered by max(x_j/μ_m, y_j/μ_c)/w_j.
const smallestFirst = "smallest first"

// windowShare: with Options.Window 0 a job moves up to n/windowShare
// places.
const windowShare = 4

// DefaultIterations is the number of moves evaluated when
// Options.Iterations is 0 and no deadline is set.
const DefaultIterations = 2000

// improveRel is the relative decrease of the objective a move must bring
// to be kept: smaller differences are float64 noise of the simulation.
const improveRel = 1e-12

// Options control Solve.
type Options struct {
	// Deadline ends the search (zero: none); the best order so far is
	// returned with Result.TimedOut set.
	Deadline time.Time
	// Now is the clock (nil: time.Now); tests inject one.
	Now func() time.Time
	// Iterations is the number of moves evaluated (0: DefaultIterations
	// without a deadline, unlimited with one; negative: none).
	Iterations int
	// Window is the largest displacement of a move (0: a quarter of the
	// jobs, at least DefaultWindow).
	Window int
	// Target, when positive, stops the search once the objective is at
	// most Target.
	Target float64
	// Seed seeds the moves (the search is deterministic for a seed).
	Seed uint64
	// Progress, when not nil, receives the best objective and the number
	// of moves kept after each kept move (on Solve's goroutine; the caller
	// limits how often it prints).
	Progress func(objective float64, moves int64)
}

// Result is the best priority order found and its schedule.
type Result struct {
	Order      []int // job indices, highest priority first
	Completion []float64
	Objective  float64 // Σ w_j (C_j − r_j) of the schedule
	Start      string  // the policy whose completion order the search improved
	Starts     map[string]float64
	Evaluated  int64 // moves evaluated
	Moves      int64 // moves kept
	TimedOut   bool  // the deadline or the context ended the search
	Schedule   *schedule.Schedule
}

// Solve returns the best preemptive priority schedule the search finds
// (see the package comment). With dependencies every order is feasible: a
// job enters the system when its predecessors have completed (package
// fluid), whatever its priority.
func Solve(ctx context.Context, in *instances.Instance, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	n := in.N()
	eval := func(order []int) (*fluid.Result, error) {
		return fluid.Simulate(in, fluid.Order(order), fluid.Options{})
	}
	res := &Result{Starts: map[string]float64{}}
	var best []int
	bestV := math.Inf(1)
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT()} {
		r, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			return nil, err
		}
		order := completionOrder(r.Completion)
		or, err := eval(order)
		if err != nil {
			return nil, err
		}
		v := in.WeightedResponse(or.Completion)
		res.Starts[p.Name()] = v
		if v < bestV {
			best, bestV, res.Start = order, v, p.Name()
		}
	}
	// The static order of the standalone times over the weights (Smith's
	// rule on the larger phase).
	key := make([]float64, n)
	for j, jb := range in.Jobs {
		key[j] = max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity) / in.Weight(j)
	}
	order := completionOrder(key)
	or, err := eval(order)
	if err != nil {
		return nil, err
	}
	v := in.WeightedResponse(or.Completion)
	res.Starts[smallestFirst] = v
	if v < bestV {
		best, bestV, res.Start = order, v, smallestFirst
	}
	iters := opt.Iterations
	if iters == 0 && opt.Deadline.IsZero() {
		iters = DefaultIterations
	}
	w := opt.Window
	if w <= 0 {
		w = max(DefaultWindow, n/windowShare)
	}
	w = min(w, n-1)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x7072696f))
	cand := make([]int, n)
	for it := 0; w > 0 && (iters == 0 || int64(it) < int64(iters)); it++ {
		if opt.Target > 0 && bestV <= opt.Target {
			break
		}
		if ctx.Err() != nil || !opt.Deadline.IsZero() && !now().Before(opt.Deadline) {
			res.TimedOut = true
			break
		}
		i := rng.IntN(n)
		d := displacement(rng, w)
		if rng.IntN(2) == 0 {
			d = -d
		}
		j := min(max(i+d, 0), n-1)
		if j == i {
			continue
		}
		insert(cand, best, i, j)
		r, err := eval(cand)
		if err != nil {
			return nil, err
		}
		res.Evaluated++
		if v := in.WeightedResponse(r.Completion); v < bestV-improveRel*math.Abs(bestV) {
			best, cand = cand, best
			bestV = v
			res.Moves++
			if opt.Progress != nil {
				opt.Progress(bestV, res.Moves)
			}
		}
	}
	r, err := fluid.Simulate(in, fluid.Order(best), fluid.Options{Record: true})
	if err != nil {
		return nil, err
	}
	res.Order, res.Completion, res.Schedule = best, r.Completion, r.Schedule
	res.Objective = in.WeightedResponse(r.Completion)
	return res, nil
}

// completionOrder returns the job indices by completion time, ties by
// index.
func completionOrder(c []float64) []int {
	order := make([]int, len(c))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return c[order[a]] < c[order[b]] })
	return order
}

// insert writes into dst the order src with the job at position i moved
// to position j.
func insert(dst, src []int, i, j int) {
	v := src[i]
	switch {
	case i < j:
		copy(dst[:i], src[:i])
		copy(dst[i:j], src[i+1:j+1])
		dst[j] = v
		copy(dst[j+1:], src[j+1:])
	default:
		copy(dst[:j], src[:j])
		dst[j] = v
		copy(dst[j+1:i+1], src[j:i])
		copy(dst[i+1:], src[i+1:])
	}
}

// displacement draws a move's displacement from 1 to w, log-uniformly: as
// many moves of 1–3 places as of 3–9 or 100–300, so that both the
// neighbours in the order and the jobs of the same busy period far from
// it are tried.
func displacement(rng *rand.Rand, w int) int {
	return min(w, int(math.Exp(rng.Float64()*math.Log(float64(w)+1))))
}
