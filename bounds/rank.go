package bounds

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/mrsched/mrsched/instances"
)

// RankMaxN is the largest batch RankBatch accepts. A node bound costs
// O(n) per bisection step and there are n ranks, so a pass takes
// O(n² · nodes): its first pass at 1,000 log-normal jobs takes about 9 s
// on one core, and at RankMaxN jobs a minute's deadline ends it after
// the first few hundred ranks (the others keep Mixed's term). Above it
// RankBatch refuses and callers keep Mixed.
const RankMaxN = 5000

// RankNodes is the default number of branch-and-bound nodes RankBatch
// explores per rank.
const RankNodes = 48

// rankBisections is the number of bisection steps on the mixing weight
// in each node bound; every evaluated weight gives a valid bound, so the
// count only decides how close the node bound gets to its maximum.
const rankBisections = 40

// ErrWeighted is returned by bounds on the unweighted total response time
// when the instance has job weights.
var ErrWeighted = errors.New("bounds: the bound is for unit weights")

// RankOptions bound the work of RankBatch.
type RankOptions struct {
	// Nodes is the number of branch-and-bound nodes per rank in the first
	// pass (0: RankNodes); each further pass reruns the ranks not yet
	// exact with four times the budget of the previous one.
	Nodes int
	// Passes is the number of passes (0: RankPasses).
	Passes int
	// Deadline ends the work (zero: none), checked with Now (nil:
	// time.Now) before each rank; the context's cancellation or deadline
	// ends it too. Every rank keeps the best bound proven so far (at
	// least Mixed's term).
	Deadline time.Time
	Now      func() time.Time
	// Progress, when not nil, receives the bound proven after each pass
	// and each iteration of the nesting stage that raises it (on the
	// calling goroutine of RankBatch).
	Progress func(value float64)
	// Nesting caps the iterations of the nesting stage (nested.go), run
	// after the passes on batches of at most RankNestMaxN jobs (0:
	// RankNestIterations; negative: no stage).
	Nesting int
}

// RankPasses is the default number of passes of RankBatch.
const RankPasses = 3

// RankResult is the bound RankBatch proves.
type RankResult struct {
	Value float64 // Σ_k of the rank bounds: never below Mixed
	Mixed float64 // bounds.Mixed of the instance
	// Closed is the number of ranks whose term m_k was computed exactly
	// (a branch and bound ended within its node budget); Done the number
	// of ranks the first pass reached (all n unless stopped).
	Closed, Done int
	Passes       int  // passes started
	Stopped      bool // the deadline or the context ended the work early
	// Ranks is the passes' Σ_k of the rank terms. Nested is the nesting
	// stage's bound (nested.go; 0 when it did not run), at least Ranks;
	// Value is the larger. NestIterations is the number of the stage's
	// iterations completed.
	Ranks          float64
	Nested         float64
	NestIterations int
}

