package fluid

import (
	"context"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

var inf = math.Inf(1)

// testHookFlip, when set (by tests only), is called at every priority
// crossing event with the policy's name, so that tests can show they
// exercise crossings.
var testHookFlip func(policy string)

// job is the simulator's state of one job in the system.
// job is reused after departure: engine.arrive sets every field, so a field
// added here must be reset there too.
type job struct {
	seq    int // arrival sequence number
	orig   int // instance index (Simulate) or seq
	id     string
	r      float64
	x0, y0 float64 // original sizes
	x, y   float64 // remaining map and shuffle work
	rm, rs float64 // current map and shuffle rates (set rm with setRM)
	// in caches rm·y0/x0 for the map rate inRM (inflow(); NaN: none yet).
	in, inRM float64
	// buf caches buffer() while bufOK; every write to x or y clears bufOK
	// (or sets buf to the value buffer() would return).
	buf   float64
	bufOK bool
	// track: the buffer is empty and the shuffle rate equals the inflow cap
	// rm·y0/x0, so y = y0·x/x0 holds exactly while the rates last.
	track bool
	// empty: the available shuffle buffer y − y0·x/x0 is zero.
	empty bool
	tie   int64 // tie-break among equal keys (seq, lowered when overtaking)
	// te, ek: time until the job's own next event and its kind (nextEvent
	// under the rates of the last allocation; for served jobs only).
	te    float64
	ek    int
	ratio float64 // max(x0/y0, y0/x0), for SplitSRPT's β (set by arrive when needRatio)
	// key caches max(x, y) for the MaxSRPT heaps (hkMax): set at arrival,
	// by prioState.refresh after the job was served and by flip.
	key  float64
	capv float64 // psState.allocate: cap() cached during one allocation
	pos  [4]int  // positions in the policy's heaps, by slot 0..2 (-1 when absent; [3] unused, so slot&3 needs no bounds check)
	gone bool    // departed
}

// buffer returns the available shuffle work b = y − y0·x/x0 (all of y once
// the map is done or when x0 = 0).
func (j *job) buffer() float64 {
	if !j.bufOK {
		j.buf, j.bufOK = j.bufferNow(), true
	}
	return j.buf
}

func (j *job) bufferNow() float64 {
	if j.x0 == 0 || j.x == 0 {
		return j.y
	}
	b := j.y - j.y0*j.x/j.x0
	if b < 0 {
		return 0
	}
	return b
}

// setRM sets the map rate (and invalidates the cached inflow).
func (j *job) setRM(r float64) { j.rm = r }

// inflow returns the rate rm·y0/x0 at which the map produces shuffle work
// (0 once the map is done), computed once per map rate.
func (j *job) inflow() float64 {
	if !(j.x > 0) {
		return 0
	}
	if j.rm != j.inRM { // rm·y0/x0 depends on rm alone (x0, y0 are fixed)
		j.in, j.inRM = j.rm*j.y0/j.x0, j.rm
	}
	return j.in
}

// cap returns the largest shuffle rate the job can take now: unlimited with
// a non-empty buffer, else the inflow rm·y0/x0 of its map.
func (j *job) cap() float64 {
	if !j.empty {
		return inf
	}
	if j.x > 0 && j.rm > 0 {
		return j.inflow()
	}
	return 0
}

// snapShuffleToMap sets y to y0·x/x0, i.e. the buffer to exactly zero
// (bufferNow then computes y − y0·x/x0 = 0, or y = 0).
func (j *job) snapShuffleToMap() {
	j.buf, j.bufOK = 0, true
	if j.x0 == 0 || j.x == 0 {
		j.y = 0
		return
	}
	j.y = j.y0 * j.x / j.x0
}

const (
	evNone = iota
	evMap
	evDrain
)

// nextEvent returns the time until the job's next own event under its
// current rates: map completion or its buffer draining to zero (which is
// its shuffle completion when the map is done).
func (j *job) nextEvent() (float64, int) {
	te, kind := inf, evNone
	if j.rm > 0 && j.x > 0 {
		te, kind = j.x, evMap
		if j.rm != 1 { // x/1 = x exactly: skip the division at unit rate
			te = j.x / j.rm
		}
	}
	if !j.track && j.rs > 0 {
		if in := j.inflow(); j.rs > in {
			if td := j.buffer() / (j.rs - in); td < te {
				te, kind = td, evDrain
			}
		}
	}
	return te, kind
}

// state is a policy's data structures over the jobs in the system.
type state interface {
	add(j *job)
	mapDone(j *job)
	// remove takes j out of every structure (mapDone included).
	remove(j *job)
	// refresh is called for every served job after it advanced (its keys
	// and buffer status may have changed).
	refresh(j *job)
	// allocate sets rm, rs of the jobs to serve (all rates are zero on
	// entry) and appends them to out, each once.
	allocate(out []*job) []*job
	// crossing returns the time until the next priority change under the
	// current rates, and the two jobs (a ahead now, b overtaking).
	crossing() (float64, *job, *job)
	// flip makes b rank ahead of a (called at a crossing event), setting
	// b's key level with a's when they are within flipRel.
	flip(a, b *job)
	// resolves reports whether flip(a, b) would put b ahead of a (b's key
	// is not above a's by more than flipRel).
	resolves(a, b *job) bool
}

// admitter is implemented by states that reject some jobs (Order).
type admitter interface{ admit(j *job) error }

type engine struct {
	ctx      context.Context // Options.Context (nil: never stopped)
	src      instances.Source
	adm      admitter // st, when it rejects some jobs (Order)
	mum, muc float64  // capacities of the instance (for slowdown)
	cm, cc   float64  // capacities times speed
	st       state
	// The concrete state (one of them is set): calls go to it directly
	// rather than through the state interface on the hot path.
	prio       *prioState
	split      *splitState
	ps         *psState
	needRatio  bool // the state reads job.ratio (SplitSRPT)
	served     []*job
	now        float64
	sched      *schedule.Schedule
	order      []int // instance index of each arrival (Simulate); nil: the arrival number
	nHint      int
	nextTie    int64
	next       instances.Job
	hasNext    bool
	seq        int
	nsys       int
	lastRel    float64
	srcErr     error
	sumResp    neumaier
	sumSlow    neumaier
	sum        Summary
	policyName string
	// Departed jobs are reused for later arrivals (no allocation per job):
	// dead holds those departed at the current event (still referenced by
	// served until the next allocation), free those ready for reuse.
	dead, free []*job
	// generic makes run use the generic loop for PS, k-LPS and MaxSRPT
	// too (tests compare it with runPS and runMax).
	generic bool
	// noHandOff keeps runMax in its own loop whatever the number of jobs
	// present (tests); scan is its hand-off threshold (scanLimit; tests
	// lower it to exercise the hand-off).
	noHandOff bool
	scan      int
	// deps is the source of an instance with dependencies (deps.go; nil
	// otherwise): the generic loop refills the look-ahead job after
	// departures.
	deps *depSource
	// weight holds w_j by instance index when some weight is not 1
	// (weights.go; nil otherwise, and then the generic loop is as before).
	weight []float64
	// nextT is the earliest arrival or own event of a served job after
	// allocateStep (nextJob's, of kind nextKind; nil for an arrival).
	nextT    float64
	nextJob  *job
	nextKind int
}

func newEngine(src instances.Source, mum, muc float64, p Policy, opt Options, nHint int) (*engine, error) {
	if p == nil {
		return nil, fmt.Errorf("%w: nil policy", ErrPolicy)
	}
	s := opt.Speed
	if s == 0 {
		s = 1
	}
	if !(s > 0) || math.IsInf(s, 0) {
		return nil, fmt.Errorf("%w: speed must be positive and finite, got %v", ErrInput, opt.Speed)
	}
	e := &engine{ctx: opt.Context, src: src, mum: mum, muc: muc, cm: mum * s, cc: muc * s, nHint: nHint, nextTie: -1, policyName: p.Name(), scan: scanLimit}
	st, err := p.newState(e)
	if err != nil {
		return nil, err
	}
	e.st = st
	e.adm, _ = st.(admitter)
	switch s := st.(type) {
	case *prioState:
		e.prio = s
	case *splitState:
		e.split, e.needRatio = s, true
	case *psState:
		e.ps = s
	}
	return e, nil
}

// stopped returns ErrStopped when e.ctx has ended; the loops call it at
// the first event and every ctxStride+1 events.
func (e *engine) stopped() error {
	if e.ctx == nil || e.ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("%w: %s after %d events: %w", ErrStopped, e.policyName, e.sum.Events, context.Cause(e.ctx))
}

// pull reads the next job of the source and checks it.
func (e *engine) pull() {
	// Into e.next directly: one copy of the job (a larger instances.Job
	// costs per copy, and pull runs once a job).
	var ok bool
	e.next, ok = e.src.Next()
	e.hasNext = ok
	if !ok {
		return
	}
	j := &e.next
	// v >= 0 && v <= MaxFloat64 is false for NaN, ±Inf and negatives.
	if !(j.Release >= 0 && j.Release <= math.MaxFloat64 && j.Map >= 0 && j.Map <= math.MaxFloat64 &&
		j.Shuffle >= 0 && j.Shuffle <= math.MaxFloat64) || (j.Map == 0 && j.Shuffle == 0) || j.Release < e.lastRel {
		e.badJob(*j)
		return
	}
	e.lastRel = j.Release
}

// badJob records why the source's job j is rejected (the first failing
// check in the order release, map, shuffle, both sizes 0, release order).
func (e *engine) badJob(j instances.Job) {
	bad := func(format string, args ...any) {
		e.srcErr = fmt.Errorf("%w: job %d (id %q): %s", ErrInput, e.seq, j.ID, fmt.Sprintf(format, args...))
		e.hasNext = false
	}
	for _, c := range []struct {
		n string
		v float64
	}{{"release", j.Release}, {"map", j.Map}, {"shuffle", j.Shuffle}} {
		if math.IsNaN(c.v) || math.IsInf(c.v, 0) || c.v < 0 {
			bad("%s %v must be finite and non-negative", c.n, c.v)
			return
		}
	}
	if j.Map == 0 && j.Shuffle == 0 {
		bad("map and shuffle sizes are both 0")
		return
	}
	bad("release %v before the previous job's %v (the source must be in release order)", j.Release, e.lastRel)
}

func (e *engine) arrive() error {
	in := &e.next
	var j *job
	if n := len(e.free); n > 0 {
		j = e.free[n-1]
		e.free[n-1] = nil
		e.free = e.free[:n-1]
	} else {
		j = new(job)
	}
	// Every field is set (a reused job starts afresh); field by field
	// rather than *j = job{…}, which copies the whole struct.
	j.seq, j.orig, j.id, j.r = e.seq, e.seq, in.ID, in.Release
	if e.order != nil {
		j.orig = e.order[e.seq]
	}
	j.x0, j.y0, j.x, j.y = in.Map, in.Shuffle, in.Map, in.Shuffle
	j.rm, j.rs, j.track, j.empty, j.in, j.inRM, j.bufOK = 0, 0, false, false, 0, math.NaN(), false
	j.tie, j.ratio, j.capv, j.te, j.ek = int64(e.seq), 0, 0, 0, evNone
	j.key = maxf(j.x, j.y)
	j.pos = [4]int{-1, -1, -1, -1}
	j.gone = false
	switch {
	case !e.needRatio: // only SplitSRPT reads the ratio
	case j.x0 == 0 || j.y0 == 0:
		j.ratio = inf
	default:
		// max(x0/y0, y0/x0): the quotient of the larger by the smaller
		// (rounding is monotone, so it is the larger of the two rounded
		// quotients too: the same value with one division).
		if j.x0 >= j.y0 {
			j.ratio = j.x0 / j.y0
		} else {
			j.ratio = j.y0 / j.x0
		}
	}
	j.empty = j.buffer() == 0
	e.seq++
	if e.adm != nil {
		if err := e.adm.admit(j); err != nil {
			return err
		}
	}
	e.stAdd(j)
	e.nsys++
	if e.nsys > e.sum.MaxInSystem {
		e.sum.MaxInSystem = e.nsys
	}
	return nil
}

func (e *engine) depart(j *job, sink func(JobResult)) {
	e.stRemove(j)
	j.gone = true
	e.departJob(j.r, j.x0, j.y0, j.orig, j.id, sink)
	e.dead = append(e.dead, j)
}

// departJob records the departure now of the job released at r with
// sizes x0, y0, instance index orig and ID id.
func (e *engine) departJob(r, x0, y0 float64, orig int, id string, sink func(JobResult)) {
	e.nsys--
	resp := e.now - r
	// z = max(x0/μm, y0/μc); a division by 1 is exact, so unit
	// capacities (the usual case) skip it with the same result.
	zm, zc := x0, y0
	if e.mum != 1 {
		zm = x0 / e.mum
	}
	if e.muc != 1 {
		zc = y0 / e.muc
	}
	z := maxf(zm, zc)
	slow := resp / z
	e.sum.N++
	e.sumResp.add(resp)
	e.sumSlow.add(slow)
	if e.now > e.sum.Makespan {
		e.sum.Makespan = e.now
	}
	if sink != nil {
		sink(JobResult{Index: orig, ID: id, Release: r, Map: x0, Shuffle: y0,
			Completion: e.now, Response: resp, Slowdown: slow})
	}
}

func (e *engine) record(t0, t1 float64) {
	if e.sched == nil || t1 <= t0 {
		return
	}
	rates := make([]schedule.Rate, 0, len(e.served))
	for _, j := range e.served {
		rates = append(rates, schedule.Rate{Job: j.orig, Map: j.rm, Shuffle: j.rs})
	}
	e.sched.Segments = append(e.sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: rates})
}

