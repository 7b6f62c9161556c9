package flex

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/mrsched/mrsched/internal/pq"
)

// PackInput is the input of the Ready List Malleable Packing scheme.
type PackInput struct {
	S        float64   // slots
	Work     []float64 // remaining work of each subjob (slot-time)
	Min, Max []float64 // slot limits, 0 ≤ Min ≤ Max, Max > 0
	Preds    [][]int   // immediate predecessors
	Order    []int     // priority order; must be a topological order
	// Horizon stops the packing at this time (the epoch simulation follows
	// a plan only until the next arrival); 0 or +Inf means run to the end.
	Horizon float64
}

// Interval is one interval [Start, End) of a malleable schedule. Scale is
// the factor c = min(1, S/Σ_{ready} m_j) applied to the minima in it.
type Interval struct {
	Start, End, Scale float64
}

// Run says that subjob Subjob holds Slots slots (times the interval's
// Scale when Scaled) in intervals From…To−1.
type Run struct {
	Subjob   int
	From, To int
	Slots    float64
	Scaled   bool
}

// Schedule is a malleable schedule (A.3): intervals and, per subjob, runs
// of constant allocation; it is stored run-length encoded because a
// subjob at its minimum keeps one allocation over many intervals.
type Schedule struct {
	S          float64
	Intervals  []Interval
	Runs       []Run
	Completion []float64 // per subjob; NaN when not completed within the horizon
	Done       []float64 // work done per subjob
}

// SlotsIn returns the slots of run r in interval i.
func (s *Schedule) SlotsIn(r *Run, i int) float64 {
	if r.Scaled {
		return r.Slots * s.Intervals[i].Scale
	}
	return r.Slots
}

// Makespan returns the largest completion time (NaN entries skipped).
func (s *Schedule) Makespan() float64 {
	m := 0.0
	for _, c := range s.Completion {
		if !math.IsNaN(c) && c > m {
			m = c
		}
	}
	return m
}

// doneEps is the relative remaining work below which a subjob is taken as
// complete at the same instant as the one that triggered the interval end
// (ties of the model computed in floating point).
const doneEps = 1e-12

const (
	modeWait = iota
	modeMin
	modeZero
	modeBoost
	modeDone
)

// Pack is the Ready List Malleable Packing scheme of §3.3 and appendix
// B.3. In each interval every ready subjob (all predecessors complete)
// gets its minimum m_j; the slack S − Σ m_j goes, in priority order, to
// ready subjobs up to their maxima M_j; the interval ends when the first
// ready subjob completes (ties in priority order) and its successors may
// become ready.
//
// Normalisation of minima (B.3 says only "the minima have been normalized,
// if necessary"): in an interval whose ready subjobs have Σ m_j > S every
// ready subjob gets c·m_j slots with c = S/Σ m_j and there is no slack.
// c is recomputed in every interval, so it is as large as feasibility
// allows; allocations can therefore be fractional (slots time-shared).
//
// The transcription of B.3 costs O(n) per interval, O(n²) in all. This
// implementation keeps the ready subjobs in a rank bitset and the
// subjobs at their (scaled) minimum in a heap keyed by their completion
// in "virtual time" V = ∫c dt (a subjob at its minimum needs rem/m_j units
// of V, whatever c does), and only touches the few subjobs receiving slack
// in each interval: O((n + E) log n + Σ_i B_i) with B_i the number of
// subjobs receiving slack in interval i (at most S when slot limits are
// integers).
func Pack(in *PackInput) (*Schedule, error) {
	if err := checkPack(in); err != nil {
		return nil, err
	}
	horizon := in.Horizon
	if horizon <= 0 || math.IsNaN(horizon) {
		horizon = math.Inf(1)
	}
	st := newPackState(in)
	for j := range st.predLeft {
		if st.predLeft[j] == 0 {
			st.ready(j)
		}
	}
	if err := st.packIntervals(horizon); err != nil {
		return nil, err
	}
	st.settle()
	return st.sched, nil
}

