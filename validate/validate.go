package validate

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tolerance"
)

// ErrInvalid is wrapped by every validation failure.
var ErrInvalid = errors.New("validate: schedule violates the model")

// maxListed is how many violations an Error lists in its message.
const maxListed = 10

// Violation is one broken constraint (schedule.Violation, shared with the
// exact verifier reductions/rational).
type Violation = schedule.Violation

// Error lists the violations found.
type Error struct{ Violations []Violation }

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: %d violation(s)", ErrInvalid, len(e.Violations))
	for i, v := range e.Violations {
		if i == maxListed {
			fmt.Fprintf(&b, "; … and %d more", len(e.Violations)-maxListed)
			break
		}
		b.WriteString("; " + v.String())
	}
	return b.String()
}

func (e *Error) Unwrap() error { return ErrInvalid }

// Result summarises a schedule that passed.
type Result struct {
	TotalResponse float64   // Σ (C_i − r_i) with the computed completions
	Completion    []float64 // completion times computed from the segments
	Makespan      float64
	// WeightedResponse is Σ w_i (C_i − r_i) (instances.Instance.Weight),
	// summed in job order like TotalResponse, so that it equals
	// TotalResponse bit for bit when every weight is 1.
	WeightedResponse float64
	// Weighted reports whether some job's weight is not 1.
	Weighted bool
	// Late summarises the deadlines; nil when no job has one.
	Late *Lateness
}

// Lateness reports the jobs that miss their deadlines, with the computed
// completions: a job is late when C_i > d_i beyond the package's
// tolerance (tolerance.LE), and its lateness is C_i − d_i.
type Lateness struct {
	Jobs              int     // jobs with a deadline
	Late              int     // of them, completed after the deadline
	MaxLateness       float64 // max over jobs with a deadline of C_i − d_i (negative: every job early)
	WeightedTardiness float64 // Σ w_i max(0, C_i − d_i) over the late jobs
	LateIDs           []string
}

// timeULPs is how many units in the last place a segment boundary may be
// off: a producer computes each boundary by at least one rounded addition,
// and the validator's End − Start adds one more rounding on each side.
const timeULPs = 4

// timeResolution bounds the error of End − Start caused by storing the two
// boundaries as float64: timeULPs ulps of the larger magnitude.
func timeResolution(start, end float64) float64 {
	t := math.Max(math.Abs(start), math.Abs(end))
	return timeULPs * (math.Nextafter(t, math.Inf(1)) - t)
}

