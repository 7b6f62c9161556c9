package flex

import (
	"fmt"
	"math"
	"sort"

	"github.com/mrsched/mrsched/tolerance"
)

// Validate checks a malleable schedule against its packing input,
// independently of how it was built:
//   - intervals are contiguous, start at 0 and have positive length;
//   - in every interval the slots sum to at most S;
//   - a subjob holds slots only after all its predecessors completed and
//     not after its own completion (precedence);
//   - while active (ready: all predecessors complete; not yet complete) a
//     subjob holds between c·m_j and M_j slots, where c = min(1, S/Σ m)
//     over the active subjobs is the documented normalisation of minima,
//     and the interval's Scale equals c;
//   - every subjob's work is complete: the slots times interval lengths
//     sum to its work, and its completion time is the end of its last
//     interval with slots (or, with no work, when it became ready).
//
// When the schedule was cut at a horizon, subjobs with NaN completion must
// have done at most their work. Comparisons use package tolerance.
func Validate(in *PackInput, s *Schedule) error {
	n := len(in.Work)
	if len(s.Completion) != n || len(s.Done) != n {
		return badSchedule("completion and done must have one entry per subjob")
	}
	v := &scheduleValidator{in: in, s: s, n: n, m: len(s.Intervals)}
	if err := v.checkIntervals(); err != nil {
		return err
	}
	if err := v.activeIntervals(); err != nil {
		return err
	}
	if err := v.checkScales(); err != nil {
		return err
	}
	if err := v.checkRuns(); err != nil {
		return err
	}
	for j := 0; j < n; j++ {
		if err := v.checkSubjob(j); err != nil {
			return err
		}
	}
	return nil
}

// badSchedule returns an ErrSchedule error with the formatted detail.
func badSchedule(f string, a ...any) error {
	return fmt.Errorf("%w: "+f, append([]any{ErrSchedule}, a...)...)
}

// scheduleValidator holds what Validate derives from the schedule: the
// active intervals of each subjob, the scale of each interval, and the
// slots and work summed from the runs.
type scheduleValidator struct {
	in   *PackInput
	s    *Schedule
	n, m int     // subjobs, intervals
	end  float64 // end of the last interval

	from, to []int      // active intervals from…to−1 of each subjob
	sumMin   []float64  // difference array of the active minima
	scale    []float64  // c of each interval
	work     []float64  // work done on each subjob
	cover    [][][2]int // runs of each subjob as [From, To)
}

// checkIntervals checks that the intervals are contiguous from 0 with
// positive lengths.
func (v *scheduleValidator) checkIntervals() error {
	s := v.s
	for i, iv := range s.Intervals {
		want := 0.0
		if i > 0 {
			want = s.Intervals[i-1].End
		}
		if iv.Start != want || !(iv.End > iv.Start) {
			return badSchedule("interval %d [%v, %v) not contiguous or empty", i, iv.Start, iv.End)
		}
	}
	if v.m > 0 {
		v.end = s.Intervals[v.m-1].End
	}
	return nil
}

// intervalAt returns the first interval starting at or after t.
func (v *scheduleValidator) intervalAt(t float64) int {
	s := v.s
	return sort.Search(v.m, func(i int) bool { return s.Intervals[i].Start >= t || tolerance.Eq(s.Intervals[i].Start, t) })
}

// activeIntervals finds when each subjob becomes ready and the intervals
// in which it is active, checks completions against readiness, and sums
// the minima of the active subjobs per interval.
func (v *scheduleValidator) activeIntervals() error {
	in, s, n, m := v.in, v.s, v.n, v.m
	readyAt := make([]float64, n)
	for j := 0; j < n; j++ {
		for _, q := range in.Preds[j] {
			cq := s.Completion[q]
			if math.IsNaN(cq) {
				readyAt[j] = math.Inf(1)
				break
			}
			readyAt[j] = math.Max(readyAt[j], cq)
		}
	}
	from := make([]int, n)
	to := make([]int, n)
	sumMin := make([]float64, m+1)
	for j := 0; j < n; j++ {
		c := s.Completion[j]
		if !math.IsNaN(c) && !math.IsInf(readyAt[j], 1) && !tolerance.GE(c, readyAt[j]) {
			return badSchedule("subjob %d completes at %v before its predecessors (%v)", j, c, readyAt[j])
		}
		if math.IsNaN(c) && !math.IsInf(readyAt[j], 1) && in.Work[j] == 0 && tolerance.LE(readyAt[j], v.end) && m > 0 && readyAt[j] < v.end {
			return badSchedule("subjob %d has no work and was ready at %v but never completed", j, readyAt[j])
		}
		if math.IsInf(readyAt[j], 1) {
			from[j], to[j] = m, m
		} else {
			from[j] = v.intervalAt(readyAt[j])
			if math.IsNaN(c) {
				to[j] = m
			} else {
				to[j] = v.intervalAt(c)
			}
		}
		if from[j] < to[j] {
			sumMin[from[j]] += in.Min[j]
			sumMin[to[j]] -= in.Min[j]
		}
	}
	v.from, v.to, v.sumMin = from, to, sumMin
	return nil
}

