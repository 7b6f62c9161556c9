package ratsearch

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"sort"
	"time"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
)

// DefaultGuideNodes bounds the float guide of a search without a time
// limit and without Options.GuideLimit: a node budget rather than a time
// budget, so that the incumbent it proposes, hence the optimal schedule
// returned among several of equal cost, is the same on every machine.
const DefaultGuideNodes = 2_000_000

// MaxJobs is the largest instance Solve accepts: the subset bound is
// tabulated for all 2^n job sets in exact arithmetic.
const MaxJobs = 20

// Options control Solve.
type Options struct {
	// TimeLimit bounds the whole call (0: only the context).
	TimeLimit time.Duration
	// Start, when non-zero, is when the time limit began (a command's
	// process start): the search then ends by mip.Deadline(Start,
	// TimeLimit), leaving the caller mip.OutputMargin to write the answer.
	Start time.Time
	// Clock replaces time.Now (tests).
	Clock func() time.Time
	// Progress, when non-nil, is called about once a second.
	Progress func(Stats)
	// GuideLimit bounds the floating-point search that proposes the first
	// incumbent: 0 means a fifth of the time limit, or DefaultGuideNodes
	// nodes without one (so that a run without a time limit returns the
	// same schedule on every machine); negative means no limit (the float
	// search runs to its end, which takes very long from about 14 jobs of
	// the Theorem 1 reductions). Under a time limit the guide's incumbent,
	// and so possibly which of several optimal schedules is returned,
	// depends on timing; the objective and the status do not.
	GuideLimit time.Duration
	// NoGuide skips the floating-point search (package search) whose
	// best order seeds the incumbent; the exact search then starts from
	// the greedy order of the subset bound only.
	NoGuide bool
	// Orders are completion orders (job indices) whose exact LPs are
	// solved first, before the float search's order, as incumbents (for
	// example the certificate order of a Theorem 1 reduction). An order
	// that is not a permutation, or that places a job before one of its
	// predecessors, is an error.
	Orders [][]int
	// NoPrefixLP turns off the prefix-LP node bound (the float LP's dual
	// prices, checked and evaluated exactly; prefixBound).
	NoPrefixLP bool
	// NoDominance turns off the dominance rule (identical jobs are still
	// completed in index order). With weights or dependencies the rule is
	// always off (dagPreds).
	NoDominance bool
	// NodeLimit, when positive, stops the branch-and-bound after that many
	// nodes (status mip.NodeLimit, "node limit"): unlike a time limit, a
	// budget whose answer — incumbent, bound, order — is the same on every
	// machine. Without a time limit the float guide then runs on its own
	// node budget (DefaultGuideNodes, or GuideLimit as time), so the whole
	// answer is deterministic.
	NodeLimit int64
}

// Stats are the search counters.
type Stats struct {
	Nodes      int64 // nodes expanded
	LPs        int64 // exact LPs of complete orders
	PrefixLPs  int64 // prefix LPs (float) whose dual prices gave an exact node bound
	PrefixCuts int64 // nodes (and complete orders) cut by such a bound
	Pivots     int64 // simplex pivots, all LPs
	// Incumbent and LowerBound are exact (nil until known).
	Incumbent, LowerBound *big.Rat
	Elapsed               time.Duration
}

// String is a progress line: counters, incumbent and bound (decimals).
func (st Stats) String() string {
	f := func(r *big.Rat) string {
		if r == nil {
			return "-"
		}
		return r.FloatString(3)
	}
	return fmt.Sprintf("exact search: %d nodes, %d LPs, %d prefix LPs, incumbent %s, bound %s, %.0fs",
		st.Nodes, st.LPs, st.PrefixLPs, f(st.Incumbent), f(st.LowerBound), st.Elapsed.Seconds())
}

