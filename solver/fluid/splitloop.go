package fluid

import (
	"math"

	"github.com/mrsched/mrsched/schedule"
)

// noCode marks a job outside a set in splitClass's code arrays (above
// every code of a member).
const noCode = math.MaxUint64

// signBit is a float64's sign bit: a size read as −0 has its bits cleared
// of it so that it orders as +0 does in the heaps' float comparisons, and
// S1's shuffle-station code sets it to rank the jobs whose map is done
// first.
const signBit = 1 << 63

// splitClass is the state of the jobs of one class of Algorithm 2 (§4.2;
// class 0 is S1, x0 ≥ y0, class 1 is S2) in the system under SplitSRPT,
// indexed by an unordered slot as maxJobs is: two arrays of order codes
// (what the scans read) beside the tie-breaks, and a slice of structs for
// the rest. km and kb hold each job's code in the class's map-station set
// (jobs with map work left) and shuffle-station set (jobs with a non-empty
// buffer), noCode outside it: unsigned integers that order exactly as
// splitState's heap orders, so that the map job and the first buffered job
// are the least (code, tie) of two contiguous arrays:
//   - S1, map station (hkS1Map): the bits of x;
//   - S1, shuffle station (hkS1Shuffle): the bits of y when x = 0, else
//     the bits of x with the sign bit set (every job whose map is done
//     comes first);
//   - S2, both stations (hkS2): the bits of y.
//
// The bit patterns of non-negative floats order as the floats do.
type splitClass struct {
	km, kb []uint64
	tie    []int64
	j      []splitSlot
}

// splitSlot is the rest of a job's state.
type splitSlot struct {
	x, y   float64 // remaining map and shuffle work
	x0, y0 float64 // original sizes
	ratio  float64 // max(x0/y0, y0/x0): job.ratio
	in     float64 // inflow rm·y0/x0 cached for the map rate inRM (NaN: none)
	inRM   float64
	r      float64 // release
	// buf is bufferOf(x, y, x0, y0), set wherever x or y changes (the
	// generic loop's cached job.buffer()).
	buf   float64
	empty bool
	orig  int
	seq   int
	id    string
}

// inflow is job.inflow for map rate rm (x > 0).
func (j *splitSlot) inflow(rm float64) float64 {
	if rm != j.inRM {
		j.in, j.inRM = rm*j.y0/j.x0, rm
	}
	return j.in
}

// shuffleCode is the code of slot i in the class's shuffle-station order
// (whether or not its buffer is empty).
func (s *splitClass) shuffleCode(cls, i int) uint64 {
	j := &s.j[i]
	if cls == 0 && j.x != 0 {
		return signBit | math.Float64bits(j.x)&^signBit
	}
	return math.Float64bits(j.y) &^ signBit
}

// setCodes sets km and kb of slot i from x, y and empty.
func (s *splitClass) setCodes(cls, i int) {
	j := &s.j[i]
	s.km[i], s.kb[i] = splitCodes(cls, j.x, j.y, j.empty)
}

// splitCodes returns the codes km and kb of a job of class cls with
// remaining works x, y (small enough to be inlined in the event pass).
func splitCodes(cls int, x, y float64, empty bool) (uint64, uint64) {
	km, kb := uint64(noCode), uint64(noCode)
	bx, by := math.Float64bits(x)&^signBit, math.Float64bits(y)&^signBit
	if x > 0 {
		km = by
		if cls == 0 {
			km = bx
		}
	}
	if !empty {
		kb = by
		if cls == 0 && x != 0 {
			kb = signBit | bx
		}
	}
	return km, kb
}

// lessShuffle is the class's shuffle-station order (splitState.hb[c].less)
// between slots a and b.
func (s *splitClass) lessShuffle(cls, a, b int) bool {
	ca, cb := s.shuffleCode(cls, a), s.shuffleCode(cls, b)
	if ca != cb {
		return ca < cb
	}
	return s.tie[a] < s.tie[b]
}

