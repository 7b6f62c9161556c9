package fluid

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/schedule"
)

// psJobs is the state of the jobs in the system under PS and k-LPS, in
// arrival order, as parallel slices indexed by the job's position (its
// rank among the jobs present): the specialised event loop runPS reads and
// writes them in one contiguous pass per step, without a pointer per job.
type psJobs struct {
	x, y   []float64 // remaining map and shuffle work
	x0, y0 []float64 // original sizes
	rm, rs []float64 // map and shuffle rates of the current allocation
	// in caches rm·y0/x0 for the map rate inRM (job.inflow; NaN: none yet).
	in, inRM []float64
	// buf is bufferOf(x, y, x0, y0) for the current x, y (pass 1 computes
	// it, pass 3 reads it: nothing writes x or y in between).
	buf  []float64
	r    []float64 // release
	orig []int     // instance index (Simulate) or arrival number
	id   []string
	fl   []uint8 // psTrack, psEmpty, … below
	// cand lists, in arrival order, the positions of the jobs that can be
	// capped by their inflow in the coming allocation (those holding a
	// place, with an empty buffer and a map share), and nfree counts the
	// jobs holding a place with a non-empty buffer (flagged psFree): pass
	// 1 and the arrivals build both, so that the allocation visits only
	// the candidates before its last pass.
	cand   []int
	nfree  int
	capped []psCap // allocation: the jobs capped by their inflow
}

// psCap is a job capped by its inflow in one allocation: its cap and its
// position.
type psCap struct {
	c float64
	i int
}

// Flags of psJobs.fl.
const (
	psTrack  uint8 = 1 << iota // as job.track
	psEmpty                    // as job.empty
	psServed                   // served by the current allocation
	psMap                      // holds a map share (allocation)
	psFree                     // non-empty buffer: unlimited shuffle cap (allocation)
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
	s.x[w], s.y[w], s.x0[w], s.y0[w] = s.x[i], s.y[i], s.x0[i], s.y0[i]
	s.in[w], s.inRM[w], s.r[w], s.buf[w] = s.in[i], s.inRM[i], s.r[i], s.buf[i]
	s.orig[w], s.id[w] = s.orig[i], s.id[i]
}

// truncate keeps the first n jobs.
func (s *psJobs) truncate(n int) {
	clear(s.id[n:]) // no reference to departed IDs is kept
	s.x, s.y, s.x0, s.y0 = s.x[:n], s.y[:n], s.x0[:n], s.y0[:n]
	s.rm, s.rs, s.in, s.inRM = s.rm[:n], s.rs[:n], s.in[:n], s.inRM[:n]
	s.r, s.orig = s.r[:n], s.orig[:n]
	s.id, s.fl, s.buf = s.id[:n], s.fl[:n], s.buf[:n]
}

// runPS is engine.run specialised to PS and k-LPS (e.ps set): the same
// events, in the same order, with the same floating-point operations in the
// same order on every value (so every output bit is the generic loop's,
// which TestPSLoopMatchesGeneric checks), on the struct-of-arrays state
// psJobs. Each step makes three passes: over the jobs present, advance,
// the jobs' own events and departures (compacting the arrays) and their
// classes for the allocation (free or inflow-cap candidate); over the
// candidates, the inflow caps; over the jobs holding a place, the map
// shares, the shuffle levels, the jobs' next events and their minimum. No
// allocation per event or job once the slices have grown.
func (e *engine) runPS(sink func(JobResult)) (Summary, error) {
	s := &psJobs{}
	ps := e.ps
	// Positions holding a place (kpos) and map shares (kmap), as in
	// psState.allocate: k-LPS serves the first k jobs; k-LPS map-only
	// gives map shares to the first k with map work left.
	kpos, kmap := math.MaxInt, math.MaxInt
	if ps.k > 0 && ps.mapOnly {
		kmap = ps.k
	} else if ps.k > 0 {
		kpos = ps.k
	}
	e.pull()
	stall := 0
	// The next event (computed by the previous step's last pass): its time
	// t, the position of the job whose own event it is (-1: an arrival or
	// none) and the event's kind.
	t, evIdx, evKind := inf, -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
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
		dt := t - e.now
		advanced := t > e.now
		if dt > 0 {
			stall = 0
			if e.sched != nil {
				e.recordPS(s, e.now, t)
			}
		} else if stall++; stall > maxStall {
			return Summary{}, fmt.Errorf("%w: %s: %d events at t=%v", ErrStall, e.policyName, stall, t)
		}
		e.now = t
		nmap := e.passPS(s, dt, advanced, evIdx, evKind, kpos, kmap, sink)
		for e.hasNext && e.next.Release <= e.now {
			e.arrivePS(s)
			if w := len(s.x) - 1; w < kpos {
				fl := s.fl[w]
				if s.x[w] > 0 && nmap < kmap {
					fl |= psMap
					nmap++
				}
				s.fl[w] = s.classify(w, fl)
			}
			e.pull()
		}
		if e.srcErr != nil {
			return Summary{}, e.srcErr
		}
		t, evIdx, evKind = e.allocatePS(s, nmap, min(len(s.x), kpos))
	}
	if e.nHint >= 0 && e.sum.N != e.nHint {
		return Summary{}, fmt.Errorf("fluid: internal error: %d of %d jobs completed", e.sum.N, e.nHint)
	}
	e.sum.TotalResponse = e.sumResp.sum()
	if e.sum.N > 0 {
		e.sum.MeanResponse = e.sum.TotalResponse / float64(e.sum.N)
		e.sum.MeanSlowdown = e.sumSlow.sum() / float64(e.sum.N)
	}
	return e.sum, nil
}

