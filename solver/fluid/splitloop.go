package fluid

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/schedule"
)

// The job sets of SplitSRPT (splitState's heaps), by index into
// splitJobs.c: the jobs of S1 (x0 ≥ y0) with map work left and with a
// non-empty buffer, the same for S2, and every job (for β).
const (
	setM0 = iota
	setB0
	setM1
	setB1
	setBeta
	nSets
)

// noCode marks a job outside a set.
const noCode = math.MaxUint64

// signBit clears the sign of a zero (a size read as −0 orders as +0, as in
// the heaps' float comparisons).
const signBit = 1 << 63

// splitJobs is the state of the jobs in the system under SplitSRPT as
// parallel slices indexed by an unordered slot (as maxJobs). c[set] holds
// each job's order code in that set (noCode outside it): unsigned integers
// ordering exactly as the heap orders of splitState, so that each minimum
// is the least (code, tie) — tie for the four class sets, the arrival
// number for β:
//   - S1, map station (hkS1Map): the bits of x;
//   - S1, shuffle station (hkS1Shuffle): the bits of y when x = 0, else
//     the bits of x with the top bit set (every job whose map is done comes
//     first);
//   - S2, both stations (hkS2): the bits of y;
//   - β (hkBeta): the bits of the imbalance ratio.
//
// The bit patterns of non-negative floats order as the floats do.
type splitJobs struct {
	c   [nSets][]uint64
	tie [nSets][]int64 // tie of the class sets; [setBeta] the arrival number
	j   []splitSlot
}

// splitSlot is the rest of a job's state.
type splitSlot struct {
	x, y   float64 // remaining map and shuffle work
	x0, y0 float64 // original sizes
	ratio  float64 // max(x0/y0, y0/x0)
	in     float64 // inflow rm·y0/x0 cached for the map rate inRM (NaN: none)
	inRM   float64
	r      float64 // release
	cls    int     // 0: S1 (x0 ≥ y0), 1: S2
	empty  bool
	orig   int
	seq    int
	id     string
}

// inflow is job.inflow for map rate rm (x > 0).
func (j *splitSlot) inflow(rm float64) float64 {
	if rm != j.inRM {
		j.in, j.inRM = rm*j.y0/j.x0, rm
	}
	return j.in
}

// setCodes sets the job's codes in the four class sets from x, y, empty.
func (s *splitJobs) setCodes(i int) {
	j := &s.j[i]
	m0, b0, m1, b1 := uint64(noCode), uint64(noCode), uint64(noCode), uint64(noCode)
	xb, yb := math.Float64bits(j.x)&^signBit, math.Float64bits(j.y)&^signBit
	if j.cls == 0 {
		if j.x > 0 {
			m0 = xb
		}
		if !j.empty {
			if j.x == 0 {
				b0 = yb
			} else {
				b0 = signBit | xb
			}
		}
	} else {
		if j.x > 0 {
			m1 = yb
		}
		if !j.empty {
			b1 = yb
		}
	}
	s.c[setM0][i], s.c[setB0][i], s.c[setM1][i], s.c[setB1][i] = m0, b0, m1, b1
}

// lessIn is the order of set k between slots a and b (both in it).
func (s *splitJobs) lessIn(k, a, b int) bool {
	ca, cb := s.c[k][a], s.c[k][b]
	if ca != cb {
		return ca < cb
	}
	return s.tie[k][a] < s.tie[k][b]
}

// shuffleCode is the job's code in its class's shuffle-station order
// (setB0 or setB1), whether or not its buffer is empty.
func (s *splitJobs) shuffleCode(i int) uint64 {
	j := &s.j[i]
	yb := math.Float64bits(j.y) &^ signBit
	if j.cls == 0 && j.x != 0 {
		return signBit | math.Float64bits(j.x)&^signBit
	}
	return yb
}

// lessShuffle is the shuffle-station order of a class (hb[c].less of
// splitState: hkS1Shuffle for S1, hkS2 for S2) between slots a and b.
func (s *splitJobs) lessShuffle(a, b int) bool {
	ca, cb := s.shuffleCode(a), s.shuffleCode(b)
	if ca != cb {
		return ca < cb
	}
	return s.tie[setB0][a] < s.tie[setB0][b]
}

