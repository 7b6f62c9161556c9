package fluid

import (
	"math"
	"slices"

	"github.com/mrsched/mrsched/schedule"
)

// psJobs is the state of the jobs in the system under PS and k-LPS, in
// arrival order, indexed by the job's position (its rank among the jobs
// present): the fields every event reads and writes sit together in one
// record per job (psJob), so that the specialised event loop runPS walks
// one contiguous array with one base pointer; the release, index, arrival
// number and ID slot, read only at a departure or a tie, sit in a parallel
// array of records (psCold). The IDs themselves sit in ids, at a slot kept
// by the job from its arrival to its departure (freeIDs lists the free
// slots), so that the job arrays hold no pointers: moving a job is a plain
// copy, without write barriers, and a departed job leaves no reference
// behind in them.
type psJobs struct {
	j       []psJob
	c       []psCold
	ids     []string
	freeIDs []int
	// cand lists, in arrival order, the positions of the jobs that became
	// candidates for an inflow cap in the coming allocation (those holding
	// a place, with an empty buffer and a map share) without having been
	// capped in the previous one; nfree counts the jobs of j holding a
	// place with a non-empty buffer (flagged psFree; those of the free
	// group f are counted by len(f.a)): pass 1 and the arrivals
	// build both, so that the allocation visits only the candidates before
	// its last pass.
	cand  []int
	nfree int
	// capped is the allocation's list of the jobs capped by their inflow,
	// sorted by (cap, position); it is kept to the next allocation, whose
	// candidates come first in this order (the jobs flagged psCapped) and
	// then from cand, so that the sort finds them nearly in order. next
	// maps the positions of the previous allocation to the current ones
	// (-1: departed; pass 1 writes it); spare is the other buffer of
	// capped.
	capped, spare []psCap
	next          []int
	// f holds the free jobs without map work (see psFreeJobs), fdep the
	// departures of f in one pass 1; mj, mc and mpos are mergeFree's
	// spare buffers (the other arrays of j and c, and the position map).
	f    psFreeJobs
	fdep []psFreeJob
	mj   []psJob
	mc   []psCold
	mpos []int
}

// psCold is the part of a job's state read only at its departure (release,
// index, ID slot) or at a tie between the main array and the free group
// (seq, the arrival number: the order of departures and ties).
type psCold struct {
	r    float64 // release
	orig int     // instance index (Simulate) or arrival number
	seq  int
	slot int // of the ID in psJobs.ids
}

// putID stores id in a free slot of s.ids and returns the slot.
func (s *psJobs) putID(id string) int {
	if n := len(s.freeIDs); n > 0 {
		k := s.freeIDs[n-1]
		s.freeIDs = s.freeIDs[:n-1]
		s.ids[k] = id
		return k
	}
	s.ids = append(s.ids, id)
	return len(s.ids) - 1
}

// takeID returns the ID at slot k and frees the slot (no reference to a
// departed ID is kept).
func (s *psJobs) takeID(k int) string {
	id := s.ids[k]
	s.ids[k] = ""
	s.freeIDs = append(s.freeIDs, k)
	return id
}

// psFreeJobs is the group of jobs holding a place with no map work left
// and a non-empty buffer, in arrival order, in a dense array of their own:
// every one of them is served at the allocation's level (free: no inflow
// cap) and its buffer is its shuffle work y (bufferOf with x = 0), so pass
// 1 is y = clamp0(y − level·Δt) and the snap test, and pass 3 is skipped
// for the whole group when the least y is bounded out (psBounds). Such a
// job never leaves the group but by departing, or when k-LPS places bind
// (mergeFree). The group is used only while every job present holds a
// place and no schedule is recorded: the arrays j and f then partition
// the jobs, and each job sees the same operations on the same operands as
// in j. Departures and ties of next events between the two arrays are
// ordered by arrival number, as the single array orders them.
type psFreeJobs struct {
	a    []psFreeJob
	lvl  float64 // rate of the group: the last allocation's level
	minY float64 // least y (the head): set by passFree, lowered by insert
}

