package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/dominance"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/exact/polish"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
)

// PolishFromN is the smallest batch for which the search seeds its
// incumbent with package polish (below it the search is faster alone).
const PolishFromN = 12

// prefixLPFrom is the smallest prefix length bounded by its LP.
const prefixLPFrom = 3

// clockEvery is how many calls of timeUp (one per node and one per child
// before its bound LP) pass between two reads of the clock: at most
// clockEvery prefix LPs (≈ 0.1 ms each at n = 20) run past the limit.
const clockEvery = 16

// MaxDPJobs is the largest n for which the subset bound h is tabulated
// (2^n float64 values: 32 MiB at n = 22).
const MaxDPJobs = 22

// pruneRel is the relative tolerance of pruning: a node is cut when its
// bound is within pruneRel of the incumbent, i.e. the search proves
// optimality up to this relative gap (the LP engine's own accuracy is about
// 1e-7 relative, so closer distinctions are not meaningful).
const pruneRel = 1e-9

// Options control a search.
type Options struct {
	// TimeLimit bounds the search (0: none besides the context).
	TimeLimit time.Duration
	// Progress, when non-nil, is called about once a second.
	Progress func(Stats)
	// UseEngine evaluates batch orders with the LP engine (package
	// orderlp) instead of the specialised evaluator of package fastlp,
	// and turns off the prefix-LP bound; with release dates it evaluates
	// plans with the engine instead of fastlp.Release.
	UseEngine bool
	// NoDominance turns off the dominance rule of package dominance and
	// keeps only the ordering of identical jobs by index (for measuring
	// what the rule removes).
	NoDominance bool
	// Bound, when non-nil, is polled with the clock for a lower bound on
	// OPT proved elsewhere (the MIP of a portfolio running alongside). The
	// search stops, optimal, once its incumbent is within pruneRel of it;
	// until then it does not change the search's trajectory, so the
	// incumbent returned does not depend on when the bound arrived
	// (incumbents improve by more than pruneRel, so at most one of them
	// lies within pruneRel of a bound).
	Bound func() float64
	// GapLimit, when positive, stops the search, status mip.GapLimit,
	// once the external bound (Bound) is within this relative gap of the
	// incumbent: (incumbent − bound)/incumbent ≤ GapLimit.
	GapLimit float64
	// Clock, when non-nil, replaces time.Now for the time limit and the
	// elapsed time (tests inject a clock that expires after a given number
	// of reads; the context's own deadline still applies).
	Clock func() time.Time
	// NodeLimit, when positive, stops the search after that many nodes
	// (status "node limit"): a budget that, unlike a time limit, gives the
	// same result on every machine.
	NodeLimit int64
	// NoPairTail turns off the pair tail (pairtail.go) and bounds the
	// tail below a node by the subset bound h alone (for measuring what
	// the pair tail removes).
	NoPairTail bool
	// NoWindowTail turns off the window tail (windows.go) and keeps the
	// pair tail's two pairings (for measuring what the window tail
	// removes).
	NoWindowTail bool
	// NoWarmStart solves every prefix LP from fastlp's cold starting
	// basis instead of the parent node's final basis (for measuring what
	// the warm start saves).
	NoWarmStart bool
	// NoPacing turns off the pacing bound (pacing.go), for measuring what
	// it adds to the pair and window tails.
	NoPacing bool
	// pacingFamily, when 1 or 2, tabulates that pacing family (the last
	// anchor alone, the last two) instead of the stronger at the root
	// (tests).
	pacingFamily int
	// groupLo and groupHi, when positive, replace the smallest and largest
	// group size of the release-date group bound (pairs.go; tests and the
	// group sub-searches). A sub-search is given its groups instead
	// (groupPreset: groups, in its own job indices, and no others).
	groupLo, groupHi int
	groupPreset      bool
	groups           []jobGroup
}

// Stats are the search counters.
type Stats struct {
	Nodes      int64
	LPs        int64
	ChainCuts  int64 // nodes and leaves cut by the chain bound (chain.go)
	PrefixLPs  int64 // prefix LPs solved for node bounds (fastlp)
	PrefixCuts int64 // nodes cut by a prefix LP
	// PrefixWarm counts the prefix LPs started from the parent node's
	// basis (fastlp.ValueNormAppend) and LPWarm the complete orders' LPs
	// started so; PrefixWarmFailed counts the warm starts of either that
	// fell back to the cold start, PrefixPivots the simplex pivots of all
	// prefix LPs (of the cold solve after a fallback).
	PrefixWarm, LPWarm, PrefixWarmFailed, PrefixPivots int64
	GroupNodes                                         int64 // nodes of the release-date group sub-searches (pairs.go)
	Incumbent                                          float64
	LowerBound                                         float64
	Elapsed                                            time.Duration
}

