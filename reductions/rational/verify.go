package rational

import (
	"fmt"
	"math/big"
)

// Verify checks s against model (1) of §2.1 exactly: segments ordered and
// non-overlapping, rates non-negative, map and shuffle rates summing to at
// most the capacities, no service before release, no job served beyond its
// size, the progress rule (shuffle fraction done ≤ map fraction done, which
// is the constraint y_i(t)/y_i ≥ x_i(t)/x_i; checked at segment ends, which
// suffices because both fractions are linear within a segment and the rule
// holds at the start), no service to a job before each of its
// predecessors (After) has completed, and every job complete by the last
// segment. It computes each completion time and the weighted total
// response time Σ w_i (C_i − r_i) exactly.
// Claimed completions that differ from the computed ones are listed in
// Mismatches (they do not make the schedule infeasible).
func Verify(in *Instance, s *Schedule) (*Report, []Violation, error) {
	if err := in.Validate(); err != nil {
		return nil, nil, err
	}
	n := len(in.Jobs)
	v := &verifier{in: in, rep: &Report{Completion: make([]*big.Rat, n)},
		dm: make([]*big.Rat, n), ds: make([]*big.Rat, n), tmp: new(big.Rat)}
	for i := range n {
		v.dm[i], v.ds[i] = new(big.Rat), new(big.Rat)
	}
	var prevEnd *big.Rat
	for k, seg := range s.Segments {
		if seg.Start == nil || seg.End == nil || seg.End.Cmp(seg.Start) < 0 {
			v.add("segment", k, -1, "bad interval")
			continue
		}
		if prevEnd != nil && seg.Start.Cmp(prevEnd) < 0 {
			v.add("segment", k, -1, "starts at %s before the previous segment ends at %s", seg.Start.RatString(), prevEnd.RatString())
		}
		prevEnd = seg.End
		dt := new(big.Rat).Sub(seg.End, seg.Start)
		ok := v.checkRates(k, seg, dt)
		for q, r := range seg.Rates {
			if ok[q] {
				v.serve(k, seg, dt, r)
			}
		}
	}
	mism := v.checkTotals(s)
	rep := v.rep
	rep.Feasible = len(rep.Violations) == 0
	return rep, mism, nil
}

// verifier holds the state of Verify: the report being filled and the
// map and shuffle work done on each job so far.
type verifier struct {
	in     *Instance
	rep    *Report
	dm, ds []*big.Rat // map and shuffle work done
	tmp    *big.Rat   // scratch for the excess quoted in details
}

// add records a violation of rule in segment seg (−1: none) by job
// (−1: none).
func (v *verifier) add(rule string, seg, job int, format string, args ...any) {
	id := ""
	if job >= 0 {
		id = v.in.Jobs[job].ID
	}
	v.rep.Violations = append(v.rep.Violations, Violation{Rule: rule, Segment: seg, Job: id, Detail: fmt.Sprintf(format, args...)})
}

// checkRates checks the rates of segment k (job in range, listed once,
// non-negative, not before release or before predecessors complete) and
// the capacities; it returns which rates are well-formed.
func (v *verifier) checkRates(k int, seg Segment, dt *big.Rat) []bool {
	in, n := v.in, len(v.in.Jobs)
	sumM, sumS := new(big.Rat), new(big.Rat)
	seen := map[int]bool{}
	ok := make([]bool, len(seg.Rates))
	for q, r := range seg.Rates {
		if r.Job < 0 || r.Job >= n {
			v.add("rate", k, -1, "job index %d out of range", r.Job)
			continue
		}
		if seen[r.Job] {
			v.add("rate", k, r.Job, "listed twice in one segment")
			continue
		}
		seen[r.Job] = true
		if r.Map == nil || r.Shuffle == nil || r.Map.Sign() < 0 || r.Shuffle.Sign() < 0 {
			v.add("rate", k, r.Job, "rates must be non-negative")
			continue
		}
		ok[q] = true
		sumM.Add(sumM, r.Map)
		sumS.Add(sumS, r.Shuffle)
		if (r.Map.Sign() > 0 || r.Shuffle.Sign() > 0) && dt.Sign() > 0 && seg.Start.Cmp(in.Jobs[r.Job].Release) < 0 {
			v.add("release", k, r.Job, "served from %s, released at %s", seg.Start.RatString(), in.Jobs[r.Job].Release.RatString())
		}
		if (r.Map.Sign() > 0 || r.Shuffle.Sign() > 0) && dt.Sign() > 0 {
			// Completions so far are those of the earlier segments.
			for _, p := range in.Jobs[r.Job].After {
				if c := v.rep.Completion[p]; c == nil || c.Cmp(seg.Start) > 0 {
					v.add("precedence", k, r.Job, "served from %s before its predecessor %q completes", seg.Start.RatString(), in.Jobs[p].ID)
				}
			}
		}
	}
	if sumM.Cmp(in.MapCapacity) > 0 {
		v.add("map capacity", k, -1, "map rates sum to %s > μ_m = %s (excess %s)", sumM.RatString(), in.MapCapacity.RatString(), v.tmp.Sub(sumM, in.MapCapacity).FloatString(20))
	}
	if sumS.Cmp(in.ShuffleCapacity) > 0 {
		v.add("shuffle capacity", k, -1, "shuffle rates sum to %s > μ_c = %s (excess %s)", sumS.RatString(), in.ShuffleCapacity.RatString(), v.tmp.Sub(sumS, in.ShuffleCapacity).FloatString(20))
	}
	return ok
}

