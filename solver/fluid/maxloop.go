package fluid

import (
	"math"
	"slices"

	"github.com/mrsched/mrsched/schedule"
)

// scanLimit is the largest number of jobs in the system for which runMax
// finds the map job and the first buffered job by a linear scan; when more
// are present it hands the run over to the generic loop and its heaps
// (O(log n) per operation). The §5.3 workload never has more than 31
// jobs present under MaxSRPT at load 0.9 over 5·10^7 arrivals.
const scanLimit = 64

// maxJobs is the state of the jobs in the system under MaxSRPT: ord, one
// entry per job sorted by the priority max(x, y), ties by tie (what
// decides everything), last first (the job that ranks first is at the
// end, where departures and most arrivals move few entries), with the
// job's set flags, and the rest of each job's state in slots (unordered; a
// departed job's slot is reused by a later arrival, so an entry's slot
// never changes). The map job is the entry nearest the end with map work
// left, the first buffered job the one nearest the end with a non-empty
// buffer.
type maxJobs struct {
	ord  []maxEnt
	j    []maxSlot
	free []int32 // slots of departed jobs
}

// maxEnt is a job's place in the priority order.
type maxEnt struct {
	key float64 // max(x, y): job.key
	tie int64
	i   int32 // slot
	fl  uint8 // inMap: x > 0; inBuf: the buffer is non-empty (!empty)
}

// The set flags of maxEnt.
const (
	inMap uint8 = 1 << iota
	inBuf
)

// flagsOf returns the set flags of a job with remaining map work x.
func flagsOf(x float64, empty bool) uint8 {
	var fl uint8
	if x > 0 {
		fl = inMap
	}
	if !empty {
		fl |= inBuf
	}
	return fl
}

// maxSlot is the rest of a job's state.
type maxSlot struct {
	x, y   float64 // remaining map and shuffle work
	x0, y0 float64 // original sizes
	in     float64 // cm·y0/x0 (x0 > 0): the inflow at the map rate cm
	r      float64 // release
	buf    float64 // bufferOf(x, y, x0, y0), set wherever x or y changes (job.buffer())
	empty  bool    // job.empty: the available buffer is zero
	orig   int
	seq    int
	id     string
}

// lessEnt is jheap.less for hkMax: key, then tie.
func lessEnt(a, b *maxEnt) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	return a.tie < b.tie
}

// remove drops the entry at position p and frees its job's slot; the
// entries after p move down one place (the departed job is near the end:
// it was the map job or the first buffered job).
func (s *maxJobs) remove(p int) {
	if testHookRemove != nil {
		testHookRemove(len(s.ord) - 1 - p)
	}
	o := s.ord
	i := o[p].i
	s.j[i].id = ""
	s.free = append(s.free, i)
	for ; p+1 < len(o); p++ {
		o[p] = o[p+1]
	}
	s.ord = o[:len(o)-1]
}

// testHookRemove, when set (by tests only), is called by maxJobs.remove
// with the number of entries ahead of the one removed.
var testHookRemove func(ahead int)

// insert puts entry v in its place in s.ord, moving the entries that rank
// ahead of it (usually few: the present jobs are mostly large ones) up by
// one.
func (s *maxJobs) insert(v maxEnt) {
	s.ord = append(s.ord, v)
	o := s.ord
	m := len(o) - 1
	for m > 0 && lessEnt(&o[m-1], &v) {
		o[m] = o[m-1]
		m--
	}
	o[m] = v
}

// maxServed is one job served by the current allocation: its slot, its
// position in ord, rates and tracking flag.
type maxServed struct {
	i, p   int
	rm, rs float64
	track  bool
}

// runMax is engine.run specialised to MaxSRPT (prioState with hkMax): the
// same events in the same order, with the same floating-point operations
// on the same values (TestMaxLoopMatchesGeneric checks every output bit
// against the generic loop), on the state maxJobs. At most two jobs are
// served (the map job m and the first buffered job b), so the served set
// is two records. The jobs present are kept sorted by priority: only the
// served jobs' keys change at an event (by the flip too, and perhaps up a
// hair by the rounding of a tracking snap, TestMaxLoopKeyGrowth), arrivals
// are appended, and an insertion pass over the few entries puts them back
// in place; m and b are then the first entries of their sets, found by a
// scan from the front that usually stops after one or two entries. No
// heap, no pointer per job and no allocation once the slices have grown.
// When more than scanLimit jobs are present it hands over to the generic
// loop (handOffMax). The step is maxStep, run by eventLoop.
func (e *engine) runMax(sink func(JobResult)) (Summary, error) {
	p := &maxStep{e: e, s: &maxJobs{}, evK: -1, evKind: evNone, ma: -1, mb: -1, pm: -1, pb: -1}
	return e.startLoop(p, sink)
}