// newPackState builds the ranks, successor lists and per-subjob state of
// a packing, with every subjob waiting and its full work remaining.
func newPackState(in *PackInput) *packState {
	n := len(in.Work)
	rank := make([]int, n)
	for r, j := range in.Order {
		rank[j] = r
	}
	succ := make([][]int, n)
	predLeft := make([]int, n)
	for j, ps := range in.Preds {
		predLeft[j] = len(ps)
		for _, q := range ps {
			succ[q] = append(succ[q], j)
		}
	}
	st := &packState{
		in: in, rank: rank, mode: make([]int8, n), rem: make([]float64, n), vf: make([]float64, n),
		hpos: make([]int, n), runFrom: make([]int, n), runSlots: make([]float64, n),
		boostable: newBitset(n), succ: succ, predLeft: predLeft,
	}
	st.h = pq.New(st.minLess)
	st.h.OnMove(func(j, i int) { st.hpos[j] = i })
	sched := &Schedule{S: in.S, Completion: make([]float64, n), Done: make([]float64, n)}
	st.sched = sched
	for j := range sched.Completion {
		sched.Completion[j] = math.NaN()
		st.rem[j] = in.Work[j]
		st.hpos[j] = -1
	}
	return st
}

// packIntervals makes one interval after another until every subjob is
// complete or the horizon is reached: slack to ready subjobs in priority
// order, then time advances to the first completion.
func (st *packState) packIntervals(horizon float64) error {
	in := st.in
	n := len(in.Work)
	for {
		for len(st.instant) > 0 {
			j := st.instant[len(st.instant)-1]
			st.instant = st.instant[:len(st.instant)-1]
			st.complete(j)
		}
		if st.ndone == n {
			return nil
		}
		if st.nReady == 0 {
			return fmt.Errorf("%w: no ready subjob (precedence cycle?)", ErrInput)
		}
		c := st.distributeSlack()
		best, tau := st.firstCompletion(c)
		if best < 0 {
			return fmt.Errorf("%w: no subjob can progress", ErrInput)
		}
		if tau < 0 {
			tau = 0
		}
		stop := false
		if st.t+tau > horizon {
			tau = horizon - st.t
			stop = true
		}
		if tau > 0 {
			st.sched.Intervals = append(st.sched.Intervals, Interval{Start: st.t, End: st.t + tau, Scale: c})
			for _, b := range st.boosted {
				st.rem[b.j] -= (in.Min[b.j] + b.e) * tau
			}
			st.V += c * tau
			st.t += tau
		}
		if stop {
			return nil
		}
		st.completeDue(best)
		if st.ndone == n {
			return nil
		}
	}
}

// ready makes subjob j ready (all predecessors complete): at its minimum,
// or complete at once when it has no work.
func (st *packState) ready(j int) {
	in := st.in
	if st.rem[j] <= 0 {
		st.instant = append(st.instant, j)
		return
	}
	st.sumMin += in.Min[j]
	st.nReady++
	if in.Max[j] > in.Min[j] {
		st.boostable.set(st.rank[j])
	}
	st.toMin(j)
}

// complete records subjob j complete at the current time and makes ready
// the successors it was the last predecessor of.
func (st *packState) complete(j int) {
	in := st.in
	if st.mode[j] != modeWait { // it was ready with work
		st.leave(j)
		st.sumMin -= in.Min[j]
		st.nReady--
		st.boostable.clear(st.rank[j])
	}
	st.mode[j] = modeDone
	st.rem[j] = 0
	st.sched.Completion[j] = st.t
	for _, s := range st.succ[j] {
		if st.predLeft[s]--; st.predLeft[s] == 0 {
			st.ready(s)
		}
	}
	st.ndone++
}

// distributeSlack returns the scale c of the minima in the next interval
// and gives the slack S − c·Σ m_j, in priority order, to boostable ready
// subjobs; subjobs leaving or joining the boosted list change runs.
func (st *packState) distributeSlack() float64 {
	in := st.in
	c := 1.0
	if st.sumMin > in.S {
		c = in.S / st.sumMin
	}
	slack := in.S - c*st.sumMin
	if c < 1 || slack < 0 {
		slack = 0
	}
	next := st.next[:0]
	for r := st.boostable.next(0); r >= 0 && slack > 0; r = st.boostable.next(r + 1) {
		j := in.Order[r]
		e := math.Min(slack, in.Max[j]-in.Min[j])
		slack -= e
		next = append(next, boost{j, e})
	}
	// Move subjobs between the minimum heap and the boosted list.
	st.stamp++
	for _, b := range next {
		st.mark(b.j)
	}
	for _, b := range st.boosted {
		if !st.marked(b.j) && st.mode[b.j] == modeBoost {
			st.closeRun(b.j)
			st.toMin(b.j)
		}
	}
	for _, b := range next {
		j := b.j
		slots := in.Min[j] + b.e
		if st.mode[j] == modeBoost && st.runSlots[j] == slots {
			continue
		}
		st.leave(j)
		st.mode[j] = modeBoost
		st.openRun(j, slots, false)
	}
	st.boosted, st.next = next, st.boosted
	return c
}