// minima returns the slots of the least (code, tie) in km and in kb (-1
// for an empty set): the class's map job and first buffered job, found
// together in one pass over the few jobs present.
func (s *splitClass) minima() (int, int) {
	km, kb, tie := s.km, s.kb, s.tie
	n := len(km)
	switch n {
	case 0:
		return -1, -1
	case 1: // the usual case at low load
		im, ib := -1, -1
		if km[0] != noCode {
			im = 0
		}
		if kb[0] != noCode {
			ib = 0
		}
		return im, ib
	}
	kb, tie = kb[:n], tie[:n]
	bm, bb := km[0], kb[0]
	im, ib := 0, 0
	for i := 1; i < n; i++ {
		if v := km[i]; v < bm || (v == bm && tie[i] < tie[im]) {
			bm, im = v, i
		}
		if v := kb[i]; v < bb || (v == bb && tie[i] < tie[ib]) {
			bb, ib = v, i
		}
	}
	if bm == noCode {
		im = -1
	}
	if bb == noCode {
		ib = -1
	}
	return im, ib
}

// drop removes slot i, moving the last slot into it.
func (s *splitClass) drop(i int) {
	l := len(s.j) - 1
	if i != l {
		s.km[i], s.kb[i], s.tie[i], s.j[i] = s.km[l], s.kb[l], s.tie[l], s.j[l]
	}
	s.j[l].id = ""
	s.km, s.kb, s.tie, s.j = s.km[:l], s.kb[:l], s.tie[:l], s.j[:l]
}

// splitRole is one of the four roles of an allocation, in the generic
// order m0, b0, m1, b1 (the map job and the first buffered job of S1, then
// of S2): its slot in its class (the class's current minimum of that set,
// -1 when the set is empty), the rates it was given, its tracking flag and
// whether it is served (a role b_c held by m_c's job is never served: that
// job's rates are in role m_c).
type splitRole struct {
	i      int
	rm, rs float64
	track  bool
	on     bool
}

// splitGive is give on the rates of one class's map job (mrs) and first
// buffered job (brs; the map job's own when bIsM).
type splitGive struct {
	first, hasB, bIsM bool
	capm, mrs, brs    float64
}

// give is give(m, b, first, capm, amount).
func (g *splitGive) give(amount float64) float64 {
	if amount <= 0 {
		return 0
	}
	if g.first {
		if r := minf(amount, g.capm-g.mrs); r > 0 {
			g.mrs += r
			amount -= r
		}
	}
	if g.hasB && amount > 0 {
		if g.bIsM {
			g.mrs += amount
		} else {
			g.brs += amount
		}
		amount = 0
	}
	return amount
}

// runSplit is engine.run specialised to SplitSRPT and its strict variant
// (Algorithm 2, §4.2; splitState): the same events in the same order, with
// the same floating-point operations on the same values
// (TestSplitLoopMatchesGeneric checks every output bit against the generic
// loop), on one splitClass per class. There are few jobs present (on the
// §5.3 workload 1.8, 3.1 and 5.1 on average at ρ = 0.5, 0.75 and 0.9), so
// the map job and the first buffered job of each class are found afresh at
// every event by one pass over the class's codes (splitClass.minima), with
// no heap and no bookkeeping of kept minima. β(t), the least imbalance
// among the jobs present, is kept as a value: an arrival can only lower
// it, and it is rescanned only when a job with that imbalance departs. At
// most four jobs are served (the four roles). Above scanLimit jobs present
// it hands over to the generic loop and its heaps (handOffSplit). The step
// is splitStep, run by eventLoop.
func (e *engine) runSplit(sink func(JobResult)) (Summary, error) {
	p := &splitStep{e: e, strict: e.split.strict,
		ro:  [4]splitRole{{i: -1}, {i: -1}, {i: -1}, {i: -1}},
		evR: -1, evKind: evNone,
		beta: inf, betaOK: true, lastBeta: math.NaN(),
		ca: -1, cb: -1, caR: 2, cbR: 3,
	}
	return e.startLoop(p, sink)
}

