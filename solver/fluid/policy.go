package fluid

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// DefaultK is the k of k-LPS used in §5.1 ("k = 100, which is reasonable
// for a huge cluster").
const DefaultK = 100

type policy struct {
	name string
	mk   func(e *engine) (state, error)
}

func (p policy) Name() string                      { return p.name }
func (p policy) newState(e *engine) (state, error) { return p.mk(e) }

// FIFO serves jobs in arrival order at both stations (§2.1, Fig. 2); the
// shuffle station is work-conserving down the arrival order.
func FIFO() Policy {
	return policy{"fifo", func(e *engine) (state, error) {
		return newPrio(e, hkFIFO, nil, false), nil
	}}
}

// Order serves jobs in the fixed priority order perm (perm[0] first; job
// indices of the instance, or stream positions for SimulateStream) at both
// stations, work-conserving like FIFO.
func Order(perm []int) Policy {
	return orders("order", perm, perm)
}

// Orders serves the map station in the priority order mapPerm and the
// shuffle station in the order shufflePerm (each perm[0] first, job indices
// of the instance), both work-conserving: the map station serves the first
// job of mapPerm with map work left; the shuffle station walks shufflePerm
// among the jobs that can take shuffle work (the map job, capped by its
// inflow while its buffer is empty, and the jobs with a non-empty buffer).
// Orders(p, p) is Order(p). A completion order need not be a map order:
// with jobs (10, 1) and (1, 10), mapping the second job first lets its
// shuffle run beside the first job's map.
func Orders(mapPerm, shufflePerm []int) Policy {
	return orders("orders", mapPerm, shufflePerm)
}

func orders(name string, mapPerm, shufflePerm []int) Policy {
	mapPerm = append([]int(nil), mapPerm...)
	shufflePerm = append([]int(nil), shufflePerm...)
	return policy{name, func(e *engine) (state, error) {
		mrank, err := ranks(e, mapPerm)
		if err != nil {
			return nil, err
		}
		srank := mrank
		if !slices.Equal(mapPerm, shufflePerm) {
			if srank, err = ranks(e, shufflePerm); err != nil {
				return nil, err
			}
		}
		s := newPrio(e, hkOrder, mrank, false)
		s.hb.rank = srank
		s.check = func(j *job) error {
			if j.orig >= len(mrank) {
				return fmt.Errorf("%w: order has %d entries but job %d arrived", ErrPolicy, len(mrank), j.orig)
			}
			return nil
		}
		return s, nil
	}}
}

// ranks returns the position of each job in perm, which must be a
// permutation of the instance's jobs.
func ranks(e *engine, perm []int) ([]int, error) {
	rank := make([]int, len(perm))
	for i := range rank {
		rank[i] = -1
	}
	for pos, j := range perm {
		if j < 0 || j >= len(perm) || rank[j] >= 0 {
			return nil, fmt.Errorf("%w: order: %v is not a permutation of 0..%d (entry %d is %d)", ErrPolicy, perm, len(perm)-1, pos, j)
		}
		rank[j] = pos
	}
	if e.nHint >= 0 && e.nHint != len(perm) {
		return nil, fmt.Errorf("%w: order has %d entries for %d jobs", ErrPolicy, len(perm), e.nHint)
	}
	return rank, nil
}

// MaxSRPT is Algorithm 1 (§4.1): both stations give priority to the job with
// the smallest max(x_i(t), y_i(t)), ties to the earlier arrival; the shuffle
// station is work-conserving (§4.1, last paragraph before Theorem 3, and §5).
func MaxSRPT() Policy {
	return policy{"maxsrpt", func(e *engine) (state, error) {
		return newPrio(e, hkMax, nil, true), nil
	}}
}

// SplitSRPT is Algorithm 2 (§4.2) with capacity that one class cannot use
// passed to the other (work-conserving).
func SplitSRPT() Policy {
	return policy{"splitsrpt", func(e *engine) (state, error) { return newSplit(e, false), nil }}
}