// firstCompletion returns the subjob that completes first in the next
// interval (ties by rank) and the time until it does; best is −1 when
// no subjob progresses.
func (st *packState) firstCompletion(c float64) (best int, tau float64) {
	in, rank := st.in, st.rank
	best, tau = -1, math.Inf(1)
	for _, b := range st.boosted {
		v := st.rem[b.j] / (in.Min[b.j] + b.e)
		if best < 0 || v < tau || (v == tau && rank[b.j] < rank[best]) {
			best, tau = b.j, v
		}
	}
	if st.h.Len() > 0 && c > 0 {
		j := st.h.Top()
		v := (st.vf[j] - st.V) / c
		if v < tau || (v == tau && (best < 0 || rank[j] < rank[best])) {
			best, tau = j, v
		}
	}
	return best, tau
}

// completeDue completes subjob best and every subjob whose remaining work
// is within doneEps of zero at the end of the interval.
func (st *packState) completeDue(best int) {
	in := st.in
	st.complete(best)
	for _, b := range st.boosted {
		if st.mode[b.j] == modeBoost && st.rem[b.j] <= doneEps*in.Work[b.j] {
			st.complete(b.j)
		}
	}
	for st.h.Len() > 0 {
		j := st.h.Top()
		if (st.vf[j]-st.V)*in.Min[j] > doneEps*in.Work[j] {
			break
		}
		st.complete(j)
	}
}

// settle closes the runs of subjobs still ready at the end and records
// the work done on each subjob.
func (st *packState) settle() {
	in, sched := st.in, st.sched
	for j := range in.Work {
		switch st.mode[j] {
		case modeMin, modeBoost, modeZero:
			if st.mode[j] == modeMin {
				st.rem[j] = math.Max(0, (st.vf[j]-st.V)*in.Min[j])
			}
			st.leave(j)
		}
		sched.Done[j] = in.Work[j] - math.Max(0, st.rem[j])
		if !math.IsNaN(sched.Completion[j]) {
			sched.Done[j] = in.Work[j]
		}
	}
}

type boost struct {
	j int
	e float64
}

type packState struct {
	in        *PackInput
	sched     *Schedule
	rank      []int
	mode      []int8
	rem, vf   []float64
	hpos      []int
	runFrom   []int
	runSlots  []float64
	h         *pq.Heap[int] // subjobs at their minimum; hpos tracks positions
	V         float64
	sumMin    float64
	nReady    int
	boostable bitset
	stampOf   []int
	stamp     int

	succ     [][]int // immediate successors
	predLeft []int   // predecessors not yet complete
	instant  []int   // ready subjobs with no work left
	t        float64 // current time
	ndone    int     // completed subjobs
	boosted  []boost // subjobs receiving slack in the current interval
	next     []boost // scratch for the next boosted list
}

func (s *packState) mark(j int) {
	if s.stampOf == nil {
		s.stampOf = make([]int, len(s.rem))
	}
	s.stampOf[j] = s.stamp
}
func (s *packState) marked(j int) bool { return s.stampOf != nil && s.stampOf[j] == s.stamp }

// toMin puts a ready subjob at its (scaled) minimum.
func (s *packState) toMin(j int) {
	if s.in.Min[j] > 0 {
		s.mode[j] = modeMin
		s.vf[j] = s.V + s.rem[j]/s.in.Min[j]
		s.h.Push(j)
		s.openRun(j, s.in.Min[j], true)
	} else {
		s.mode[j] = modeZero
	}
}

// leave takes a subjob out of its current mode, closing its run.
func (s *packState) leave(j int) {
	switch s.mode[j] {
	case modeMin:
		s.rem[j] = math.Max(0, (s.vf[j]-s.V)*s.in.Min[j])
		s.h.Remove(s.hpos[j])
		s.hpos[j] = -1
		s.closeRun(j)
	case modeBoost:
		s.closeRun(j)
	case modeZero:
		s.closeRun(j)
	}
	s.mode[j] = modeWait
}

