package orderls

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/pq"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
)

// improveRel is the relative decrease of the objective a move must bring to
// be taken: smaller differences are float64 noise of the evaluation (the
// tail of a move is recomputed in another summation order).
const improveRel = 1e-12

// tailRel is the relative difference under which a recomputed (M, C) pair
// is taken as equal to the stored one, which ends a move's evaluation.
const tailRel = 1e-14

// checkEvery is the number of positions evaluated between two looks at
// the clock and the context (about a millisecond of work).
const checkEvery = 1 << 16

// MaxIterations is the largest default number of kicks of the iterated
// local search (Options.Iterations = 0 gives 200 per job, at least 1,000).
const MaxIterations = 1_000_000

// Options control Solve.
type Options struct {
	// Deadline ends the search (zero: none); the best order so far is
	// returned with Result.TimedOut set.
	Deadline time.Time
	// Now is the clock (nil: time.Now); tests inject one.
	Now func() time.Time
	// Target, when positive, stops the search once the objective is at
	// most Target (a caller's bound divided by 1 − gap limit).
	Target float64
	// MaxWindow is the widest insertion window (0: the number of jobs).
	MaxWindow int
	// Iterations is the number of kicks of the iterated local search
	// after the descent (0: 200 per job, at least 1,000 and at most
	// MaxIterations; negative: none).
	Iterations int
	// Seed seeds the kicks (the search is deterministic for a seed).
	Seed uint64
	// Progress, when not nil, receives the state after each improving
	// pass, at most once per ProgressEvery of the clock.
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// Progress is the state of the search.
type Progress struct {
	Elapsed   time.Duration
	Objective float64 // list-schedule objective of the best order
	Window    int
	Moves     int64
}

// Result is the best order found and its schedule.
type Result struct {
	Order      []int
	Completion []float64 // list-schedule completions, by job index
	Objective  float64   // Σ w_j (C_j − r_j) of the list schedule
	Start      string    // the starting order the search improved
	Starts     []StartValue
	Moves      int64 // improving moves applied
	Kicks      int64 // kicks of the iterated local search that were kept
	Evaluated  int64 // moves evaluated
	Window     int   // the last window searched
	TimedOut   bool  // the deadline or the context ended the search
	// ReachedTarget: the search stopped at Options.Target.
	ReachedTarget bool
	Schedule      *schedule.Schedule
}

// StartValue is one starting order's list-schedule objective.
type StartValue struct {
	Name      string
	Objective float64
}

// Solve returns the best list schedule it finds: it evaluates the starting
// orders (Starts), then improves the best by insertion moves within
// windows of growing width (2, 4, 8, … positions around the job, up to
// MaxWindow), each width until a pass over all positions finds no
// improving move. Each move is evaluated incrementally: only the positions
// between the job's old and new places are recomputed, then the following
// ones until the map and shuffle finishing times meet the stored ones.
// Deterministic: the same instance and options give the same order unless
// the deadline or the context stops the search.
func Solve(ctx context.Context, in *instances.Instance, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	t0 := now()
	it := items(in)
	n := len(it)
	starts, err := Starts(in)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	var best []int
	bestV := math.Inf(1)
	for _, s := range starts {
		v := evaluate(it, s.Order)
		res.Starts = append(res.Starts, StartValue{s.Name, v})
		if v < bestV {
			best, bestV, res.Start = s.Order, v, s.Name
		}
	}
	st := newState(it, best)
	maxW := opt.MaxWindow
	if maxW <= 0 {
		maxW = max(64, 2_000_000/max(n, 1))
	}
	maxW = min(maxW, n)
	every := opt.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	sr := &searcher{st: st, ctx: ctx, now: now, deadline: opt.Deadline, target: opt.Target}
	lastReport := t0
	report := func(w int) {
		if opt.Progress == nil {
			return
		}
		if t := now(); t.Sub(lastReport) >= every {
			lastReport = t
			opt.Progress(Progress{Elapsed: t.Sub(t0), Objective: st.obj, Window: w, Moves: sr.moves})
		}
	}
	// Descent over the whole order with windows of growing width.
	for w := 2; !sr.stop; w *= 2 {
		w = min(w, maxW)
		res.Window = w
		for !sr.stop && sr.descend(0, n-1, w) {
			report(w)
		}
		if w >= maxW {
			break
		}
	}
	// Iterated local search: kick a random block with a few random
	// insertions, descend around it, keep the result when it is better,
	// else undo the moves.
	iters := opt.Iterations
	if iters == 0 {
		iters = min(max(200*n, 1000), MaxIterations)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6f72646572))
	const block, reach = 8, 24
	for k := 0; k < iters && !sr.stop && n > 2; k++ {
		mark := len(sr.log)
		sr.logging = true
		before := st.obj
		p := rng.IntN(n)
		lo, hi := max(0, p-block), min(n-1, p+block)
		for range 3 {
			i := lo + rng.IntN(hi-lo+1)
			j := lo + rng.IntN(hi-lo+1)
			if i != j && st.legal(i, j) {
				sr.move(i, j, st.insertDelta(i, j))
			}
		}
		rlo, rhi := max(0, lo-reach), min(n-1, hi+reach)
		for !sr.stop && sr.descend(rlo, rhi, min(maxW, 2*reach)) {
		}
		if st.obj < before-improveRel*math.Abs(before) {
			res.Kicks++
		} else {
			sr.undo(mark)
		}
		sr.log = sr.log[:0]
		sr.logging = false
		report(maxW)
	}
	res.Moves = sr.moves
	evals := sr.evals
	timedOut := sr.stop && !sr.reached
	res.ReachedTarget = sr.reached
	res.Evaluated = evals
	res.TimedOut = timedOut
	res.Order = st.ord
	comp := make([]float64, n)
	res.Objective = evaluateInto(it, st.ord, comp)
	res.Completion = comp
	sch, err := Build(in, st.ord)
	if err != nil {
		return nil, err
	}
	res.Schedule = sch
	return res, nil
}