// Result is the answer of a search. Its Answer has the status (Optimal,
// GapLimit, TimeLimit, NodeLimit or Interrupted) and the bound source:
// mip.SourceSearch (the search space exhausted, or stopped with open
// nodes), mip.SourceSearchRoot (stopped with the root open: its bound
// only) or mip.SourceExternal (Options.Bound).
type Result struct {
	mip.Answer
	Plan      orderlp.Plan
	RootBound float64 // h(∅) (batch) or the root bound (releases)
	Stats     Stats
	// ExternalBound is the best bound read from Options.Bound (−Inf if
	// none).
	ExternalBound float64
}

// Sentinel errors.
var (
	// ErrEngine wraps LP failures.
	ErrEngine = errors.New("search: LP evaluation failed")
	// ErrSize is returned for more than 64 jobs.
	ErrSize = errors.New("search: instance too large")
)

type searcher struct {
	ctx      context.Context
	eng      mip.Engine
	in       *instances.Instance
	opt      Options
	start    time.Time
	deadline time.Time
	n        int
	x, y     []float64
	// tab holds the subset bound h and the pair tail (subsets.go; nil
	// when not tabulated).
	tab *tables
	// pace holds the pacing bound's tables (pacing.go; nil when off) and
	// pgs[d] the pacing prefix sums of the node at depth d on the path.
	pace    *pacingTables
	pgs     [][]float64
	sortedX []int // job indices by x (fallback tail bound)
	sortedY []int
	// preds[j] is the mask of the jobs that complete before j in the
	// orders explored (package dominance; identical jobs by index).
	preds    []uint64
	best     float64
	bestPlan orderlp.Plan
	stats    Stats
	stopped  bool
	// nodeLimited is true when Options.NodeLimit stopped the search.
	nodeLimited bool
	// rootOpen is true until the root node has recorded its children in
	// frames[0]: a search stopped before that has proved only the root
	// bound.
	rootOpen bool
	ext      float64 // best external bound seen (Options.Bound)
	extProof bool    // the external bound proved the incumbent optimal
	gapStop  bool    // the external bound came within Options.GapLimit
	lastProg time.Time
	ticks    int64 // calls of timeUp (the clock is read every clockEvery)
	// frames hold, per depth, the bounds of the not yet explored children.
	frames [][]float64
	err    error
	fast   *fastlp.Solver // nil: engine evaluation
	pfast  *fastlp.Solver // prefix bounds
	// bases[d] is the final basis of the prefix LP of the node at depth d
	// on the current path (warm start of its children's prefix LPs).
	bases []fastlp.Basis
	rfast *fastlp.Release // release-date plans (nil: engine); release.go
	rt    *releaseTables  // release-date node bounds (release.go)
	// dag is true when the instance has dependencies or weights other
	// than 1 (dag.go): w holds the weights, cp the critical-path bound
	// on each completion, and the bounds that assume neither are off.
	dag   bool
	w, cp []float64
}

// Solve runs the search on in with LP engine eng.
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Result, error) {
	err := in.Validate()
	if err != nil {
		return nil, err
	}
	s := &searcher{ctx: ctx, eng: eng, in: in, opt: opt, n: in.N(), best: math.Inf(1), ext: math.Inf(-1)}
	s.start = s.now()
	if opt.TimeLimit > 0 {
		s.deadline = s.start.Add(opt.TimeLimit)
	}
	if d, ok := ctx.Deadline(); ok && (s.deadline.IsZero() || d.Before(s.deadline)) {
		s.deadline = d
	}
	if s.n > 64 {
		return nil, fmt.Errorf("%w: %d jobs (at most 64)", ErrSize, s.n)
	}
	s.setModel()
	if err := s.setEvaluator(); err != nil {
		return nil, err
	}
	var root float64
	if in.IsBatch() {
		root = s.prepareBatch()
		root = max(root, s.pairTail(0, 0, 0))
		if s.pace = s.buildPacing(); s.pace != nil {
			s.pgs = make([][]float64, s.n+1)
			for d := range s.pgs {
				s.pgs[d] = make([]float64, len(s.pace.d))
			}
			root = max(root, s.pacingBound(s.pgs[0], 0, 0))
		}
	} else {
		root = s.releaseRootBound()
	}
	s.stats.LowerBound = root
	if err := s.incumbents(root); err != nil {
		return nil, err
	}
	if in.IsBatch() && !s.opt.NoWindowTail && !s.cut(root) && !s.stopped {
		// The window tail (windows.go) needs the incumbent for its steps.
		s.windowTail()
		root = max(root, s.pairTail(0, 0, 0))
		s.stats.LowerBound = root
	}
	s.pollBound()
	s.explore(root)
	if s.err != nil {
		return nil, s.err
	}
	if math.IsInf(s.best, 1) {
		return nil, fmt.Errorf("%w: no complete order was evaluated", ErrEngine)
	}
	return s.result(root)
}

