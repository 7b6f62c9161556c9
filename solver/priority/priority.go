package priority

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
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

// twoOrders ends the name of a policy's start that serves the map station
// in the policy's order of map completions and the shuffle station in its
// order of completions.
const twoOrders = " map and completion orders"

// windowShare: with Options.Window 0 a job moves up to n/windowShare
// places.
const windowShare = 4

// DefaultIterations is the number of moves evaluated when
// Options.Iterations is 0 and no deadline is set.
const DefaultIterations = 2000

// A move may also change one station's order alone (fluid.Orders) once
// the single-order search is exhausted: stallMin and stallPerJob·n
// consecutive moves, whichever is more, without a kept one. Before, both
// stations share one order (fluid.Order); its moves still improve long
// after shorter stalls on busy nights (splitting the orders after 4·n
// moves without a kept one, or at half of a 30 s search, lost 1–3 points
// of gap on two of three online nights of 1,000 jobs). After, the
// single-order moves go on as one kind of three.
const (
	stallMin    = 20000
	stallPerJob = 50
)

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

	stall int64 // moves without a kept one before the orders may split (0: the default; tests set it)
}

// Result is the best priority order found and its schedule.
type Result struct {
	Order      []int // job indices, highest priority first at the shuffle station
	MapOrder   []int // the same at the map station (equal to Order unless a move split them)
	Completion []float64
	Objective  float64 // Σ w_j (C_j − r_j) of the schedule
	Start      string  // the start the search improved: a policy (its completion order, or with twoOrders its two orders) or smallestFirst
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
	res := &Result{Starts: map[string]float64{}}
	var best, bestMap []int
	var bestC []float64 // the completions of the best orders' schedule
	bestV := math.Inf(1)
	try := func(name string, mapOrder, order []int) error {
		r, err := fluid.Simulate(in, fluid.Orders(mapOrder, order), fluid.Options{})
		if err != nil {
			return err
		}
		v := in.WeightedResponse(r.Completion)
		res.Starts[name] = v
		if v < bestV {
			best, bestMap, bestV, bestC, res.Start = order, mapOrder, v, r.Completion, name
		}
		return nil
	}
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT()} {
		r, err := fluid.Simulate(in, p, fluid.Options{Record: true})
		if err != nil {
			return nil, err
		}
		order := completionOrder(r.Completion)
		if err := try(p.Name(), order, order); err != nil {
			return nil, err
		}
		if err := try(p.Name()+twoOrders, completionOrder(mapCompletion(in, r.Schedule)), order); err != nil {
			return nil, err
		}
	}
	// The static order of the standalone times over the weights (Smith's
	// rule on the larger phase).
	key := make([]float64, n)
	for j, jb := range in.Jobs {
		key[j] = max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity) / in.Weight(j)
	}
	order := completionOrder(key)
	if err := try(smallestFirst, order, order); err != nil {
		return nil, err
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
	if slices.Equal(bestMap, best) {
		bestMap = best // one slice while the orders are not split
	}
	cand, candMap := make([]int, n), make([]int, n)
	stall := int64(max(stallMin, stallPerJob*n))
	if opt.stall > 0 {
		stall = opt.stall
	}
	entry := make([]float64, n)
	presence(in, bestC, entry)
	var lastKept int64                 // evaluations when the last move was kept
	split := !sameOrder(bestMap, best) // a start with two orders searches both from the outset
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
		split = split || res.Evaluated-lastKept >= stall
		kind := moveBoth
		if split {
			kind = rng.IntN(3)
		}
		// A move changes the schedule only if the job shares an instant
		// of presence with a job it passes (otherwise their relative
		// priority enters no allocation): moves that cannot are skipped
		// without a simulation.
		var r *fluid.Result
		var err error
		switch {
		case !split && sameOrder(bestMap, best):
			if !meets(best, i, j, entry, bestC) {
				continue
			}
			insert(cand, best, i, j)
			r, err = fluid.Simulate(in, fluid.Order(cand), fluid.Options{})
		case kind == moveBoth:
			// The job at place i of the shuffle order moves by the same
			// number of places in both orders.
			k := slices.Index(bestMap, best[i])
			l := min(max(k+j-i, 0), n-1)
			if !meets(best, i, j, entry, bestC) && !meets(bestMap, k, l, entry, bestC) {
				continue
			}
			insert(cand, best, i, j)
			insert(candMap, bestMap, k, l)
		case kind == moveMap:
			if !meets(bestMap, i, j, entry, bestC) {
				continue
			}
			copy(cand, best)
			insert(candMap, bestMap, i, j)
		default:
			if !meets(best, i, j, entry, bestC) {
				continue
			}
			insert(cand, best, i, j)
			copy(candMap, bestMap)
		}
		if r == nil && err == nil {
			r, err = fluid.Simulate(in, fluid.Orders(candMap, cand), fluid.Options{})
		}
		if err != nil {
			return nil, err
		}
		res.Evaluated++
		if v := in.WeightedResponse(r.Completion); v < bestV-improveRel*math.Abs(bestV) {
			if !split {
				best, cand = cand, best
				bestMap = best
			} else {
				if sameOrder(bestMap, best) { // the first split move: two slices from now on
					bestMap = append([]int(nil), best...)
				}
				best, cand = cand, best
				bestMap, candMap = candMap, bestMap
			}
			bestV, bestC = v, r.Completion
			presence(in, bestC, entry)
			lastKept = res.Evaluated
			res.Moves++
			if opt.Progress != nil {
				opt.Progress(bestV, res.Moves)
			}
		}
	}
	r, err := fluid.Simulate(in, fluid.Orders(bestMap, best), fluid.Options{Record: true})
	if err != nil {
		return nil, err
	}
	res.Order, res.MapOrder = best, append([]int(nil), bestMap...)
	res.Completion, res.Schedule = r.Completion, r.Schedule
	res.Objective = in.WeightedResponse(r.Completion)
	return res, nil
}

// The kinds of a move once the orders may split.
const (
	moveBoth    = iota // the job moves in both orders
	moveMap            // in the map order only
	moveShuffle        // in the shuffle order only
)

// sameOrder reports whether a and b are the same slice (the orders have not
// split).
func sameOrder(a, b []int) bool { return len(a) > 0 && &a[0] == &b[0] }

// presence writes into entry when each job enters the system in the
// schedule with completions c: its release, or its last predecessor's
// completion when later (package fluid). Job j is present in [entry_j, c_j].
func presence(in *instances.Instance, c, entry []float64) {
	for j, jb := range in.Jobs {
		e := jb.Release
		for _, p := range jb.After {
			e = max(e, c[p])
		}
		entry[j] = e
	}
}

// meets reports whether the job at place i of order shares an instant of
// presence (entry, c) with a job that moving it to place j passes: those
// at places i+1..j or j..i−1. Touching intervals count as shared.
func meets(order []int, i, j int, entry, c []float64) bool {
	v := order[i]
	lo, hi := j, i-1
	if i < j {
		lo, hi = i+1, j
	}
	for _, k := range order[lo : hi+1] {
		if entry[k] <= c[v] && entry[v] <= c[k] {
			return true
		}
	}
	return false
}

// mapCompletion returns when each job's map phase ends in the recorded
// schedule s (its release for a job without map work).
func mapCompletion(in *instances.Instance, s *schedule.Schedule) []float64 {
	end := make([]float64, in.N())
	for j, jb := range in.Jobs {
		end[j] = jb.Release
	}
	for _, seg := range s.Segments {
		for _, rt := range seg.Rates {
			if rt.Map > 0 {
				end[rt.Job] = seg.End
			}
		}
	}
	return end
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