// maxStep is runMax's step. The served jobs are sv[:ns], in the generic
// order (m, then b); the next event (found by the previous step) is the
// own event of sv[evK] (-1: an arrival, a crossing or none) of kind
// evKind, or, when cross, the crossing of ma and mb in ctau (cSwap: mb is
// ahead, and the flip puts ma ahead of it). ma, mb are the allocation's
// map job and first buffered job (slots) and pm, pb their positions in
// s.ord (-1: none). step reads and writes these fields in place: copied
// into locals they were spilled to the stack around its calls, and the
// step ran 3–6 % slower than the whole loop it replaces (BenchmarkRatio
// maxsrpt, ns/job medians); in place, within 3 %.
type maxStep struct {
	e              *engine
	s              *maxJobs
	sv             [2]maxServed
	ns             int
	evK, evKind    int
	ma, mb, pm, pb int
	cross, cSwap   bool
	ctau           float64
}

func (p *maxStep) record(t0, t1 float64) { p.e.recordMax(p.s, p.sv[:p.ns], t0, t1) }

func (p *maxStep) subULP() float64 {
	ca, cb := p.ma, p.mb
	if p.cSwap {
		ca, cb = p.mb, p.ma
	}
	if p.cross && p.ctau > 0 && !resolvesMax(p.s, ca, cb) {
		return p.ctau
	}
	return 0
}