func (e *engine) run(sink func(JobResult)) (Summary, error) {
	if e.ps != nil && !e.generic {
		return e.runPS(sink)
	}
	if e.prio != nil && e.prio.dyn && !e.generic {
		return e.runMax(sink)
	}
	if e.split != nil && !e.generic {
		return e.runSplit(sink)
	}
	e.pull()
	e.nextT, e.nextJob, e.nextKind = inf, nil, evNone
	if e.hasNext {
		e.nextT = e.next.Release
	}
	g := &genericStep{e: e}
	return eventLoop(e, g, g.next(), 0, sink)
}

// genericStep is the generic loop's step (eventLoop), for every policy
// on the jobs' generic state (job, the policy's state): the next event,
// found after the allocation, is a served job's own event (evJob, evKind)
// or the crossing of ca and cb in ctau.
type genericStep struct {
	e      *engine
	evJob  *job
	evKind int
	ca, cb *job
	ctau   float64
}

// next returns the time of the next event after the allocation
// (allocateStep, which found the earliest arrival or own event): that
// event or a crossing.
func (g *genericStep) next() float64 {
	e := g.e
	t := e.nextT
	g.evJob, g.evKind = e.nextJob, e.nextKind
	g.ca, g.cb, g.ctau = nil, nil, 0
	if dt, a, b := e.stCrossing(); e.now+dt < t {
		t, g.ca, g.cb, g.ctau, g.evJob, g.evKind = e.now+dt, a, b, dt, nil, evNone
	}
	return t
}

