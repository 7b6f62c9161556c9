package reductions

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/perm"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
)

// ErrSeparation: bad options of a separation run.
var ErrSeparation = errors.New("reductions: invalid separation options")

// Case is one NMTS instance of a separation study with its answer.
type Case struct {
	Src *nmts.Instance
	// Sol is a solution when the instance is a yes-instance (nil for no).
	Sol *nmts.Solution
	// Origin says where the instance comes from ("enum V=3", "random
	// seed 7").
	Origin string
}

// Yes reports whether the case is a yes-instance.
func (c Case) Yes() bool { return c.Sol != nil }

// NewCase decides src with the exact NMTS solver and returns the case.
func NewCase(src *nmts.Instance, origin string) (Case, error) {
	sol, ok, _, err := nmts.Solve(src)
	if err != nil {
		return Case{}, err
	}
	c := Case{Src: src, Origin: origin}
	if ok {
		c.Sol = &sol
	}
	return c, nil
}

// EnumerateNMTS returns every NMTS instance with q values per set, f and g
// in 1..maxV and h in 1..2·maxV (so every pair sum is a possible target),
// each set listed in non-decreasing order (the order inside a set only
// renames jobs, so one instance per multiset triple), with Σf + Σg = Σh,
// in lexicographic order of (f, g, h).
func EnumerateNMTS(q int, maxV int64) ([]*nmts.Instance, error) {
	if q < 1 || q > 6 || maxV < 1 || maxV > 50 {
		return nil, fmt.Errorf("%w: enumeration needs 1 ≤ q ≤ 6 and 1 ≤ max value ≤ 50, got q = %d, max %d", ErrSeparation, q, maxV)
	}
	fs := multisets(q, 1, maxV)
	hs := multisets(q, 1, 2*maxV)
	bySum := map[int64][][]int64{}
	for _, h := range hs {
		s := sumOf(h)
		bySum[s] = append(bySum[s], h)
	}
	var out []*nmts.Instance
	for _, f := range fs {
		for _, g := range fs {
			for _, h := range bySum[sumOf(f)+sumOf(g)] {
				out = append(out, &nmts.Instance{F: slices.Clone(f), G: slices.Clone(g), H: slices.Clone(h)})
			}
		}
	}
	return out, nil
}

