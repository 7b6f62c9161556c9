package rational

import (
	"fmt"
	"math/big"
)

// PriorityOrder builds, exactly, the work-conserving schedule in which both
// stations serve the released jobs in the fixed priority order perm (a
// permutation of job indices): the map station gives its whole capacity to
// the first job in perm with map work left; the shuffle station goes down
// perm giving each job with shuffle work left either all remaining
// capacity (when the job has a positive backlog, i.e. shuffle work already
// made available by its map progress, y·(map done)/x − shuffle done > 0) or
// the rate at which its map service makes shuffle work available
// (map rate · y/x, when the backlog is zero), until the capacity is used up.
// This is the schedule the proof of Theorem 1 describes ("both stations
// serve the jobs in the order …") and the batch form of MaxSRPT (§4.1) when
// perm sorts by max(x, y).
//
// The schedule changes only at events (a release, a map completion, a
// backlog reaching zero), so it is piecewise constant with at most 3n + 1
// segments, and every event time is computed exactly. It does not model
// dependencies: an instance with After is refused (ErrInvalid).
func PriorityOrder(in *Instance, perm []int) (*Schedule, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if in.HasDependencies() {
		return nil, fmt.Errorf("%w: the priority-order schedule does not model dependencies (after)", ErrInvalid)
	}
	n := len(in.Jobs)
	if len(perm) != n {
		return nil, fmt.Errorf("%w: order of length %d for %d jobs", ErrInvalid, len(perm), n)
	}
	seen := make([]bool, n)
	for i, j := range perm {
		if j < 0 || j >= n || seen[j] {
			return nil, fmt.Errorf("%w: order[%d] = %d: not a permutation of 0..%d", ErrInvalid, i, j, n-1)
		}
		seen[j] = true
	}
	p := &priorityRun{in: in, perm: perm, dm: make([]*big.Rat, n), ds: make([]*big.Rat, n),
		out: &Schedule{Completion: make([]*big.Rat, n)}, t: new(big.Rat)}
	for i := range n {
		p.dm[i], p.ds[i] = new(big.Rat), new(big.Rat)
	}
	// Jobs with nothing to do cannot occur (x + y > 0), but jobs whose
	// both sizes are reached at release are handled by the loop.
	for iter := 0; p.done < n; iter++ {
		if iter > 10*n*n+100 {
			return nil, fmt.Errorf("rational: priority schedule did not finish after %d events (internal error)", iter)
		}
		mapRate, shufRate, backlogs := p.rates()
		dt := p.nextEvent(mapRate, shufRate, backlogs)
		if dt == nil {
			return nil, fmt.Errorf("rational: priority schedule stalled at t = %s with %d jobs unfinished (internal error)", p.t.RatString(), n-p.done)
		}
		p.advance(mapRate, shufRate, dt)
	}
	return p.out, nil
}

// priorityRun is the state of PriorityOrder between events: the work done
// on each job, the schedule so far and the current time.
type priorityRun struct {
	in     *Instance
	perm   []int
	dm, ds []*big.Rat // map and shuffle work done
	out    *Schedule
	t      *big.Rat
	done   int // completed jobs
}

// released reports whether job j is released at the current time.
func (p *priorityRun) released(j int) bool { return p.in.Jobs[j].Release.Cmp(p.t) <= 0 }

// backlog returns the shuffle work available to job j now.
func (p *priorityRun) backlog(j int) *big.Rat {
	jb := p.in.Jobs[j]
	if jb.Map.Sign() == 0 {
		return new(big.Rat).Sub(jb.Shuffle, p.ds[j])
	}
	b := new(big.Rat).Mul(jb.Shuffle, p.dm[j])
	b.Quo(b, jb.Map)
	return b.Sub(b, p.ds[j])
}

