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
	dm := make([]*big.Rat, n) // map work done
	ds := make([]*big.Rat, n) // shuffle work done
	for i := range n {
		dm[i], ds[i] = new(big.Rat), new(big.Rat)
	}
	out := &Schedule{Completion: make([]*big.Rat, n)}
	done := 0
	t := new(big.Rat)
	// backlog returns the shuffle work available to job j now.
	backlog := func(j int) *big.Rat {
		jb := in.Jobs[j]
		if jb.Map.Sign() == 0 {
			return new(big.Rat).Sub(jb.Shuffle, ds[j])
		}
		b := new(big.Rat).Mul(jb.Shuffle, dm[j])
		b.Quo(b, jb.Map)
		return b.Sub(b, ds[j])
	}
	// Jobs with nothing to do cannot occur (x + y > 0), but jobs whose
	// both sizes are reached at release are handled by the loop.
	for iter := 0; done < n; iter++ {
		if iter > 10*n*n+100 {
			return nil, fmt.Errorf("rational: priority schedule did not finish after %d events (internal error)", iter)
		}
		mapRate := make([]*big.Rat, n)
		shufRate := make([]*big.Rat, n)
		released := func(j int) bool { return in.Jobs[j].Release.Cmp(t) <= 0 }
		capM := new(big.Rat).Set(in.MapCapacity)
		for _, j := range perm {
			if released(j) && dm[j].Cmp(in.Jobs[j].Map) < 0 {
				mapRate[j] = capM
				break
			}
		}
		capS := new(big.Rat).Set(in.ShuffleCapacity)
		backlogs := make([]*big.Rat, n)
		for _, j := range perm {
			if capS.Sign() == 0 {
				break
			}
			jb := in.Jobs[j]
			if !released(j) || ds[j].Cmp(jb.Shuffle) >= 0 {
				continue
			}
			b := backlog(j)
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
		// Next event.
		var dt *big.Rat
		consider := func(c *big.Rat) {
			if c.Sign() > 0 && (dt == nil || c.Cmp(dt) < 0) {
				dt = c
			}
		}
		for j := range n {
			if !released(j) {
				consider(new(big.Rat).Sub(in.Jobs[j].Release, t))
			}
			if mapRate[j] != nil && mapRate[j].Sign() > 0 {
				rem := new(big.Rat).Sub(in.Jobs[j].Map, dm[j])
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
		if dt == nil {
			return nil, fmt.Errorf("rational: priority schedule stalled at t = %s with %d jobs unfinished (internal error)", t.RatString(), n-done)
		}
		end := new(big.Rat).Add(t, dt)
		seg := Segment{Start: new(big.Rat).Set(t), End: end}
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
		out.Segments = append(out.Segments, seg) // idle segments (waiting for a release) included
		t = end
		for j := range n {
			if out.Completion[j] == nil && released(j) && dm[j].Cmp(in.Jobs[j].Map) >= 0 && ds[j].Cmp(in.Jobs[j].Shuffle) >= 0 {
				out.Completion[j] = new(big.Rat).Set(t)
				done++
			}
		}
	}
	return out, nil
}

// Total returns Σ w_i (C_i − r_i) of s's claimed completions.
func (s *Schedule) Total(in *Instance) *big.Rat {
	return in.WeightedResponse(s.Completion)
}