// step is one MaxSRPT event (advance, events, flip, re-sort, arrivals,
// allocation, next event).
//
// Measured hot loop, kept whole: at about 50 ns an event, a call per pass spills the step's state.
func (p *maxStep) step(dt float64, advanced bool, sink func(JobResult)) (float64, error) {
	e, s, sv := p.e, p.s, &p.sv
	unsorted := false // s.ord has entries appended past e.scan (see the arrival pass)
	ca, cb, pcb := p.ma, p.mb, p.pb
	if p.cSwap {
		ca, cb, pcb = p.mb, p.ma, p.pm
	}
	// Advance the served jobs and process their events (engine.run's
	// advance and event pass, fused per job: nothing one job's step
	// reads is written by the other's).
	var gone [2]bool
	for k := range p.ns {
		j := &sv[k]
		sl := &s.j[j.i]
		x, y, x0, y0 := sl.x, sl.y, sl.x0, sl.y0
		if advanced {
			x = clamp0(x - j.rm*dt)
			if j.track {
				y = snapOf(x, x0, y0)
			} else {
				y = clamp0(y - j.rs*dt)
			}
		}
		if j.rm > 0 && ((k == p.evK && p.evKind == evMap) || x <= snapRel*x0) {
			x = 0
			if j.track {
				y = 0
			}
		}
		empty, buf := true, 0.0
		if j.track && advanced {
			// The buffer is exactly 0 after the snap.
		} else if b := bufferOf(x, y, x0, y0); (k == p.evK && p.evKind == evDrain) || b <= snapRel*y0 {
			y = snapOf(x, x0, y0) // bufferOf gives exactly 0 for it
		} else {
			empty, buf = false, b
		}
		sl.x, sl.y, sl.empty, sl.buf = x, y, empty, buf
		if x == 0 && y == 0 {
			e.departJob(sl.r, x0, y0, sl.orig, sl.id, sink)
			gone[k] = true
			continue
		}
		o := &s.ord[j.p]
		o.key, o.fl = maxf(x, y), flagsOf(x, empty)
	}
	if p.cross && !(ca == sv[0].i && gone[0]) && !(p.ns == 2 && ca == sv[1].i && gone[1]) &&
		!(cb == sv[0].i && gone[0]) && !(p.ns == 2 && cb == sv[1].i && gone[1]) {
		e.flipMax(s, ca, cb, pcb)
	}
	// Departed entries go last-first, so that the removal of one
	// cannot move the other.
	if p.ns == 2 && gone[0] && gone[1] {
		hi, lo := sv[0].p, sv[1].p
		if lo > hi {
			hi, lo = lo, hi
		}
		s.remove(hi)
		s.remove(lo)
	} else if p.ns > 0 && gone[0] {
		s.remove(sv[0].p)
	} else if p.ns == 2 && gone[1] {
		s.remove(sv[1].p)
	}
	// The served jobs were at pm and pb. A removal moves only the
	// entries above it, each down by one: the other served job, if it
	// was above the removed one, stays at lo or above.
	lo := len(s.ord)
	if p.pm >= 0 {
		lo = p.pm
	}
	if p.pb >= 0 && p.pb < lo {
		lo = p.pb
	}
	// The insertion pass: only entries at positions lo and above
	// may be out of place (the served and flipped jobs); below lo the
	// entries are those of the last order, still sorted, so the pass
	// stops at the first of them found in place. As every tie is
	// unique the order is total, so the result, and hence the first
	// entries of each set, are those of any correct sort. (Written
	// out rather than called: a call per event spills the loop's
	// state; element moves rather than copy, as the runs are short.)
	for o, k := s.ord, len(s.ord)-2; k >= 0; k-- {
		if lessEnt(&o[k+1], &o[k]) {
			if k < lo {
				break
			}
			continue
		}
		v := o[k]
		m := k
		for m+1 < len(o) && lessEnt(&v, &o[m+1]) {
			o[m] = o[m+1]
			m++
		}
		o[m] = v
	}
	for e.hasNext && e.next.Release <= e.now {
		// engine.arrive, written out (a call per job spills the
		// loop's state): the job takes a free slot and its entry its
		// place in s.ord.
		in := &e.next
		orig := e.seq
		if e.order != nil {
			orig = e.order[e.seq]
		}
		x0, y0 := in.Map, in.Shuffle
		inflow := 0.0
		if x0 > 0 {
			inflow = e.cm * y0 / x0 // job.inflow at the map rate cm
		}
		buf := bufferOf(x0, y0, x0, y0)
		empty := buf == 0
		var i int32
		if n := len(s.free); n > 0 {
			i = s.free[n-1]
			s.free = s.free[:n-1]
		} else {
			i = int32(len(s.j))
			s.j = append(s.j, maxSlot{})
		}
		sl := &s.j[i] // every field is set
		sl.x, sl.y, sl.x0, sl.y0, sl.in, sl.r = x0, y0, x0, y0, inflow, in.Release
		sl.buf, sl.empty, sl.orig, sl.seq, sl.id = buf, empty, orig, e.seq, in.ID
		if v := (maxEnt{key: maxf(x0, y0), tie: int64(e.seq), i: i, fl: flagsOf(x0, empty)}); len(s.ord) >= e.scan && !e.noHandOff {
			// The loop hands over after this pass: append, and sort
			// once before the hand-off (an insertion pass per arrival
			// was quadratic on a batch, above all of tied jobs, whose
			// entries each walked to the front).
			s.ord = append(s.ord, v)
			unsorted = true
		} else {
			s.insert(v)
		}
		e.seq++
		e.nsys++
		if e.nsys > e.sum.MaxInSystem {
			e.sum.MaxInSystem = e.nsys
		}
		e.pull()
	}
	if e.srcErr != nil {
		return 0, e.srcErr
	}
	if len(s.ord) > e.scan && !e.noHandOff {
		if unsorted {
			// The order insert would have built: descending (key,
			// tie), a total order, so the hand-off sees the same ord.
			slices.SortFunc(s.ord, func(a, b maxEnt) int {
				switch {
				case lessEnt(&b, &a):
					return -1
				case lessEnt(&a, &b):
					return 1
				}
				return 0
			})
		}
		e.handOffMax(s)
		return 0, errHandOff
	}
	// m and b: the first entries of their sets, from the end.
	// (Two scans: m is usually at the end, b often far from it. Each
	// also reads the job's slot, ma or mb, where it stops. ord and the
	// slots are read through local copies of the slice headers, which
	// stay valid until the next event pass.)
	p.pm, p.pb, p.ma, p.mb = -1, -1, -1, -1
	o, js := s.ord, s.j
	for q := len(o) - 1; q >= 0; q-- {
		if o[q].fl&inMap != 0 {
			p.pm, p.ma = q, int(o[q].i)
			break
		}
	}
	for q := len(o) - 1; q >= 0; q-- {
		if o[q].fl&inBuf != 0 {
			p.pb, p.mb = q, int(o[q].i)
			break
		}
	}
	// Allocation (prioState.allocate), inflow tracking and the next
	// event: the served jobs' own events, then the crossing of m and b.
	p.ns = 0
	c := e.cc
	if p.ma >= 0 {
		sv[0] = maxServed{i: p.ma, p: p.pm, rm: e.cm}
		p.ns = 1
		if js[p.ma].empty && (p.mb < 0 || p.pm > p.pb) {
			// cap(): the inflow cm·y0/x0 (m has map work left).
			r := minf(c, js[p.ma].in)
			sv[0].rs = r
			c -= r
		}
	}
	if p.mb >= 0 && c > 0 {
		if p.mb == p.ma {
			sv[0].rs = c
		} else {
			sv[p.ns] = maxServed{i: p.mb, p: p.pb, rs: c}
			p.ns++
		}
	}
	e.sum.Served += int64(p.ns)
	t := inf
	p.evK, p.evKind = -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
	now := e.now
	for k := range p.ns {
		j := &sv[k]
		sl := &js[j.i]
		x := sl.x
		in := 0.0 // job.inflow
		if x > 0 && j.rm > 0 {
			in = sl.in
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
			t, p.evK, p.evKind = tj, k, kind
		}
	}
	p.cross = false
	if p.ma >= 0 && p.mb >= 0 && p.ma != p.mb {
		p.cSwap = p.pb > p.pm // b ahead of m
	}
	// With m ahead and b unserved (ns = 1: b's rates are 0) there is
	// no crossing: b's key stays and crossMaxV, at every breakpoint p,
	// finds m's key (ax − arm·p, ay − ars·p rounded, each at most its
	// value now) at most b's, and the slope difference 0 − sa ≤ 0, so
	// it returns +Inf, as the bound below does then. (A b ahead of m is
	// served unless cc = μc·speed underflows to 0: that case is still
	// computed.)
	if p.ma >= 0 && p.mb >= 0 && p.ma != p.mb && (p.ns == 2 || p.cSwap) {
		// m's rates are sv[0]'s; b's sv[1]'s when served, else 0.
		var brm, brs float64
		if p.ns == 2 {
			brm, brs = sv[1].rm, sv[1].rs
		}
		a, b := p.ma, p.mb
		arm, ars := sv[0].rm, sv[0].rs
		if p.cSwap {
			a, b = b, a
			arm, ars, brm, brs = brm, brs, arm, ars
		}
		// dt is crossMaxV's value when now + dt < t may hold, and
		// +Inf when it cannot. Every value crossMaxV returns is either
		// its first piece's max(τ0, 0) (τ0 = −d0/g0, when that is below
		// the first breakpoint p1) or at least p1 (a later piece's
		// breakpoint or max(τ, p)), so it is at least
		// L = min(max(τ0, 0), p1), computed here with the very
		// operations crossMaxV performs on the same values; as now + v
		// rounds monotonically in v, now + L ≥ t implies now + v ≥ t.
		// The whole computation runs only when that test fails: on the
		// §5.3 workload the crossing is never the next event, and the
		// test settles almost every case with the two breakpoint
		// divisions alone. (Written out rather than a function, as
		// crossMaxBefore was: a call per event spills the loop's state.)
		ax, ay, bx, by := js[a].x, js[a].y, js[b].x, js[b].y
		p1 := inf
		if d := arm - ars; d != 0 {
			if k := (ax - ay) / d; k > 0 && k < inf {
				p1 = k
			}
		}
		if d := brm - brs; d != 0 {
			if k := (bx - by) / d; k > 0 && k < inf && k < p1 {
				p1 = k
			}
		}
		lo := p1
		// The first piece (p = 0): keyMaxV at τ = 0 gives the keys
		// max(x, y) and the slopes of the pieces that start there.
		la, sa := keyMaxV(ax, ay, arm, ars, 0)
		lb, sb := keyMaxV(bx, by, brm, brs, 0)
		dt := inf
		if d := la - lb; d > 0 {
			dt = crossMaxV(ax, ay, arm, ars, bx, by, brm, brs)
		} else {
			if g := sb - sa; g > 0 {
				if tau := 0 - d/g; tau < p1 {
					lo = maxf(tau, 0)
				}
			}
			if now+lo < t {
				dt = crossMaxV(ax, ay, arm, ars, bx, by, brm, brs)
			}
		}
		if now+dt < t {
			t, p.evK, p.evKind, p.ctau, p.cross = now+dt, -1, evNone, dt, true
		}
	}
	return t, nil
}