// psFreeJob is one job of the free group: the fields pass 1 and pass 3
// read first, then the rest, in one record (one insert, one move, and a
// departure held back by pass 1 is the record itself).
type psFreeJob struct {
	y      float64 // remaining shuffle work
	snap   float64 // snapRel·y0 (the product the snap test rounds)
	x0, y0 float64
	psCold
}

// psJob is the per-event state of one job under runPS.
type psJob struct {
	x, y   float64 // remaining map and shuffle work
	x0, y0 float64 // original sizes
	rm, rs float64 // map and shuffle rates of the current allocation
	// in caches rm·y0/x0 for the map rate inRM (job.inflow; NaN: none yet).
	in, inRM float64
	// buf is bufferOf(x, y, x0, y0) for the current x, y (pass 1 computes
	// it, pass 3 reads it: nothing writes x or y in between).
	buf float64
	fl  uint8 // psTrack, psEmpty, … below
}

// psCap is a job capped by its inflow in one allocation: its cap and its
// position.
type psCap struct {
	c float64
	i int
}

// Flags of psJob.fl.
const (
	psTrack  uint8 = 1 << iota // as job.track
	psEmpty                    // as job.empty
	psServed                   // served by the current allocation
	psMap                      // holds a map share (allocation)
	psFree                     // non-empty buffer: unlimited shuffle cap (allocation)
	psCand                     // candidate for an inflow cap (allocation)
	psCapped                   // in psJobs.capped, the previous allocation's capped list
	psLazyY                    // y not stored: it is snapOf(x, x0, y0) (a tracked job)
)

// bufferOf is job.bufferNow: the available shuffle work y − y0·x/x0.
func bufferOf(x, y, x0, y0 float64) float64 {
	if x0 == 0 || x == 0 {
		return y
	}
	b := y - y0*x/x0
	if b < 0 {
		return 0
	}
	return b
}

// snapOf is job.snapShuffleToMap: the shuffle work y0·x/x0 of an empty
// buffer.
func snapOf(x, x0, y0 float64) float64 {
	if x0 == 0 || x == 0 {
		return 0
	}
	return y0 * x / x0
}

// move copies the job at position i to position w (w < i).
func (s *psJobs) move(w, i int) {
	s.j[w] = s.j[i]
	s.c[w] = s.c[i]
}

// truncate keeps the first n jobs.
func (s *psJobs) truncate(n int) {
	s.j, s.c = s.j[:n], s.c[:n]
}

// runPS is engine.run specialised to PS and k-LPS (e.ps set): the same
// events, in the same order, with the same floating-point operations in the
// same order on every value (so every output bit is the generic loop's,
// which TestPSLoopMatchesGeneric checks), on the state psJobs. Each step
// makes three passes: over the jobs present, advance, the jobs' own events
// and departures (compacting the array) and their classes for the
// allocation (free or inflow-cap candidate); over the candidates, the
// inflow caps, taken in the previous allocation's order of caps; over the
// jobs holding a place, the map shares, the shuffle levels, the jobs' next
// events and their minimum. No allocation per event or job once the slices
// have grown. The step is psStep, run by eventLoop.
func (e *engine) runPS(sink func(JobResult)) (Summary, error) {
	p := &psStep{e: e, s: &psJobs{}, kpos: math.MaxInt, kmap: math.MaxInt, evIdx: -1, evKind: evNone}
	// Positions holding a place (kpos) and map shares (kmap), as in
	// psState.allocate: k-LPS serves the first k jobs; k-LPS map-only
	// gives map shares to the first k with map work left.
	if ps := e.ps; ps.k > 0 && ps.mapOnly {
		p.kmap = ps.k
	} else if ps.k > 0 {
		p.kpos = ps.k
	}
	return e.startLoop(p, sink)
}

// psStep is runPS's step. The next event (computed by the previous step's
// last pass) is the own event of the job at position evIdx (-1: an arrival
// or none; ≤ -2: the free job -2-evIdx), of kind evKind.
type psStep struct {
	e             *engine
	s             *psJobs
	kpos, kmap    int
	evIdx, evKind int
}

func (p *psStep) record(t0, t1 float64) { p.e.recordPS(p.s, t0, t1) }
func (p *psStep) subULP() float64       { return 0 } // no crossings