func (s *packState) openRun(j int, slots float64, scaled bool) {
	s.runFrom[j] = len(s.sched.Intervals)
	s.runSlots[j] = slots
	if scaled {
		s.runSlots[j] = -slots // sign marks a scaled run
	}
}

func (s *packState) closeRun(j int) {
	from, to := s.runFrom[j], len(s.sched.Intervals)
	if s.runSlots[j] == 0 || from < 0 {
		return
	}
	if to > from {
		sl, sc := s.runSlots[j], false
		if sl < 0 {
			sl, sc = -sl, true
		}
		s.sched.Runs = append(s.sched.Runs, Run{Subjob: j, From: from, To: to, Slots: sl, Scaled: sc})
	}
	s.runSlots[j] = 0
	s.runFrom[j] = -1
}

// minLess orders subjobs at their minimum by virtual finish time, then rank.
func (s *packState) minLess(a, b int) bool {
	if s.vf[a] != s.vf[b] {
		return s.vf[a] < s.vf[b]
	}
	return s.rank[a] < s.rank[b]
}

// bitset is a two-level bitset over ranks with a fast next-set-bit.
type bitset struct {
	lo []uint64
	hi []uint64
}

func newBitset(n int) bitset {
	w := (n + 63) / 64
	return bitset{lo: make([]uint64, w), hi: make([]uint64, (w+63)/64)}
}

func (b *bitset) set(i int) {
	b.lo[i>>6] |= 1 << (i & 63)
	b.hi[i>>12] |= 1 << ((i >> 6) & 63)
}

func (b *bitset) clear(i int) {
	w := i >> 6
	b.lo[w] &^= 1 << (i & 63)
	if b.lo[w] == 0 {
		b.hi[w>>6] &^= 1 << (w & 63)
	}
}

// next returns the smallest set index ≥ i, or −1.
func (b *bitset) next(i int) int {
	w := i >> 6
	if w >= len(b.lo) {
		return -1
	}
	if m := b.lo[w] >> (i & 63); m != 0 {
		return i + bits.TrailingZeros64(m)
	}
	w++
	for hw := w >> 6; hw < len(b.hi); hw++ {
		m := b.hi[hw]
		if hw == w>>6 {
			if w&63 == 0 {
				// whole word
			} else {
				m &= ^uint64(0) << (w & 63)
			}
		}
		if m != 0 {
			lw := hw<<6 + bits.TrailingZeros64(m)
			return lw<<6 + bits.TrailingZeros64(b.lo[lw])
		}
	}
	return -1
}

func checkPack(in *PackInput) error {
	n := len(in.Work)
	if !(in.S > 0) || math.IsInf(in.S, 0) {
		return fmt.Errorf("%w: slots S = %v must be finite and > 0", ErrInput, in.S)
	}
	if len(in.Min) != n || len(in.Max) != n || len(in.Preds) != n || len(in.Order) != n {
		return fmt.Errorf("%w: work, min, max, preds and order must have the same length", ErrInput)
	}
	pos := make([]int, n)
	for j := range pos {
		pos[j] = -1
	}
	for r, j := range in.Order {
		if j < 0 || j >= n || pos[j] >= 0 {
			return fmt.Errorf("%w: order is not a permutation (entry %d = %d)", ErrInput, r, j)
		}
		pos[j] = r
	}
	for j := 0; j < n; j++ {
		w, lo, hi := in.Work[j], in.Min[j], in.Max[j]
		if math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
			return fmt.Errorf("%w: subjob %d: work %v must be finite and ≥ 0", ErrInput, j, w)
		}
		if math.IsNaN(lo) || lo < 0 || math.IsNaN(hi) || hi < lo || !(hi > 0) || math.IsInf(hi, 0) {
			return fmt.Errorf("%w: subjob %d: need 0 ≤ min ≤ max, max > 0 finite (min %v, max %v)", ErrInput, j, lo, hi)
		}
		for _, q := range in.Preds[j] {
			if q < 0 || q >= n {
				return fmt.Errorf("%w: subjob %d: predecessor %d out of range", ErrInput, j, q)
			}
			if pos[q] > pos[j] {
				return fmt.Errorf("%w: order is not topological: %d precedes %d but comes after it", ErrInput, q, j)
			}
		}
	}
	return nil
}