// SplitSRPTStrict is Algorithm 2 taken literally: the map-heavy class never
// gets more than μ2 of the map and μ1 of the shuffle capacity, the other
// class never more than μ1 and μ2, even when the other class is idle.
func SplitSRPTStrict() Policy {
	return policy{"splitsrpt-strict", func(e *engine) (state, error) { return newSplit(e, true), nil }}
}

// PS is processor sharing at both stations (§2.2), water-filling at the
// shuffle station.
func PS() Policy {
	return policy{"ps", func(e *engine) (state, error) { return &psState{e: e}, nil }}
}

// KLPS is k-limited processor sharing at the map station with PS at the
// shuffle station (§5.1). A job keeps its place among the k until it leaves
// the system (Hadoop's running-job limit counts it until it completes).
// k ≤ 0 means DefaultK.
func KLPS(k int) Policy {
	if k <= 0 {
		k = DefaultK
	}
	return policy{"klps", func(e *engine) (state, error) { return &psState{e: e, k: k}, nil }}
}

// KLPSMapOnly is KLPS where a job frees its place once its map work is done
// (the k places limit the map phase only).
func KLPSMapOnly(k int) Policy {
	if k <= 0 {
		k = DefaultK
	}
	return policy{"klps-maponly", func(e *engine) (state, error) { return &psState{e: e, k: k, mapOnly: true}, nil }}
}

// PolicyNames lists the names ParsePolicy accepts.
var PolicyNames = []string{"fifo", "ps", "klps", "klps-maponly", "maxsrpt", "splitsrpt", "splitsrpt-strict", "order"}

// ParsePolicy returns the policy with the given name; k is used by the
// k-LPS variants (≤ 0 means DefaultK) and order by "order".
func ParsePolicy(name string, k int, order []int) (Policy, error) {
	switch strings.ToLower(name) {
	case "fifo":
		return FIFO(), nil
	case "ps":
		return PS(), nil
	case "klps", "k-lps":
		return KLPS(k), nil
	case "klps-maponly", "k-lps-maponly":
		return KLPSMapOnly(k), nil
	case "maxsrpt":
		return MaxSRPT(), nil
	case "splitsrpt":
		return SplitSRPT(), nil
	case "splitsrpt-strict":
		return SplitSRPTStrict(), nil
	case "order":
		if len(order) == 0 {
			return nil, fmt.Errorf("%w: policy order needs a permutation of the job indices", ErrPolicy)
		}
		return Order(order), nil
	}
	return nil, fmt.Errorf("%w: unknown policy %q (want one of %s)", ErrPolicy, name, strings.Join(PolicyNames, ", "))
}

// ParseOrder parses a comma-separated permutation such as "2,0,1".
func ParseOrder(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("%w: order entry %d: %q is not an integer", ErrPolicy, i, p)
		}
		out[i] = v
	}
	return out, nil
}

// ---------------------------------------------------------------- priority

// prioState serves FIFO, Order and MaxSRPT: one priority order used at both
// stations. The map station serves the first job (in the order) with map
// work left; the shuffle station walks the order among jobs that can take
// shuffle work: the map job, capped by its inflow while its buffer is empty,
// then the first job with a non-empty buffer, which absorbs the rest.
type prioState struct {
	e      *engine
	hm, hb jheap // jobs with map work left; jobs with a non-empty buffer (same order)
	dyn    bool  // keys change with service (MaxSRPT): detect crossings
	m, b   *job  // the map job and the first buffered job of the last allocation
	check  func(j *job) error
}

func newPrio(e *engine, kind hkind, rank []int, dyn bool) *prioState {
	return &prioState{e: e, dyn: dyn,
		hm: jheap{slot: 0, kind: kind, rank: rank}, hb: jheap{slot: 1, kind: kind, rank: rank}}
}

func (s *prioState) less(a, b *job) bool { return s.hm.less(a, b) }

func (s *prioState) admit(j *job) error {
	if s.check != nil {
		return s.check(j)
	}
	return nil
}

func (s *prioState) add(j *job) {
	if s.dyn && s.e.weight != nil {
		j.key = s.e.wkey(j)
	}
	if j.x > 0 {
		s.hm.push(j)
	}
	if !j.empty {
		s.hb.push(j)
	}
}