func (p *psStep) step(dt float64, advanced bool, sink func(JobResult)) (float64, error) {
	e, s, kpos, kmap := p.e, p.s, p.kpos, p.kmap
	// The job whose map completes (mapIdx) or whose buffer drains
	// (drainIdx) by the event: -1 for none.
	// fDrain is the job of the free group whose buffer drains
	// (evIdx ≤ -2 names the free job -2-evIdx).
	mapIdx, drainIdx, fDrain := -1, -1, -1
	switch p.evKind {
	case evMap:
		mapIdx = p.evIdx
	case evDrain:
		if p.evIdx >= 0 {
			drainIdx = p.evIdx
		} else {
			fDrain = -2 - p.evIdx
		}
	}
	nmap := e.passPS(s, dt, advanced, mapIdx, drainIdx, fDrain, kpos, kmap, sink)
	for e.hasNext && e.next.Release <= e.now {
		e.arrivePS(s)
		if len(s.f.a) > 0 && len(s.j)+len(s.f.a) > kpos {
			s.mergeFree() // a job without a place: positions count again
		}
		if w := len(s.j) - 1; w < kpos {
			j := &s.j[w]
			fl := j.fl
			if j.x > 0 && nmap < kmap {
				fl |= psMap
				nmap++
			}
			j.fl = s.classify(w, fl)
		}
		e.pull()
	}
	if e.srcErr != nil {
		return 0, e.srcErr
	}
	var t float64
	t, p.evIdx, p.evKind = e.allocatePS(s, nmap, min(len(s.j), kpos))
	return t, nil
}