// checkScales checks each interval's Scale against c = min(1, S/Σ m)
// over the subjobs active in it.
func (v *scheduleValidator) checkScales() error {
	in, s, m := v.in, v.s, v.m
	scale := make([]float64, m)
	acc := 0.0
	for i := 0; i < m; i++ {
		acc += v.sumMin[i]
		scale[i] = 1
		if acc > in.S && !tolerance.LE(acc, in.S) {
			scale[i] = in.S / acc
		}
		if !tolerance.Eq(scale[i], s.Intervals[i].Scale) {
			return badSchedule("interval %d: scale %v, but the active minima sum to %v (want %v)", i, s.Intervals[i].Scale, acc, scale[i])
		}
	}
	v.scale = scale
	return nil
}

// checkRuns checks that every run lies in its subjob's active intervals
// with slots in [c·m_j, M_j], sums slots per interval and work per
// subjob, and checks the slots of each interval against S.
func (v *scheduleValidator) checkRuns() error {
	in, s, n, m := v.in, v.s, v.n, v.m
	from, to, scale := v.from, v.to, v.scale
	total := make([]float64, m)
	work := make([]float64, n)
	cover := make([][][2]int, n)
	for ri := range s.Runs {
		r := &s.Runs[ri]
		j := r.Subjob
		if j < 0 || j >= n || r.From < 0 || r.To > m || r.From >= r.To {
			return badSchedule("run %d out of range", ri)
		}
		if r.From < from[j] || r.To > to[j] {
			return badSchedule("subjob %d holds slots in intervals %d…%d outside its active intervals %d…%d (precedence or completion)", j, r.From, r.To-1, from[j], to[j]-1)
		}
		for i := r.From; i < r.To; i++ {
			sl := s.SlotsIn(r, i)
			if !tolerance.GE(sl, scale[i]*in.Min[j]) || !tolerance.LE(sl, in.Max[j]) {
				return badSchedule("subjob %d: %v slots in interval %d outside [c·m, M] = [%v, %v]", j, sl, i, scale[i]*in.Min[j], in.Max[j])
			}
			total[i] += sl
			work[j] += sl * (s.Intervals[i].End - s.Intervals[i].Start)
		}
		cover[j] = append(cover[j], [2]int{r.From, r.To})
	}
	for i := 0; i < m; i++ {
		if !tolerance.LE(total[i], in.S) {
			return badSchedule("interval %d uses %v slots > S = %v", i, total[i], in.S)
		}
	}
	v.work, v.cover = work, cover
	return nil
}

// checkSubjob checks that subjob j's runs do not overlap, leave no active
// interval without slots when m_j > 0, and do its work exactly (at most
// its work when cut at a horizon), completing at the end of its last run.
func (v *scheduleValidator) checkSubjob(j int) error {
	in, s, work := v.in, v.s, v.work
	cv := v.cover[j]
	sort.Slice(cv, func(a, b int) bool { return cv[a][0] < cv[b][0] })
	at := v.from[j]
	for _, c := range cv {
		if c[0] < at {
			return badSchedule("subjob %d has overlapping runs", j)
		}
		if c[0] > at && in.Min[j] > 0 {
			return badSchedule("subjob %d is active but holds no slots in interval %d (minimum %v)", j, at, in.Min[j])
		}
		at = c[1]
	}
	if at < v.to[j] && in.Min[j] > 0 {
		return badSchedule("subjob %d is active but holds no slots in interval %d (minimum %v)", j, at, in.Min[j])
	}
	slack := tolerance.Slack(work[j], in.Work[j]) + 1e-9*in.Work[j]
	if math.IsNaN(s.Completion[j]) {
		if work[j] > in.Work[j]+slack {
			return badSchedule("subjob %d did %v work, more than its %v", j, work[j], in.Work[j])
		}
		return nil
	}
	if math.Abs(work[j]-in.Work[j]) > slack {
		return badSchedule("subjob %d completes at %v with %v of its %v work done", j, s.Completion[j], work[j], in.Work[j])
	}
	if len(cv) > 0 && s.Intervals[cv[len(cv)-1][1]-1].End != s.Completion[j] {
		return badSchedule("subjob %d: completion %v is not the end of its last interval %v", j, s.Completion[j], s.Intervals[cv[len(cv)-1][1]-1].End)
	}
	return nil
}
