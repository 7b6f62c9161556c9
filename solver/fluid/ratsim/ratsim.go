package ratsim

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/reductions/rational"
)

// Sentinel errors.
var (
	// ErrPolicy: a policy this package does not simulate.
	ErrPolicy = errors.New("ratsim: unknown policy")
	// ErrUnsupported: an instance outside the exact mode (jobs released
	// at different times).
	ErrUnsupported = errors.New("ratsim: not supported in exact mode")
	// ErrStall: the loop made no progress (an internal error: the
	// policies always serve some job).
	ErrStall = errors.New("ratsim: no progress")
)

// Policies lists the names Simulate accepts.
var Policies = []string{"fifo", "ps", "maxsrpt", "splitsrpt", "splitsrpt-strict"}

// Result is an exact simulation.
type Result struct {
	Policy string
	// Completion[i] is job i's completion time.
	Completion []*big.Rat
	// Total is Σ (C_i − r_i), the total response time.
	Total *big.Rat
	// Schedule is the fluid schedule, verified by rational.Verify.
	Schedule *rational.Schedule
	// Events counts the loop's events.
	Events int
}

// job is the loop's state of one job.
type job struct {
	idx           int
	x0, y0        *big.Rat // sizes
	x, y          *big.Rat // remaining map and shuffle work
	rm, rs        *big.Rat // rates of the current allocation
	ratio         *big.Rat // max(x0/y0, y0/x0); nil: ∞ (a size is 0)
	tie           int64    // tie-break: arrival, lowered when overtaking
	empty         bool     // the available shuffle buffer is zero
	track         bool     // the shuffle rate equals the map's inflow
	mapDone, done bool
	served        bool
}