// Result is the answer of Solve.
type Result struct {
	// Status is mip.Optimal exactly when LowerBound equals Objective
	// (as rationals); otherwise mip.TimeLimit, mip.NodeLimit or
	// mip.Interrupted.
	Status mip.Status
	// Objective is rational.Verify's exact weighted total response time
	// Σ w_i (C_i − r_i) of Schedule.
	Objective *big.Rat
	// LowerBound is a proven exact lower bound on OPT.
	LowerBound *big.Rat
	// BoundSource: mip.SourceSearch (the search space was exhausted, or
	// stopped with open nodes whose least bound this is) or mip.SourceRoot
	// (the subset bound h(∅) only).
	BoundSource mip.BoundSource
	// RootBound is the subset bound h(∅) (docs/exact.md).
	RootBound *big.Rat
	// Order is the completion order (job indices) whose exact LP gave
	// Schedule.
	Order []int
	// Schedule passed rational.Verify; its Completion holds the exact
	// completion times.
	Schedule *rational.Schedule
	// Guide is the float search's objective (0 when not run).
	Guide float64
	Stats Stats
}

type child struct {
	job     int
	bound   *big.Rat
	x, y, c *big.Rat // prefix sums and prefix cost after the job
}

type searcher struct {
	ctx      context.Context
	in       *rational.Instance
	opt      Options
	r0       *big.Rat
	x, y     []*big.Rat
	n        int
	preds    []uint64
	h        []*big.Rat
	start    time.Time
	deadline time.Time
	lastProg time.Time
	best     *big.Rat
	bestRes  *OrderResult
	bestOrd  []int
	stats    Stats
	stopped  bool
	// nodeLimited is true when Options.NodeLimit stopped the search.
	nodeLimited bool
	err         error
	// frames[d] holds the nodes of depth d not yet expanded; frames[d][0]
	// is the one being expanded (it is removed once its children are in
	// frames[d+1], or once its LP is solved for a leaf).
	frames [][]child
	prefix []int
	// fx, fy are the normalised sizes rounded to float64 (for the float
	// prefix LP, whose prices only propose a dual solution).
	fx, fy []float64
	pfast  fastlp.Solver
	ints   *intSizes
	// dag is true for an instance with weights or dependencies: w holds
	// the weights and cp the critical paths (dagModel).
	dag   bool
	w, cp []*big.Rat
}

func (s *searcher) now() time.Time {
	if s.opt.Clock != nil {
		return s.opt.Clock()
	}
	return time.Now()
}

// stop reports (and remembers) whether the context is done or the
// deadline has passed; it also calls Progress about once a second.
func (s *searcher) stop() error {
	if s.stopped {
		return ErrStopped
	}
	now := s.now()
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && !now.Before(s.deadline)) {
		s.stopped = true
		return ErrStopped
	}
	if s.opt.Progress != nil && now.Sub(s.lastProg) >= time.Second {
		s.lastProg = now
		st := s.stats
		st.Incumbent, st.Elapsed = s.best, now.Sub(s.start)
		st.LowerBound = s.openBound()
		s.opt.Progress(st)
	}
	return nil
}

