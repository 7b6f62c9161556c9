package fluid

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/schedule"
)

// scanLimit is the largest number of jobs in the system for which runMax
// finds the map job and the first buffered job by a linear scan; when more
// are present it hands the run over to the generic loop and its heaps
// (O(log n) per operation). The §5.3 workload never has more than 31
// jobs present under MaxSRPT at load 0.9 over 5·10^7 arrivals.
const scanLimit = 64

// maxJobs is the state of the jobs in the system under MaxSRPT, indexed by
// a slot (unordered: a departed job's slot is filled by the last one): two
// key arrays and the tie-breaks (what the scans read), and a slice of
// structs for the rest. The priority max(x, y), ties by tie, decides everything;
// km and kb hold it for the jobs with map work left and those with a
// non-empty buffer, +Inf for the others, so that the map job and the first
// buffered job are the minima of two contiguous arrays.
type maxJobs struct {
	km, kb []uint64 // float64 bits of key if x > 0 (resp. the buffer is non-empty), else of +Inf
	tie    []int64
	j      []maxSlot
}

// infBits is math.Float64bits(+Inf): as keys are non-negative, their bit
// patterns order as the keys do, and +Inf's is above every finite key's.
const infBits uint64 = 0x7ff0000000000000

// maxSlot is the rest of a job's state.
type maxSlot struct {
	key    float64 // max(x, y): job.key
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

// setKeys sets km and kb of slot i from key, x and empty.
func (s *maxJobs) setKeys(i int) {
	j := &s.j[i]
	km, kb := infBits, infBits
	if j.x > 0 {
		km = math.Float64bits(j.key)
	}
	if !j.empty {
		kb = math.Float64bits(j.key)
	}
	s.km[i], s.kb[i] = km, kb
}

// less is jheap.less for hkMax: key, then tie.
func (s *maxJobs) less(a, b int) bool {
	if s.j[a].key != s.j[b].key {
		return s.j[a].key < s.j[b].key
	}
	return s.tie[a] < s.tie[b]
}

// argmin returns the slot with the least (k, tie) among the k below
// infBits, or -1. The first pass finds the first least k, the second the
// least tie among equal k (only later slots can have one: earlier ones had
// a greater k). (A branch-free first pass, a conditional move and an index
// mask, measured no faster.)
func argmin(k []uint64, tie []int64) int {
	best, bi := infBits, -1
	for i, v := range k {
		if v < best {
			best, bi = v, i
		}
	}
	if bi < 0 {
		return -1
	}
	tie = tie[:len(k)]
	for i := bi + 1; i < len(k); i++ {
		if k[i] == best && tie[i] < tie[bi] {
			bi = i
		}
	}
	return bi
}

// remove drops slot i, moving the last slot into it; m and b are slots
// (of the minima), returned as they are after the move.
func (s *maxJobs) remove(i, m, b int) (int, int) {
	l := len(s.j) - 1
	if m == i {
		m = -1
	}
	if b == i {
		b = -1
	}
	if i != l {
		s.km[i], s.kb[i], s.tie[i], s.j[i] = s.km[l], s.kb[l], s.tie[l], s.j[l]
		if m == l {
			m = i
		}
		if b == l {
			b = i
		}
	}
	s.j[l].id = ""
	s.km, s.kb, s.tie, s.j = s.km[:l], s.kb[:l], s.tie[:l], s.j[:l]
	return m, b
}

// maxServed is one job served by the current allocation: its slot, rates
// and tracking flag.
type maxServed struct {
	i      int
	rm, rs float64
	track  bool
}

// runMax is engine.run specialised to MaxSRPT (prioState with hkMax): the
// same events in the same order, with the same floating-point operations
// on the same values (TestMaxLoopMatchesGeneric checks every output bit
// against the generic loop), on the struct-of-arrays state maxJobs. At most
// two jobs are served (the map job m and the first buffered job b), so the
// served set is two records. The minima m and b are kept from one event to
// the next: only the served jobs' keys change, and only downwards unless
// rounding raises one a hair, so a minimum stays unless it leaves its set
// or its key grows, and otherwise only the served, flipped and arriving
// jobs can displace it; when one is lost, a scan of the few jobs present
// finds it again. No heap, no pointer per job and no allocation once the
// slices have grown. When more than scanLimit jobs are present it hands
// over to the generic loop (handOffMax).
func (e *engine) runMax(sink func(JobResult)) (Summary, error) {
	s := &maxJobs{}
	e.pull()
	stall := 0
	var sv [2]maxServed // served jobs in the generic order: m, then b
	ns := 0
	t, evK, evKind := inf, -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
	// The map job and the first buffered job (slots, -1: none) while okM
	// and okB hold; the allocation's m and b (ma, mb).
	curM, curB, okM, okB := -1, -1, true, true
	ma, mb := -1, -1
	// The next event is a crossing of ma and mb (cross) in ctau; cSwap:
	// mb is ahead (the flip puts ma ahead of it).
	cross, cSwap, ctau := false, false, 0.0
	var oldKey [2]float64
	for {
		if e.srcErr != nil {
			return Summary{}, e.srcErr
		}
		if math.IsInf(t, 1) {
			if e.nsys > 0 {
				return Summary{}, fmt.Errorf("%w: %s: %d jobs in the system receive no service", ErrStall, e.policyName, e.nsys)
			}
			break
		}
		if t < e.now {
			t = e.now
		}
		e.sum.Events++
		advanced := t > e.now
		dt := t - e.now
		ca, cb := ma, mb
		if cSwap {
			ca, cb = mb, ma
		}
		if dt > 0 {
			stall = 0
			if e.sched != nil {
				e.recordMax(s, sv[:ns], e.now, t)
			}
		} else {
			if cross && ctau > 0 && !resolvesMax(s, ca, cb) {
				// A crossing due in less than half an ulp of now: see
				// engine.run.
				dt, advanced = ctau, true
			}
			if stall++; stall > maxStall {
				return Summary{}, fmt.Errorf("%w: %s: %d events at t=%v", ErrStall, e.policyName, stall, t)
			}
		}
		e.now = t
		// Advance the served jobs and process their events (engine.run's
		// advance and event pass, fused per job: nothing one job's step
		// reads is written by the other's).
		var gone [2]bool
		for k := range ns {
			j := &sv[k]
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
			if j.rm > 0 && ((k == evK && evKind == evMap) || x <= snapRel*x0) {
				x = 0
				if j.track {
					y = 0
				}
			}
			empty, buf := true, 0.0
			if j.track && advanced {
				// The buffer is exactly 0 after the snap.
			} else if b := bufferOf(x, y, x0, y0); (k == evK && evKind == evDrain) || b <= snapRel*y0 {
				y = snapOf(x, x0, y0) // bufferOf gives exactly 0 for it
			} else {
				empty, buf = false, b
			}
			sl.x, sl.y, sl.empty, sl.buf = x, y, empty, buf
			oldKey[k] = sl.key
			if x == 0 && y == 0 {
				e.departJob(sl.r, x0, y0, sl.orig, sl.id, sink)
				gone[k] = true
				s.km[i], s.kb[i] = infBits, infBits
				continue
			}
			sl.key = maxf(x, y)
			s.setKeys(i)
		}
		// A minimum is lost when it left its set or its key grew (by the
		// rounding of a tracking snap, TestMaxLoopKeyGrowth; a job that
		// stays in the buffered set is not tracked and its key cannot grow,
		// so for curB the test is a guard only).
		for k := range ns {
			i := sv[k].i
			grew := !gone[k] && s.j[i].key > oldKey[k]
			if i == curM && (grew || s.km[i] == infBits) {
				okM = false
			}
			if i == curB && (grew || s.kb[i] == infBits) {
				okB = false
			}
		}
		// Otherwise only the served jobs can displace it.
		for k := range ns {
			if i := sv[k].i; !gone[k] {
				curM, curB = s.consider(i, curM, curB, okM, okB)
			}
		}
		if cross && !(ca == sv[0].i && gone[0]) && !(ns == 2 && ca == sv[1].i && gone[1]) &&
			!(cb == sv[0].i && gone[0]) && !(ns == 2 && cb == sv[1].i && gone[1]) {
			// flipMax lowers cb's tie and perhaps its key: it can only
			// move ahead.
			e.flipMax(s, ca, cb)
			curM, curB = s.consider(cb, curM, curB, okM, okB)
		}
		// Departed slots go last-first, so that a move cannot displace
		// the other departed job; a minimum in the moved slot follows it.
		if ns == 2 && gone[0] && gone[1] {
			hi, lo := sv[0].i, sv[1].i
			if lo > hi {
				hi, lo = lo, hi
			}
			curM, curB = s.remove(hi, curM, curB)
			curM, curB = s.remove(lo, curM, curB)
		} else if ns > 0 && gone[0] {
			curM, curB = s.remove(sv[0].i, curM, curB)
		} else if ns == 2 && gone[1] {
			curM, curB = s.remove(sv[1].i, curM, curB)
		}
		for e.hasNext && e.next.Release <= e.now {
			e.arriveMax(s)
			curM, curB = s.consider(len(s.j)-1, curM, curB, okM, okB)
			e.pull()
		}
		if e.srcErr != nil {
			return Summary{}, e.srcErr
		}
		if len(s.j) > e.scan && !e.noHandOff {
			e.handOffMax(s)
			return e.loop(sink, stall, true)
		}
		if !okM {
			curM, okM = argmin(s.km, s.tie), true
		}
		if !okB {
			curB, okB = argmin(s.kb, s.tie), true
		}
		// Allocation (prioState.allocate), inflow tracking and the next
		// event: the served jobs' own events, then the crossing of m and b.
		ma, mb = curM, curB
		ns = 0
		c := e.cc
		if ma >= 0 {
			sv[0] = maxServed{i: ma, rm: e.cm}
			ns = 1
			if s.j[ma].empty && (mb < 0 || s.less(ma, mb)) {
				// cap(): the inflow cm·y0/x0 (m has map work left).
				r := minf(c, s.j[ma].in)
				sv[0].rs = r
				c -= r
			}
		}
		if mb >= 0 && c > 0 {
			if mb == ma {
				sv[0].rs = c
			} else {
				sv[ns] = maxServed{i: mb, rs: c}
				ns++
			}
		}
		e.sum.Served += int64(ns)
		t, evK, evKind = inf, -1, evNone
		if e.hasNext {
			t = e.next.Release
		}
		now := e.now
		for k := range ns {
			j := &sv[k]
			sl := &s.j[j.i]
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
				t, evK, evKind = tj, k, kind
			}
		}
		cross = false
		if ma >= 0 && mb >= 0 && ma != mb {
			// m's rates are sv[0]'s; b's sv[1]'s when served, else 0.
			var brm, brs float64
			if ns == 2 {
				brm, brs = sv[1].rm, sv[1].rs
			}
			a, b := ma, mb
			arm, ars := sv[0].rm, sv[0].rs
			cSwap = !s.less(a, b)
			if cSwap {
				a, b = b, a
				arm, ars, brm, brs = brm, brs, arm, ars
			}
			if dt := crossMaxBefore(s.j[a].x, s.j[a].y, arm, ars, s.j[b].x, s.j[b].y, brm, brs, now, t); now+dt < t {
				t, evK, evKind, ctau, cross = now+dt, -1, evNone, dt, true
			}
		}
	}
	return e.finish()
}