func sumOf(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// multisets lists the non-decreasing sequences of length q over lo..hi.
func multisets(q int, lo, hi int64) [][]int64 {
	var out [][]int64
	cur := make([]int64, q)
	var rec func(i int, from int64)
	rec = func(i int, from int64) {
		if i == q {
			out = append(out, slices.Clone(cur))
			return
		}
		for v := from; v <= hi; v++ {
			cur[i] = v
			rec(i+1, v)
		}
	}
	rec(0, lo)
	return out
}

// RandomCases draws n yes-instances and n no-instances of spec (the
// generators of package nmts) from the seeded stream seed, seed+1, ….
func RandomCases(spec nmts.Spec, n int, seed uint64) ([]Case, error) {
	var out []Case
	for i := range n {
		s := seed + uint64(i)
		src, sol, err := spec.YesInstance(rand.NewPCG(s, 1))
		if err != nil {
			return nil, err
		}
		out = append(out, Case{Src: src, Sol: &sol, Origin: fmt.Sprintf("random yes seed %d", s)})
		no, err := spec.NoInstance(rand.NewPCG(s, 2))
		if err != nil {
			return nil, err
		}
		out = append(out, Case{Src: no, Origin: fmt.Sprintf("random no seed %d", s)})
	}
	return out, nil
}

// Reduced is a reduced instance ready for the separation study: the exact and
// float tandem instances, the threshold y on the total response time, the
// trivial lower bound, which jobs the order search permutes and which come
// last in a fixed order, and (for yes-instances) the exactly verified
// certificate.
type Reduced struct {
	Rational *rational.Instance
	Tandem   *instances.Instance
	Y        *big.Int
	// LB is an exact lower bound on OPT valid for every schedule (y0 of
	// appendix A for the original construction), LBSource names it.
	LB       *big.Rat
	LBSource string
	Small    []int // jobs whose order the search varies
	Tail     []int // jobs kept last, in this order
	// Cert is the construction's certificate schedule (yes-instances), nil
	// otherwise.
	Cert *rational.Schedule
}

// Builder builds a construction for a case.
type Builder func(c Case) (*Reduced, error)

// OriginalBuilder is appendix A's construction with the smallest A and M.
func OriginalBuilder(c Case) (*Reduced, error) {
	r, err := Reduce(c.Src, Options{})
	if err != nil {
		return nil, err
	}
	return reducedOf(r, c, "y0 (appendix A: t_k ≥ kA, E jobs ≥ shuffle work)")
}

func reducedOf(r *Reduction, c Case, lbSource string) (*Reduced, error) {
	tin, err := r.Tandem(nil)
	if err != nil {
		return nil, err
	}
	q := r.Q()
	b := &Reduced{Rational: r.Rational(), Tandem: tin, Y: r.Y, LB: new(big.Rat).SetInt(r.Y0),
		LBSource: lbSource, Tail: []int{3 * q, 3*q + 1}}
	for i := range 3 * q {
		b.Small = append(b.Small, i)
	}
	if c.Sol != nil {
		if b.Cert, err = r.Certificate(*c.Sol); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// SeparationOptions tune the order search behind the upper bounds.
type SeparationOptions struct {
	// ExhaustiveMax: orders of at most this many searched jobs are all
	// enumerated (9 → 9! = 362880 LPs); larger ones get a local search.
	ExhaustiveMax int
	// Restarts and Seed drive the local search (random starting orders
	// from rand.NewPCG(Seed, case index), plus the certificate order).
	Restarts int
	Seed     uint64
	// Workers run cases in parallel (results keep the input order); 0
	// means GOMAXPROCS.
	Workers int
	// ExactLimit, when positive, runs the exact rational branch-and-bound
	// (package ratsearch) on every case for at most this long: its proven
	// lower bound replaces the trivial one when larger, and its verified
	// schedule the upper bound when cheaper; the row is exact when they
	// meet. A case the search does not finish keeps an exact interval
	// (which one can depend on the machine's speed; the bounds are proven
	// either way).
	ExactLimit time.Duration `flag:"exact-limit" usage:"exact rational search per instance and construction (rows it stops depend on the machine)" zero:"none"`
	// ExactNodes, when positive, runs the exact search (without a time
	// limit unless ExactLimit is set too) for at most this many nodes
	// (ratsearch.Options.NodeLimit): a budget whose rows are the same on
	// every machine.
	ExactNodes int64 `flag:"exact-nodes" usage:"node budget of the exact search per instance and construction (0: none; same rows on every machine)" rule:"NonNegInt"`
}

// SepRow is the outcome of one case.
type SepRow struct {
	Q      int
	Origin string
	F      []int64
	G      []int64
	H      []int64
	Yes    bool
	Y      *big.Int
	// UB is the exact total of the best exactly verified schedule found
	// (rational.Verify passed), UBSource how it was found, UBOrder its
	// completion order.
	UB       *big.Rat
	UBSource string
	UBOrder  []string
	// LB is an exact lower bound on OPT and LBSource names it.
	LB       *big.Rat
	LBSource string
	// Search is the exact search's status ("optimal", "node limit",
	// "time limit") or "-" when it did not run. A row stopped by "time
	// limit" can differ from machine to machine; every other row cannot.
	Search string
}

// Exact reports whether OPT is known exactly (LB = UB).
func (r *SepRow) Exact() bool { return r.LB.Cmp(r.UB) == 0 }

// UBMinusY and LBMinusY are the exact bounds on OPT − y.
func (r *SepRow) UBMinusY() *big.Rat { return new(big.Rat).Sub(r.UB, new(big.Rat).SetInt(r.Y)) }

// LBMinusY is LB − y.
func (r *SepRow) LBMinusY() *big.Rat { return new(big.Rat).Sub(r.LB, new(big.Rat).SetInt(r.Y)) }

// Verdict on the claim "yes ⇒ OPT ≤ y, no ⇒ OPT > y" for this row:
// "holds" (proven: a yes-instance with UB ≤ y, or a no-instance with
// LB > y), "violated" (proven: a no-instance with UB ≤ y, or a yes-instance
// with LB > y) or "open" (the exact interval contains y).
func (r *SepRow) Verdict() string {
	y := new(big.Rat).SetInt(r.Y)
	ubLE, lbGT := r.UB.Cmp(y) <= 0, r.LB.Cmp(y) > 0
	switch {
	case r.Yes && ubLE, !r.Yes && lbGT:
		return "holds"
	case !r.Yes && ubLE, r.Yes && lbGT:
		return "violated"
	}
	return "open"
}

// Separate runs every case through build: it searches completion orders
// with the float fixed-order LP (package fastlp), solves the best order's
// LP exactly (ratsearch.SolveOrder; if that fails, the float schedule made
// exact by Exactify) and keeps its schedule, verified by rational.Verify;
// the certificate competes too; with ExactLimit the exact branch-and-bound
// adds a proven lower bound. Same cases and options give the same rows
// (up to which cases the exact search finishes within its time limit).
func Separate(ctx context.Context, cases []Case, build Builder, opt SeparationOptions) ([]SepRow, error) {
	if opt.ExhaustiveMax < 0 || opt.ExhaustiveMax > 10 || opt.Restarts < 0 || opt.ExactLimit < 0 || opt.ExactNodes < 0 {
		return nil, fmt.Errorf("%w: exhaustive max %d (want 0..10), restarts %d, exact limit %v, exact nodes %d (want ≥ 0)",
			ErrSeparation, opt.ExhaustiveMax, opt.Restarts, opt.ExactLimit, opt.ExactNodes)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rows := make([]SepRow, len(cases))
	errs := make([]error, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s fastlp.Solver
			for i := range next {
				row, err := separateOne(ctx, &s, cases[i], i, build, opt)
				if err != nil {
					errs[i] = fmt.Errorf("case %d (%s, f=%v g=%v h=%v): %w", i, cases[i].Origin, cases[i].Src.F, cases[i].Src.G, cases[i].Src.H, err)
					continue
				}
				rows[i] = *row
			}
		}()
	}
	for i := range cases {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return rows, nil
}

func separateOne(ctx context.Context, s *fastlp.Solver, c Case, idx int, build Builder, opt SeparationOptions) (*SepRow, error) {
	b, err := build(c)
	if err != nil {
		return nil, err
	}
	row := &SepRow{Q: c.Src.Q(), Origin: c.Origin, F: c.Src.F, G: c.Src.G, H: c.Src.H, Yes: c.Yes(), Y: b.Y,
		LB: b.LB, LBSource: b.LBSource, Search: "-"}
	ids := func(order []int) []string {
		out := make([]string, len(order))
		for i, j := range order {
			out[i] = b.Rational.Jobs[j].ID
		}
		return out
	}
	if b.Cert != nil {
		rep, _, err := rational.Verify(b.Rational, b.Cert)
		if err != nil {
			return nil, err
		}
		if rep.Feasible {
			row.UB, row.UBSource, row.UBOrder = rep.Total, "certificate", ids(completionOrder(rep.Completion))
		}
	}
	var starts [][]int
	if b.Cert != nil {
		starts = append(starts, certStart(b, row))
	}
	order, err := bestOrder(ctx, s, b, starts, opt, idx)
	if err != nil {
		return nil, err
	}
	if or, err := ratsearch.SolveOrder(ctx, b.Rational, order); err == nil {
		// The exact LP optimum of the best order (its schedule passed
		// rational.Verify).
		if row.UB == nil || or.Total.Cmp(row.UB) < 0 {
			row.UB, row.UBSource, row.UBOrder = or.Total, "exact order LP", ids(completionOrder(or.Schedule.Completion))
		}
	} else {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// Fall back to the float LP schedule made exact.
		res, err := s.Solve(b.Tandem, order)
		if err != nil {
			return nil, err
		}
		ex, err := Exactify(b.Rational, res.Schedule)
		if err != nil {
			return nil, err
		}
		rep, _, err := rational.Verify(b.Rational, ex)
		if err != nil {
			return nil, err
		}
		if rep.Feasible && (row.UB == nil || rep.Total.Cmp(row.UB) < 0) {
			row.UB, row.UBSource, row.UBOrder = rep.Total, "order LP, exactified", ids(completionOrder(rep.Completion))
		}
	}
	if row.UB == nil {
		return nil, fmt.Errorf("%w: no exactly feasible schedule (order %v)", ErrExactify, ids(order))
	}
	if opt.ExactLimit > 0 || opt.ExactNodes > 0 {
		// The best order found above seeds the incumbent. On a node budget
		// alone it replaces the float guide, whose own budget
		// (ratsearch.DefaultGuideNodes float nodes) costs minutes per case
		// from q = 3 on; under a time limit the guide runs too.
		ro := ratsearch.Options{TimeLimit: opt.ExactLimit, NodeLimit: opt.ExactNodes, Orders: [][]int{order}, NoGuide: opt.ExactLimit == 0}
		res, err := ratsearch.Solve(ctx, b.Rational, ro)
		if err != nil {
			return nil, err
		}
		row.Search = res.Status.String()
		if res.LowerBound != nil && res.LowerBound.Cmp(row.LB) > 0 {
			row.LB, row.LBSource = res.LowerBound, "exact branch-and-bound ("+string(res.BoundSource)+")"
		}
		if res.Objective != nil && res.Objective.Cmp(row.UB) < 0 {
			row.UB, row.UBSource, row.UBOrder = res.Objective, "exact branch-and-bound", ids(res.Order)
		}
	}
	return row, nil
}

// certStart is the certificate's completion order (small jobs then tail).
func certStart(b *Reduced, row *SepRow) []int {
	idx := map[string]int{}
	for j, jb := range b.Rational.Jobs {
		idx[jb.ID] = j
	}
	out := make([]int, 0, len(row.UBOrder))
	for _, id := range row.UBOrder {
		out = append(out, idx[id])
	}
	return out
}

// completionOrder sorts job indices by completion time (ties by index).
func completionOrder(c []*big.Rat) []int {
	out := make([]int, len(c))
	for i := range out {
		out[i] = i
	}
	slices.SortStableFunc(out, func(a, b int) int { return c[a].Cmp(c[b]) })
	return out
}

// bestOrder returns the order (small jobs permuted, tail last) of least LP
// value found: all orders when there are at most opt.ExhaustiveMax small
// jobs (identical jobs kept in index order), else a local search over
// insertion moves from the given starts and opt.Restarts random orders.
func bestOrder(ctx context.Context, s *fastlp.Solver, b *Reduced, starts [][]int, opt SeparationOptions, idx int) ([]int, error) {
	small, tail := b.Small, b.Tail
	full := func(p []int) []int {
		o := make([]int, 0, len(p)+len(tail))
		for _, i := range p {
			o = append(o, small[i])
		}
		return append(o, tail...)
	}
	eval := func(p []int) (float64, error) { return s.Value(b.Tandem, full(p)) }
	var p []int
	var err error
	if len(small) <= opt.ExhaustiveMax {
		p, err = allOrders(ctx, b, eval)
	} else {
		p, err = localSearch(ctx, b, starts, opt, idx, eval)
	}
	if err != nil {
		return nil, err
	}
	return full(p), nil
}

// allOrders enumerates the permutations of b.Small (identical jobs in index
// order) and returns the one of least LP value.
func allOrders(ctx context.Context, b *Reduced, eval func([]int) (float64, error)) ([]int, error) {
	small := b.Small
	m := len(small)
	twin := make([]int, m)
	for a := range m {
		twin[a] = -1
		ja := b.Rational.Jobs[small[a]]
		for c := a - 1; c >= 0; c-- {
			jc := b.Rational.Jobs[small[c]]
			if ja.Map.Cmp(jc.Map) == 0 && ja.Shuffle.Cmp(jc.Shuffle) == 0 {
				twin[a] = c
				break
			}
		}
	}
	p := perm.Identity(m)
	pos := make([]int, m)
	best, bestP := 0.0, []int(nil)
	for k := 0; ; k++ {
		if k%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for i, j := range p {
			pos[j] = i
		}
		ok := true
		for a := range m {
			if twin[a] >= 0 && pos[twin[a]] > pos[a] {
				ok = false
				break
			}
		}
		if ok {
			v, err := eval(p)
			if err != nil {
				return nil, err
			}
			if bestP == nil || v < best {
				best, bestP = v, slices.Clone(p)
			}
		}
		if !perm.Next(p) {
			return bestP, nil
		}
	}
}

// localSearch improves each start (the given orders, mapped to positions
// in b.Small, and opt.Restarts random ones from rand.NewPCG(opt.Seed, idx))
// by first-improvement insertion moves until none helps, and returns the
// best local optimum.
func localSearch(ctx context.Context, b *Reduced, starts [][]int, opt SeparationOptions, idx int, eval func([]int) (float64, error)) ([]int, error) {
	m := len(b.Small)
	local := make(map[int]int, m)
	for i, j := range b.Small {
		local[j] = i
	}
	var inits [][]int
	for _, st := range starts {
		p := make([]int, 0, m)
		for _, j := range st {
			if i, ok := local[j]; ok {
				p = append(p, i)
			}
		}
		if len(p) == m {
			inits = append(inits, p)
		}
	}
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(idx)))
	for range opt.Restarts {
		inits = append(inits, rng.Perm(m))
	}
	if len(inits) == 0 {
		inits = append(inits, perm.Identity(m))
	}
	best, bestP := 0.0, []int(nil)
	for _, p := range inits {
		v, err := eval(p)
		if err != nil {
			return nil, err
		}
		for improved := true; improved; {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			improved = false
			for a := 0; a < m && !improved; a++ {
				for c := 0; c < m && !improved; c++ {
					if a == c {
						continue
					}
					cand := moveTo(p, a, c)
					w, err := eval(cand)
					if err != nil {
						return nil, err
					}
					// Strictly better by more than float noise.
					if w < v*(1-1e-12) {
						p, v, improved = cand, w, true
					}
				}
			}
		}
		if bestP == nil || v < best {
			best, bestP = v, p
		}
	}
	return bestP, nil
}

// moveTo returns p with the element at a moved to position c.
func moveTo(p []int, a, c int) []int {
	x := p[a]
	out := make([]int, 0, len(p))
	out = append(out, p[:a]...)
	out = append(out, p[a+1:]...)
	out = slices.Insert(out, c, x)
	return out
}