// Solve computes OPT of a batch instance (every job released at the same
// time) exactly: branch-and-bound over completion orders with exact bounds
// and the exact fixed-order LP at the leaves (package doc).
func Solve(ctx context.Context, in *rational.Instance, opt Options) (*Result, error) {
	r0, x, y, err := batch(in)
	if err != nil {
		return nil, err
	}
	n := len(in.Jobs)
	if n > MaxJobs {
		return nil, fmt.Errorf("%w: %d jobs (the exact search takes at most %d)", ErrInput, n, MaxJobs)
	}
	s := &searcher{ctx: ctx, in: in, opt: opt, r0: r0, x: x, y: y, n: n}
	s.start = s.now()
	s.lastProg = s.start
	if opt.TimeLimit > 0 {
		s.deadline = s.start.Add(opt.TimeLimit)
		if !opt.Start.IsZero() {
			s.deadline = mip.Deadline(opt.Start, opt.TimeLimit)
		}
	}
	if d, ok := ctx.Deadline(); ok && (s.deadline.IsZero() || d.Before(s.deadline)) {
		s.deadline = d
	}
	s.ints = newIntSizes(x, y)
	s.fx, s.fy = make([]float64, n), make([]float64, n)
	for j := range n {
		s.fx[j], _ = x[j].Float64()
		s.fy[j], _ = y[j].Float64()
	}
	if in.HasWeights() || in.HasDependencies() {
		s.dagModel()
	} else {
		s.preds = preds(x, y, opt.NoDominance)
	}
	root := s.subsetBound()
	res := &Result{RootBound: root}
	// Incumbents: the float search's order (a guide only: its value is
	// recomputed exactly), then the greedy order of h.
	var seeds [][]int
	for i, o := range opt.Orders {
		if err := checkOrder(in, o); err != nil {
			return nil, fmt.Errorf("Options.Orders[%d]: %w", i, err)
		}
		seeds = append(seeds, o)
	}
	if !opt.NoGuide {
		if g, ord := s.guide(); ord != nil {
			res.Guide = g
			seeds = append(seeds, ord)
		}
	}
	seeds = append(seeds, s.greedy())
	for _, ord := range seeds {
		if s.stopped {
			break
		}
		if err := s.leaf(ord); err != nil {
			if errors.Is(err, ErrStopped) {
				break
			}
			return nil, err
		}
	}
	if s.best == nil {
		// Stopped before any complete order was solved: solve one without
		// the limit (a few exact pivots), so that every answer carries a
		// verified schedule.
		or, err := solveOrder(in, r0, x, y, seeds[len(seeds)-1], nil)
		if err != nil {
			return nil, err
		}
		s.stats.LPs++
		s.stats.Pivots += int64(or.Pivots)
		s.best, s.bestRes, s.bestOrd = or.Total, or, seeds[len(seeds)-1]
	}
	s.frames = make([][]child, n+1)
	s.frames[0] = []child{{job: -1, bound: root, x: new(big.Rat), y: new(big.Rat), c: new(big.Rat)}}
	s.prefix = make([]int, 0, n)
	if !s.stopped {
		s.expand(0, 0)
	}
	if s.err != nil {
		return nil, s.err
	}
	res.Objective = new(big.Rat).Set(s.best)
	res.Order = s.bestOrd
	res.Schedule = s.bestRes.Schedule
	res.LowerBound = s.openBound()
	res.BoundSource = mip.SourceSearch
	if len(s.frames[0]) > 0 {
		res.BoundSource = mip.SourceRoot
	}
	switch {
	case res.LowerBound.Cmp(res.Objective) == 0:
		res.Status = mip.Optimal
	case ctx.Err() != nil && (s.deadline.IsZero() || s.now().Before(s.deadline)):
		res.Status = mip.Interrupted
	case s.nodeLimited:
		res.Status = mip.NodeLimit
	default:
		res.Status = mip.TimeLimit
	}
	s.stats.Elapsed = s.now().Sub(s.start)
	s.stats.Incumbent, s.stats.LowerBound = res.Objective, res.LowerBound
	res.Stats = s.stats
	return res, nil
}

// openBound is the least bound of the nodes not yet expanded (each bounds
// its whole subtree) and the incumbent (every other node was expanded,
// solved or pruned against an incumbent no better than the current one).
func (s *searcher) openBound() *big.Rat {
	lb := s.best
	for _, f := range s.frames {
		for _, c := range f {
			if lb == nil || c.bound.Cmp(lb) < 0 {
				lb = c.bound
			}
		}
	}
	if lb == nil {
		return nil
	}
	return new(big.Rat).Set(lb)
}