// evaluate returns the list-schedule objective of order.
func evaluate(it []item, order []int) float64 {
	return evaluateInto(it, order, make([]float64, len(it)))
}

// state is an order with, after each position, the times at which the
// map and shuffle stations are free (M, C) and the job's completion (D);
// with dependencies also each job's completion and position by job index
// and its successors.
type state struct {
	it      []item
	ord     []int
	M, C, D []float64
	obj     float64
	work    int64 // positions evaluated, for the clock checks

	dag   bool
	comp  []float64 // completion by job (dag)
	pos   []int     // position by job (dag)
	succ  [][]int   // successors by job (dag)
	scr   []float64 // a move's completions by job, valid where stamp == cur
	stamp []uint32
	cur   uint32
}

func newState(it []item, order []int) *state {
	n := len(order)
	s := &state{it: it, ord: slices.Clone(order), M: make([]float64, n), C: make([]float64, n), D: make([]float64, n)}
	for _, jb := range it {
		if len(jb.pred) > 0 {
			s.dag = true
			break
		}
	}
	if s.dag {
		s.comp, s.pos, s.scr, s.stamp = make([]float64, n), make([]int, n), make([]float64, n), make([]uint32, n)
		s.succ = make([][]int, n)
		for j, jb := range it {
			for _, q := range jb.pred {
				s.succ[q] = append(s.succ[q], j)
			}
		}
		for p, j := range s.ord {
			s.pos[j] = p
		}
	}
	s.recompute(0, n-1)
	s.obj = 0
	for p, j := range s.ord {
		s.obj += it[j].w * (s.D[p] - it[j].r)
	}
	return s
}

// before returns the station finishing times before position p.
func (s *state) before(p int) (m, c float64) {
	if p == 0 {
		return 0, 0
	}
	return s.M[p-1], s.C[p-1]
}

// job returns the job at position p with its effective release (dag).
func (s *state) job(j int) item {
	if !s.dag {
		return s.it[j]
	}
	return ready(s.it[j], func(q int) float64 { return s.comp[q] })
}

// recompute recomputes M, C and D at positions lo..hi and on until they
// meet the stored values and no later job's predecessor has changed.
func (s *state) recompute(lo, hi int) {
	m, c := s.before(lo)
	last := hi // positions up to last must be recomputed
	for p := lo; p < len(s.ord); p++ {
		j := s.ord[p]
		var d float64
		m, c, d = step(m, c, s.job(j))
		if p > last && near(m, s.M[p]) && near(c, s.C[p]) {
			return
		}
		if s.dag {
			if !near(d, s.comp[j]) || p <= hi {
				for _, q := range s.succ[j] {
					last = max(last, s.pos[q])
				}
			}
			s.comp[j] = d
		}
		s.M[p], s.C[p], s.D[p] = m, c, d
	}
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= tailRel*math.Max(math.Abs(a), math.Abs(b))
}