// allocatePS is psState.allocate followed by the engine's inflow tracking
// and next-event pass, for the first limit jobs (nmap of them flagged
// psMap). It returns the time of the next event (an arrival or a served
// job's own event), the position of that job (-1: none) and its kind.
//
// Measured hot loop, kept whole: its three passes share running minima and caps that calls would spill.
func (e *engine) allocatePS(s *psJobs, nmap, limit int) (float64, int, int) {
	share := 0.0
	if nmap > 0 {
		share = e.cm / float64(nmap)
	}
	js := s.j[:limit]
	// Pass 2, over the candidates only (the free jobs, cap +Inf, are
	// counted in s.nfree and len(s.f.a)): the inflow caps of the jobs with an empty
	// buffer and a map share; water-filling candidates. The candidates
	// capped in the previous allocation come first, in its order of
	// (cap, position), then the others in arrival order: the order of this
	// pass changes nothing but the order of capped, which is sorted by a
	// total order, and the caps share·y0/x0 of one share keep nearly the
	// order of y0/x0, so the sort finds the list nearly sorted. Every
	// candidate has map work and a map share, so its map rate is share
	// (set again, with the same value, in pass 3).
	capped := s.spare[:0]
	if share > 0 {
		for _, cj := range s.capped {
			i := s.next[cj.i]
			if i < 0 {
				continue
			}
			j := &s.j[i] // i may be past limit (k-LPS): not a candidate then
			if j.fl&psCand == 0 {
				continue
			}
			// c is job.inflow (cached per map rate).
			if share != j.inRM {
				j.in, j.inRM = share*j.y0/j.x0, share
			}
			if c := j.in; c > 0 {
				capped = append(capped, psCap{c, i})
			} else {
				j.fl &^= psCapped
			}
		}
		for _, i := range s.cand {
			j := &js[i]
			if share != j.inRM {
				j.in, j.inRM = share*j.y0/j.x0, share
			}
			if c := j.in; c > 0 {
				capped = append(capped, psCap{c, i})
				j.fl |= psCapped
			}
		}
	} else {
		// No map share, no candidate: no job stays flagged psCapped.
		for _, cj := range s.capped {
			if i := s.next[cj.i]; i >= 0 {
				s.j[i].fl &^= psCapped
			}
		}
	}
	s.spare, s.capped = s.capped, capped
	nf := len(s.f.a)
	rem := s.nfree + nf + len(capped)
	c := e.cc
	level := 0.0
	if rem > 0 {
		sortCapped(capped)
		level = c / float64(rem)
		k := 0
		for ; k < len(capped); k++ {
			i, cp := capped[k].i, capped[k].c
			if cp > level {
				break
			}
			js[i].rs = cp
			c -= cp
			rem--
			if rem > 0 {
				level = c / float64(rem)
			}
		}
		for _, cj := range capped[k:] {
			js[cj.i].rs = level
		}
	}
	// Pass 3: the free jobs' level, the served set (every job with a rate,
	// in arrival order), inflow tracking and each served job's next event
	// (inflow inlined), skipped where a lower bound shows it cannot come
	// first (psBounds).
	t, evIdx, evKind := inf, -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
	now := e.now
	served := 0
	invS, invL := psBounds(share, level)
	// fast: the jobs with a map share and an empty buffer (the inflow-cap
	// candidates, most of the main array at high load) take a shorter
	// path, the general one with the tests that hold for them dropped
	// (psMap implies x > 0; psEmpty skips the buffer's bound; rm is share
	// > 0): the same operations on the same operands. Every such job is
	// a candidate (classify), so pass 2 has cached its inflow at share
	// already; the cache test is kept as a guard (removing it changes no
	// test).
	fast := share > 0
	for i := range js {
		j := &js[i]
		fl := j.fl
		var rm, rs, x, in, lb float64
		var drain bool
		if fast && fl&(psFree|psMap|psEmpty) == psMap|psEmpty {
			j.rm = share
			rm, rs, x = share, j.rs, j.x
			served++
			lb = x * invS
			if rm != j.inRM {
				j.in, j.inRM = rm*j.y0/j.x0, rm
			}
			in = j.in
			fl |= psServed
			if j.y0 > 0 && rs >= in {
				rs, fl = in, fl|psTrack
				j.rs = rs
			}
			j.fl = fl
			drain = fl&psTrack == 0 && rs > 0 && rs > in
			if !drain && now+lb >= t {
				continue // lb bounds its map completion
			}
		} else {
			if fl&psFree != 0 {
				j.rs = level
			}
			if fl&psMap != 0 {
				j.rm = share
			}
			rm, rs, x = j.rm, j.rs, j.x
			if !(rm > 0 || rs > 0) {
				j.fl = fl &^ (psFree | psServed)
				continue
			}
			fl = fl&^psFree | psServed
			served++
			// lb ≤ the job's next own event (psBounds): its map completion
			// x/rm (rm is share), and for a free job (rs is level) its drain.
			lb = inf
			if rm > 0 && x > 0 {
				lb = x * invS
			}
			if fl&psEmpty == 0 {
				if d := j.buf * invL; d < lb {
					lb = d
				}
				if now+lb >= t {
					// It cannot come first: neither its inflow (used only for
					// its drain) nor its event is needed.
					j.fl = fl
					continue
				}
			}
			// in is job.inflow: rm·y0/x0 (cached per map rate), 0 once the
			// map is done.
			in = 0.0
			if x > 0 {
				if rm != j.inRM {
					j.in, j.inRM = rm*j.y0/j.x0, rm
				}
				in = j.in
			}
			if fl&psEmpty != 0 && x > 0 && rm > 0 && j.y0 > 0 && rs >= in {
				rs, fl = in, fl|psTrack
				j.rs = rs
			}
			j.fl = fl
			drain = fl&psTrack == 0 && rs > 0 && rs > in
			if !drain && now+lb >= t {
				continue // an empty buffer: lb bounds its map completion
			}
		}
		// job.nextEvent.
		te, kind := inf, evNone
		if rm > 0 && x > 0 {
			te, kind = x, evMap
			if rm != 1 {
				te = x / rm
			}
		}
		if drain {
			if td := j.buf / (rs - in); td < te {
				te, kind = td, evDrain
			}
		}
		if tj := now + te; tj < t {
			t, evIdx, evKind = tj, i, kind
		}
	}
	// The free group, all at rate level (rm = 0, in = 0): served if
	// level > 0; its drains y/level, where level − in is level. The group
	// is skipped when its head's bound exceeds t (strictly: a tie with a
	// later job of j would go to the free job if it arrived first).
	s.f.lvl = level
	if nf > 0 && level > 0 {
		served += nf
		if !(now+s.f.minY*invL > t) {
			for k := range s.f.a {
				fj := &s.f.a[k]
				y := fj.y
				lb := inf
				if d := y * invL; d < lb {
					lb = d
				}
				if now+lb > t {
					continue
				}
				td := y / level
				if !(td < inf) {
					continue
				}
				if tj := now + td; tj < t || (tj == t && evIdx >= 0 && fj.seq < s.c[evIdx].seq) {
					t, evIdx, evKind = tj, -2-k, evDrain
				}
			}
		}
	}
	e.sum.Served += int64(served)
	return t, evIdx, evKind
}