// splitStep is runSplit's step. The next event (found by the previous
// step) is the own event of role evR (-1: an arrival, a crossing or none)
// of kind evKind, or, when cross, a crossing of S2's map job and first
// buffered job (slots ca ahead, cb overtaking, of roles caR, cbR) in ctau.
type splitStep struct {
	e      *engine
	cl     [2]splitClass
	ro     [4]splitRole
	strict bool
	evR    int
	evKind int
	// β over the jobs present (+Inf when none) while betaOK; μ1, μ2 of
	// the last β (splitState.lastBeta).
	beta, lastBeta, mu1, mu2 float64
	betaOK                   bool
	cross                    bool
	ca, cb, caR, cbR         int
	ctau                     float64
}

func (p *splitStep) record(t0, t1 float64) { p.e.recordSplit(&p.cl, &p.ro, t0, t1) }

func (p *splitStep) subULP() float64 {
	if p.cross && p.ctau > 0 {
		ya, yb := p.cl[1].j[p.ca].y, p.cl[1].j[p.cb].y
		if !(yb <= ya || yb-ya <= flipRel*ya) { // !splitState.resolves
			return p.ctau
		}
	}
	return 0
}

// step is one SplitSRPT event (advance, events, flip, departures,
// arrivals, β, allocation, next event).
//
// Measured hot loop, kept whole: its passes share the four roles and β, which a call per pass would spill.
func (p *splitStep) step(dt float64, advanced bool, sink func(JobResult)) (float64, error) {
	e, cl, ro := p.e, &p.cl, &p.ro
	evR, evKind := p.evR, p.evKind
	beta, betaOK := p.beta, p.betaOK
	// The served jobs' advance and events, in the generic order (the
	// generic loop's advance and event pass, fused per job as in
	// runMax). gone: the slots of the jobs that departed, by role.
	gone := [4]int{-1, -1, -1, -1}
	for r := range 4 {
		j := &ro[r]
		if !j.on {
			continue
		}
		s := &cl[r>>1]
		i := j.i
		sl := &s.j[i]
		x, y, x0, y0 := sl.x, sl.y, sl.x0, sl.y0
		if advanced {
			x = clamp0(x - j.rm*dt)
			if j.track {
				y = snapOf(x, x0, y0)
			} else {
				y = clamp0(y - j.rs*dt)
			}
		}
		if j.rm > 0 && ((r == evR && evKind == evMap) || x <= snapRel*x0) {
			x = 0
			if j.track {
				y = 0
			}
		}
		empty, buf := true, 0.0
		if j.track && advanced {
			// The buffer is exactly 0 after the snap.
		} else if b := bufferOf(x, y, x0, y0); (r == evR && evKind == evDrain) || b <= snapRel*y0 {
			y = snapOf(x, x0, y0) // bufferOf gives exactly 0 for it
		} else {
			empty, buf = false, b
		}
		sl.x, sl.y, sl.empty, sl.buf = x, y, empty, buf
		if x == 0 && y == 0 {
			e.departJob(sl.r, x0, y0, sl.orig, sl.id, sink)
			gone[r] = i
			if sl.ratio == beta {
				betaOK = false
			}
			continue
		}
		s.km[i], s.kb[i] = splitCodes(r>>1, x, y, empty)
	}
	if p.cross && gone[p.caR] < 0 && gone[p.cbR] < 0 {
		e.flipSplit(&cl[1], p.ca, p.cb)
	}
	// Departed slots go last-first within a class, so that a move
	// cannot displace the other departed job.
	for c := range 2 {
		hi, lo := gone[2*c], gone[2*c+1]
		if lo > hi {
			hi, lo = lo, hi
		}
		if hi >= 0 {
			cl[c].drop(hi)
		}
		if lo >= 0 {
			cl[c].drop(lo)
		}
	}
	for e.hasNext && e.next.Release <= e.now {
		if r := e.arriveSplit(cl); r < beta {
			beta = r
		}
		e.pull()
	}
	if e.srcErr != nil {
		return 0, e.srcErr
	}
	if e.nsys > e.scan && !e.noHandOff {
		e.handOffSplit(cl)
		return 0, errHandOff
	}
	if !betaOK {
		beta, betaOK = inf, true
		for c := range 2 {
			for i := range cl[c].j {
				if r := cl[c].j[i].ratio; r < beta {
					beta = r
				}
			}
		}
	}
	p.beta, p.betaOK = beta, betaOK
	// splitState.allocate, inflow tracking and the next event: the
	// served jobs' own events, then S2's crossing.
	p.cross = false
	t, evR, evKind := inf, -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
	if e.nsys == 0 {
		ro[0].on, ro[1].on, ro[2].on, ro[3].on = false, false, false, false
		p.evR, p.evKind = evR, evKind
		return t, nil
	}
	mu1, mu2 := p.mu1, p.mu2
	if beta != p.lastBeta {
		mu1, mu2 = 0, 1
		if !math.IsInf(beta, 1) {
			mu1, mu2 = 1/(1+beta), beta/(1+beta)
		}
		p.lastBeta, p.mu1, p.mu2 = beta, mu1, mu2
	}
	cm, cc := e.cm, e.cc
	m0, b0 := cl[0].minima()
	m1, b1 := cl[1].minima()
	share0, share1 := mu2*cm, mu1*cm
	if !p.strict {
		if m0 < 0 {
			share1 = cm
		}
		if m1 < 0 {
			share0 = cm
		}
	}
	g0 := splitGive{hasB: b0 >= 0, bIsM: b0 >= 0 && b0 == m0}
	g1 := splitGive{hasB: b1 >= 0, bIsM: b1 >= 0 && b1 == m1}
	if m0 >= 0 {
		if j := &cl[0].j[m0]; j.empty && (b0 < 0 || cl[0].lessShuffle(0, m0, b0)) {
			g0.first = true
			if share0 > 0 { // job.cap: the inflow (m0 has map work left)
				g0.capm = j.inflow(share0)
			}
		}
	}
	if m1 >= 0 {
		if j := &cl[1].j[m1]; j.empty && (b1 < 0 || cl[1].lessShuffle(1, m1, b1)) {
			g1.first = true
			if share1 > 0 {
				g1.capm = j.inflow(share1)
			}
		}
	}
	left0 := g0.give(mu1 * cc)
	left1 := g1.give(mu2 * cc)
	if !p.strict {
		g0.give(left1)
		g1.give(left0)
	}
	// An unserved role's rates are 0 (the crossing reads them).
	ro[0] = splitRole{i: m0, rm: share0, rs: g0.mrs, on: m0 >= 0 && (share0 != 0 || g0.mrs != 0)}
	ro[1] = splitRole{i: b0, rs: g0.brs, on: b0 >= 0 && b0 != m0 && g0.brs != 0}
	ro[2] = splitRole{i: m1, rm: share1, rs: g1.mrs, on: m1 >= 0 && (share1 != 0 || g1.mrs != 0)}
	ro[3] = splitRole{i: b1, rs: g1.brs, on: b1 >= 0 && b1 != m1 && g1.brs != 0}
	now := e.now
	for r := range 4 {
		j := &ro[r]
		if !j.on {
			continue
		}
		e.sum.Served++
		sl := &cl[r>>1].j[j.i]
		x := sl.x
		in := 0.0 // job.inflow
		if x > 0 && j.rm > 0 {
			in = sl.inflow(j.rm)
		}
		if sl.empty && x > 0 && j.rm > 0 && sl.y0 > 0 && j.rs >= in {
			j.rs, j.track = in, true
		}
		// job.nextEvent.
		te, kind := inf, evNone
		if j.rm > 0 && x > 0 {
			te, kind = x, evMap
			if j.rm != 1 {
				te = x / j.rm
			}
		}
		if !j.track && j.rs > 0 && j.rs > in {
			if td := sl.buf / (j.rs - in); td < te {
				te, kind = td, evDrain
			}
		}
		if tj := now + te; tj < t {
			t, evR, evKind = tj, r, kind
		}
	}
	// splitState.crossing: S2's map job and first buffered job, keyed
	// by remaining shuffle size.
	if m1 >= 0 && b1 >= 0 && m1 != b1 {
		a, b, ra, rb := m1, b1, 2, 3
		if !lessS2y(&cl[1], a, b) {
			a, b, ra, rb = b, a, rb, ra
		}
		d := cl[1].j[a].y - cl[1].j[b].y // ≤ 0: a is ahead
		dt := inf
		if d > 0 {
			dt = 0
		} else if g := ro[rb].rs - ro[ra].rs; g > 0 {
			dt = -d / g
		}
		if now+dt < t {
			t, evR, evKind, p.ctau = now+dt, -1, evNone, dt
			p.cross, p.ca, p.cb, p.caR, p.cbR = true, a, b, ra, rb
		}
	}
	p.evR, p.evKind = evR, evKind
	return t, nil
}