// RankBatch returns the rank-by-rank bound on the total response time
// Σ C_j of a batch (every release 0) with unit weights:
//
//	OPT ≥ Σ_k max(M_k, m_k),  m_k = min_{|S|=k} max(A(S), B(S)),
//
// where A(S) = Σ_{j∈S} x_j/μ_m, B(S) = Σ_{j∈S} y_j/μ_c and M_k is Mixed's
// term for rank k. Validity: the k jobs that complete first in an optimal
// schedule form a set S of size k; by the k-th completion both of their
// phases are done, so the map station has worked A(S) and the shuffle
// station B(S) time units: C_(k) ≥ max(A(S), B(S)) ≥ m_k. C_(k) ≥ M_k is
// Mixed's argument. Dependencies only remove sets S, so the bound holds
// with them too.
//
// m_k is the positional relaxation (Van de Velde 1990 for F2||ΣC_j;
// Hoogeveen, van Norden and van de Velde 2006) with the order of the
// prefixes dropped: on log-normal batches of 8–14 jobs Σ_k m_k is within
// 0.03–0.07 % on average of the positional bound min_π Σ_k max(X_k^π,
// Y_k^π), while the Lagrangian of the max (λ_k X_k + (1 − λ_k) Y_k, an
// assignment for each λ) stays within 0.1 % of Mixed: the positional
// bound's strength over Mixed is the integrality of each prefix, not the
// nesting of the prefixes (docs/planner.md).
//
// Each m_k is bounded below by a best-first branch and bound over the
// jobs (branch: the marginal job in or out). A node with jobs F1 fixed in
// and r = k − |F1| to choose among the free jobs U has, for every α ∈
// [0, 1], the Lagrangian bound g(α) = α A(F1) + (1−α) B(F1) + the sum of
// the r smallest α a_j + (1−α) b_j over U (max(A, B) ≥ αA + (1−α)B for
// every S below the node); g is concave and is maximised by bisection on
// the sign of its slope, and the node's bound is the largest g evaluated.
// The sets met are the incumbents. The rank's bound is the smaller of
// the incumbent and the smallest bound of the open nodes, whatever the
// node budget or the context left open: a valid bound at every stop.
//
// On batches of at most RankNestMaxN jobs a nesting stage follows the
// passes (nested.go): the sets of the ranks are tied together again by
// Lagrange multipliers, which raises the bound where the per-rank sets are
// far from nested (Taillard's 50 jobs: 0.28 % of OPT); Value is the larger
// of the two, Ranks and Nested are both reported.
//
// It takes O(Nodes · rankBisections · n) time per rank and O(n) memory
// besides the open nodes' fixed jobs (the nesting stage: O(n²) memory).
// It returns ErrNotBatch for release dates, ErrWeighted for job weights
// and ErrTooLarge above RankMaxN jobs.
// The result depends only on the instance and the options unless ctx
// ends the work.
func RankBatch(ctx context.Context, in *instances.Instance, opt RankOptions) (RankResult, error) {
	if !in.IsBatch() {
		return RankResult{}, ErrNotBatch
	}
	if in.HasWeights() {
		return RankResult{}, ErrWeighted
	}
	n := in.N()
	if n > RankMaxN {
		return RankResult{}, fmt.Errorf("%w: rank bound: %d jobs (at most %d)", ErrTooLarge, n, RankMaxN)
	}
	nodes := opt.Nodes
	if nodes <= 0 {
		nodes = RankNodes
	}
	terms := mixedRanks(in)
	res := RankResult{Mixed: sum(terms)}
	passes := opt.Passes
	if passes <= 0 {
		passes = RankPasses
	}
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	stop := func() bool {
		return ctx.Err() != nil || (!opt.Deadline.IsZero() && !now().Before(opt.Deadline))
	}
	_, a, b := stations(in)
	rb := newRankBB(a, b)
	closed := make([]bool, n)
passes:
	for pass := 0; pass < passes && res.Closed < n; pass++ {
		res.Passes++
		for k := 1; k <= n; k++ {
			if closed[k-1] {
				continue
			}
			if stop() {
				res.Stopped = true
				break passes
			}
			m, exact := rb.solve(k, nodes)
			if pass == 0 {
				res.Done++
			}
			if exact {
				closed[k-1] = true
				res.Closed++
			}
			terms[k-1] = math.Max(terms[k-1], m)
		}
		nodes *= 4
		if opt.Progress != nil {
			opt.Progress(sum(terms))
		}
	}
	res.Value = sum(terms)
	res.Ranks = res.Value
	if iters := opt.Nesting; iters >= 0 && n <= RankNestMaxN && !res.Stopped {
		if iters == 0 {
			iters = RankNestIterations
		}
		progress := opt.Progress
		if progress == nil {
			progress = func(float64) {}
		}
		stopped := func() bool {
			if stop() {
				res.Stopped = true
				return true
			}
			return false
		}
		// nestRanks reports only values above Σ terms, each above the last.
		res.Nested, res.NestIterations = nestRanks(rb, terms, iters, stopped, progress)
		res.Value = math.Max(res.Value, res.Nested)
	}
	return res, nil
}

// sum returns the sum of v in index order.
func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// rankNode is a branch-and-bound node: the jobs fixed in (sums A1, B1,
// count c1) and out, and its bound.
type rankNode struct {
	in, out []int
	a1, b1  float64
	c1      float64 // the modifiers of the fixed-in jobs (nesting stage)
	lb      float64
	branch  int // the job to branch on (−1: the node is exact)
}

type nodeHeap []*rankNode