// consider makes slot i the map job (resp. the first buffered job) if it
// is in that set and ranks ahead of the current one (while it is known).
func (s *maxJobs) consider(i, m, b int, okM, okB bool) (int, int) {
	if okM && s.km[i] != infBits && (m < 0 || s.less(i, m)) {
		m = i
	}
	if okB && s.kb[i] != infBits && (b < 0 || s.less(i, b)) {
		b = i
	}
	return m, b
}

// resolvesMax is prioState.resolves on slots.
func resolvesMax(s *maxJobs, a, b int) bool {
	la, lb := math.Max(s.j[a].x, s.j[a].y), math.Max(s.j[b].x, s.j[b].y)
	return lb <= la || lb-la <= flipRel*la
}

// flipMax is prioState.flip on slots: b ranks ahead of a.
func (e *engine) flipMax(s *maxJobs, a, b int) {
	la, lb := math.Max(s.j[a].x, s.j[a].y), math.Max(s.j[b].x, s.j[b].y)
	if lb > la && lb-la <= flipRel*la {
		if s.j[b].x >= s.j[b].y {
			s.j[b].x = la
		} else {
			s.j[b].y = la
		}
		s.j[b].key = maxf(s.j[b].x, s.j[b].y)
		s.j[b].buf = bufferOf(s.j[b].x, s.j[b].y, s.j[b].x0, s.j[b].y0)
	}
	s.tie[b] = e.nextTie
	e.nextTie--
	s.setKeys(b)
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

// crossMaxBefore returns crossMaxV(ax, …, brs) when now + crossMaxV(…) < t
// may hold, and +Inf when it cannot. Every value crossMaxV returns is
// either its first piece's max(τ0, 0) (τ0 = −d0/g0, when that is below
// the first breakpoint p1) or at least p1 (a later piece's breakpoint or
// max(τ, p)), so it is at least L = min(max(τ0, 0), p1), computed here
// with the very operations crossMaxV performs on the same values; as
// now + v rounds monotonically in v, now + L ≥ t implies now + v ≥ t.
// The whole computation runs only when that test fails: on the §5.3
// workload the crossing is never the next event, and the test settles
// almost every case with the two breakpoint divisions alone.
func crossMaxBefore(ax, ay, arm, ars, bx, by, brm, brs, now, t float64) float64 {
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
	// The first piece (p = 0): keyMaxV at τ = 0 gives the keys max(x, y)
	// and the slopes of the pieces that start there.
	la, sa := keyMaxV(ax, ay, arm, ars, 0)
	lb, sb := keyMaxV(bx, by, brm, brs, 0)
	d := la - lb
	if d > 0 {
		return crossMaxV(ax, ay, arm, ars, bx, by, brm, brs)
	}
	if g := sb - sa; g > 0 {
		if tau := 0 - d/g; tau < p1 {
			lo = maxf(tau, 0)
		}
	}
	if now+lo >= t {
		return inf
	}
	return crossMaxV(ax, ay, arm, ars, bx, by, brm, brs)
}

// arriveMax is engine.arrive for maxJobs.
func (e *engine) arriveMax(s *maxJobs) {
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
	key := maxf(x0, y0)
	buf := bufferOf(x0, y0, x0, y0)
	empty := buf == 0
	km, kb := infBits, infBits
	if x0 > 0 {
		km = math.Float64bits(key)
	}
	if !empty {
		kb = math.Float64bits(key)
	}
	s.km, s.kb, s.tie = append(s.km, km), append(s.kb, kb), append(s.tie, int64(e.seq))
	s.j = append(s.j, maxSlot{key: key, x: x0, y: y0, x0: x0, y0: y0, in: inflow, r: in.Release,
		buf: buf, empty: empty, orig: orig, seq: e.seq, id: in.ID})
	e.seq++
	e.nsys++
	if e.nsys > e.sum.MaxInSystem {
		e.sum.MaxInSystem = e.nsys
	}
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
// prioState's heaps) so that engine.loop continues the run from the
// allocation: the heaps order jobs by the same (key, tie), so the minima,
// and hence every later event, are the same.
func (e *engine) handOffMax(s *maxJobs) {
	for i := range s.j {
		j := new(job)
		j.seq, j.orig, j.id, j.r = s.j[i].seq, s.j[i].orig, s.j[i].id, s.j[i].r
		j.x0, j.y0, j.x, j.y = s.j[i].x0, s.j[i].y0, s.j[i].x, s.j[i].y
		j.inRM = math.NaN()
		j.tie, j.key, j.empty = s.tie[i], s.j[i].key, s.j[i].empty
		j.pos = [4]int{-1, -1, -1, -1}
		e.prio.add(j)
	}
}