// lessS2y is lessS2 on slots of S2.
func lessS2y(s *splitClass, a, b int) bool {
	ya, yb := s.j[a].y, s.j[b].y
	if ya != yb {
		return ya < yb
	}
	return s.tie[a] < s.tie[b]
}

// flipSplit is splitState.flip on slots of S2: b ranks ahead of a.
func (e *engine) flipSplit(s *splitClass, a, b int) {
	ja, jb := &s.j[a], &s.j[b]
	if jb.y > ja.y && jb.y-ja.y <= flipRel*ja.y {
		jb.y = ja.y
		jb.buf = bufferOf(jb.x, jb.y, jb.x0, jb.y0)
	}
	s.tie[b] = e.nextTie
	e.nextTie--
	s.setCodes(1, b)
	if testHookFlip != nil {
		testHookFlip(e.policyName)
	}
}

// arriveSplit is engine.arrive for runSplit (the new job takes its
// class's last slot); it returns the job's imbalance ratio.
func (e *engine) arriveSplit(cl *[2]splitClass) float64 {
	in := &e.next
	orig := e.seq
	if e.order != nil {
		orig = e.order[e.seq]
	}
	x0, y0 := in.Map, in.Shuffle
	j := splitSlot{x: x0, y: y0, x0: x0, y0: y0, inRM: math.NaN(), r: in.Release,
		buf: bufferOf(x0, y0, x0, y0), orig: orig, seq: e.seq, id: in.ID}
	j.empty = j.buf == 0
	c := 0
	switch {
	case x0 == 0 || y0 == 0:
		j.ratio = inf
	case x0 >= y0:
		j.ratio = x0 / y0
	default:
		j.ratio = y0 / x0
	}
	if !(x0 >= y0) { // class(): S2
		c = 1
	}
	s := &cl[c]
	s.j = append(s.j, j)
	s.km, s.kb, s.tie = append(s.km, noCode), append(s.kb, noCode), append(s.tie, int64(e.seq))
	s.setCodes(c, len(s.j)-1)
	e.seq++
	e.nsys++
	if e.nsys > e.sum.MaxInSystem {
		e.sum.MaxInSystem = e.nsys
	}
	return j.ratio
}