func (g *genericStep) record(t0, t1 float64) { g.e.record(t0, t1) }

func (g *genericStep) subULP() float64 {
	if g.ca != nil && g.ctau > 0 && !g.e.st.resolves(g.ca, g.cb) {
		return g.ctau
	}
	return 0
}

func (g *genericStep) step(dt float64, advanced bool, sink func(JobResult)) (float64, error) {
	e := g.e
	if advanced {
		e.advance(dt)
	}
	evJob, evKind, ca, cb := g.evJob, g.evKind, g.ca, g.cb
	// Process the served jobs' events (snapping those due now).
	for _, j := range e.served {
		mapDone := false
		if j.rm > 0 && ((j == evJob && evKind == evMap) || j.x <= snapRel*j.x0) {
			j.x, j.bufOK = 0, false
			if j.track {
				j.y = 0
			}
			mapDone = true
		}
		if j.track && advanced {
			// The advance set y = y0·x/x0 (or both to 0): the buffer
			// is exactly 0, as j.buffer() would compute it.
			j.empty = true
		} else if b := j.buffer(); (j == evJob && evKind == evDrain) || b <= snapRel*j.y0 {
			j.snapShuffleToMap()
			j.empty = true
		} else {
			j.empty = false
		}
		if j.x == 0 && j.y == 0 {
			e.depart(j, sink) // remove covers mapDone
		} else {
			if mapDone {
				e.stMapDone(j)
			}
			e.stRefresh(j)
		}
		// The rates are set afresh by the allocation below (nothing
		// in between reads them).
		j.rm, j.rs, j.track = 0, 0, false
	}
	if e.deps != nil {
		e.deps.refill()
	}
	if ca != nil && !ca.gone && !cb.gone {
		e.stFlip(ca, cb)
		if testHookFlip != nil {
			testHookFlip(e.policyName)
		}
	}
	for e.hasNext && e.next.Release <= e.now {
		if err := e.arrive(); err != nil {
			return 0, err
		}
		e.pull()
	}
	if e.srcErr != nil {
		return 0, e.srcErr
	}
	e.allocateStep()
	return g.next(), nil
}