func (s *prioState) mapDone(j *job) { s.hm.del(j) }
func (s *prioState) remove(j *job)  { s.hm.del(j); s.hb.del(j) }

func (s *prioState) refresh(j *job) {
	// With a dynamic key, the heaps are in order for the cached keys of
	// every job but j. If j's key did not grow (the usual case: service
	// only lowers x and y; the tracking snap y = y0·x/x0 may round it a
	// hair up), j is still in order with its children and only sifting up
	// can be needed.
	lower := true
	if s.dyn {
		old := j.key
		j.key = maxf(j.x, j.y)
		if s.e.weight != nil {
			j.key = s.e.wkey(j)
		}
		if lower = j.key <= old; lower {
			s.hm.upj(j)
		} else {
			s.hm.fix(j)
		}
	}
	if !j.empty {
		if s.hb.has(j) {
			if s.dyn {
				if lower {
					s.hb.upj(j)
				} else {
					s.hb.fix(j)
				}
			}
		} else {
			s.hb.push(j)
		}
	} else {
		s.hb.del(j)
	}
}

func (s *prioState) allocate(out []*job) []*job {
	m, b := s.hm.top(), s.hb.top()
	s.m, s.b = m, b
	if m != nil {
		m.setRM(s.e.cm)
		out = append(out, m)
	}
	c := s.e.cc
	if m != nil && m.empty && (b == nil || s.hb.less(m, b)) { // the shuffle station's order
		r := minf(c, m.cap())
		m.rs = r
		c -= r
	}
	if b != nil && c > 0 {
		b.rs = c
		if b != m {
			out = append(out, b)
		}
	}
	return out
}

func (s *prioState) crossing() (float64, *job, *job) {
	if !s.dyn || s.m == nil || s.b == nil || s.m == s.b {
		return inf, nil, nil
	}
	a, b := s.m, s.b
	if !s.less(a, b) {
		a, b = b, a
	}
	if s.e.weight != nil {
		return crossMaxW(a, b, s.e.weightOf(a), s.e.weightOf(b)), a, b
	}
	return crossMax(a, b), a, b
}

// flipRel is the relative gap under which a crossing snaps the overtaking
// job's key level with the other's (rounding left it a hair behind).
const flipRel = 1e-9

func (s *prioState) resolves(a, b *job) bool {
	la, lb := math.Max(a.x, a.y), math.Max(b.x, b.y)
	if s.e.weight != nil {
		la, lb = s.e.wkey(a), s.e.wkey(b)
	}
	return lb <= la || lb-la <= flipRel*la
}

func (s *prioState) flip(a, b *job) {
	if s.e.weight != nil {
		s.flipW(a, b)
		return
	}
	la, lb := math.Max(a.x, a.y), math.Max(b.x, b.y)
	if lb > la && lb-la <= flipRel*la {
		// Rounding left b a hair behind a at the crossing instant: put it
		// exactly level (a change far below the validator's tolerance).
		if b.x >= b.y {
			b.x = la
		} else {
			b.y = la
		}
		b.bufOK = false
		b.key = maxf(b.x, b.y)
	}
	b.tie = s.e.nextTie
	s.e.nextTie--
	for _, j := range []*job{a, b} {
		s.hm.fix(j)
		s.hb.fix(j)
	}
}

// keyMax returns max(x − rm·τ, y − rs·τ) and its rate of decrease at τ
// (taken just after τ, so at a kink the slope of the piece that follows).
func keyMax(j *job, tau float64) (float64, float64) {
	xv, yv := j.x-j.rm*tau, j.y-j.rs*tau
	switch {
	case xv > yv:
		return xv, j.rm
	case yv > xv:
		return yv, j.rs
	default:
		return xv, minf(j.rm, j.rs)
	}
}

// crossMax returns the first τ ≥ 0 at which b's key max(x, y) drops below
// a's (a ahead now), solving the piecewise-linear difference exactly on the
// pieces between the kinks where x(t) = y(t).
func crossMax(a, b *job) float64 { return crossMaxW(a, b, 1, 1) } // x/1 is x: the same bits

// ---------------------------------------------------------------- SplitSRPT