// psLo shrinks a reciprocal below its exact value: see psBounds.
const psLo = 1 - 0x1p-50

// psBounds returns the factors of the lower bounds of pass 3: invS ≤
// 1/share and invL ≤ 1/level exactly (in real numbers), so that for every
// x, b ≥ 0 and 0 ≤ in < level the rounded products x·invS and b·invL are
// at most the quotients the engine rounds, x/share (x itself at share 1)
// and b/(level − in): rounding to nearest is monotone (overflow
// included), x·invS ≤ x/share, and level − in rounds to at most level, so
// b·invL ≤ b/level ≤ b/(level − in as rounded). invS = (1/share)·psLo,
// each operation rounded with a relative error of at most u = 2⁻⁵³, is at
// most (1/share)·(1+u)²·(1−2⁻⁵⁰) < 1/share while it is normal; a
// reciprocal outside the normal range (a zero, subnormal or huge share or
// level) is replaced by 0, a bound that proves nothing. Since now + v
// rounds monotonically in v too, now + bound ≥ t shows that the job's own
// event cannot come before t, nor tie with it: the scan in arrival order
// keeps the first of equal times, so such a job changes nothing but its
// flags.
func psBounds(share, level float64) (invS, invL float64) {
	return psRecipLo(share), psRecipLo(level)
}

// psRecipLo is (1/v)·psLo, or 0 when that is not a normal float64.
func psRecipLo(v float64) float64 {
	r := 1 / v * psLo
	if !(r >= 0x1p-1022 && r <= math.MaxFloat64) {
		return 0
	}
	return r
}

// sortCapped is sortByCap on positions: by cap, ties by arrival (as by
// position: positions are in arrival order), a total order, so the result
// does not depend on the algorithm. A binary insertion sort (each job goes
// after the jobs before it that precede it; one block move per insertion)
// for a list that comes nearly sorted (the previous allocation's order).
func sortCapped(a []psCap) {
	for i := 1; i < len(a); i++ {
		j := a[i]
		if p := a[i-1]; p.c < j.c || (p.c == j.c && p.i < j.i) {
			continue
		}
		lo, hi := 0, i-1
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if a[m].c > j.c || (a[m].c == j.c && a[m].i > j.i) {
				hi = m
			} else {
				lo = m + 1
			}
		}
		copy(a[lo+1:i+1], a[lo:i])
		a[lo] = j
	}
}

// arrivePS is engine.arrive for psJobs: the next job joins at the back.
func (e *engine) arrivePS(s *psJobs) {
	in := &e.next
	orig := e.seq
	if e.order != nil {
		orig = e.order[e.seq]
	}
	var fl uint8
	b := bufferOf(in.Map, in.Shuffle, in.Map, in.Shuffle)
	if b == 0 {
		fl = psEmpty
	}
	s.j = append(s.j, psJob{x: in.Map, y: in.Shuffle, x0: in.Map, y0: in.Shuffle, inRM: math.NaN(), buf: b, fl: fl})
	s.c = append(s.c, psCold{r: in.Release, orig: orig, seq: e.seq, slot: s.putID(in.ID)})
	e.seq++
	e.nsys++
	if e.nsys > e.sum.MaxInSystem {
		e.sum.MaxInSystem = e.nsys
	}
}

// departPS is engine.depart for the job at position i (the caller drops
// it from the arrays).
func (e *engine) departPS(s *psJobs, i int, sink func(JobResult)) {
	c := &s.c[i]
	e.departJob(c.r, s.j[i].x0, s.j[i].y0, c.orig, s.takeID(c.slot), sink)
}