// recordSplit is engine.record for runSplit (served roles in the generic
// order).
func (e *engine) recordSplit(cl *[2]splitClass, ro *[4]splitRole, t0, t1 float64) {
	rates := make([]schedule.Rate, 0, 4)
	for r := range ro {
		if ro[r].on {
			rates = append(rates, schedule.Rate{Job: cl[r>>1].j[ro[r].i].orig, Map: ro[r].rm, Shuffle: ro[r].rs})
		}
	}
	e.sched.Segments = append(e.sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: rates})
}

// handOffSplit moves the jobs of cl into splitState's heaps so that
// the generic loop (resume) continues the run from the allocation (as handOffMax): the
// heaps order jobs as the codes do, so the minima and β, and hence every
// later event, are the same.
func (e *engine) handOffSplit(cl *[2]splitClass) {
	for c := range cl {
		s := &cl[c]
		for i := range s.j {
			sj := &s.j[i]
			j := new(job)
			j.seq, j.orig, j.id, j.r = sj.seq, sj.orig, sj.id, sj.r
			j.x0, j.y0, j.x, j.y = sj.x0, sj.y0, sj.x, sj.y
			j.inRM = math.NaN()
			j.tie, j.empty, j.ratio = s.tie[i], sj.empty, sj.ratio
			j.pos = [4]int{-1, -1, -1, -1}
			e.split.add(j)
		}
	}
}