// allocateStep is the end of an event of the generic loop: the allocation,
// inflow tracking, the served jobs' own next events and the earliest of
// them or the next arrival (nextT, nextJob, nextKind).
func (e *engine) allocateStep() {
	e.served = e.stAllocate(e.served[:0])
	e.sum.Served += int64(len(e.served))
	t := inf
	if e.hasNext {
		t = e.next.Release
	}
	var evJob *job
	evKind := evNone
	for _, j := range e.served {
		if j.empty && j.x > 0 && j.rm > 0 && j.y0 > 0 {
			if c := j.inflow(); j.rs >= c {
				j.rs, j.track = c, true
			}
		}
		// The job's own next event under these rates (nothing
		// changes the served jobs before the next iteration reads it).
		j.te, j.ek = j.nextEvent()
		if tj := e.now + j.te; tj < t {
			t, evJob, evKind = tj, j, j.ek
		}
	}
	e.nextT, e.nextJob, e.nextKind = t, evJob, evKind
	// No pointer to the jobs departed at this event is left.
	if len(e.dead) > 0 {
		for i, j := range e.dead {
			e.free = append(e.free, j)
			e.dead[i] = nil
		}
		e.dead = e.dead[:0]
	}
}

// finish checks the count of departures and completes the summary.
func (e *engine) finish() (Summary, error) {
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

// advance serves the jobs of the last allocation for dt at their rates.
func (e *engine) advance(dt float64) {
	for _, j := range e.served {
		// clamp0 is math.Max(v, 0) for the non-NaN values here.
		j.x = clamp0(j.x - j.rm*dt)
		j.bufOK = false
		if j.track {
			j.snapShuffleToMap()
		} else {
			j.y = clamp0(j.y - j.rs*dt)
		}
	}
}

// clamp0 returns v if v > 0, else +0: math.Max(v, 0) for every non-NaN v.
func clamp0(v float64) float64 {
	if v > 0 {
		return v
	}
	return 0
}

// neumaier is compensated summation (Neumaier's variant of Kahan's), so
// that totals over 5·10^7 jobs keep full precision.
type neumaier struct{ s, c float64 }

func (n *neumaier) add(v float64) {
	t := n.s + v
	if math.Abs(n.s) >= math.Abs(v) {
		n.c += (n.s - t) + v
	} else {
		n.c += (v - t) + n.s
	}
	n.s = t
}

func (n *neumaier) sum() float64 { return n.s + n.c }

// hkind selects a heap's priority order (see jheap.less).
type hkind uint8

const (
	hkFIFO       hkind = iota // arrival order
	hkOrder                   // rank[orig], a fixed priority order
	hkMax                     // MaxSRPT: max(x, y), then tie
	hkS1Map                   // SplitSRPT S1 at the map station: x, then tie
	hkS1Shuffle               // SplitSRPT S1 at the shuffle station: x, then y if x = 0, then tie
	hkS2                      // SplitSRPT S2: y, then tie
	hkBeta                    // imbalance max(x0/y0, y0/x0), then arrival
	hkS1MapW                  // weighted SplitSRPT: hkS1Map on x/w (weights.go)
	hkS1ShuffleW              // weighted SplitSRPT: hkS1Shuffle on x/w and y/w
	hkS2W                     // weighted SplitSRPT: hkS2 on y/w
)

// jheap is an indexed binary heap of jobs; each job keeps its position in
// pos[slot]. Its sift-up and sift-down are those of container/heap
// (same comparisons and swaps in the same order), with the order chosen by
// kind compiled in rather than called through an interface and a closure.
//
// FIFO (hkFIFO) is kept instead as a slice sorted by arrival, a[head:],
// positions being indices into a: under FIFO jobs join at the back and
// leave from the front (the job served), so that each operation is O(1)
// where a heap of the thousands of jobs FIFO queues at high load costs
// O(log n) cache misses; the minimum, the only thing read, is the same.
type jheap struct {
	a    []*job
	slot int
	kind hkind
	rank []int     // hkOrder: rank of each instance index
	w    []float64 // the weighted kinds: weight of each instance index
	head int       // hkFIFO: a[:head] is unused
}

// less is the heap's strict order; every order ends with a key unique to
// the job (tie, seq or rank), so the minimum is unique.
func (h *jheap) less(a, b *job) bool {
	switch h.kind {
	case hkMax:
		la, lb := a.key, b.key // max(x, y), cached
		if la != lb {
			return la < lb
		}
		return a.tie < b.tie
	case hkS1Map:
		if a.x != b.x {
			return a.x < b.x
		}
		return a.tie < b.tie
	case hkS1Shuffle:
		// Jobs whose map is done (remaining map size 0, first under SRPT
		// on map size) by remaining shuffle size, then the others by
		// remaining map size as at the map station.
		if a.x != b.x {
			return a.x < b.x
		}
		if a.x == 0 && a.y != b.y {
			return a.y < b.y
		}
		return a.tie < b.tie
	case hkS2:
		if a.y != b.y {
			return a.y < b.y
		}
		return a.tie < b.tie
	case hkBeta:
		if a.ratio != b.ratio {
			return a.ratio < b.ratio
		}
		return a.seq < b.seq
	case hkOrder:
		return h.rank[a.orig] < h.rank[b.orig]
	case hkS1MapW, hkS1ShuffleW, hkS2W:
		return h.lessW(a, b)
	}
	return a.seq < b.seq // hkFIFO
}

// maxf is math.Max for the non-negative, non-NaN sizes of the simulator
// (it may differ from math.Max only in the sign of a zero, which no
// comparison sees).
func maxf(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

// minf is math.Min for the non-NaN, never −0 values it is used on.
func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func (h *jheap) swap(i, j int) {
	h.a[i], h.a[j] = h.a[j], h.a[i]
	h.a[i].pos[h.slot&3] = i
	h.a[j].pos[h.slot&3] = j
}

func (h *jheap) up(j int) {
	for j > 0 { // container/heap stops at the root through (0−1)/2 = 0
		i := (j - 1) >> 1 // parent
		if !h.less(h.a[j], h.a[i]) {
			break
		}
		h.swap(i, j)
		j = i
	}
}

func (h *jheap) down(i0, n int) bool {
	i := i0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1
		if j2 := j1 + 1; j2 < n && h.less(h.a[j2], h.a[j1]) {
			j = j2
		}
		if !h.less(h.a[j], h.a[i]) {
			break
		}
		h.swap(i, j)
		i = j
	}
	return i > i0
}

func (h *jheap) top() *job {
	if len(h.a) == h.head {
		return nil
	}
	return h.a[h.head]
}
func (h *jheap) has(j *job) bool { return j.pos[h.slot&3] >= 0 }

func (h *jheap) push(j *job) {
	if h.has(j) {
		return
	}
	if h.kind == hkFIFO {
		h.qpush(j)
		return
	}
	j.pos[h.slot&3] = len(h.a)
	h.a = append(h.a, j)
	h.up(len(h.a) - 1)
}

// qpush inserts j into the sorted FIFO slice (at the back unless it
// arrived before jobs already there).
func (h *jheap) qpush(j *job) {
	sl := h.slot & 3
	i := len(h.a)
	h.a = append(h.a, j)
	for ; i > h.head && h.a[i-1].seq > j.seq; i-- {
		h.a[i] = h.a[i-1]
		h.a[i].pos[sl] = i
	}
	h.a[i] = j
	j.pos[sl] = i
}

// qdel removes the job at index i of the sorted FIFO slice.
func (h *jheap) qdel(i int) {
	sl := h.slot & 3
	h.a[i].pos[sl] = -1
	if i == h.head {
		h.a[i] = nil
		h.head++
		if h.head == len(h.a) {
			h.a, h.head = h.a[:0], 0
		} else if h.head >= 64 && 2*h.head >= len(h.a) {
			// Slide the live part to the front (amortised O(1)).
			n := copy(h.a, h.a[h.head:])
			clear(h.a[n:])
			h.a, h.head = h.a[:n], 0
			for k, o := range h.a {
				o.pos[sl] = k
			}
		}
		return
	}
	copy(h.a[i:], h.a[i+1:])
	n := len(h.a) - 1
	h.a[n] = nil
	h.a = h.a[:n]
	for k := i; k < n; k++ {
		h.a[k].pos[sl] = k
	}
}

func (h *jheap) del(j *job) {
	i := j.pos[h.slot&3]
	if i < 0 {
		return
	}
	if h.kind == hkFIFO {
		h.qdel(i)
		return
	}
	n := len(h.a) - 1
	if n != i {
		h.swap(i, n)
		if !h.down(i, n) {
			h.up(i)
		}
	}
	h.a[n] = nil
	h.a = h.a[:n]
	j.pos[h.slot&3] = -1
}

// upj sifts j up (j is in order with its children).
func (h *jheap) upj(j *job) {
	if i := j.pos[h.slot&3]; i > 0 && h.kind != hkFIFO {
		h.up(i)
	}
}

func (h *jheap) fix(j *job) {
	if h.kind == hkFIFO { // arrival order never changes
		return
	}
	if i := j.pos[h.slot&3]; i >= 0 && len(h.a) > 1 { // a heap of one is in order
		if !h.down(i, len(h.a)) {
			h.up(i)
		}
	}
}

// The state's methods, called on the concrete type (direct, inlinable
// calls on the hot path) with the interface as the fallback.

func (e *engine) stAdd(j *job) {
	switch {
	case e.prio != nil:
		e.prio.add(j)
	case e.split != nil:
		e.split.add(j)
	case e.ps != nil:
		e.ps.add(j)
	default:
		e.st.add(j)
	}
}

func (e *engine) stRemove(j *job) {
	switch {
	case e.prio != nil:
		e.prio.remove(j)
	case e.split != nil:
		e.split.remove(j)
	case e.ps != nil:
		e.ps.remove(j)
	default:
		e.st.remove(j)
	}
}

func (e *engine) stMapDone(j *job) {
	switch {
	case e.prio != nil:
		e.prio.mapDone(j)
	case e.split != nil:
		e.split.mapDone(j)
	case e.ps != nil:
	default:
		e.st.mapDone(j)
	}
}

func (e *engine) stRefresh(j *job) {
	switch {
	case e.prio != nil:
		e.prio.refresh(j)
	case e.split != nil:
		e.split.refresh(j)
	case e.ps != nil:
	default:
		e.st.refresh(j)
	}
}

func (e *engine) stCrossing() (float64, *job, *job) {
	switch {
	case e.prio != nil:
		return e.prio.crossing()
	case e.split != nil:
		return e.split.crossing()
	case e.ps != nil:
		return inf, nil, nil
	}
	return e.st.crossing()
}

func (e *engine) stFlip(a, b *job) {
	switch {
	case e.prio != nil:
		e.prio.flip(a, b)
	case e.split != nil:
		e.split.flip(a, b)
	default:
		e.st.flip(a, b)
	}
}

func (e *engine) stAllocate(out []*job) []*job {
	switch {
	case e.prio != nil:
		return e.prio.allocate(out)
	case e.split != nil:
		return e.split.allocate(out)
	case e.ps != nil:
		return e.ps.allocate(out)
	}
	return e.st.allocate(out)
}