// recordPS is engine.record for psJobs.
func (e *engine) recordPS(s *psJobs, t0, t1 float64) {
	n := 0
	for i := range s.j {
		if s.j[i].fl&psServed != 0 {
			n++
		}
	}
	rates := make([]schedule.Rate, 0, n)
	for i := range s.j {
		if j := &s.j[i]; j.fl&psServed != 0 {
			rates = append(rates, schedule.Rate{Job: s.c[i].orig, Map: j.rm, Shuffle: j.rs})
		}
	}
	e.sched.Segments = append(e.sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: rates})
}

// passPS is runPS's pass 1: advance the served jobs by dt, process their
// events (snapping those due now: the map completion of the job at
// mapIdx, the buffer drain of the job at drainIdx, -1 for none), depart
// the finished ones and compact the others to the front in arrival order,
// recording in s.next where each position went. It returns the number of
// jobs flagged psMap (map shares: positions below kpos, at most kmap of
// them).
func (e *engine) passPS(s *psJobs, dt float64, advanced bool, mapIdx, drainIdx, fDrain, kpos, kmap int, sink func(JobResult)) int {
	n, w, nmap := len(s.j), 0, 0
	s.cand, s.nfree = s.cand[:0], 0
	if cap(s.next) < n {
		s.next = make([]int, 2*n)
	}
	s.next = s.next[:n]
	js, next := s.j[:n], s.next
	// The free group is in use while every job holds a place (and no
	// schedule is recorded); its departures wait in s.fdep.
	useF := e.sched == nil && n+len(s.f.a) <= kpos
	e.passFree(s, dt, advanced, fDrain)
	d := 0
	for i := range js {
		j := &js[i]
		fl := j.fl
		x := j.x
		if fl&psServed != 0 {
			x0, y0, rm := j.x0, j.y0, j.rm
			y := 0.0
			if fl&psTrack != 0 && advanced {
				// Tracked: the shuffle work follows the map, and the
				// buffer is exactly 0 (bufferOf would compute
				// y − y0·x/x0 = 0, or y = 0 after a snap). y is
				// snapOf(x, x0, y0) of the x stored (0 at x = 0: y
				// is 0 here for the departure test below): it is not
				// computed until it is read (psLazyY, the other
				// branch). The buffer j.buf is 0 already (psEmpty,
				// which tracking needs, implies it).
				x = clamp0(x - rm*dt)
				if rm > 0 && (i == mapIdx || x <= snapRel*x0) {
					x = 0
				}
				fl |= psEmpty | psLazyY
				j.x = x
			} else {
				y = j.y
				if fl&psLazyY != 0 {
					y = snapOf(x, x0, y0) // what the tracked branch left
					fl &^= psLazyY
				}
				if advanced {
					x = clamp0(x - rm*dt)
					y = clamp0(y - j.rs*dt)
				}
				if rm > 0 && (i == mapIdx || x <= snapRel*x0) {
					x = 0
					if fl&psTrack != 0 {
						y = 0
					}
				}
				if b := bufferOf(x, y, x0, y0); i == drainIdx || b <= snapRel*y0 {
					y = snapOf(x, x0, y0)
					fl |= psEmpty
					j.buf = 0
				} else {
					fl &^= psEmpty
					j.buf = b
				}
				j.x, j.y = x, y
			}
			if x == 0 && y == 0 {
				for ; d < len(s.fdep) && s.fdep[d].seq < s.c[i].seq; d++ {
					fd := &s.fdep[d]
					e.departJob(fd.r, fd.x0, fd.y0, fd.orig, s.takeID(fd.slot), sink)
				}
				e.departPS(s, i, sink)
				next[i] = -1
				continue
			}
		}
		if useF && x == 0 && fl&psEmpty == 0 {
			// Free without map work: into the free group, whose y is j.y
			// (= j.buf: bufferOf with x = 0).
			s.f.insert(s, i)
			next[i] = -1
			continue
		}
		next[i] = w
		if w != i {
			s.move(w, i)
			j = &js[w]
		}
		fl &= psEmpty | psCapped | psLazyY
		if w < kpos {
			if x > 0 && nmap < kmap {
				fl |= psMap
				nmap++
			}
			fl = s.classify(w, fl)
		} else {
			fl &^= psCapped
		}
		j.fl = fl
		j.rm, j.rs = 0, 0
		w++
	}
	for ; d < len(s.fdep); d++ {
		fd := &s.fdep[d]
		e.departJob(fd.r, fd.x0, fd.y0, fd.orig, s.takeID(fd.slot), sink)
	}
	s.fdep = s.fdep[:0]
	if w != n {
		s.truncate(w)
	}
	return nmap
}