// resolvesMax is prioState.resolves on slots.
func resolvesMax(s *maxJobs, a, b int) bool {
	la, lb := math.Max(s.j[a].x, s.j[a].y), math.Max(s.j[b].x, s.j[b].y)
	return lb <= la || lb-la <= flipRel*la
}

// flipMax is prioState.flip on slots: b (at position pb of s.ord) ranks
// ahead of a.
func (e *engine) flipMax(s *maxJobs, a, b, pb int) {
	o := &s.ord[pb]
	la, lb := math.Max(s.j[a].x, s.j[a].y), math.Max(s.j[b].x, s.j[b].y)
	if lb > la && lb-la <= flipRel*la {
		if s.j[b].x >= s.j[b].y {
			s.j[b].x = la
		} else {
			s.j[b].y = la
		}
		o.key = maxf(s.j[b].x, s.j[b].y)
		s.j[b].buf = bufferOf(s.j[b].x, s.j[b].y, s.j[b].x0, s.j[b].y0)
	}
	// b's set flags stay: a changed x is set to la > 0 from x ≥ y and
	// x > la, and empty is kept (as prioState.flip keeps it).
	o.tie = e.nextTie
	e.nextTie--
	if testHookFlip != nil {
		testHookFlip(e.policyName)
	}
}