// splitState implements Algorithm 2. Class 0 is S1 (x ≥ y, SRPT on the
// remaining map size), class 1 is S2 (x < y, SRPT on the remaining shuffle
// size). Within a class the stations are served as in prioState. On a
// weighted instance each key is divided by the job's weight (weigh).
type splitState struct {
	e      *engine
	strict bool
	hm, hb [2]jheap
	beta   jheap   // all jobs by imbalance max(x/y, y/x), for β(t)
	m, b   [2]*job // the map job and first buffered job of each class (last allocation)
	// μ1, μ2 of the last β (β changes only at arrivals and departures).
	lastBeta, mu1, mu2 float64
	// w holds the weights by instance index on a weighted instance (weigh;
	// nil otherwise).
	w []float64
}

func lessS2(a, b *job) bool {
	if a.y != b.y {
		return a.y < b.y
	}
	return a.tie < b.tie
}

func newSplit(e *engine, strict bool) *splitState {
	s := &splitState{e: e, strict: strict, lastBeta: math.NaN()}
	s.hm[0] = jheap{slot: 0, kind: hkS1Map}
	s.hb[0] = jheap{slot: 1, kind: hkS1Shuffle}
	s.hm[1] = jheap{slot: 0, kind: hkS2}
	s.hb[1] = jheap{slot: 1, kind: hkS2}
	s.beta = jheap{slot: 2, kind: hkBeta}
	return s
}

func class(j *job) int {
	if j.x0 >= j.y0 {
		return 0
	}
	return 1
}

func (s *splitState) add(j *job) {
	c := class(j)
	j.key = j.y // y as placed in the heaps (refresh)
	if j.x > 0 {
		s.hm[c].push(j)
	}
	if !j.empty {
		s.hb[c].push(j)
	}
	s.beta.push(j)
}

func (s *splitState) mapDone(j *job) { s.hm[class(j)].del(j) }

func (s *splitState) remove(j *job) {
	c := class(j)
	s.hm[c].del(j)
	s.hb[c].del(j)
	s.beta.del(j)
}

func (s *splitState) refresh(j *job) {
	c := class(j)
	// The keys (x; x, then y; y) did not grow unless y did (x never grows
	// under service; the tracking snap y = y0·x/x0 may round y a hair up;
	// key holds y as of the last placement): then j is in order with its
	// children and only sifting up can be needed (see prioState.refresh).
	lower := j.y <= j.key
	j.key = j.y
	if lower {
		s.hm[c].upj(j)
	} else {
		s.hm[c].fix(j)
	}
	if !j.empty {
		if s.hb[c].has(j) {
			if lower {
				s.hb[c].upj(j)
			} else {
				s.hb[c].fix(j)
			}
		} else {
			s.hb[c].push(j)
		}
	} else {
		s.hb[c].del(j)
	}
}

// give hands amount of shuffle capacity to a class whose map job is m and
// first buffered job b (m first, up to its cap capm, when mFirst) and
// returns what it could not use.
func give(m, b *job, mFirst bool, capm, amount float64) float64 {
	if amount <= 0 {
		return 0
	}
	if mFirst {
		if r := minf(amount, capm-m.rs); r > 0 {
			m.rs += r
			amount -= r
		}
	}
	if b != nil && amount > 0 {
		b.rs += amount
		amount = 0
	}
	return amount
}

