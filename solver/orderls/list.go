package orderls

import (
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// ErrOrder is returned for an order that is not a permutation of the jobs.
var ErrOrder = errors.New("orderls: invalid order")

// item is one job in station time units: a = x/μ_m, b = y/μ_c, with its
// weight and predecessors.
type item struct {
	r, a, b, w float64
	pred       []int
}

// items returns the jobs of in in station time units.
func items(in *instances.Instance) []item {
	it := make([]item, in.N())
	for j, jb := range in.Jobs {
		it[j] = item{r: jb.Release, a: jb.Map / in.MapCapacity, b: jb.Shuffle / in.ShuffleCapacity, w: in.Weight(j), pred: jb.After}
	}
	return it
}

// ready returns the job's effective release: its release, or the last
// completion of its predecessors (comp, by job index) when later — a job
// receives no service before its predecessors complete.
func ready(j item, comp func(int) float64) item {
	for _, p := range j.pred {
		j.r = max(j.r, comp(p))
	}
	return j
}

// step is the list-schedule recurrence for the job after a prefix whose
// map station is free at m and whose shuffle station is free at c. It
// returns the stations' new free times and the job's completion:
//
//	M = max(m, r) + a                  (m when a = 0: no map work)
//	s = max(c, r, max(m, r))           (max(c, r) when a = 0)
//	C = max(s + b, M)                  (M when b = 0: no shuffle work)
//
// with the map done at M (at r when a = 0). The map work runs at full
// capacity on [max(m, r), M]; the shuffle work on [s, C] (shuffleStart) at
// the constant rate y/(C − s), which never exceeds μ_c (C − s ≥ b) and
// never runs ahead of the map progress: on [s, C] both progress fractions
// are linear in t (the map's clamped at 1 after M, so concave), the
// shuffle's is 0 at s, where the map's is ≥ 0 (s ≥ max(m, r)), and 1 at
// C, where the map's is 1 (C ≥ M).
func step(m, c float64, j item) (m2, c2, done float64) {
	mapDone := j.r
	m2 = m
	if j.a > 0 {
		m2 = max(m, j.r) + j.a
		mapDone = m2
	}
	if j.b == 0 {
		return m2, c, mapDone
	}
	c2 = max(shuffleStart(m, c, j)+j.b, mapDone)
	return m2, c2, c2
}

// shuffleStart is s of step: the shuffle of j starts when the shuffle
// station is free, j is released and (when it has map work) its map has
// started.
func shuffleStart(m, c float64, j item) float64 {
	s := max(c, j.r)
	if j.a > 0 {
		s = max(s, m)
	}
	return s
}

// Evaluate returns the completion times (by job index) and the weighted
// total response Σ w_j (C_j − r_j) of the list schedule of order: the map
// station serves the jobs one after another in that order, each from
// max(its release, the previous map end); the shuffle station serves them
// in the same order, each from max(its release, the previous completion),
// at the constant rate that completes it at C = max(start + y/μ_c, map end).
// A job with predecessors is served only after the last of them completes
// (its release counts from then on in step, not in the objective); the
// order must list every predecessor before its successors.
func Evaluate(in *instances.Instance, order []int) ([]float64, float64, error) {
	if err := checkOrder(in.N(), order); err != nil {
		return nil, 0, err
	}
	it := items(in)
	if err := checkPrecedence(it, order); err != nil {
		return nil, 0, err
	}
	comp := make([]float64, len(it))
	total := evaluateInto(it, order, comp)
	return comp, total, nil
}

// evaluateInto computes the list schedule's completions into comp (by job
// index) and returns its objective.
func evaluateInto(it []item, order []int, comp []float64) float64 {
	m, c, total := 0.0, 0.0, 0.0
	at := func(p int) float64 { return comp[p] }
	for _, j := range order {
		var d float64
		m, c, d = step(m, c, ready(it[j], at))
		comp[j] = d
		total += it[j].w * (d - it[j].r)
	}
	return total
}

// checkPrecedence reports whether every job's predecessors come before it.
func checkPrecedence(it []item, order []int) error {
	pos := make([]int, len(order))
	for p, j := range order {
		pos[j] = p
	}
	for p, j := range order {
		for _, q := range it[j].pred {
			if pos[q] > p {
				return fmt.Errorf("%w: job %d is placed before its predecessor %d", ErrOrder, j, q)
			}
		}
	}
	return nil
}

// checkOrder reports whether order is a permutation of 0..n−1.
func checkOrder(n int, order []int) error {
	if len(order) != n {
		return fmt.Errorf("%w: %d entries for %d jobs", ErrOrder, len(order), n)
	}
	seen := make([]bool, n)
	for pos, j := range order {
		if j < 0 || j >= n || seen[j] {
			return fmt.Errorf("%w: entry %d is %d (not a permutation of 0..%d)", ErrOrder, pos, j, n-1)
		}
		seen[j] = true
	}
	return nil
}

// ErrResolution is returned by Build when a job's map or shuffle work is
// too small to be represented at the time it is served (its span rounds to
// zero length in float64).
var ErrResolution = errors.New("orderls: a job's work is below the clock's float64 resolution at its start")

// span is one job's service on one station at a constant rate.
type span struct {
	job        int
	start, end float64
	rate       float64
}

// next returns the span's next boundary after t: its start when it has not
// begun, else its end.
func (s span) next(t float64) float64 {
	if s.start > t {
		return s.start
	}
	return s.end
}

// Build returns the list schedule of order (see Evaluate) as a fluid
// schedule: O(n) segments with at most two rates each (the job whose map
// runs and the job whose shuffle runs), which package validate checks.
func Build(in *instances.Instance, order []int) (*schedule.Schedule, error) {
	if err := checkOrder(in.N(), order); err != nil {
		return nil, err
	}
	it := items(in)
	if err := checkPrecedence(it, order); err != nil {
		return nil, err
	}
	n := len(it)
	maps := make([]span, 0, n)
	shuffles := make([]span, 0, n)
	comp := make([]float64, n)
	at := func(p int) float64 { return comp[p] }
	m, c := 0.0, 0.0
	for _, j := range order {
		jb := ready(it[j], at)
		M, C, done := step(m, c, jb)
		if jb.a > 0 {
			m0 := max(m, jb.r)
			if !(M > m0) {
				return nil, fmt.Errorf("%w: job %s (map)", ErrResolution, in.Jobs[j].ID)
			}
			maps = append(maps, span{j, m0, M, in.MapCapacity})
		}
		if jb.b > 0 {
			s := shuffleStart(m, c, jb)
			if !(C > s) {
				return nil, fmt.Errorf("%w: job %s (shuffle)", ErrResolution, in.Jobs[j].ID)
			}
			// C − s ≥ b in exact arithmetic; in float64 it may fall short
			// by an ulp of s, so the rate is capped at the capacity (the
			// validator allows the work that an ulp of the boundary carries).
			shuffles = append(shuffles, span{j, s, C, min(in.ShuffleCapacity, in.Jobs[j].Shuffle/(C-s))})
		}
		comp[j] = done
		m, c = M, C
	}
	// Merge the two sorted lists of disjoint, positive-length spans.
	segs := make([]schedule.Segment, 0, len(maps)+len(shuffles))
	rates := make([]schedule.Rate, 0, 2*(len(maps)+len(shuffles)))
	i, k := 0, 0
	t := math.Inf(-1)
	for {
		for i < len(maps) && maps[i].end <= t {
			i++
		}
		for k < len(shuffles) && shuffles[k].end <= t {
			k++
		}
		if i == len(maps) && k == len(shuffles) {
			break
		}
		start := math.Inf(1)
		if i < len(maps) {
			start = max(maps[i].start, t)
		}
		if k < len(shuffles) {
			start = min(start, max(shuffles[k].start, t))
		}
		end := math.Inf(1)
		if i < len(maps) {
			end = maps[i].next(start)
		}
		if k < len(shuffles) {
			end = min(end, shuffles[k].next(start))
		}
		from := len(rates)
		mOn := i < len(maps) && maps[i].start <= start
		sOn := k < len(shuffles) && shuffles[k].start <= start
		switch {
		case mOn && sOn && maps[i].job == shuffles[k].job:
			rates = append(rates, schedule.Rate{Job: maps[i].job, Map: maps[i].rate, Shuffle: shuffles[k].rate})
		case mOn && sOn && maps[i].job > shuffles[k].job:
			rates = append(rates, schedule.Rate{Job: shuffles[k].job, Shuffle: shuffles[k].rate}, schedule.Rate{Job: maps[i].job, Map: maps[i].rate})
		default:
			if mOn {
				rates = append(rates, schedule.Rate{Job: maps[i].job, Map: maps[i].rate})
			}
			if sOn {
				rates = append(rates, schedule.Rate{Job: shuffles[k].job, Shuffle: shuffles[k].rate})
			}
		}
		if len(rates) > from {
			segs = append(segs, schedule.Segment{Start: start, End: end, Rates: rates[from:len(rates):len(rates)]})
		}
		t = end
	}
	return &schedule.Schedule{Segments: segs, Completion: comp}, nil
}

// Step is the list-schedule recurrence of Evaluate for one job released at
// r with map and shuffle times a = x/μ_m and b = y/μ_c, after a prefix
// whose map station is free at m and whose shuffle station is free at c:
// it returns the stations' new free times and the job's completion.
func Step(m, c, r, a, b float64) (m2, c2, done float64) {
	return step(m, c, item{r: r, a: a, b: b})
}

// ShuffleStart is when the shuffle of the job of Step starts (its work
// then runs at a constant rate until the completion Step returns): when
// the shuffle station is free, the job is released and, when it has map
// work, its map has started.
func ShuffleStart(m, c, r, a float64) float64 {
	return shuffleStart(m, c, item{r: r, a: a})
}