// rates returns the map and shuffle rates of every job (nil: none) until
// the next event, and the backlogs of the jobs the shuffle station looked
// at: the map station serves the first released job in perm with map work
// left; the shuffle station goes down perm.
func (p *priorityRun) rates() (mapRate, shufRate, backlogs []*big.Rat) {
	in, n := p.in, len(p.in.Jobs)
	mapRate = make([]*big.Rat, n)
	shufRate = make([]*big.Rat, n)
	capM := new(big.Rat).Set(in.MapCapacity)
	for _, j := range p.perm {
		if p.released(j) && p.dm[j].Cmp(in.Jobs[j].Map) < 0 {
			mapRate[j] = capM
			break
		}
	}
	capS := new(big.Rat).Set(in.ShuffleCapacity)
	backlogs = make([]*big.Rat, n)
	for _, j := range p.perm {
		if capS.Sign() == 0 {
			break
		}
		jb := in.Jobs[j]
		if !p.released(j) || p.ds[j].Cmp(jb.Shuffle) >= 0 {
			continue
		}
		b := p.backlog(j)
		backlogs[j] = b
		if b.Sign() > 0 {
			shufRate[j] = new(big.Rat).Set(capS)
			capS.SetInt64(0)
			break
		}
		if mapRate[j] == nil {
			continue
		}
		gen := new(big.Rat).Mul(mapRate[j], jb.Shuffle)
		gen.Quo(gen, jb.Map)
		r := gen
		if r.Cmp(capS) > 0 {
			r = new(big.Rat).Set(capS)
		}
		shufRate[j] = r
		capS.Sub(capS, r)
	}
	return mapRate, shufRate, backlogs
}

// nextEvent returns the time until the next event under the rates (a
// release, a map completion, a backlog reaching zero), or nil if none.
func (p *priorityRun) nextEvent(mapRate, shufRate, backlogs []*big.Rat) *big.Rat {
	in := p.in
	var dt *big.Rat
	consider := func(c *big.Rat) {
		if c.Sign() > 0 && (dt == nil || c.Cmp(dt) < 0) {
			dt = c
		}
	}
	for j := range len(in.Jobs) {
		if !p.released(j) {
			consider(new(big.Rat).Sub(in.Jobs[j].Release, p.t))
		}
		if mapRate[j] != nil && mapRate[j].Sign() > 0 {
			rem := new(big.Rat).Sub(in.Jobs[j].Map, p.dm[j])
			consider(rem.Quo(rem, mapRate[j]))
		}
		if shufRate[j] != nil && backlogs[j] != nil && backlogs[j].Sign() > 0 {
			gen := new(big.Rat)
			if mapRate[j] != nil && in.Jobs[j].Map.Sign() > 0 {
				gen.Mul(mapRate[j], in.Jobs[j].Shuffle)
				gen.Quo(gen, in.Jobs[j].Map)
			}
			if net := new(big.Rat).Sub(shufRate[j], gen); net.Sign() > 0 {
				consider(new(big.Rat).Quo(backlogs[j], net))
			}
		}
	}
	return dt
}

// advance appends the segment of length dt with the given rates (idle
// segments included), adds the work done and records the completions at
// its end.
func (p *priorityRun) advance(mapRate, shufRate []*big.Rat, dt *big.Rat) {
	in, dm, ds := p.in, p.dm, p.ds
	n := len(in.Jobs)
	end := new(big.Rat).Add(p.t, dt)
	seg := Segment{Start: new(big.Rat).Set(p.t), End: end}
	for j := range n {
		m, s := mapRate[j], shufRate[j]
		if m == nil && s == nil {
			continue
		}
		if m == nil {
			m = new(big.Rat)
		}
		if s == nil {
			s = new(big.Rat)
		}
		if m.Sign() == 0 && s.Sign() == 0 {
			continue
		}
		seg.Rates = append(seg.Rates, Rate{Job: j, Map: new(big.Rat).Set(m), Shuffle: new(big.Rat).Set(s)})
		dm[j].Add(dm[j], new(big.Rat).Mul(m, dt))
		ds[j].Add(ds[j], new(big.Rat).Mul(s, dt))
	}
	p.out.Segments = append(p.out.Segments, seg) // idle segments (waiting for a release) included
	p.t = end
	for j := range n {
		if p.out.Completion[j] == nil && p.released(j) && dm[j].Cmp(in.Jobs[j].Map) >= 0 && ds[j].Cmp(in.Jobs[j].Shuffle) >= 0 {
			p.out.Completion[j] = new(big.Rat).Set(p.t)
			p.done++
		}
	}
}

// Total returns Σ w_i (C_i − r_i) of s's claimed completions.
func (s *Schedule) Total(in *Instance) *big.Rat {
	return in.WeightedResponse(s.Completion)
}