func (h nodeHeap) Len() int           { return len(h) }
func (h nodeHeap) Less(i, j int) bool { return h[i].lb < h[j].lb }
func (h nodeHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)        { *h = append(*h, x.(*rankNode)) }
func (h *nodeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// rankBB holds the sizes and the scratch arrays of the branch and bound.
// In the nesting stage (nested.go) it minimises max(A(S), B(S), floor) +
// Σ_{j∈S} c_j instead of max(A(S), B(S)): c holds the modifiers (nil
// outside the stage) and floor the rank's lower term; with c set it
// records the best set met in best.
type rankBB struct {
	a, b  []float64
	c     []float64
	floor float64
	// bisections is the number of bisection steps of a node bound.
	bisections int
	fixed      []int8 // +1 in, −1 out, 0 free (for the node being bounded)
	items      []rankItem
	best       []int // the incumbent set (nesting stage)
}

type rankItem struct {
	p, a, b, c float64
	j          int
}

func newRankBB(a, b []float64) *rankBB {
	return &rankBB{a: a, b: b, floor: math.Inf(-1), bisections: rankBisections, fixed: make([]int8, len(a)), items: make([]rankItem, 0, len(a))}
}

// value is the objective of a set with sums sa, sb, sc.
func (rb *rankBB) value(sa, sb, sc float64) float64 {
	return math.Max(math.Max(sa, sb), rb.floor) + sc
}

// offer lowers the incumbent to v, recording the set (the node's fixed-in
// jobs and the first r items) in the nesting stage.
func (rb *rankBB) offer(inc *float64, v float64, nd *rankNode, r int) {
	if !(v < *inc) {
		return
	}
	*inc = v
	if rb.c != nil {
		rb.best = append(rb.best[:0], nd.in...)
		for _, it := range rb.items[:r] {
			rb.best = append(rb.best, it.j)
		}
	}
}

// solve returns a lower bound on m_k and whether it is exact (the branch
// and bound ended within the node budget).
func (rb *rankBB) solve(k, budget int) (float64, bool) {
	return rb.solveFrom(k, budget, nil)
}

// solveFrom is solve with the set warm (when not nil, of size k) as the
// first incumbent.
func (rb *rankBB) solveFrom(k, budget int, warm []int) (float64, bool) {
	inc := math.Inf(1)
	rb.best = rb.best[:0]
	if warm != nil {
		sa, sb, sc := 0.0, 0.0, 0.0
		for _, j := range warm {
			sa += rb.a[j]
			sb += rb.b[j]
			sc += rb.cost(j)
		}
		inc = rb.value(sa, sb, sc)
		rb.best = append(rb.best[:0], warm...)
	}
	root := &rankNode{}
	rb.bound(root, k, &inc)
	h := &nodeHeap{root}
	for count := 1; h.Len() > 0; {
		nd := (*h)[0]
		if nd.lb >= inc || nd.branch < 0 {
			// Every open node is at least the incumbent (or this one is
			// exact and is the incumbent).
			return inc, true
		}
		if count >= budget {
			return math.Min(inc, nd.lb), false
		}
		heap.Pop(h)
		j := nd.branch
		for _, include := range []bool{true, false} {
			c := &rankNode{in: nd.in, out: nd.out, a1: nd.a1, b1: nd.b1, c1: nd.c1}
			if include {
				c.in = append(append([]int(nil), nd.in...), j)
				c.a1, c.b1, c.c1 = nd.a1+rb.a[j], nd.b1+rb.b[j], nd.c1+rb.cost(j)
			} else {
				c.out = append(append([]int(nil), nd.out...), j)
			}
			count++
			if rb.bound(c, k, &inc) && c.lb < inc {
				heap.Push(h, c)
			}
		}
	}
	return inc, true
}

// bound sets nd.lb (the largest Lagrangian value g(α) evaluated) and
// nd.branch, and lowers the incumbent with the sets met. It reports false
// when the node has no set of size k.
func (rb *rankBB) bound(nd *rankNode, k int, inc *float64) bool {
	r := k - len(nd.in)
	for _, j := range nd.in {
		rb.fixed[j] = 1
	}
	for _, j := range nd.out {
		rb.fixed[j] = -1
	}
	rb.items = rb.items[:0]
	for j := range rb.a {
		if rb.fixed[j] == 0 {
			rb.items = append(rb.items, rankItem{a: rb.a[j], b: rb.b[j], c: rb.cost(j), j: j})
		}
	}
	for _, j := range nd.in {
		rb.fixed[j] = 0
	}
	for _, j := range nd.out {
		rb.fixed[j] = 0
	}
	if r < 0 || r > len(rb.items) {
		return false
	}
	nd.branch = -1
	if r == 0 || r == len(rb.items) {
		// The node holds a single set.
		sa, sb, sc := nd.a1, nd.b1, nd.c1
		if r > 0 {
			for _, it := range rb.items {
				sa += it.a
				sb += it.b
				sc += it.c
			}
		}
		nd.lb = rb.value(sa, sb, sc)
		rb.offer(inc, nd.lb, nd, r)
		return true
	}
	// eval returns g(α), the slope A − B of the chosen set and the
	// marginal (r-th smallest) job; it updates the incumbent.
	eval := func(alpha float64) (g, slope float64, marginal int) {
		for i := range rb.items {
			it := &rb.items[i]
			it.p = alpha*it.a + (1-alpha)*it.b + it.c
		}
		marginal = selectSmallest(rb.items, r)
		sa, sb, sc := nd.a1, nd.b1, nd.c1
		for _, it := range rb.items[:r] {
			sa += it.a
			sb += it.b
			sc += it.c
		}
		rb.offer(inc, rb.value(sa, sb, sc), nd, r)
		return alpha*sa + (1-alpha)*sb + sc, sa - sb, marginal
	}
	best := math.Inf(-1)
	if !math.IsInf(rb.floor, -1) {
		// max(A, B, floor) + C ≥ floor + C: the floor plus the r
		// smallest modifiers.
		for i := range rb.items {
			rb.items[i].p = rb.items[i].c
		}
		selectSmallest(rb.items, r)
		best = rb.floor + nd.c1
		for _, it := range rb.items[:r] {
			best += it.c
		}
	}
	// Every set below the node is worth at least each g(α) evaluated, so
	// once one reaches the incumbent the node is pruned and the further
	// evaluations (and the sets they meet) can be skipped.
	g, slope, marg := eval(0)
	best = math.Max(best, g)
	if slope > 0 && best < *inc {
		g1, s1, m1 := eval(1)
		if g1 > best {
			best, marg = g1, m1
		}
		if s1 < 0 {
			lo, hi := 0.0, 1.0
			for i := 0; i < rb.bisections && best < *inc; i++ {
				mid := (lo + hi) / 2
				g, s, m := eval(mid)
				if g > best {
					best, marg = g, m
				}
				if s > 0 {
					lo = mid
				} else if s < 0 {
					hi = mid
				} else {
					break
				}
			}
		}
	}
	nd.lb = best
	nd.branch = marg
	return true
}

// cost is job j's modifier (0 outside the nesting stage).
func (rb *rankBB) cost(j int) float64 {
	if rb.c == nil {
		return 0
	}
	return rb.c[j]
}

// selectSmallest reorders items so that the r smallest by p come first
// (ties by job index, so the result is deterministic) and returns the job
// of the r-th smallest. 1 ≤ r ≤ len(items).
func selectSmallest(items []rankItem, r int) int {
	less := func(x, y *rankItem) bool { return x.p < y.p || (x.p == y.p && x.j < y.j) }
	lo, hi := 0, len(items)-1
	target := r - 1
	for lo < hi {
		// Median of three as the pivot.
		mid := lo + (hi-lo)/2
		if less(&items[mid], &items[lo]) {
			items[mid], items[lo] = items[lo], items[mid]
		}
		if less(&items[hi], &items[lo]) {
			items[hi], items[lo] = items[lo], items[hi]
		}
		if less(&items[hi], &items[mid]) {
			items[hi], items[mid] = items[mid], items[hi]
		}
		pivot := items[mid]
		i, j := lo, hi
		for i <= j {
			for less(&items[i], &pivot) {
				i++
			}
			for less(&pivot, &items[j]) {
				j--
			}
			if i <= j {
				items[i], items[j] = items[j], items[i]
				i++
				j--
			}
		}
		switch {
		case target <= j:
			hi = j
		case target >= i:
			lo = i
		default:
			return items[target].j
		}
	}
	return items[target].j
}