// argminCode returns the slot with the least (code, tie) among codes below
// noCode, or -1 (as argmin).
func argminCode(k []uint64, tie []int64) int {
	best, bi := uint64(noCode), -1
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

// remove drops slot i, moving the last slot into it and updating the
// minima cur (slots) accordingly.
func (s *splitJobs) remove(i int, cur *[nSets]int) {
	l := len(s.j) - 1
	for k := range cur {
		if cur[k] == i {
			cur[k] = -1
		} else if cur[k] == l {
			cur[k] = i
		}
	}
	for k := range s.c {
		s.c[k][i], s.tie[k][i] = s.c[k][l], s.tie[k][l]
		s.c[k], s.tie[k] = s.c[k][:l], s.tie[k][:l]
	}
	s.j[i] = s.j[l]
	s.j[l].id = ""
	s.j = s.j[:l]
}

// consider makes slot i the minimum of every set it is in and leads,
// for the sets whose minimum is known.
func (s *splitJobs) consider(i int, cur *[nSets]int, ok *[nSets]bool) {
	for k := range nSets {
		if ok[k] && s.c[k][i] != noCode && (cur[k] < 0 || s.lessIn(k, i, cur[k])) {
			cur[k] = i
		}
	}
}

// splitRec is one job of the allocation (the roles m0, b0, m1, b1; a
// role held by the job of another shares its record): slot, rates,
// tracking flag.
type splitRec struct {
	i      int
	rm, rs float64
	track  bool
}

// giveRec is give on records: m (mFirst: up to its cap capm) then b
// (-1: none) receive amount; it returns what is left.
func giveRec(rec []splitRec, m, b int, mFirst bool, capm, amount float64) float64 {
	if amount <= 0 {
		return 0
	}
	if mFirst {
		if r := minf(amount, capm-rec[m].rs); r > 0 {
			rec[m].rs += r
			amount -= r
		}
	}
	if b >= 0 && amount > 0 {
		rec[b].rs += amount
		amount = 0
	}
	return amount
}

// runSplit is engine.run specialised to SplitSRPT and its strict variant
// (splitState): the same events in the same order, with the same
// floating-point operations on the same values (TestSplitLoopMatchesGeneric
// checks every output bit against the generic loop), on the slices of
// splitJobs. The five minima (the map job and first buffered job of each
// class, and the job of least imbalance for β) are kept from one event to
// the next as runMax keeps its two: a minimum stays unless it leaves its
// set or its code grows, and only the served, flipped and arriving jobs can
// displace it; a lost one is found again by a scan. Above scanLimit jobs
// present it hands over to the generic loop.
func (e *engine) runSplit(sink func(JobResult)) (Summary, error) {
	s := &splitJobs{}
	strict := e.split.strict
	e.pull()
	stall := 0
	var rec [4]splitRec // the allocation's records in role order
	var srv [4]int      // the served records (indices into rec), in order
	ns := 0
	var cur [nSets]int
	var ok [nSets]bool
	for k := range cur {
		cur[k], ok[k] = -1, true
	}
	t, evK, evKind := inf, -1, evNone
	if e.hasNext {
		t = e.next.Release
	}
	// The crossing of S2's map job and first buffered job (slots ca
	// ahead, cb overtaking) when it is the next event, in ctau.
	cross, ca, cb, ctau := false, -1, -1, 0.0
	lastBeta, mu1, mu2 := math.NaN(), 0.0, 0.0
	var old [4][nSets]uint64
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
		if dt > 0 {
			stall = 0
			if e.sched != nil {
				e.recordSplit(s, rec[:], srv[:ns], e.now, t)
			}
		} else {
			if cross && ctau > 0 && !(s.j[cb].y <= s.j[ca].y || s.j[cb].y-s.j[ca].y <= flipRel*s.j[ca].y) {
				// A crossing due in less than half an ulp of now (see
				// engine.run; the test is splitState.resolves).
				dt, advanced = ctau, true
			}
			if stall++; stall > maxStall {
				return Summary{}, fmt.Errorf("%w: %s: %d events at t=%v", ErrStall, e.policyName, stall, t)
			}
		}
		e.now = t
		// Advance the served jobs and process their events, in the
		// generic order (as runMax).
		var gone [4]bool
		for q := range ns {
			k := srv[q]
			r := &rec[k]
			i := r.i
			j := &s.j[i]
			x, y, x0, y0 := j.x, j.y, j.x0, j.y0
			if advanced {
				x = clamp0(x - r.rm*dt)
				if r.track {
					y = snapOf(x, x0, y0)
				} else {
					y = clamp0(y - r.rs*dt)
				}
			}
			if r.rm > 0 && ((k == evK && evKind == evMap) || x <= snapRel*x0) {
				x = 0
				if r.track {
					y = 0
				}
			}
			empty := true
			if r.track && advanced {
				// The buffer is exactly 0 after the snap.
			} else if b := bufferOf(x, y, x0, y0); (k == evK && evKind == evDrain) || b <= snapRel*y0 {
				y = snapOf(x, x0, y0)
			} else {
				empty = false
			}
			j.x, j.y, j.empty = x, y, empty
			for c := range nSets {
				old[q][c] = s.c[c][i]
			}
			if x == 0 && y == 0 {
				e.departJob(j.r, x0, y0, j.orig, j.id, sink)
				gone[q] = true
				for c := range nSets {
					s.c[c][i] = noCode
				}
				continue
			}
			s.setCodes(i)
		}
		// A minimum is lost when it left its set or its code grew;
		// otherwise only the served jobs can displace it.
		for q := range ns {
			i := rec[srv[q]].i
			for c := range nSets {
				if cur[c] == i && s.c[c][i] > old[q][c] {
					ok[c] = false
				}
			}
		}
		for q := range ns {
			if !gone[q] {
				s.consider(rec[srv[q]].i, &cur, &ok)
			}
		}
		if cross && !s.goneSlot(rec[:], srv[:ns], gone, ca) && !s.goneSlot(rec[:], srv[:ns], gone, cb) {
			e.flipSplit(s, ca, cb)
			s.consider(cb, &cur, &ok)
		}
		// Departed slots, highest first (a move never displaces another
		// departed job).
		for {
			hi, hq := -1, -1
			for q := range ns {
				if gone[q] && rec[srv[q]].i > hi {
					hi, hq = rec[srv[q]].i, q
				}
			}
			if hq < 0 {
				break
			}
			gone[hq] = false
			s.remove(hi, &cur)
		}
		for e.hasNext && e.next.Release <= e.now {
			e.arriveSplit(s)
			s.consider(len(s.j)-1, &cur, &ok)
			e.pull()
		}
		if e.srcErr != nil {
			return Summary{}, e.srcErr
		}
		if len(s.j) > e.scan && !e.noHandOff {
			e.handOffSplit(s)
			return e.loop(sink, stall, true)
		}
		for c := range nSets {
			if !ok[c] {
				cur[c], ok[c] = argminCode(s.c[c], s.tie[c]), true
			}
		}
		// splitState.allocate.
		ns = 0
		cross = false
		t, evK, evKind = inf, -1, evNone
		if e.hasNext {
			t = e.next.Release
		}
		bj := cur[setBeta]
		if bj < 0 {
			continue
		}
		if beta := s.j[bj].ratio; beta != lastBeta {
			lastBeta, mu1, mu2 = beta, 0, 1
			if !math.IsInf(beta, 1) {
				mu1, mu2 = 1/(1+beta), beta/(1+beta)
			}
		}
		cm, cc := e.cm, e.cc
		// Records in role order m0, b0, m1, b1; a role held by the job of
		// an earlier role shares its record (only m_c = b_c can).
		nr := 0
		role := [4]int{-1, -1, -1, -1}
		for k, sl := range [4]int{cur[setM0], cur[setB0], cur[setM1], cur[setB1]} {
			switch {
			case sl < 0:
			case k&1 == 1 && sl == cur[k-1]:
				role[k] = role[k-1]
			default:
				rec[nr] = splitRec{i: sl}
				role[k] = nr
				nr++
			}
		}
		m0, b0, m1, b1 := role[0], role[1], role[2], role[3]
		share0, share1 := mu2*cm, mu1*cm
		if !strict {
			if m0 < 0 {
				share1 = cm
			}
			if m1 < 0 {
				share0 = cm
			}
		}
		first0, first1 := false, false
		cap0, cap1 := 0.0, 0.0
		if m0 >= 0 {
			rec[m0].rm = share0
			if first0 = s.j[rec[m0].i].empty && (b0 < 0 || s.lessShuffle(rec[m0].i, rec[b0].i)); first0 {
				cap0 = s.capOf(rec[m0].i, share0)
			}
		}
		if m1 >= 0 {
			rec[m1].rm = share1
			if first1 = s.j[rec[m1].i].empty && (b1 < 0 || s.lessShuffle(rec[m1].i, rec[b1].i)); first1 {
				cap1 = s.capOf(rec[m1].i, share1)
			}
		}
		left0 := giveRec(rec[:], m0, b0, first0, cap0, mu1*cc)
		left1 := giveRec(rec[:], m1, b1, first1, cap1, mu2*cc)
		if !strict {
			giveRec(rec[:], m0, b0, first0, cap0, left1)
			giveRec(rec[:], m1, b1, first1, cap1, left0)
		}
		for k := range nr {
			if rec[k].rm != 0 || rec[k].rs != 0 {
				srv[ns] = k
				ns++
			}
		}
		e.sum.Served += int64(ns)
		// Inflow tracking and each served job's next event.
		for q := range ns {
			k := srv[q]
			r := &rec[k]
			j := &s.j[r.i]
			x := j.x
			in := 0.0 // job.inflow
			if x > 0 {
				in = j.inflow(r.rm)
			}
			if j.empty && x > 0 && r.rm > 0 && j.y0 > 0 && r.rs >= in {
				r.rs, r.track = in, true
			}
			te, kind := inf, evNone
			if r.rm > 0 && x > 0 {
				te, kind = x, evMap
				if r.rm != 1 {
					te = x / r.rm
				}
			}
			if !r.track && r.rs > 0 && r.rs > in {
				if td := bufferOf(x, j.y, j.x0, j.y0) / (r.rs - in); td < te {
					te, kind = td, evDrain
				}
			}
			if tj := e.now + te; tj < t {
				t, evK, evKind = tj, k, kind
			}
		}
		// splitState.crossing: S2's map job and first buffered job.
		if m1 >= 0 && b1 >= 0 && m1 != b1 {
			a, b := m1, b1
			if !s.lessShuffle(rec[a].i, rec[b].i) {
				a, b = b, a
			}
			// The rates of an unserved record are those it was given: 0
			// (a record with no rate is not served).
			ya, yb := s.j[rec[a].i].y, s.j[rec[b].i].y
			d := ya - yb // ≤ 0: a is ahead
			dt := inf
			if d > 0 {
				dt = 0
			} else if g := rec[b].rs - rec[a].rs; g > 0 {
				dt = -d / g
			}
			if e.now+dt < t {
				t, evK, evKind, ctau = e.now+dt, -1, evNone, dt
				cross, ca, cb = true, rec[a].i, rec[b].i
			}
		}
	}
	return e.finish()
}