// preds returns, per job, the mask of the jobs that must complete before
// it (the rule of package dominance with exact rational comparisons:
// x_i ≤ x_j, y_i ≤ y_j and y_i·x_j ≥ y_j·x_i, equal releases; identical
// jobs by index). noDominance keeps only the identical-job rule.
func preds(x, y []*big.Rat, noDominance bool) []uint64 {
	n := len(x)
	p := make([]uint64, n)
	l, r := new(big.Rat), new(big.Rat)
	for i := range n {
		for j := range n {
			if i == j || x[i].Cmp(x[j]) > 0 || y[i].Cmp(y[j]) > 0 {
				continue
			}
			if x[i].Cmp(x[j]) == 0 && y[i].Cmp(y[j]) == 0 {
				if i < j {
					p[j] |= 1 << i
				}
				continue
			}
			if noDominance {
				continue
			}
			if l.Mul(y[i], x[j]).Cmp(r.Mul(y[j], x[i])) >= 0 {
				p[j] |= 1 << i
			}
		}
	}
	return p
}

func maxRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// subsetBound tabulates h(S) = min over jobs j ∉ S allowed after S of
// cost(j, X(S+j), Y(S+j)) + h(S+j), exactly, and returns h(∅).
func (s *searcher) subsetBound() *big.Rat {
	n := s.n
	N := 1 << n
	X, Y := make([]*big.Rat, N), make([]*big.Rat, N)
	X[0], Y[0] = new(big.Rat), new(big.Rat)
	for S := 1; S < N; S++ {
		j := bits.TrailingZeros(uint(S))
		X[S] = new(big.Rat).Add(X[S&(S-1)], s.x[j])
		Y[S] = new(big.Rat).Add(Y[S&(S-1)], s.y[j])
	}
	h := make([]*big.Rat, N)
	full := N - 1
	h[full] = new(big.Rat)
	v := new(big.Rat)
	for S := full - 1; S >= 0; S-- {
		var best *big.Rat
		for rest := full &^ S; rest != 0; rest &= rest - 1 {
			j := bits.TrailingZeros(uint(rest))
			if s.preds[j]&^uint64(S) != 0 {
				continue
			}
			T := S | 1<<j
			v.Add(s.cost(j, X[T], Y[T]), h[T])
			if best == nil || v.Cmp(best) < 0 {
				best = new(big.Rat).Set(v)
			}
		}
		h[S] = best
	}
	s.h = h
	return new(big.Rat).Set(h[0])
}

// greedy follows the least h-bound child from the root (ties: lowest job).
func (s *searcher) greedy() []int {
	order := make([]int, 0, s.n)
	var S uint64
	X, Y := new(big.Rat), new(big.Rat)
	v := new(big.Rat)
	for len(order) < s.n {
		bj := -1
		var bv *big.Rat
		for j := range s.n {
			if S&(1<<j) != 0 || s.preds[j]&^S != 0 {
				continue
			}
			v.Add(s.cost(j, new(big.Rat).Add(X, s.x[j]), new(big.Rat).Add(Y, s.y[j])), s.h[S|1<<j])
			if bv == nil || v.Cmp(bv) < 0 {
				bj, bv = j, new(big.Rat).Set(v)
			}
		}
		order = append(order, bj)
		S |= 1 << bj
		X.Add(X, s.x[bj])
		Y.Add(Y, s.y[bj])
	}
	return order
}

// guide runs the floating-point search on the rounded instance for a
// fifth of the remaining time (to the end without a limit) and returns
// its objective and order, or nil when it fails.
func (s *searcher) guide() (float64, []int) {
	fin, _ := s.in.Float()
	if fin.Validate() != nil {
		return 0, nil
	}
	limit, nodes := s.opt.GuideLimit, int64(0)
	if limit == 0 {
		if s.deadline.IsZero() {
			nodes = DefaultGuideNodes
		} else {
			limit = s.deadline.Sub(s.now()) / 5
		}
	}
	if !s.deadline.IsZero() {
		if rem := s.deadline.Sub(s.now()); limit < 0 || limit > rem {
			limit = rem
		}
		if limit <= 0 {
			return 0, nil
		}
	} else if limit < 0 {
		limit = 0 // search.Options: no limit
	}
	r, err := search.Solve(s.ctx, nil, fin, search.Options{TimeLimit: limit, NodeLimit: nodes, Clock: s.opt.Clock})
	if err != nil || r == nil || checkOrder(s.in, r.Plan.Order) != nil {
		return 0, nil
	}
	return r.Objective, r.Plan.Order
}