// moved returns the job at position p of the order in which the job at
// position i has moved to position j (p between i and j).
func (s *state) moved(i, j, p int) int {
	switch {
	case p == j:
		return s.ord[i]
	case i < j:
		return s.ord[p+1]
	default:
		return s.ord[p-1]
	}
}

// legal reports whether the job at position i may move to position j
// without passing one of its predecessors (moving earlier) or successors
// (moving later).
func (s *state) legal(i, j int) bool {
	if !s.dag {
		return true
	}
	job := s.ord[i]
	if j < i {
		for _, q := range s.it[job].pred {
			if s.pos[q] >= j {
				return false
			}
		}
		return true
	}
	for _, q := range s.succ[job] {
		if s.pos[q] <= j {
			return false
		}
	}
	return true
}

// insertDelta returns the change of the objective when the job at
// position i moves to position j (a legal move).
func (s *state) insertDelta(i, j int) float64 {
	lo, hi := min(i, j), max(i, j)
	m, c := s.before(lo)
	d := 0.0
	s.work += int64(hi - lo + 1)
	var done float64
	var get func(int) float64
	if s.dag {
		s.cur++
		get = func(q int) float64 {
			if s.stamp[q] == s.cur {
				return s.scr[q]
			}
			return s.comp[q]
		}
	}
	last := hi
	for p := lo; p < len(s.ord); p++ {
		var job int
		if p <= hi {
			job = s.moved(i, j, p)
		} else {
			job = s.ord[p]
		}
		jb := s.it[job]
		if s.dag {
			jb = ready(jb, get)
		}
		m, c, done = step(m, c, jb)
		if p > last && near(m, s.M[p]) && near(c, s.C[p]) {
			break
		}
		if s.dag {
			s.scr[job], s.stamp[job] = done, s.cur
			if p <= hi || !near(done, s.comp[job]) {
				for _, q := range s.succ[job] {
					if qp := s.pos[q]; qp > hi {
						last = max(last, qp)
					}
				}
			}
		}
		if p <= hi {
			d += jb.w*done - s.it[s.ord[p]].w*s.D[p]
		} else {
			s.work++
			d += jb.w * (done - s.D[p])
		}
	}
	return d
}

// apply moves the job at position i to position j; delta is the change
// insertDelta gave.
func (s *state) apply(i, j int, delta float64) {
	job := s.ord[i]
	if i < j {
		copy(s.ord[i:j], s.ord[i+1:j+1])
	} else {
		copy(s.ord[j+1:i+1], s.ord[j:i])
	}
	s.ord[j] = job
	lo, hi := min(i, j), max(i, j)
	if s.dag {
		for p := lo; p <= hi; p++ {
			s.pos[s.ord[p]] = p
		}
	}
	s.recompute(lo, hi)
	s.obj += delta
}

// fluidStartMaxN is the largest instance for which Starts includes the
// fluid policies' completion orders: on a batch of 10⁵ jobs MaxSRPT's
// simulation took 34 s (every job present at once); "dispatch max" is
// MaxSRPT's order at time 0 of a batch.
const fluidStartMaxN = 20000

// Start is a named starting order.
type Start struct {
	Name  string
	Order []int
}

// Starts returns the starting orders of Solve: list dispatch by each of the
// keys below (when the stations free up, the released job with the least
// key goes next; for a batch this sorts by the key), and the completion
// orders of the MaxSRPT and SplitSRPT fluid schedules (§4.1, §4.2) up to
// fluidStartMaxN jobs.
// The keys are the mixed sizes α·x/μ_m + (1−α)·y/μ_c for α = 0, ¼, ½, ¾, 1
// and max(x/μ_m, y/μ_c).
func Starts(in *instances.Instance) ([]Start, error) {
	it := items(in)
	var out []Start
	for _, alpha := range []float64{0, 0.25, 0.5, 0.75, 1} {
		key := make([]float64, len(it))
		for j, jb := range it {
			key[j] = alpha*jb.a + (1-alpha)*jb.b
		}
		out = append(out, Start{fmt.Sprintf("dispatch a=%g", alpha), dispatch(it, key)})
	}
	key := make([]float64, len(it))
	for j, jb := range it {
		key[j] = max(jb.a, jb.b)
	}
	out = append(out, Start{"dispatch max", dispatch(it, key)})
	if len(it) > fluidStartMaxN {
		return out, nil
	}
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT()} {
		r, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			return nil, err
		}
		if o := byCompletion(r.Completion); checkPrecedence(it, o) == nil {
			out = append(out, Start{p.Name(), o})
		}
	}
	return out, nil
}