// passFree is pass 1 for the free group, served at rate s.f.lvl if
// positive: the update and snap test of passPS for a job with x = 0 and
// rm = 0 (bufferOf is y; the job at fDrain drains now), with departures
// held back in s.fdep (in arrival order) and the others compacted.
func (e *engine) passFree(s *psJobs, dt float64, advanced bool, fDrain int) {
	f := &s.f
	lvl := f.lvl
	m := inf // the least y kept (min is order-independent: insert adds to it)
	fa := f.a
	if len(fa) == 0 || !(lvl > 0) {
		for k := range fa {
			m = min(m, fa[k].y)
		}
		f.minY = m
		return
	}
	w := 0
	for k := range fa {
		fj := &fa[k]
		y := fj.y
		if advanced {
			y = clamp0(y - lvl*dt)
		}
		if k == fDrain || y <= fj.snap {
			s.fdep = append(s.fdep, *fj)
			continue
		}
		m = min(m, y)
		if w != k {
			fa[w] = *fj
		}
		fa[w].y = y
		w++
	}
	if w != len(fa) {
		f.a = fa[:w]
	}
	f.minY = m
}

// insert puts the job at position i of s.j into the group, in arrival
// order.
func (f *psFreeJobs) insert(s *psJobs, i int) {
	c := &s.c[i]
	k := len(f.a)
	for k > 0 && f.a[k-1].seq > c.seq {
		k--
	}
	j := &s.j[i]
	f.a = slices.Insert(f.a, k, psFreeJob{y: j.y, snap: snapRel * j.y0, x0: j.x0, y0: j.y0, psCold: *c})
	f.minY = min(f.minY, j.y)
}

// mergeFree puts the free group back into s.j in arrival order, as the
// free jobs passPS would have left there (x = 0, buffer y, flagged
// psFree, counted in s.nfree), between pass 1 and the allocation: the
// positions pass 1 recorded (s.next, s.cand) move with their jobs. The
// merged arrays are built in the spare buffers s.mj, s.mc (the old ones
// become the spares).
func (s *psJobs) mergeFree() {
	f := &s.f
	nf, n := len(f.a), len(s.j)
	pos := slices.Grow(s.mpos[:0], n)[:n] // new position of the job at position p of s.j
	j := slices.Grow(s.mj[:0], n+nf)
	c := slices.Grow(s.mc[:0], n+nf)
	p, k := 0, 0
	for p < n || k < nf {
		if k == nf || (p < n && s.c[p].seq < f.a[k].seq) {
			pos[p] = len(j)
			j, c = append(j, s.j[p]), append(c, s.c[p])
			p++
			continue
		}
		fj := &f.a[k]
		j = append(j, psJob{y: fj.y, x0: fj.x0, y0: fj.y0, inRM: math.NaN(), buf: fj.y, fl: psFree})
		c = append(c, fj.psCold)
		k++
	}
	s.mj, s.mc, s.mpos = s.j[:0], s.c[:0], pos[:0]
	s.j, s.c = j, c
	for i, q := range s.next {
		if q >= 0 {
			s.next[i] = pos[q]
		}
	}
	for i, q := range s.cand {
		s.cand[i] = pos[q]
	}
	s.nfree += nf
	f.a = f.a[:0]
}

// classify files the job at position w, holding a place, for the coming
// allocation (psState.allocate's classes): a non-empty buffer makes it
// free (cap +Inf: flagged psFree and counted), an empty one with a map
// share (hence map work) a candidate for an inflow cap (flagged psCand;
// listed in s.cand unless it was capped in the previous allocation, whose
// list pass 2 walks first). It returns fl with the class set.
func (s *psJobs) classify(w int, fl uint8) uint8 {
	switch {
	case fl&psEmpty == 0:
		s.nfree++
		return (fl | psFree) &^ psCapped
	case fl&psMap != 0:
		if fl&psCapped == 0 {
			s.cand = append(s.cand, w)
		}
		return fl | psCand
	}
	return fl &^ psCapped
}