// leaf solves the exact LP of a complete order and keeps its schedule when
// it is better than the incumbent.
func (s *searcher) leaf(order []int) error {
	or, err := solveOrder(s.in, s.r0, s.x, s.y, order, s.stop)
	if err != nil {
		return err
	}
	s.stats.LPs++
	s.stats.Pivots += int64(or.Pivots)
	if s.best == nil || or.Total.Cmp(s.best) < 0 {
		s.best, s.bestRes = or.Total, or
		s.bestOrd = append([]int(nil), order...)
	}
	return nil
}

// expand explores the node frames[d][0] (prefix s.prefix, job set mask).
// It returns with the node still in frames[d] when the search stopped
// before its children (or its LP) were recorded.
func (s *searcher) expand(d int, mask uint64) {
	if s.stop() != nil {
		return
	}
	if s.opt.NodeLimit > 0 && s.stats.Nodes >= s.opt.NodeLimit {
		s.stopped, s.nodeLimited = true, true
		return
	}
	node := s.frames[d][0]
	s.stats.Nodes++
	if d == s.n {
		if err := s.leaf(s.prefix); err != nil {
			if !errors.Is(err, ErrStopped) {
				s.err = err
			}
			return
		}
		s.frames[d] = s.frames[d][1:]
		return
	}
	var kids []child
	for j := range s.n {
		if mask&(1<<j) != 0 || s.preds[j]&^mask != 0 {
			continue
		}
		X := new(big.Rat).Add(node.x, s.x[j])
		Y := new(big.Rat).Add(node.y, s.y[j])
		c := new(big.Rat).Add(node.c, s.cost(j, X, Y))
		b := new(big.Rat).Add(c, s.h[mask|1<<j])
		if b.Cmp(s.best) >= 0 {
			continue
		}
		if !s.opt.NoPrefixLP && d+1 >= 2 {
			if pv := s.prefixBound(append(s.prefix, j)); pv != nil && pv.Cmp(c) > 0 {
				c = pv
				b = new(big.Rat).Add(c, s.h[mask|1<<j])
				if b.Cmp(s.best) >= 0 {
					s.stats.PrefixCuts++
					continue
				}
			}
		}
		kids = append(kids, child{job: j, bound: b, x: X, y: Y, c: c})
	}
	sort.SliceStable(kids, func(a, b int) bool { return kids[a].bound.Cmp(kids[b].bound) < 0 })
	s.frames[d+1] = kids
	s.frames[d] = s.frames[d][1:]
	for len(s.frames[d+1]) > 0 {
		k := s.frames[d+1][0]
		if k.bound.Cmp(s.best) >= 0 {
			s.frames[d+1] = s.frames[d+1][1:]
			continue
		}
		s.prefix = append(s.prefix, k.job)
		s.expand(d+1, mask|1<<k.job)
		s.prefix = s.prefix[:d]
		if s.stopped || s.err != nil {
			return
		}
	}
}

// prefixBound bounds Σ_{i≤len(order)} w_i (C_i − r) for every schedule
// whose completion order starts with order: the float LP of those jobs
// alone (package fastlp, weighted and with their dependencies) proposes
// dual prices, and intSizes.bound turns them into an exactly feasible
// dual solution and evaluates it exactly (weak duality). Removing the
// jobs after the prefix relaxes every constraint, so the prefix LP bounds
// the prefix's weighted completions in the whole instance.
// It returns nil when the float LP fails.
func (s *searcher) prefixBound(order []int) *big.Rat {
	if _, err := s.pfast.ValueNorm(s.fx, s.fy, order); err != nil {
		return nil
	}
	s.stats.PrefixLPs++
	a, b := s.pfast.Prices()
	lo, err := orderDAG(s.in, order)
	if err != nil {
		return nil
	}
	return s.ints.bound(order, a, b, intervalCosts(len(order), orderWeights(s.in, order)), lo)
}