// allocatePS is psState.allocate followed by the engine's inflow tracking
// and next-event pass, for the first limit jobs (nmap of them flagged
// psMap). It returns the time of the next event (an arrival or a served
// job's own event), the position of that job (-1: none) and its kind.
func (e *engine) allocatePS(s *psJobs, nmap, limit int) (float64, int, int) {
	share := 0.0
	if nmap > 0 {
		share = e.cm / float64(nmap)
	}
	// Pass 2, over the candidates only (the free jobs, cap +Inf, are
	// counted in s.nfree): the inflow caps of the jobs with an empty
	// buffer and a map share; water-filling candidates (the order of this
	// pass changes nothing but the order of capped, which is sorted by a
	// total order). Every candidate has map work and a map share, so its
	// map rate is share (set again, with the same value, in pass 3).
	capped := s.capped[:0]
	rem := s.nfree
	xs, x0s, y0s := s.x[:limit], s.x0[:limit], s.y0[:limit]
	rms, fls := s.rm[:limit], s.fl[:limit]
	ins, inRMs := s.in[:limit], s.inRM[:limit]
	if share > 0 {
		for _, i := range s.cand {
			// c is job.inflow (cached per map rate).
			if share != inRMs[i] {
				ins[i], inRMs[i] = share*y0s[i]/x0s[i], share
			}
			if c := ins[i]; c > 0 {
				capped = append(capped, psCap{c, i})
				rem++
			}
		}
	}
	s.capped = capped
	c := e.cc
	level := 0.0
	if rem > 0 {
		s.sortCapped()
		level = c / float64(rem)
		k := 0
		for ; k < len(s.capped); k++ {
			i, cp := s.capped[k].i, s.capped[k].c
			if cp > level {
				break
			}
			s.rs[i] = cp
			c -= cp
			rem--
			if rem > 0 {
				level = c / float64(rem)
			}
		}
		for _, cj := range s.capped[k:] {
			s.rs[cj.i] = level
		}
	}
	// Pass 3: the free jobs' level, the served set (every job with a rate,
	// in arrival order), inflow tracking and each served job's next event
	// (slices through locals, as in passPS; inflow inlined).
	t, evIdx, evKind := inf, -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
	now := e.now
	served := 0
	rss, bufs := s.rs[:limit], s.buf[:limit]
	for i := 0; i < limit; i++ {
		fl := fls[i]
		if fl&psFree != 0 {
			rss[i] = level
		}
		if fl&psMap != 0 {
			rms[i] = share
		}
		rm, rs, x := rms[i], rss[i], xs[i]
		if !(rm > 0 || rs > 0) {
			fls[i] = fl &^ (psFree | psServed)
			continue
		}
		fl = fl&^psFree | psServed
		served++
		// in is job.inflow: rm·y0/x0 (cached per map rate), 0 once the
		// map is done.
		in := 0.0
		if x > 0 {
			if rm != inRMs[i] {
				ins[i], inRMs[i] = rm*y0s[i]/x0s[i], rm
			}
			in = ins[i]
		}
		if fl&psEmpty != 0 && x > 0 && rm > 0 && y0s[i] > 0 && rs >= in {
			rs, fl = in, fl|psTrack
			rss[i] = rs
		}
		fls[i] = fl
		// job.nextEvent.
		te, kind := inf, evNone
		if rm > 0 && x > 0 {
			te, kind = x, evMap
			if rm != 1 {
				te = x / rm
			}
		}
		if fl&psTrack == 0 && rs > 0 && rs > in {
			if td := bufs[i] / (rs - in); td < te {
				te, kind = td, evDrain
			}
		}
		if tj := now + te; tj < t {
			t, evIdx, evKind = tj, i, kind
		}
	}
	e.sum.Served += int64(served)
	return t, evIdx, evKind
}

