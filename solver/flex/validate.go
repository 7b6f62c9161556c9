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
	bad := func(f string, a ...any) error { return fmt.Errorf("%w: "+f, append([]any{ErrSchedule}, a...)...) }
	if len(s.Completion) != n || len(s.Done) != n {
		return bad("completion and done must have one entry per subjob")
	}
	m := len(s.Intervals)
	for i, iv := range s.Intervals {
		want := 0.0
		if i > 0 {
			want = s.Intervals[i-1].End
		}
		if iv.Start != want || !(iv.End > iv.Start) {
			return bad("interval %d [%v, %v) not contiguous or empty", i, iv.Start, iv.End)
		}
	}
	end := 0.0
	if m > 0 {
		end = s.Intervals[m-1].End
	}
	// interval index at which each subjob becomes ready and completes.
	idxAt := func(t float64) int { // first interval starting at or after t
		return sort.Search(m, func(i int) bool { return s.Intervals[i].Start >= t || tolerance.Eq(s.Intervals[i].Start, t) })
	}
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
			return bad("subjob %d completes at %v before its predecessors (%v)", j, c, readyAt[j])
		}
		if math.IsNaN(c) && !math.IsInf(readyAt[j], 1) && in.Work[j] == 0 && tolerance.LE(readyAt[j], end) && m > 0 && readyAt[j] < end {
			return bad("subjob %d has no work and was ready at %v but never completed", j, readyAt[j])
		}
		if math.IsInf(readyAt[j], 1) {
			from[j], to[j] = m, m
		} else {
			from[j] = idxAt(readyAt[j])
			if math.IsNaN(c) {
				to[j] = m
			} else {
				to[j] = idxAt(c)
			}
		}
		if from[j] < to[j] {
			sumMin[from[j]] += in.Min[j]
			sumMin[to[j]] -= in.Min[j]
		}
	}
	scale := make([]float64, m)
	acc := 0.0
	for i := 0; i < m; i++ {
		acc += sumMin[i]
		scale[i] = 1
		if acc > in.S && !tolerance.LE(acc, in.S) {
			scale[i] = in.S / acc
		}
		if !tolerance.Eq(scale[i], s.Intervals[i].Scale) {
			return bad("interval %d: scale %v, but the active minima sum to %v (want %v)", i, s.Intervals[i].Scale, acc, scale[i])
		}
	}
	total := make([]float64, m)
	work := make([]float64, n)
	cover := make([][][2]int, n)
	for ri := range s.Runs {
		r := &s.Runs[ri]
		j := r.Subjob
		if j < 0 || j >= n || r.From < 0 || r.To > m || r.From >= r.To {
			return bad("run %d out of range", ri)
		}
		if r.From < from[j] || r.To > to[j] {
			return bad("subjob %d holds slots in intervals %d…%d outside its active intervals %d…%d (precedence or completion)", j, r.From, r.To-1, from[j], to[j]-1)
		}
		for i := r.From; i < r.To; i++ {
			v := s.SlotsIn(r, i)
			if !tolerance.GE(v, scale[i]*in.Min[j]) || !tolerance.LE(v, in.Max[j]) {
				return bad("subjob %d: %v slots in interval %d outside [c·m, M] = [%v, %v]", j, v, i, scale[i]*in.Min[j], in.Max[j])
			}
			total[i] += v
			work[j] += v * (s.Intervals[i].End - s.Intervals[i].Start)
		}
		cover[j] = append(cover[j], [2]int{r.From, r.To})
	}
	for i := 0; i < m; i++ {
		if !tolerance.LE(total[i], in.S) {
			return bad("interval %d uses %v slots > S = %v", i, total[i], in.S)
		}
	}
	for j := 0; j < n; j++ {
		cv := cover[j]
		sort.Slice(cv, func(a, b int) bool { return cv[a][0] < cv[b][0] })
		at := from[j]
		for _, c := range cv {
			if c[0] < at {
				return bad("subjob %d has overlapping runs", j)
			}
			if c[0] > at && in.Min[j] > 0 {
				return bad("subjob %d is active but holds no slots in interval %d (minimum %v)", j, at, in.Min[j])
			}
			at = c[1]
		}
		if at < to[j] && in.Min[j] > 0 {
			return bad("subjob %d is active but holds no slots in interval %d (minimum %v)", j, at, in.Min[j])
		}
		slack := tolerance.Slack(work[j], in.Work[j]) + 1e-9*in.Work[j]
		if math.IsNaN(s.Completion[j]) {
			if work[j] > in.Work[j]+slack {
				return bad("subjob %d did %v work, more than its %v", j, work[j], in.Work[j])
			}
			continue
		}
		if math.Abs(work[j]-in.Work[j]) > slack {
			return bad("subjob %d completes at %v with %v of its %v work done", j, s.Completion[j], work[j], in.Work[j])
		}
		if len(cv) > 0 && s.Intervals[cv[len(cv)-1][1]-1].End != s.Completion[j] {
			return bad("subjob %d: completion %v is not the end of its last interval %v", j, s.Completion[j], s.Intervals[cv[len(cv)-1][1]-1].End)
		}
	}
	return nil
}