func (s *splitState) allocate(out []*job) []*job {
	bj := s.beta.top()
	if bj == nil {
		return out
	}
	// Algorithm 2: β(t) = min over the jobs in the system of
	// max(x_i/y_i, y_i/x_i) on the original sizes; μ1 = 1/(1+β),
	// μ2 = β/(1+β) (β = ∞ when every job has a zero size: μ1 = 0, μ2 = 1).
	if beta := bj.ratio; beta != s.lastBeta {
		s.lastBeta, s.mu1, s.mu2 = beta, 0, 1
		if !math.IsInf(beta, 1) {
			s.mu1, s.mu2 = 1/(1+beta), beta/(1+beta)
		}
	}
	mu1, mu2 := s.mu1, s.mu2
	cm, cc := s.e.cm, s.e.cc
	m0, b0, m1, b1 := s.hm[0].top(), s.hb[0].top(), s.hm[1].top(), s.hb[1].top()
	s.m, s.b = [2]*job{m0, m1}, [2]*job{b0, b1}
	share0, share1 := mu2*cm, mu1*cm
	if !s.strict {
		if m0 == nil {
			share1 = cm
		}
		if m1 == nil {
			share0 = cm
		}
	}
	// The map job comes first at the shuffle station when its buffer is
	// empty (it takes up to its inflow) and it ranks ahead of the first
	// buffered job of its class.
	first0, first1 := false, false
	cap0, cap1 := 0.0, 0.0 // the map jobs' caps (they do not change while giving)
	if m0 != nil {
		m0.setRM(share0)
		if first0 = m0.empty && (b0 == nil || s.hb[0].less(m0, b0)); first0 {
			cap0 = m0.cap()
		}
	}
	if m1 != nil {
		m1.setRM(share1)
		if first1 = m1.empty && (b1 == nil || s.hb[1].less(m1, b1)); first1 {
			cap1 = m1.cap()
		}
	}
	left0 := give(m0, b0, first0, cap0, mu1*cc)
	left1 := give(m1, b1, first1, cap1, mu2*cc)
	if !s.strict {
		give(m0, b0, first0, cap0, left1)
		give(m1, b1, first1, cap1, left0)
	}
	// Served jobs in the order m0, b0, m1, b1, each once (a job is in
	// one class only, so only m_c = b_c can repeat).
	if m0 != nil && (m0.rm != 0 || m0.rs != 0) {
		out = append(out, m0)
	}
	if b0 != nil && b0 != m0 && (b0.rm != 0 || b0.rs != 0) {
		out = append(out, b0)
	}
	if m1 != nil && (m1.rm != 0 || m1.rs != 0) {
		out = append(out, m1)
	}
	if b1 != nil && b1 != m1 && (b1.rm != 0 || b1.rs != 0) {
		out = append(out, b1)
	}
	return out
}

// crossing: within S1 the served keys only move their owners further ahead
// (the map job has the least positive remaining map size; a buffered job
// ahead of it has its map done), so only S2's map job and first buffered
// job, both keyed by remaining shuffle size, can swap.
func (s *splitState) crossing() (float64, *job, *job) {
	m, b := s.m[1], s.b[1]
	if m == nil || b == nil || m == b {
		return inf, nil, nil
	}
	if s.w != nil {
		return s.crossingW(m, b)
	}
	if !lessS2(m, b) {
		m, b = b, m
	}
	d := m.y - b.y // ≤ 0
	if d > 0 {
		return 0, m, b
	}
	if g := b.rs - m.rs; g > 0 {
		return -d / g, m, b
	}
	return inf, nil, nil
}

func (s *splitState) resolves(a, b *job) bool {
	if s.w != nil {
		return s.resolvesW(a, b)
	}
	return b.y <= a.y || b.y-a.y <= flipRel*a.y
}

func (s *splitState) flip(a, b *job) {
	if s.w != nil {
		s.flipW(a, b)
		return
	}
	if b.y > a.y && b.y-a.y <= flipRel*a.y {
		b.y, b.bufOK = a.y, false
		b.key = b.y
	}
	b.tie = s.e.nextTie
	s.e.nextTie--
	for _, j := range []*job{a, b} {
		s.hm[1].fix(j)
		s.hb[1].fix(j)
	}
}

// ---------------------------------------------------------------- PS, k-LPS

// psState implements PS (k = 0: no limit) and k-LPS.
type psState struct {
	e       *engine
	k       int
	mapOnly bool
	sys     []*job // jobs in the system in arrival order
	capped  []*job // allocate: jobs capped by their inflow
	free    []*job // allocate: jobs with a non-empty buffer
}

func (s *psState) add(j *job) { s.sys = append(s.sys, j) }
func (s *psState) remove(j *job) {
	for i, o := range s.sys {
		if o == j {
			copy(s.sys[i:], s.sys[i+1:])
			s.sys[len(s.sys)-1] = nil
			s.sys = s.sys[:len(s.sys)-1]
			return
		}
	}
}
func (s *psState) mapDone(*job)                    {}
func (s *psState) refresh(*job)                    {}
func (s *psState) crossing() (float64, *job, *job) { return inf, nil, nil }
func (s *psState) flip(_, _ *job)                  {}
func (s *psState) resolves(_, _ *job) bool         { return true }