// sortCapped is sortByCap on positions: by cap, ties by arrival (as by
// position: positions are in arrival order). The candidates come in
// arrival order, so a stable sort on the cap alone breaks ties by arrival:
// a binary insertion sort (each job goes after the jobs before it with a
// cap at most its own; one block move per insertion).
func (s *psJobs) sortCapped() {
	a := s.capped
	for i := 1; i < len(a); i++ {
		j := a[i]
		if a[i-1].c <= j.c {
			continue
		}
		lo, hi := 0, i-1
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if a[m].c > j.c {
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
	s.buf = append(s.buf, b)
	s.x, s.y = append(s.x, in.Map), append(s.y, in.Shuffle)
	s.x0, s.y0 = append(s.x0, in.Map), append(s.y0, in.Shuffle)
	s.rm, s.rs = append(s.rm, 0), append(s.rs, 0)
	s.in, s.inRM = append(s.in, 0), append(s.inRM, math.NaN())
	s.r = append(s.r, in.Release)
	s.orig = append(s.orig, orig)
	s.id, s.fl = append(s.id, in.ID), append(s.fl, fl)
	e.seq++
	e.nsys++
	if e.nsys > e.sum.MaxInSystem {
		e.sum.MaxInSystem = e.nsys
	}
}

// departPS is engine.depart for the job at position i (the caller drops
// it from the arrays).
func (e *engine) departPS(s *psJobs, i int, sink func(JobResult)) {
	e.nsys--
	resp := e.now - s.r[i]
	zm, zc := s.x0[i], s.y0[i]
	if e.mum != 1 {
		zm = s.x0[i] / e.mum
	}
	if e.muc != 1 {
		zc = s.y0[i] / e.muc
	}
	slow := resp / maxf(zm, zc)
	e.sum.N++
	e.sumResp.add(resp)
	e.sumSlow.add(slow)
	if e.now > e.sum.Makespan {
		e.sum.Makespan = e.now
	}
	if sink != nil {
		sink(JobResult{Index: s.orig[i], ID: s.id[i], Release: s.r[i], Map: s.x0[i], Shuffle: s.y0[i],
			Completion: e.now, Response: resp, Slowdown: slow})
	}
}

// recordPS is engine.record for psJobs.
func (e *engine) recordPS(s *psJobs, t0, t1 float64) {
	n := 0
	for _, fl := range s.fl {
		if fl&psServed != 0 {
			n++
		}
	}
	rates := make([]schedule.Rate, 0, n)
	for i, fl := range s.fl {
		if fl&psServed != 0 {
			rates = append(rates, schedule.Rate{Job: s.orig[i], Map: s.rm[i], Shuffle: s.rs[i]})
		}
	}
	e.sched.Segments = append(e.sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: rates})
}

// passPS is runPS's pass 1: advance the served jobs by dt, process their
// events (snapping those due now), depart the finished ones and compact
// the others to the front in arrival order. It returns the number of jobs
// flagged psMap (map shares: positions below kpos, at most kmap of them).
// The slices are read through locals, so that their headers stay in
// registers and the bounds checks fold into one.
func (e *engine) passPS(s *psJobs, dt float64, advanced bool, evIdx, evKind, kpos, kmap int, sink func(JobResult)) int {
	n, w, nmap := len(s.x), 0, 0
	s.cand, s.nfree = s.cand[:0], 0
	xs, ys, x0s, y0s := s.x[:n], s.y[:n], s.x0[:n], s.y0[:n]
	rms, rss, bufs, fls := s.rm[:n], s.rs[:n], s.buf[:n], s.fl[:n]
	for i := 0; i < n; i++ {
		fl := fls[i]
		x := xs[i]
		if fl&psServed != 0 {
			y, x0, y0, rm := ys[i], x0s[i], y0s[i], rms[i]
			track := fl&psTrack != 0
			if advanced {
				x = clamp0(x - rm*dt)
				if track {
					y = snapOf(x, x0, y0)
				} else {
					y = clamp0(y - rss[i]*dt)
				}
			}
			if rm > 0 && ((i == evIdx && evKind == evMap) || x <= snapRel*x0) {
				x = 0
				if track {
					y = 0
				}
			}
			// The buffer is exactly 0 after a snap (bufferOf then
			// computes y − y0·x/x0 = 0, or y = 0).
			if track && advanced {
				fl |= psEmpty
				bufs[i] = 0
			} else if b := bufferOf(x, y, x0, y0); (i == evIdx && evKind == evDrain) || b <= snapRel*y0 {
				y = snapOf(x, x0, y0)
				fl |= psEmpty
				bufs[i] = 0
			} else {
				fl &^= psEmpty
				bufs[i] = b
			}
			xs[i], ys[i] = x, y
			if x == 0 && y == 0 {
				e.departPS(s, i, sink)
				continue
			}
		}
		if w != i {
			s.move(w, i)
		}
		fl &= psEmpty
		if w < kpos {
			if x > 0 && nmap < kmap {
				fl |= psMap
				nmap++
			}
			fl = s.classify(w, fl)
		}
		fls[w] = fl
		rms[w], rss[w] = 0, 0
		w++
	}
	if w != n {
		s.truncate(w)
	}
	return nmap
}

// classify files the job at position w, holding a place, for the coming
// allocation (psState.allocate's classes): a non-empty buffer makes it
// free (cap +Inf: flagged psFree and counted), an empty one with a map
// share (hence map work) a candidate for an inflow cap. It returns fl with
// psFree set or not.
func (s *psJobs) classify(w int, fl uint8) uint8 {
	switch {
	case fl&psEmpty == 0:
		s.nfree++
		return fl | psFree
	case fl&psMap != 0:
		s.cand = append(s.cand, w)
	}
	return fl
}