func add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func quo(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }
func minr(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// buffer is the shuffle work available now: y − y0·x/x0, or y once the map
// is done or when x0 = 0.
func (j *job) buffer() *big.Rat {
	if j.x0.Sign() == 0 || j.x.Sign() == 0 {
		return j.y
	}
	return sub(j.y, quo(mul(j.y0, j.x), j.x0))
}

// inflow is rm·y0/x0, the rate at which the map makes shuffle work (0 once
// the map is done).
func (j *job) inflow() *big.Rat {
	if j.x.Sign() == 0 {
		return new(big.Rat)
	}
	return quo(mul(j.rm, j.y0), j.x0)
}

// capOf is the largest shuffle rate j can take: nil (unlimited) with a
// non-empty buffer, else its map's inflow.
func (j *job) capOf() *big.Rat {
	if !j.empty {
		return nil
	}
	if j.x.Sign() > 0 && j.rm.Sign() > 0 {
		return j.inflow()
	}
	return new(big.Rat)
}

// sim is one simulation.
type sim struct {
	in      *rational.Instance
	jobs    []*job
	cm, cc  *big.Rat
	nextTie int64
	policy  string
	strict  bool
	// the last allocation's map job and first buffered job (per class
	// for SplitSRPT: index 1 is S2), for the crossing test.
	m, b [2]*job
}

// Simulate runs policy (one of Policies) on the batch in exactly.
func Simulate(in *rational.Instance, policy string) (*Result, error) {
	if in == nil {
		return nil, fmt.Errorf("%w: nil instance", rational.ErrInvalid)
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	name := strings.ToLower(policy)
	known := false
	for _, p := range Policies {
		known = known || p == name
	}
	if !known {
		return nil, fmt.Errorf("%w: %q (exact mode simulates %s)", ErrPolicy, policy, strings.Join(Policies, ", "))
	}
	r0 := in.Jobs[0].Release
	for i, j := range in.Jobs {
		if j.Release.Cmp(r0) != 0 {
			return nil, fmt.Errorf("%w: jobs[%d].release = %s differs from jobs[0].release = %s (exact simulation takes batches: every job released at once)",
				ErrUnsupported, i, j.Release.RatString(), r0.RatString())
		}
	}
	s := &sim{in: in, cm: in.MapCapacity, cc: in.ShuffleCapacity, nextTie: -1, policy: name, strict: name == "splitsrpt-strict"}
	for i, jb := range in.Jobs {
		j := &job{idx: i, x0: jb.Map, y0: jb.Shuffle, x: new(big.Rat).Set(jb.Map), y: new(big.Rat).Set(jb.Shuffle),
			rm: new(big.Rat), rs: new(big.Rat), tie: int64(i)}
		if j.x0.Sign() > 0 && j.y0.Sign() > 0 {
			if j.x0.Cmp(j.y0) >= 0 {
				j.ratio = quo(j.x0, j.y0)
			} else {
				j.ratio = quo(j.y0, j.x0)
			}
		}
		j.mapDone = j.x.Sign() == 0
		j.empty = j.buffer().Sign() == 0
		s.jobs = append(s.jobs, j)
	}
	res := &Result{Policy: name, Completion: make([]*big.Rat, len(in.Jobs)), Schedule: &rational.Schedule{}}
	now := new(big.Rat).Set(r0)
	left, zeroRun := len(s.jobs), 0
	for left > 0 {
		served := s.allocate()
		for _, j := range served {
			// A job whose buffer is empty takes at most its inflow, and
			// then its shuffle follows its map exactly (fluid's track).
			if j.empty && j.x.Sign() > 0 && j.rm.Sign() > 0 && j.y0.Sign() > 0 {
				if c := j.inflow(); j.rs.Cmp(c) >= 0 {
					j.rs, j.track = c, true
				}
			}
		}
		// The next event: a served job's map completion or its buffer
		// draining, or a crossing strictly before those.
		var dt *big.Rat
		for _, j := range served {
			if te := j.nextEvent(); te != nil && (dt == nil || te.Cmp(dt) < 0) {
				dt = te
			}
		}
		var ca, cb *job
		if ct, a, b := s.crossing(); ct != nil && (dt == nil || ct.Cmp(dt) < 0) {
			dt, ca, cb = ct, a, b
		}
		if dt == nil {
			return nil, fmt.Errorf("%w: %s: %d jobs in the system receive no service at t = %s", ErrStall, name, left, now.RatString())
		}
		res.Events++
		if dt.Sign() > 0 {
			zeroRun = 0
			end := add(now, dt)
			seg := rational.Segment{Start: now, End: end}
			for _, j := range served {
				if j.rm.Sign() > 0 || j.rs.Sign() > 0 {
					seg.Rates = append(seg.Rates, rational.Rate{Job: j.idx, Map: j.rm, Shuffle: j.rs})
				}
				j.x = sub(j.x, mul(j.rm, dt))
				j.y = sub(j.y, mul(j.rs, dt))
			}
			res.Schedule.Segments = append(res.Schedule.Segments, seg)
			now = end
		} else if zeroRun++; zeroRun > 4*len(s.jobs)+16 {
			return nil, fmt.Errorf("%w: %s: %d events at t = %s", ErrStall, name, zeroRun, now.RatString())
		}
		for _, j := range served {
			if j.x.Sign() < 0 || j.y.Sign() < 0 {
				return nil, fmt.Errorf("%w: %s: job %d served beyond its size at t = %s", ErrStall, name, j.idx, now.RatString())
			}
			j.mapDone = j.x.Sign() == 0
			j.empty = j.buffer().Sign() == 0
			if j.mapDone && j.y.Sign() == 0 {
				j.done = true
				res.Completion[j.idx] = now
				left--
			}
			j.rm, j.rs, j.track, j.served = new(big.Rat), new(big.Rat), false, false
		}
		if ca != nil && !ca.done && !cb.done {
			cb.tie = s.nextTie // cb now ranks ahead of ca at equal keys
			s.nextTie--
		}
	}
	res.Schedule.Completion = res.Completion
	res.Total = new(big.Rat)
	for i, c := range res.Completion {
		res.Total.Add(res.Total, sub(c, in.Jobs[i].Release))
	}
	rep, mism, err := rational.Verify(in, res.Schedule)
	if err != nil {
		return nil, err
	}
	if err := rep.Err(); err != nil {
		return nil, fmt.Errorf("ratsim: %s: internal error: the schedule fails exact verification: %w", name, err)
	}
	if len(mism) > 0 || rep.Total.Cmp(res.Total) != 0 {
		return nil, fmt.Errorf("ratsim: %s: internal error: completions differ from the verifier's (%v)", name, mism)
	}
	return res, nil
}

// nextEvent is the time until j's map completes or its buffer drains
// under the current rates (nil: neither happens).
func (j *job) nextEvent() *big.Rat {
	var te *big.Rat
	if j.rm.Sign() > 0 && j.x.Sign() > 0 {
		te = quo(j.x, j.rm)
	}
	if !j.track && j.rs.Sign() > 0 {
		if in := j.inflow(); j.rs.Cmp(in) > 0 {
			if td := quo(j.buffer(), sub(j.rs, in)); te == nil || td.Cmp(te) < 0 {
				te = td
			}
		}
	}
	return te
}

// argmin returns the job in the system satisfying ok that ranks first
// under less (nil when none does).
func (s *sim) argmin(ok func(*job) bool, less func(a, b *job) bool) *job {
	var best *job
	for _, j := range s.jobs {
		if !j.done && ok(j) && (best == nil || less(j, best)) {
			best = j
		}
	}
	return best
}

func hasMap(j *job) bool   { return j.x.Sign() > 0 }
func buffered(j *job) bool { return !j.empty }

// keyMax is MaxSRPT's key max(x, y).
func keyMax(j *job) *big.Rat {
	if j.x.Cmp(j.y) >= 0 {
		return j.x
	}
	return j.y
}

func lessMax(a, b *job) bool {
	if c := keyMax(a).Cmp(keyMax(b)); c != 0 {
		return c < 0
	}
	return a.tie < b.tie
}

func lessFIFO(a, b *job) bool { return a.idx < b.idx }

// lessS1Map orders SplitSRPT's map-heavy class S1 at the map station:
// remaining map size, then tie.
func lessS1Map(a, b *job) bool {
	if c := a.x.Cmp(b.x); c != 0 {
		return c < 0
	}
	return a.tie < b.tie
}

// lessS1Shuffle orders S1 at the shuffle station: jobs whose map is done
// first, by remaining shuffle size; the others by remaining map size.
func lessS1Shuffle(a, b *job) bool {
	if c := a.x.Cmp(b.x); c != 0 {
		return c < 0
	}
	if a.x.Sign() == 0 {
		if c := a.y.Cmp(b.y); c != 0 {
			return c < 0
		}
	}
	return a.tie < b.tie
}

// lessS2 orders the shuffle-heavy class S2 at both stations: remaining
// shuffle size, then tie.
func lessS2(a, b *job) bool {
	if c := a.y.Cmp(b.y); c != 0 {
		return c < 0
	}
	return a.tie < b.tie
}

// serve marks j as served (once) and appends it to out.
func serve(out []*job, j *job) []*job {
	if j == nil || j.served {
		return out
	}
	j.served = true
	return append(out, j)
}

// allocate sets the rates of the jobs to serve and returns them.
func (s *sim) allocate() []*job {
	switch s.policy {
	case "fifo":
		return s.allocPrio(lessFIFO)
	case "maxsrpt":
		return s.allocPrio(lessMax)
	case "ps":
		return s.allocPS()
	}
	return s.allocSplit()
}

// allocPrio is fluid's priority allocation (FIFO, MaxSRPT): the map station
// serves the first job with map work left; the shuffle station gives that
// job up to its inflow while its buffer is empty and it ranks ahead of the
// first job with a non-empty buffer, which absorbs the rest.
func (s *sim) allocPrio(less func(a, b *job) bool) []*job {
	m, b := s.argmin(hasMap, less), s.argmin(buffered, less)
	s.m[0], s.b[0] = m, b
	var out []*job
	c := s.cc
	if m != nil {
		m.rm = s.cm
		out = serve(out, m)
		if m.empty && (b == nil || less(m, b)) {
			m.rs = minr(c, m.capOf())
			c = sub(c, m.rs)
		}
	}
	if b != nil && c.Sign() > 0 {
		b.rs = c
		out = serve(out, b)
	}
	return out
}

// allocPS is processor sharing at both stations: equal map shares, and
// water-filling at the shuffle station (a job with an empty buffer takes
// at most its inflow; the others share what is left equally).
func (s *sim) allocPS() []*job {
	var out, capped, free []*job
	nmap := 0
	for _, j := range s.jobs {
		if !j.done && hasMap(j) {
			nmap++
		}
	}
	share := new(big.Rat)
	if nmap > 0 {
		share = quo(s.cm, big.NewRat(int64(nmap), 1))
	}
	caps := map[*job]*big.Rat{}
	for _, j := range s.jobs {
		if j.done {
			continue
		}
		if hasMap(j) {
			j.rm = share
			out = serve(out, j)
		}
		cp := j.capOf()
		caps[j] = cp
		switch {
		case cp == nil:
			free = append(free, j)
			out = serve(out, j)
		case cp.Sign() > 0:
			capped = append(capped, j)
		}
	}
	// Caps ascending, ties by arrival (fluid's sortByCap).
	for i := 1; i < len(capped); i++ {
		for k := i; k > 0; k-- {
			a, b := capped[k-1], capped[k]
			if c := caps[a].Cmp(caps[b]); c < 0 || (c == 0 && a.idx < b.idx) {
				break
			}
			capped[k-1], capped[k] = b, a
		}
	}
	rem := len(free) + len(capped)
	if rem == 0 {
		return out
	}
	c := s.cc
	level := quo(c, big.NewRat(int64(rem), 1))
	i := 0
	for ; i < len(capped); i++ {
		j := capped[i]
		if caps[j].Cmp(level) > 0 {
			break
		}
		j.rs = caps[j]
		c = sub(c, j.rs)
		if rem--; rem > 0 {
			level = quo(c, big.NewRat(int64(rem), 1))
		}
	}
	for ; i < len(capped); i++ {
		capped[i].rs = level
	}
	for _, j := range free {
		j.rs = level
	}
	return out
}

// class is SplitSRPT's class: 0 for S1 (x ≥ y), 1 for S2.
func class(j *job) int {
	if j.x0.Cmp(j.y0) >= 0 {
		return 0
	}
	return 1
}

// give hands amount of shuffle capacity to a class whose map job is m and
// first buffered job b (m first, up to capm, when mFirst) and returns what
// it could not use (fluid's give).
func give(m, b *job, mFirst bool, capm, amount *big.Rat) *big.Rat {
	if amount.Sign() <= 0 {
		return new(big.Rat)
	}
	if mFirst {
		if r := minr(amount, sub(capm, m.rs)); r.Sign() > 0 {
			m.rs = add(m.rs, r)
			amount = sub(amount, r)
		}
	}
	if b != nil && amount.Sign() > 0 {
		b.rs = add(b.rs, amount)
		return new(big.Rat)
	}
	return amount
}

// allocSplit is Algorithm 2: β(t) = min over the jobs present of
// max(x_i/y_i, y_i/x_i), μ1 = 1/(1+β), μ2 = β/(1+β); S1 gets μ2 of the map
// and μ1 of the shuffle capacity, S2 the rest; within a class the stations
// serve as in allocPrio. Capacity a class cannot use goes to the other
// (not for splitsrpt-strict).
func (s *sim) allocSplit() []*job {
	var beta *big.Rat
	inf := true
	for _, j := range s.jobs {
		if !j.done && j.ratio != nil && (inf || j.ratio.Cmp(beta) < 0) {
			beta, inf = j.ratio, false
		}
	}
	mu1, mu2 := new(big.Rat), big.NewRat(1, 1)
	if !inf {
		d := add(big.NewRat(1, 1), beta)
		mu1, mu2 = quo(big.NewRat(1, 1), d), quo(beta, d)
	}
	in := func(c int) func(*job) bool { return func(j *job) bool { return class(j) == c } }
	m0 := s.argmin(func(j *job) bool { return in(0)(j) && hasMap(j) }, lessS1Map)
	b0 := s.argmin(func(j *job) bool { return in(0)(j) && buffered(j) }, lessS1Shuffle)
	m1 := s.argmin(func(j *job) bool { return in(1)(j) && hasMap(j) }, lessS2)
	b1 := s.argmin(func(j *job) bool { return in(1)(j) && buffered(j) }, lessS2)
	s.m, s.b = [2]*job{m0, m1}, [2]*job{b0, b1}
	share0, share1 := mul(mu2, s.cm), mul(mu1, s.cm)
	if !s.strict {
		if m0 == nil {
			share1 = s.cm
		}
		if m1 == nil {
			share0 = s.cm
		}
	}
	first0, first1 := false, false
	cap0, cap1 := new(big.Rat), new(big.Rat)
	if m0 != nil {
		m0.rm = share0
		if first0 = m0.empty && (b0 == nil || lessS1Shuffle(m0, b0)); first0 {
			cap0 = m0.capOf()
		}
	}
	if m1 != nil {
		m1.rm = share1
		if first1 = m1.empty && (b1 == nil || lessS2(m1, b1)); first1 {
			cap1 = m1.capOf()
		}
	}
	left0 := give(m0, b0, first0, cap0, mul(mu1, s.cc))
	left1 := give(m1, b1, first1, cap1, mul(mu2, s.cc))
	if !s.strict {
		give(m0, b0, first0, cap0, left1)
		give(m1, b1, first1, cap1, left0)
	}
	var out []*job
	for _, j := range []*job{m0, b0, m1, b1} {
		if j != nil && (j.rm.Sign() != 0 || j.rs.Sign() != 0) {
			out = serve(out, j)
		}
	}
	return out
}

// crossing returns the time until the next priority change under the
// current rates and the two jobs (a ahead now, b overtaking), nil when
// there is none: MaxSRPT's map job and first buffered job, keyed by
// max(x, y); SplitSRPT's S2 map job and first buffered job, keyed by y
// (within S1 the served keys only move their owners further ahead).
func (s *sim) crossing() (*big.Rat, *job, *job) {
	switch s.policy {
	case "maxsrpt":
		a, b := s.m[0], s.b[0]
		if a == nil || b == nil || a == b {
			return nil, nil, nil
		}
		if !lessMax(a, b) {
			a, b = b, a
		}
		return crossMax(a, b), a, b
	case "splitsrpt", "splitsrpt-strict":
		a, b := s.m[1], s.b[1]
		if a == nil || b == nil || a == b {
			return nil, nil, nil
		}
		if !lessS2(a, b) {
			a, b = b, a
		}
		d := sub(a.y, b.y) // ≤ 0
		if d.Sign() > 0 {
			return new(big.Rat), a, b
		}
		if g := sub(b.rs, a.rs); g.Sign() > 0 {
			return quo(new(big.Rat).Neg(d), g), a, b
		}
	}
	return nil, nil, nil
}

// keyAt returns max(x − rm·τ, y − rs·τ) and its rate of decrease just
// after τ.
func keyAt(j *job, tau *big.Rat) (*big.Rat, *big.Rat) {
	xv, yv := sub(j.x, mul(j.rm, tau)), sub(j.y, mul(j.rs, tau))
	switch c := xv.Cmp(yv); {
	case c > 0:
		return xv, j.rm
	case c < 0:
		return yv, j.rs
	}
	return xv, minr(j.rm, j.rs)
}

// crossMax returns the first τ ≥ 0 at which b's key max(x, y) comes level
// with a's (a ahead now) and b's falls faster, solving the
// piecewise-linear difference on the pieces between the kinks x(t) = y(t)
// (fluid's crossMax, exactly); nil when it never does.
func crossMax(a, b *job) *big.Rat {
	bps := []*big.Rat{new(big.Rat)}
	for _, j := range []*job{a, b} {
		if d := sub(j.rm, j.rs); d.Sign() != 0 {
			if k := quo(sub(j.x, j.y), d); k.Sign() > 0 {
				bps = append(bps, k)
			}
		}
	}
	if len(bps) == 3 && bps[2].Cmp(bps[1]) < 0 {
		bps[1], bps[2] = bps[2], bps[1]
	}
	for i, p := range bps {
		la, sa := keyAt(a, p)
		lb, sb := keyAt(b, p)
		d := sub(la, lb) // ≤ 0 while a is ahead
		if d.Sign() > 0 {
			return p
		}
		if g := sub(sb, sa); g.Sign() > 0 {
			tau := sub(p, quo(d, g))
			if i+1 == len(bps) || tau.Cmp(bps[i+1]) < 0 {
				return tau
			}
		}
	}
	return nil
}