// byCompletion returns the jobs sorted by completion time, ties by index.
func byCompletion(comp []float64) []int {
	ord := make([]int, len(comp))
	for i := range ord {
		ord[i] = i
	}
	slices.SortStableFunc(ord, func(a, b int) int { return cmp.Compare(comp[a], comp[b]) })
	return ord
}

// dispatch returns the list order that, each time the map station frees
// up, takes the released job with the least key (ties by index) among those
// whose predecessors are already placed, or the next such job to be
// released when none is waiting.
func dispatch(it []item, key []float64) []int {
	n := len(it)
	indeg := make([]int, n)
	succ := make([][]int, n)
	for j, jb := range it {
		indeg[j] = len(jb.pred)
		for _, q := range jb.pred {
			succ[q] = append(succ[q], j)
		}
	}
	waiting := pq.New(func(a, b int) bool {
		if it[a].r != it[b].r {
			return it[a].r < it[b].r
		}
		return a < b
	})
	for j := range it {
		if indeg[j] == 0 {
			waiting.Push(j)
		}
	}
	avail := pq.New(func(a, b int) bool {
		if key[a] != key[b] {
			return key[a] < key[b]
		}
		return a < b
	})
	order := make([]int, 0, n)
	m := 0.0
	for len(order) < n {
		if avail.Len() == 0 {
			m = max(m, it[waiting.Top()].r)
		}
		for waiting.Len() > 0 && it[waiting.Top()].r <= m {
			avail.Push(waiting.Pop())
		}
		j := avail.Pop()
		order = append(order, j)
		m = max(m, it[j].r) + it[j].a
		for _, q := range succ[j] {
			if indeg[q]--; indeg[q] == 0 {
				waiting.Push(q)
			}
		}
	}
	return order
}

// searcher runs descents on a state, counting evaluations, watching the
// clock and, while logging, recording the moves so that they can be undone.
type searcher struct {
	st        *state
	ctx       context.Context
	now       func() time.Time
	deadline  time.Time
	target    float64
	reached   bool // the objective reached target
	evals     int64
	nextCheck int64
	moves     int64
	stop      bool
	logging   bool
	log       []move
}

// move is an applied insertion and its change of the objective.
type move struct {
	from, to int
	delta    float64
}

// check looks at the clock and the context every checkEvery evaluations.
func (sr *searcher) check() bool {
	sr.evals++
	if sr.target > 0 && sr.st.obj <= sr.target {
		sr.stop, sr.reached = true, true
	}
	if sr.st.work >= sr.nextCheck {
		sr.nextCheck = sr.st.work + checkEvery
		if sr.ctx.Err() != nil || (!sr.deadline.IsZero() && !sr.now().Before(sr.deadline)) {
			sr.stop = true
		}
	}
	return sr.stop
}

func (sr *searcher) move(i, j int, d float64) {
	sr.st.apply(i, j, d)
	if sr.logging {
		sr.log = append(sr.log, move{i, j, d})
	}
}

// undo takes back the logged moves after mark, last first.
func (sr *searcher) undo(mark int) {
	for k := len(sr.log) - 1; k >= mark; k-- {
		m := sr.log[k]
		sr.st.apply(m.to, m.from, -m.delta)
	}
	sr.log = sr.log[:mark]
}

// descend makes one pass over the positions lo..hi, moving each job to the
// best place within w positions (and within lo..hi) when that improves
// the objective; it reports whether a move was made.
func (sr *searcher) descend(lo, hi, w int) bool {
	st := sr.st
	improved := false
	for p := lo; p <= hi; p++ {
		bestD, bestJ := 0.0, -1
		thresh := -improveRel * math.Abs(st.obj)
		for q := max(lo, p-w); q <= min(hi, p+w); q++ {
			if q == p {
				continue
			}
			if sr.check() {
				return improved
			}
			if !st.legal(p, q) {
				continue
			}
			if d := st.insertDelta(p, q); d < bestD && d < thresh {
				bestD, bestJ = d, q
			}
		}
		if bestJ >= 0 {
			sr.move(p, bestJ, bestD)
			sr.moves++
			improved = true
		}
	}
	return improved
}