// workSlack is the admissible difference between work done and a size: the
// package's relative tolerance plus the accumulated effect of the
// time resolution of the segments that served the job (rate · resolution).
// Without the second term a job whose whole size is smaller than
// (rate · 10⁻¹⁶ · t) — tiny jobs late in a long trace — could never pass.
//
// The absolute part tolerance.Abs applies only when the size is zero (work
// that must not be done at all): for a positive size the comparison is
// relative, so that the rules are as strict for a job of size 10⁻⁷ as for
// one of size 10³.
func workSlack(done, size, timeErr float64) float64 {
	if size == 0 {
		return tolerance.Slack(done, size) + timeErr
	}
	return tolerance.Rel*math.Max(math.Abs(done), math.Abs(size)) + timeErr
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Check validates s against in. It returns a *Error listing every violation
// (nil error when the schedule is feasible and its completions are right).
func Check(in *instances.Instance, s *schedule.Schedule) (Result, error) {
	n := in.N()
	c := &checker{in: in}
	if len(s.Completion) != n {
		c.add("completion", -1, -1, "%d completion times for %d jobs", len(s.Completion), n)
		return Result{}, &Error{c.vs}
	}
	c.doneMap = make([]float64, n)
	c.doneShuf = make([]float64, n)
	c.errMap = make([]float64, n)
	c.errShuf = make([]float64, n)
	c.computed = make([]float64, n)
	for j := range c.computed {
		c.computed[j] = math.NaN()
	}
	c.firstServed = make([]float64, n)
	c.firstSeg = make([]int, n)
	for j := range c.firstServed {
		c.firstServed[j] = math.Inf(1)
	}
	prevEnd := math.Inf(-1)
	for k, seg := range s.Segments {
		if !finite(seg.Start) || !finite(seg.End) || seg.End < seg.Start {
			c.add("segment", k, -1, "bad interval [%v, %v)", seg.Start, seg.End)
			continue
		}
		if seg.Start < prevEnd && !tolerance.Eq(seg.Start, prevEnd) {
			c.add("segment", k, -1, "starts at %v before the previous segment ends at %v", seg.Start, prevEnd)
		}
		prevEnd = seg.End
		c.segment(k, seg)
	}
	res := c.totals(s.Completion)
	c.precedence(res.Completion)
	res.Weighted = in.HasWeights()
	if in.HasDeadlines() {
		res.Late = lateness(in, res.Completion)
	}
	if len(c.vs) > 0 {
		return Result{}, &Error{c.vs}
	}
	return res, nil
}

// checker holds the state of one Check: the work each job has received
// so far, the error bounds of those sums, the completions the segments
// imply and the violations found.
type checker struct {
	in *instances.Instance
	vs []Violation
	// doneMap/doneShuf: work received; errMap/errShuf bound the error of
	// those sums that comes from representing segment boundaries as
	// float64 (see workSlack).
	doneMap, doneShuf, errMap, errShuf []float64
	// computed[j]: the completion the segments imply (NaN: not reached).
	computed []float64
	// firstServed[j] is the start of the first positive-length segment in
	// which job j has a positive rate (+Inf: never), for the precedence
	// rule; firstSeg[j] is that segment's index.
	firstServed []float64
	firstSeg    []int
}

func (c *checker) add(rule string, seg int, job int, format string, args ...any) {
	id := ""
	if job >= 0 {
		id = c.in.Jobs[job].ID
	}
	c.vs = append(c.vs, Violation{Rule: rule, Segment: seg, Job: id, Detail: fmt.Sprintf(format, args...)})
}

// reached reports whether job j has received all its work, within the
// tolerance of the sums. Jobs with nothing to do complete at release
// (cannot happen for valid instances, which need x + y > 0, but the rule
// is total).
func (c *checker) reached(j int) bool {
	jb := c.in.Jobs[j]
	return c.doneMap[j]+workSlack(c.doneMap[j], jb.Map, c.errMap[j]) >= jb.Map &&
		c.doneShuf[j]+workSlack(c.doneShuf[j], jb.Shuffle, c.errShuf[j]) >= jb.Shuffle
}

// segment checks segment k (a finite interval) and adds its work.
func (c *checker) segment(k int, seg schedule.Segment) {
	in, n := c.in, c.in.N()
	dt := seg.End - seg.Start
	tres := timeResolution(seg.Start, seg.End)
	sumMap, sumShuf := 0.0, 0.0
	inSeg := make(map[int]bool, len(seg.Rates))
	for _, r := range seg.Rates {
		if r.Job < 0 || r.Job >= n {
			c.add("rate", k, -1, "job index %d out of range", r.Job)
			continue
		}
		if inSeg[r.Job] {
			c.add("rate", k, r.Job, "listed twice in one segment")
		}
		inSeg[r.Job] = true
		if !finite(r.Map) || !finite(r.Shuffle) || r.Map < -tolerance.Abs || r.Shuffle < -tolerance.Abs {
			c.add("rate", k, r.Job, "rates map=%v shuffle=%v must be finite and non-negative", r.Map, r.Shuffle)
			continue
		}
		sumMap += r.Map
		sumShuf += r.Shuffle
		if (r.Map > tolerance.Abs || r.Shuffle > tolerance.Abs) && dt > 0 && seg.Start < c.firstServed[r.Job] {
			c.firstServed[r.Job], c.firstSeg[r.Job] = seg.Start, k
		}
		if (r.Map > tolerance.Abs || r.Shuffle > tolerance.Abs) && dt > 0 &&
			seg.Start < in.Jobs[r.Job].Release && !tolerance.Eq(seg.Start, in.Jobs[r.Job].Release) {
			c.add("release", k, r.Job, "served from %v, released at %v", seg.Start, in.Jobs[r.Job].Release)
		}
	}
	if !tolerance.LE(sumMap, in.MapCapacity) {
		c.add("map capacity", k, -1, "map rates sum to %v > μ_m = %v", sumMap, in.MapCapacity)
	}
	if !tolerance.LE(sumShuf, in.ShuffleCapacity) {
		c.add("shuffle capacity", k, -1, "shuffle rates sum to %v > μ_c = %v", sumShuf, in.ShuffleCapacity)
	}
	for _, r := range seg.Rates {
		if r.Job < 0 || r.Job >= n || !finite(r.Map) || !finite(r.Shuffle) {
			continue
		}
		c.work(k, seg, r, dt, tres)
	}
}

// work adds the work of rate r over segment k (of length dt, boundary
// resolution tres), records the job's completion when it is reached, and
// checks the progress rule at the segment's end.
func (c *checker) work(k int, seg schedule.Segment, r schedule.Rate, dt, tres float64) {
	j := r.Job
	jb := c.in.Jobs[j]
	m0, s0 := c.doneMap[j], c.doneShuf[j]
	c.doneMap[j] += math.Max(r.Map, 0) * dt
	c.doneShuf[j] += math.Max(r.Shuffle, 0) * dt
	c.errMap[j] += math.Max(r.Map, 0) * tres
	c.errShuf[j] += math.Max(r.Shuffle, 0) * tres
	if math.IsNaN(c.computed[j]) && c.reached(j) {
		// Earliest time in the segment at which both totals are met.
		t := seg.Start
		if rm := jb.Map - m0; rm > 0 && r.Map > 0 {
			t = math.Max(t, seg.Start+rm/r.Map)
		}
		if rs := jb.Shuffle - s0; rs > 0 && r.Shuffle > 0 {
			t = math.Max(t, seg.Start+rs/r.Shuffle)
		}
		c.computed[j] = math.Min(t, seg.End)
	}
	// Progress rule at the segment's end (and so, by linearity,
	// throughout it, given it held at the start).
	// The fractions carry the work tolerance of each total divided
	// by the job's size, so that the rule is checked exactly as
	// strictly as the totals are.
	if jb.Shuffle > 0 {
		fm, tm := 1.0, 0.0
		if jb.Map > 0 {
			fm = c.doneMap[j] / jb.Map
			tm = workSlack(c.doneMap[j], jb.Map, c.errMap[j]) / jb.Map
		}
		fs := c.doneShuf[j] / jb.Shuffle
		ts := workSlack(c.doneShuf[j], jb.Shuffle, c.errShuf[j]) / jb.Shuffle
		if fs > fm+tm+ts {
			c.add("progress", k, j, "at t=%v shuffle fraction %.12g exceeds map fraction %.12g (tolerance %.3g)", seg.End, fs, fm, tm+ts)
		}
	}
}

// totals checks every job's work totals and claimed completion against
// the segments, and sums the objectives.
func (c *checker) totals(claimed []float64) Result {
	in := c.in
	res := Result{Completion: c.computed}
	for j, jb := range in.Jobs {
		// Work that a producer finishes within less than the float64
		// resolution of the clock at the job's completion cannot appear in
		// any positive-length segment: allow each station's capacity times
		// that resolution (a few ulps of C_j) on top of the totals' slack.
		hidden := timeResolution(claimed[j], claimed[j])
		if !finite(hidden) {
			hidden = 0
		}
		mapSlack := workSlack(c.doneMap[j], jb.Map, c.errMap[j]+in.MapCapacity*hidden)
		shufSlack := workSlack(c.doneShuf[j], jb.Shuffle, c.errShuf[j]+in.ShuffleCapacity*hidden)
		okMap := math.Abs(c.doneMap[j]-jb.Map) <= mapSlack
		okShuf := math.Abs(c.doneShuf[j]-jb.Shuffle) <= shufSlack
		if !okMap {
			c.add("map total", -1, j, "map work done %v, size %v", c.doneMap[j], jb.Map)
		}
		if !okShuf {
			c.add("shuffle total", -1, j, "shuffle work done %v, size %v", c.doneShuf[j], jb.Shuffle)
		}
		cj := c.computed[j]
		if math.IsNaN(cj) {
			if !okMap || !okShuf {
				continue // already reported as an unmet total
			}
			// The totals are met only with the sub-resolution allowance:
			// the job finished inside a zero-length interval at its
			// claimed completion, which must not precede its release.
			cj = claimed[j]
			if !finite(cj) || (cj < jb.Release && !tolerance.Eq(cj, jb.Release)) {
				c.add("completion", -1, j, "claimed %v, before release %v", cj, jb.Release)
				continue
			}
			res.Completion[j] = cj
		}
		if !tolerance.Eq(cj, claimed[j]) {
			c.add("completion", -1, j, "claimed %v, the segments complete it at %v", claimed[j], cj)
		}
		res.TotalResponse += cj - jb.Release
		res.WeightedResponse += in.Weight(j) * (cj - jb.Release)
		res.Makespan = math.Max(res.Makespan, cj)
	}
	return res
}

// precedence checks that no job is served before each of its
// predecessors has completed (with the computed completions; a
// predecessor that never completes blocks its successors for ever).
func (c *checker) precedence(completion []float64) {
	n := c.in.N()
	for j, jb := range c.in.Jobs {
		if math.IsInf(c.firstServed[j], 1) {
			continue
		}
		for _, p := range jb.After {
			if p < 0 || p >= n {
				c.add("precedence", -1, j, "predecessor index %d out of range", p)
				continue
			}
			cp := completion[p]
			if math.IsNaN(cp) || c.firstServed[j] < cp && !tolerance.Eq(c.firstServed[j], cp) {
				c.add("precedence", c.firstSeg[j], j, "served from %v, before its predecessor %s completes at %v", c.firstServed[j], c.in.Jobs[p].ID, cp)
			}
		}
	}
}

// lateness summarises the deadlines of in against the completions c.
func lateness(in *instances.Instance, c []float64) *Lateness {
	l := &Lateness{MaxLateness: math.Inf(-1)}
	for j, jb := range in.Jobs {
		if !jb.HasDue {
			continue
		}
		l.Jobs++
		d := c[j] - jb.Due
		l.MaxLateness = math.Max(l.MaxLateness, d)
		if !tolerance.LE(c[j], jb.Due) {
			l.Late++
			l.WeightedTardiness += in.Weight(j) * d
			l.LateIDs = append(l.LateIDs, jb.ID)
		}
	}
	return l
}