// keyMaxV is keyMax on values.
func keyMaxV(x, y, rm, rs, tau float64) (float64, float64) {
	xv, yv := x-rm*tau, y-rs*tau
	switch {
	case xv > yv:
		return xv, rm
	case yv > xv:
		return yv, rs
	default:
		return xv, minf(rm, rs)
	}
}

// crossMaxV is crossMax on values: the first τ ≥ 0 at which b's key
// max(x, y) drops below a's (a ahead now).
func crossMaxV(ax, ay, arm, ars, bx, by, brm, brs float64) float64 {
	bps := [4]float64{0, inf, inf, inf}
	n := 1
	if d := arm - ars; d != 0 {
		if k := (ax - ay) / d; k > 0 && k < inf {
			bps[n] = k
			n++
		}
	}
	if d := brm - brs; d != 0 {
		if k := (bx - by) / d; k > 0 && k < inf {
			bps[n] = k
			n++
		}
	}
	if n == 3 && bps[2] < bps[1] {
		bps[1], bps[2] = bps[2], bps[1]
	}
	for i := 0; i < n; i++ {
		p, q := bps[i], bps[i+1]
		la, sa := keyMaxV(ax, ay, arm, ars, p)
		lb, sb := keyMaxV(bx, by, brm, brs, p)
		d := la - lb
		if d > 0 {
			return p
		}
		if g := sb - sa; g > 0 {
			if tau := p - d/g; tau < q {
				return maxf(tau, p)
			}
		}
	}
	return inf
}

// recordMax is engine.record for runMax (served jobs in the generic order).
func (e *engine) recordMax(s *maxJobs, sv []maxServed, t0, t1 float64) {
	rates := make([]schedule.Rate, 0, len(sv))
	for _, j := range sv {
		rates = append(rates, schedule.Rate{Job: s.j[j.i].orig, Map: j.rm, Shuffle: j.rs})
	}
	e.sched.Segments = append(e.sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: rates})
}

// handOffMax moves the jobs of s into the generic state (job records in
// prioState's heaps) so that the generic loop (resume) continues the run from the
// allocation: the heaps order jobs by the same (key, tie), so the minima,
// and hence every later event, are the same.
func (e *engine) handOffMax(s *maxJobs) {
	for _, o := range s.ord {
		sl := &s.j[o.i]
		j := new(job)
		j.seq, j.orig, j.id, j.r = sl.seq, sl.orig, sl.id, sl.r
		j.x0, j.y0, j.x, j.y = sl.x0, sl.y0, sl.x, sl.y
		j.inRM = math.NaN()
		j.tie, j.key, j.empty = o.tie, o.key, sl.empty
		j.pos = [4]int{-1, -1, -1, -1}
		e.prio.add(j)
	}
}