// allocate is (weighted) processor sharing at both stations (see the
// package's weight conventions in weights.go): the map capacity is split
// among the jobs holding a place that have map work left in proportion to
// their weights, and the shuffle capacity by weighted water-filling among
// the jobs that can take shuffle work. With unit weights (no weights on
// the instance) every weight is 1 and the shares are those of plain PS
// bit for bit: cm·1/n = cm/n, c/1 = c, 1·λ = λ, sums of ones are exact.
func (s *psState) allocate(out []*job) []*job {
	// Which jobs hold one of the k places: the first k in arrival order
	// (KLPS), or the first k among those with map work left (KLPSMapOnly).
	limit := len(s.sys)
	if s.k > 0 && s.k < limit && !s.mapOnly {
		limit = s.k
	}
	nmap, wsum := 0, 0.0
	for i := 0; i < limit; i++ {
		if j := s.sys[i]; j.x > 0 && (s.k == 0 || !s.mapOnly || nmap < s.k) {
			nmap++
			wsum += s.e.weightOf(j)
			j.setRM(-1) // marker: gets a map share
		}
	}
	// Shuffle: water-filling among the jobs that can take shuffle work
	// (holding a place for KLPS): unlimited with a non-empty buffer, capped
	// by the inflow of their map otherwise. The jobs served are appended
	// to out in arrival order: those with a map share or a positive cap
	// (the others get nothing).
	s.capped = s.capped[:0]
	s.free = s.free[:0]
	wfree := 0.0
	for i := 0; i < limit; i++ {
		j := s.sys[i]
		w := s.e.weightOf(j)
		if j.rm < 0 {
			j.setRM(s.e.cm * w / wsum)
		}
		c := j.cap()
		j.capv = c / w // the level at which j's cap binds (sortByCap)
		switch {
		case math.IsInf(c, 1):
			s.free = append(s.free, j)
			wfree += w
			out = append(out, j)
		case c > 0:
			s.capped = append(s.capped, j)
			out = append(out, j)
		case j.rm > 0:
			out = append(out, j)
		}
	}
	// Weighted water-filling: every job gets w·λ up to its cap; the jobs
	// whose cap per unit weight is below the level take their caps.
	c := s.e.cc
	wrem := wfree
	for _, j := range s.capped {
		wrem += s.e.weightOf(j)
	}
	level := 0.0
	if wrem > 0 {
		sortByCap(s.capped)
		level = c / wrem
		i := 0
		for ; i < len(s.capped); i++ {
			j := s.capped[i]
			if j.capv > level {
				break
			}
			j.rs = minf(j.cap(), c)
			c -= j.rs
			wrem -= s.e.weightOf(j)
			if wrem > 0 {
				level = c / wrem
			}
		}
		for ; i < len(s.capped); i++ {
			s.capped[i].rs = s.e.weightOf(s.capped[i]) * level
		}
		for _, j := range s.free {
			j.rs = s.e.weightOf(j) * level
		}
	}
	// Some job may have got neither map nor shuffle rate (always possible
	// with weights; without, only when the level is 0).
	if s.e.weight != nil || (!(level > 0) && len(s.free)+len(s.capped) > 0) {
		k := 0
		for _, j := range out {
			if j.rm > 0 || j.rs > 0 {
				out[k] = j
				k++
			}
		}
		clear(out[k:])
		out = out[:k]
	}
	return out
}

// sortByCap sorts by inflow cap (capv, set by allocate), ties by arrival
// (insertion sort: the lists are short and nearly sorted from one event to
// the next).
func sortByCap(a []*job) {
	for i := 1; i < len(a); i++ {
		j := a[i]
		cj := j.capv
		k := i - 1
		for ; k >= 0; k-- {
			ck := a[k].capv
			if ck < cj || (ck == cj && a[k].seq < j.seq) {
				break
			}
			a[k+1] = a[k]
		}
		a[k+1] = j
	}
}