// setEvaluator chooses how complete orders are evaluated: package fastlp
// for batches (with the weights and dependencies of a DAG instance),
// fastlp.Release with release dates, or the LP engine when opt.UseEngine.
func (s *searcher) setEvaluator() error {
	in, opt := s.in, s.opt
	if in.IsBatch() && !opt.UseEngine {
		s.fast, s.pfast = new(fastlp.Solver), new(fastlp.Solver)
		if s.dag {
			w, after := s.dagVectors()
			s.fast.Weight, s.fast.After = w, after
			s.pfast.Weight, s.pfast.After = w, after
		}
	} else if !in.IsBatch() && !opt.UseEngine {
		var err error
		if s.rfast, err = fastlp.NewRelease(in); err != nil {
			return err
		}
	}
	if s.fast == nil && s.rfast == nil && s.eng == nil {
		return fmt.Errorf("%w: no LP engine given for an instance with release dates", ErrEngine)
	}
	return nil
}

// incumbents evaluates the heuristics' plans and, when they have not met
// the root bound, polishes from them.
func (s *searcher) incumbents(root float64) error {
	in := s.in
	// Incumbents from heuristics.
	for _, p := range s.heuristicPlans() {
		if err := s.evaluate(p); err != nil {
			return err
		}
	}
	// A better incumbent prunes more: for instances with releases and for
	// batches of PolishFromN jobs or
	// more, polish (LP local search) from the heuristics for a fifth of the
	// time limit (or to a local optimum without a limit) when the
	// heuristics have not already met the root bound.
	if (s.n >= PolishFromN || !in.IsBatch()) && !s.cut(root) && !s.stopped {
		budget := time.Duration(0)
		if !s.deadline.IsZero() {
			budget = s.deadline.Sub(s.now()) / 5
			if !in.IsBatch() {
				// With releases the search's bound is weak and polish's
				// local optimum is usually the best schedule found, so
				// polish gets half the time (it stops earlier at its local
				// optimum, the same as polish alone reaches).
				budget = s.deadline.Sub(s.now()) / 2
			}
		}
		if budget >= 0 {
			pr, err := polish.Solve(s.ctx, s.eng, in, polish.Options{TimeLimit: budget, UseEngine: s.opt.UseEngine})
			if err == nil {
				s.stats.LPs += int64(pr.Evaluations)
				// The polish value is that of its validated schedule; the
				// plan's LP value (what the search compares) is re-read.
				if err := s.evaluate(pr.Plan); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// explore runs the depth-first search below the root unless the incumbent
// already meets the root bound or the search has stopped.
func (s *searcher) explore(root float64) {
	in := s.in
	if s.best > root*(1+pruneRel)+pruneRel {
		// Until the root records its children, only the root bound is
		// proved (also when the limit ended during the heuristics).
		s.rootOpen = true
	}
	if s.rootOpen && !s.stopped {
		if in.IsBatch() {
			s.frames = make([][]float64, s.n+1)
			s.bases = make([]fastlp.Basis, s.n+1)
			s.batchDFS(make([]int, 0, s.n), 0, 0, 0, 0, 0)
		} else {
			_, rel := orderlp.Periods(in)
			s.frames = make([][]float64, 2*s.n+2)
			s.releaseDFS(orderlp.Plan{}, rel, 0, make([]bool, s.n), 0, 0)
		}
	}
}

// result solves the LP of the best plan for its schedule and states what
// was proved: the status and the lower bound with its source.
func (s *searcher) result(root float64) (*Result, error) {
	ctx, in := s.ctx, s.in
	var final *orderlp.Result
	var err error
	if s.fast != nil {
		final, err = s.fast.Solve(in, s.bestPlan.Order)
	} else if s.rfast != nil {
		final, err = s.rfast.Solve(s.bestPlan)
	} else {
		final, err = mip.InPastDeadline(ctx, func(pc context.Context) (*orderlp.Result, error) { return orderlp.Solve(pc, s.eng, in, s.bestPlan) })
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrEngine, err)
	}
	res := &Result{Answer: mip.Answer{Status: mip.Optimal, Objective: final.Total, Schedule: final.Schedule}, Plan: s.bestPlan, RootBound: root}
	res.ExternalBound = s.ext
	src := mip.SourceSearch
	lb := s.best // the search space is exhausted: proven up to pruneRel
	switch {
	case s.extProof:
		lb, src = s.ext, mip.SourceExternal
	case s.gapStop:
		lb, src = s.ext, mip.SourceExternal
		res.Status = mip.GapLimit
	case s.stopped:
		res.Status = mip.TimeLimit
		if s.nodeLimited {
			res.Status = mip.NodeLimit
		}
		if ctx.Err() != nil && (s.deadline.IsZero() || s.now().Before(s.deadline)) {
			res.Status = mip.Interrupted
		}
		lb = s.openBound(root)
		if s.rootOpen {
			src = mip.SourceSearchRoot
		}
		if s.ext > lb {
			lb, src = s.ext, mip.SourceExternal
		}
	}
	res.SetBound(lb, src)
	s.stats.Elapsed = s.now().Sub(s.start)
	s.stats.Incumbent, s.stats.LowerBound = s.best, res.LowerBound
	res.Stats = s.stats
	return res, nil
}

// prepareBatch tabulates h and returns h(∅).
func (s *searcher) prepareBatch() float64 {
	n := s.n
	s.sortedX, s.sortedY = make([]int, n), make([]int, n)
	for j := range s.sortedX {
		s.sortedX[j], s.sortedY[j] = j, j
	}
	sort.SliceStable(s.sortedX, func(a, b int) bool { return s.x[s.sortedX[a]] < s.x[s.sortedX[b]] })
	sort.SliceStable(s.sortedY, func(a, b int) bool { return s.y[s.sortedY[a]] < s.y[s.sortedY[b]] })
	s.tab = s.buildTables(n <= MaxDPJobs)
	if s.tab == nil {
		return s.tailBound(0, 0, 0)
	}
	return s.tab.h[s.tab.at(0)]
}

// tailBound bounds Σ of the completions after a prefix with set mask and
// sums X, Y.
func (s *searcher) tailBound(mask uint64, X, Y float64) float64 {
	if s.tab != nil {
		return s.tab.h[s.tab.at(mask)]
	}
	if s.dag {
		return s.weightedTail(mask, X, Y)
	}
	return s.sortedTail(mask, X, Y, nil)
}

// sortedTail is Σ_k w_k·max(X + x_(1) + … + x_(k), Y + y_(1) + … +
// y_(k)) over the jobs not in mask, x and y each sorted increasingly
// (independently), with ws the weights sorted decreasingly (nil: every
// weight 1; 1·v = v, so the unit sum has the same bits either way).
func (s *searcher) sortedTail(mask uint64, X, Y float64, ws []float64) float64 {
	total := 0.0
	sx, sy := X, Y
	ix, iy := 0, 0
	for k := 0; k < s.n-bits.OnesCount64(mask); k++ {
		for mask&(1<<s.sortedX[ix]) != 0 {
			ix++
		}
		for mask&(1<<s.sortedY[iy]) != 0 {
			iy++
		}
		sx += s.x[s.sortedX[ix]]
		sy += s.y[s.sortedY[iy]]
		ix++
		iy++
		w := 1.0
		if ws != nil {
			w = ws[k]
		}
		total += w * max(sx, sy)
	}
	return total
}

func (s *searcher) heuristicPlans() []orderlp.Plan {
	var plans []orderlp.Plan
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		r, err := fluid.Simulate(s.in, p, fluid.Options{})
		if err != nil {
			continue
		}
		plans = append(plans, orderlp.PlanFromCompletions(s.in, r.Completion))
	}
	if s.tab != nil {
		// The order minimising P, reconstructed from h.
		order := make([]int, 0, s.n)
		var S uint64
		X, Y := 0.0, 0.0
		for len(order) < s.n {
			bj, bv := -1, math.Inf(1)
			for j := 0; j < s.n; j++ {
				if S&(1<<j) != 0 || s.preds[j]&^S != 0 {
					continue
				}
				v := s.posCost(j, X+s.x[j], Y+s.y[j]) + s.tab.h[s.tab.at(S|1<<j)]
				if v < bv {
					bj, bv = j, v
				}
			}
			order = append(order, bj)
			S |= 1 << bj
			X, Y = X+s.x[bj], Y+s.y[bj]
		}
		plans = append(plans, orderlp.BatchPlan(order))
	}
	return plans
}

// now reads the injected clock or time.Now.
func (s *searcher) now() time.Time {
	if s.opt.Clock != nil {
		return s.opt.Clock()
	}
	return time.Now()
}

// openBound is the lower bound proved by a stopped search: the smallest
// bound of a node not yet explored (the pending children recorded in
// frames, each bounding its whole subtree), or the incumbent when every
// node is explored or pruned against it, and never less than the root
// bound. A search stopped before the root recorded its children has
// proved the root bound only. The incumbent itself is not a bound: it
// enters only as the value every pruned node was proved not to beat.
func (s *searcher) openBound(root float64) float64 {
	if s.rootOpen {
		return root
	}
	lb := s.best
	for _, f := range s.frames {
		for _, b := range f {
			lb = min(lb, b)
		}
	}
	return max(lb, root)
}

// pollBound reads Options.Bound and stops the search when it proves the
// incumbent optimal.
func (s *searcher) pollBound() {
	if s.opt.Bound == nil {
		return
	}
	if b := s.opt.Bound(); b > s.ext {
		s.ext = b
	}
	if !math.IsInf(s.best, 1) && s.cut(s.ext) {
		s.stopped, s.extProof = true, true
	} else if g := s.opt.GapLimit; g > 0 && !math.IsInf(s.best, 1) && s.best > 0 && s.ext >= s.best*(1-g) {
		s.stopped, s.gapStop = true, true
	}
}

func (s *searcher) timeUp() bool {
	if s.stopped {
		return true
	}
	if s.opt.NodeLimit > 0 && s.stats.Nodes >= s.opt.NodeLimit {
		s.stopped, s.nodeLimited = true, true
		return true
	}
	// The clock is read every clockEvery calls, not every so many nodes:
	// between two nodes a node's children may cost many prefix LPs (on
	// Taillard 20 jobs about 11 per node), and counting nodes let a loaded
	// machine run seconds past the limit.
	s.ticks++
	if s.ticks%clockEvery == 0 {
		s.pollBound()
		now := s.now()
		if s.ctx.Err() != nil || (!s.deadline.IsZero() && now.After(s.deadline)) {
			s.stopped = true
		}
		if s.opt.Progress != nil && now.Sub(s.lastProg) > time.Second {
			s.lastProg = now
			st := s.stats
			st.Incumbent, st.Elapsed = s.best, now.Sub(s.start)
			s.opt.Progress(st)
		}
	}
	return s.stopped
}

func (s *searcher) expired() bool {
	return s.ctx.Err() != nil || (!s.deadline.IsZero() && s.now().After(s.deadline))
}

func (s *searcher) evaluate(p orderlp.Plan) error { return s.evaluateFrom(p, nil) }

// evaluateFrom is evaluate with the batch LP warm-started from basis
// (fastlp.ValueNormAppend; nil or Options.NoWarmStart: cold).
func (s *searcher) evaluateFrom(p orderlp.Plan, basis *fastlp.Basis) error {
	if p.Check(s.in) != nil {
		return nil
	}
	if s.stopped || (s.stats.LPs > 0 && s.expired()) {
		// Each LP takes milliseconds, so the clock is read before every
		// one (the incumbent heuristics at the start always run).
		s.stopped = true
		return nil
	}
	var v float64
	var err error
	switch {
	case s.fast != nil && basis != nil:
		v, err = s.solveFrom(s.fast, basis, p.Order, &s.stats.LPWarm)
	case s.fast != nil:
		v, err = s.fast.ValueNorm(s.x, s.y, p.Order)
	case s.rfast != nil:
		v, err = s.rfast.Value(p)
	default:
		// The LP gets no deadline: one solve takes milliseconds and the
		// search checks its own deadline before each.
		v, err = mip.InPastDeadline(s.ctx, func(pc context.Context) (float64, error) { return orderlp.Value(pc, s.eng, s.in, p) })
	}
	s.stats.LPs++
	if errors.Is(err, orderlp.ErrInfeasible) {
		return nil
	}
	if err != nil {
		// An engine that stops at a time limit (or any failure once the
		// search's own limit has passed) ends the search with its
		// incumbent, status time limit.
		if s.expired() || errors.Is(err, orderlp.ErrTimeLimit) {
			s.stopped = true
			return nil
		}
		return fmt.Errorf("%w: %w", ErrEngine, err)
	}
	// Only improvements by more than pruneRel count (the same margin as
	// pruning), so at most one incumbent lies within pruneRel of OPT.
	if v < s.best-pruneRel*math.Abs(s.best) || math.IsInf(s.best, 1) {
		s.best = v
		s.bestPlan = orderlp.Plan{Order: append([]int(nil), p.Order...), Period: append([]int(nil), p.Period...)}
	}
	return nil
}

func (s *searcher) cut(bound float64) bool { return bound >= s.best-pruneRel*math.Abs(s.best) }

// openFrame sorts the children of a node at depth by their bound (stably:
// ties keep the order they were made in) and records the bounds as the
// open nodes of frames[depth]; at the root it marks the root expanded. It
// returns the bounds, the i-th that of kids[i]: the children from i on
// are pending while kids[i] is explored.
func openFrame[K any](s *searcher, depth int, kids []K, bound func(K) float64) []float64 {
	sort.SliceStable(kids, func(a, b int) bool { return bound(kids[a]) < bound(kids[b]) })
	pending := make([]float64, len(kids))
	for i, k := range kids {
		pending[i] = bound(k)
	}
	s.frames[depth] = pending
	if depth == 0 {
		s.rootOpen = false
	}
	return pending
}

type child struct {
	j     int
	bound float64
	cost  float64
}

// batchDFS explores the orders extending prefix (set mask, sums X, Y,
// prefix cost P; plp a proven lower bound on the sum of the prefix's
// completions, at least P).
func (s *searcher) batchDFS(prefix []int, mask uint64, X, Y, P, plp float64) {
	if s.err != nil || s.timeUp() {
		return
	}
	s.stats.Nodes++
	depth := len(prefix)
	if depth == s.n {
		// The chain bound (chain.go) often proves that the order's LP
		// cannot beat the incumbent, saving the LP.
		if !s.dag && s.cut(chainBound(s.x, s.y, prefix)) {
			s.stats.ChainCuts++
			return
		}
		// The order's LP starts from the basis of its parent's prefix
		// LP (the same LP with the last job removed).
		if err := s.evaluateFrom(orderlp.BatchPlan(prefix), &s.bases[depth-1]); err != nil {
			s.err = err
		}
		return
	}
	var kids []child
	for j := 0; j < s.n; j++ {
		if mask&(1<<j) != 0 {
			continue
		}
		if s.preds[j]&^mask != 0 {
			continue // a job that precedes j (package dominance) is not placed
		}
		X2, Y2 := X+s.x[j], Y+s.y[j]
		c := P + s.posCost(j, X2, Y2)
		b := c + s.pairTail(mask|1<<j, X2, Y2)
		if s.pace != nil {
			s.pacingStep(s.pgs[depth+1], s.pgs[depth], mask|1<<j, X2, Y2)
			b = max(b, s.pacingBound(s.pgs[depth+1], mask|1<<j, 0))
		}
		if !s.cut(b) {
			kids = append(kids, child{j, b, c})
		}
	}
	pending := openFrame(s, depth, kids, func(k child) float64 { return k.bound })
	for i, k := range kids {
		s.frames[depth] = pending[i:]
		if s.cut(k.bound) {
			break
		}
		if s.timeUp() {
			return
		}
		child := append(prefix, k.j)
		if s.pace != nil {
			s.pacingStep(s.pgs[depth+1], s.pgs[depth], mask|1<<k.j, X+s.x[k.j], Y+s.y[k.j])
		}
		// The parent's prefix bound plus the new completion's static
		// bound L(S+j) = k.cost − P bounds the child's prefix.
		cplp := plp + (k.cost - P)
		if depth+1 < s.n && depth >= 1 {
			tail := s.pairTail(mask|1<<k.j, X+s.x[k.j], Y+s.y[k.j])
			if !s.dag {
				cplp = max(cplp, chainBound(s.x, s.y, child))
			}
			if s.cut(cplp + tail) {
				s.stats.ChainCuts++
				continue
			}
			// The prefix LP (its jobs alone) bounds the prefix's
			// completions at least as tightly as the chain bound
			// (package fastlp, doc.go).
			if s.pfast != nil && depth+1 >= prefixLPFrom {
				err := s.prefixLP(depth, child)
				// Lower is the certified dual bound of the prefix LP.
				if err == nil {
					cplp = max(cplp, s.pfast.Lower)
					if s.cut(cplp + tail) {
						s.stats.PrefixCuts++
						continue
					}
					// The prefix LP also bounds the pacing bound's prefix.
					if s.pace != nil && s.cut(s.pacingBound(s.pgs[depth+1], mask|1<<k.j, cplp)) {
						s.stats.PrefixCuts++
						continue
					}
				}
				if !s.opt.NoWarmStart {
					// The child's children start from its basis (none
					// after an error: SaveBasis keeps certified bases).
					s.pfast.SaveBasis(&s.bases[depth+1])
				}
			}
		}
		s.batchDFS(child, mask|1<<k.j, X+s.x[k.j], Y+s.y[k.j], k.cost, cplp)
		if s.stopped {
			return
		}
	}
	s.frames[depth] = nil
}

// prefixLP solves the prefix LP of child (the prefix of the node at
// depth extended by one job) into s.pfast, from the node's saved basis
// unless Options.NoWarmStart (fastlp solves it cold when the node has none:
// depth < prefixLPFrom, or its own prefix LP failed).
func (s *searcher) prefixLP(depth int, child []int) error {
	_, err := s.solveFrom(s.pfast, &s.bases[depth], child, &s.stats.PrefixWarm)
	s.stats.PrefixLPs++
	s.stats.PrefixPivots += int64(s.pfast.Pivots)
	return err
}

// solveFrom is f's ValueNorm of order, warm-started from basis unless
// Options.NoWarmStart (fastlp.ValueNormAppend); it adds 1 to *warm when the
// start was warm and the warm starts that fell back to a cold solve to
// Stats.PrefixWarmFailed.
func (s *searcher) solveFrom(f *fastlp.Solver, basis *fastlp.Basis, order []int, warm *int64) (float64, error) {
	if s.opt.NoWarmStart {
		return f.ValueNorm(s.x, s.y, order)
	}
	failed := f.WarmFailures
	v, err := f.ValueNormAppend(basis, s.x, s.y, order)
	if f.Warm {
		*warm++
	}
	s.stats.PrefixWarmFailed += f.WarmFailures - failed
	return v, err
}

// SubsetBound returns h(∅) = min over the completion orders π that respect
// the dominance rule (package dominance) of
// Σ_k max(X^π_k/μ_m, Y^π_k/μ_c), a lower bound on OPT for a batch (see the
// package comment; with dependencies or weights, the minimum over the
// orders that respect the dependencies of Σ_k w_π(k) max(X^π_k/μ_m,
// Y^π_k/μ_c, cp_π(k)), dag.go), computed by the subset DP in O(n·2^n); ok is false when
// the instance is not a batch or n > MaxDPJobs.
func SubsetBound(in *instances.Instance) (float64, bool) {
	if !in.IsBatch() || in.N() > MaxDPJobs || in.Validate() != nil {
		return 0, false
	}
	s := &searcher{in: in, n: in.N(), opt: Options{NoPairTail: true}}
	s.setModel()
	return s.prepareBatch(), true
}

// searchPreds returns the precedence masks of the explored orders: the
// dominance rule of package dominance, or with noDominance only identical
// jobs by index (n ≤ 64).
func searchPreds(in *instances.Instance, noDominance bool) []uint64 {
	preds := make([]uint64, in.N())
	for j := range preds {
		for i := range preds {
			a, b := in.Jobs[i], in.Jobs[j]
			identical := i < j && a.Map == b.Map && a.Shuffle == b.Shuffle && a.Release == b.Release
			if identical || (!noDominance && dominance.Precedes(in, i, j)) {
				preds[j] |= 1 << i
			}
		}
	}
	return preds
}

// predsDone reports whether every job that precedes j is done.
func (s *searcher) predsDone(j int, done []bool) bool {
	for p := s.preds[j]; p != 0; p &= p - 1 {
		if !done[bits.TrailingZeros64(p)] {
			return false
		}
	}
	return true
}