// capOf is job.cap() of the map job at slot i with map rate rm and an
// empty buffer: its inflow (it has map work left), 0 without a map rate.
func (s *splitJobs) capOf(i int, rm float64) float64 {
	if rm > 0 {
		return s.j[i].inflow(rm)
	}
	return 0
}

// goneSlot reports whether slot i is a served job that departed.
func (s *splitJobs) goneSlot(rec []splitRec, srv []int, gone [4]bool, i int) bool {
	for q, k := range srv {
		if rec[k].i == i && gone[q] {
			return true
		}
	}
	return false
}

// flipSplit is splitState.flip on slots: b ranks ahead of a in S2.
func (e *engine) flipSplit(s *splitJobs, a, b int) {
	ja, jb := &s.j[a], &s.j[b]
	if jb.y > ja.y && jb.y-ja.y <= flipRel*ja.y {
		jb.y = ja.y
	}
	s.tie[setM0][b] = e.nextTie
	s.tie[setB0][b] = e.nextTie
	s.tie[setM1][b] = e.nextTie
	s.tie[setB1][b] = e.nextTie
	e.nextTie--
	s.setCodes(b)
	if testHookFlip != nil {
		testHookFlip(e.policyName)
	}
}

// arriveSplit is engine.arrive for splitJobs.
func (e *engine) arriveSplit(s *splitJobs) {
	in := &e.next
	orig := e.seq
	if e.order != nil {
		orig = e.order[e.seq]
	}
	x0, y0 := in.Map, in.Shuffle
	j := splitSlot{x: x0, y: y0, x0: x0, y0: y0, inRM: math.NaN(), r: in.Release,
		empty: bufferOf(x0, y0, x0, y0) == 0, orig: orig, seq: e.seq, id: in.ID}
	switch {
	case x0 == 0 || y0 == 0:
		j.ratio = inf
	case x0 >= y0:
		j.ratio = x0 / y0
	default:
		j.ratio = y0 / x0
	}
	if !(x0 >= y0) {
		j.cls = 1
	}
	s.j = append(s.j, j)
	tie := int64(e.seq)
	for k := range s.c {
		s.c[k] = append(s.c[k], noCode)
		s.tie[k] = append(s.tie[k], tie)
	}
	i := len(s.j) - 1
	s.c[setBeta][i] = math.Float64bits(j.ratio)
	s.setCodes(i)
	e.seq++
	e.nsys++
	if e.nsys > e.sum.MaxInSystem {
		e.sum.MaxInSystem = e.nsys
	}
}

// recordSplit is engine.record for runSplit.
func (e *engine) recordSplit(s *splitJobs, rec []splitRec, srv []int, t0, t1 float64) {
	rates := make([]schedule.Rate, 0, len(srv))
	for _, k := range srv {
		rates = append(rates, schedule.Rate{Job: s.j[rec[k].i].orig, Map: rec[k].rm, Shuffle: rec[k].rs})
	}
	e.sched.Segments = append(e.sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: rates})
}

// handOffSplit moves the jobs of s into splitState's heaps (as handOffMax).
func (e *engine) handOffSplit(s *splitJobs) {
	for i := range s.j {
		sj := &s.j[i]
		j := new(job)
		j.seq, j.orig, j.id, j.r = sj.seq, sj.orig, sj.id, sj.r
		j.x0, j.y0, j.x, j.y = sj.x0, sj.y0, sj.x, sj.y
		j.inRM = math.NaN()
		j.tie, j.empty, j.ratio = s.tie[setM0][i], sj.empty, sj.ratio
		j.pos = [4]int{-1, -1, -1, -1}
		e.split.add(j)
	}
}