// serve adds the work of rate r over segment k, checks the job's sizes
// and the progress rule at the segment end, and records the completion
// time when the job completes in the segment.
func (v *verifier) serve(k int, seg Segment, dt *big.Rat, r Rate) {
	dm, ds, tmp := v.dm, v.ds, v.tmp
	j := r.Job
	jb := v.in.Jobs[j]
	m0, s0 := new(big.Rat).Set(dm[j]), new(big.Rat).Set(ds[j])
	dm[j].Add(dm[j], new(big.Rat).Mul(r.Map, dt))
	ds[j].Add(ds[j], new(big.Rat).Mul(r.Shuffle, dt))
	if dm[j].Cmp(jb.Map) > 0 {
		v.add("map total", k, j, "map work done %s exceeds the size %s by %s", dm[j].FloatString(12), jb.Map.RatString(), tmp.Sub(dm[j], jb.Map).FloatString(20))
	}
	if ds[j].Cmp(jb.Shuffle) > 0 {
		v.add("shuffle total", k, j, "shuffle work done %s exceeds the size %s by %s", ds[j].FloatString(12), jb.Shuffle.RatString(), tmp.Sub(ds[j], jb.Shuffle).FloatString(20))
	}
	// progress: ds/y ≤ dm/x  ⇔  ds·x ≤ dm·y (x > 0); for x = 0 the
	// map fraction is 1 and the totals check covers it.
	if jb.Map.Sign() > 0 && jb.Shuffle.Sign() > 0 {
		lhs := new(big.Rat).Mul(ds[j], jb.Map)
		rhs := new(big.Rat).Mul(dm[j], jb.Shuffle)
		if lhs.Cmp(rhs) > 0 {
			d := new(big.Rat).Sub(lhs, rhs)
			d.Quo(d, new(big.Rat).Mul(jb.Map, jb.Shuffle))
			v.add("progress", k, j, "at t=%s the shuffle fraction exceeds the map fraction by %s", seg.End.FloatString(12), d.FloatString(20))
		}
	}
	if v.rep.Completion[j] == nil && dm[j].Cmp(jb.Map) >= 0 && ds[j].Cmp(jb.Shuffle) >= 0 {
		v.rep.Completion[j] = completionIn(seg, r, new(big.Rat).Sub(jb.Map, m0), new(big.Rat).Sub(jb.Shuffle, s0))
	}
}

// completionIn returns when a job served at rate r from seg.Start with
// rm map and rs shuffle work left completes: the later of the two
// phases' ends, at least seg.Start and at most seg.End.
func completionIn(seg Segment, r Rate, rm, rs *big.Rat) *big.Rat {
	t := new(big.Rat).Set(seg.Start)
	if rm.Sign() > 0 && r.Map.Sign() > 0 {
		c := rm.Quo(rm, r.Map)
		c.Add(c, seg.Start)
		if c.Cmp(t) > 0 {
			t = c
		}
	}
	if rs.Sign() > 0 && r.Shuffle.Sign() > 0 {
		c := rs.Quo(rs, r.Shuffle)
		c.Add(c, seg.Start)
		if c.Cmp(t) > 0 {
			t = c
		}
	}
	if t.Cmp(seg.End) > 0 {
		t = new(big.Rat).Set(seg.End)
	}
	return t
}

// checkTotals checks that every job's work is complete, computes the
// weighted total response time when every job completes, and returns
// the claimed completions that differ from the computed ones.
func (v *verifier) checkTotals(s *Schedule) []Violation {
	in, rep, dm, ds, tmp := v.in, v.rep, v.dm, v.ds, v.tmp
	n := len(in.Jobs)
	var mism []Violation
	total := new(big.Rat)
	complete := true
	for j, jb := range in.Jobs {
		if dm[j].Cmp(jb.Map) < 0 {
			v.add("map total", -1, j, "map work done %s short of the size %s by %s", dm[j].FloatString(12), jb.Map.RatString(), tmp.Sub(jb.Map, dm[j]).FloatString(20))
		}
		if ds[j].Cmp(jb.Shuffle) < 0 {
			v.add("shuffle total", -1, j, "shuffle work done %s short of the size %s by %s", ds[j].FloatString(12), jb.Shuffle.RatString(), tmp.Sub(jb.Shuffle, ds[j]).FloatString(20))
		}
		c := rep.Completion[j]
		if c == nil {
			complete = false
			continue
		}
		resp := new(big.Rat).Sub(c, jb.Release)
		if jb.Weight != nil {
			resp.Mul(resp, jb.Weight)
		}
		total.Add(total, resp)
		if j < len(s.Completion) && s.Completion[j] != nil && s.Completion[j].Cmp(c) != 0 {
			mism = append(mism, Violation{Rule: "completion", Segment: -1, Job: jb.ID,
				Detail: fmt.Sprintf("claimed %s, the segments complete it at %s", s.Completion[j].FloatString(12), c.FloatString(12))})
		}
	}
	if len(s.Completion) != n {
		v.add("completion", -1, -1, "%d completion times for %d jobs", len(s.Completion), n)
	}
	if complete {
		rep.Total = total
	}
	return mism
}
