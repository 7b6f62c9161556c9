// Package windowlp improves the list schedule of a batch of the
// overlapping tandem queue (Lin, Wierman, Zhang and Tan, model (1), §2.1;
// package orderls) by re-solving windows of consecutive positions of its
// job order with the fixed-order LP (package fastlp), at sizes where the
// LP of the whole order is too slow (its dense basis is 3n × 3n).
//
// A list schedule serves the jobs one after another on each station; the
// fixed-order LP of the same completion order may run several maps at
// once so that a later job's shuffle uses capacity the current job leaves
// idle, which on log-normal batches of 100 jobs is 0.6–3.4 % better. The
// windows are taken left to right. Before window W the map station is
// free at m (the maps of the prefix run back to back) and the shuffle
// station at c ≥ m. W's LP is that of its jobs after a first pseudo-job D
// with no map work and shuffle work c − m and a negligible weight, solved
// from time m: D holds the shuffle station until c, as the prefix does.
// The LP schedule is then realised in time from m with (i) the maps of
// W run back to back in the LP's order of map work, so that every job's
// map progress is never behind the LP's and the map station is free at
// m + Σ_W x_j as in the list schedule, and (ii) the shuffle work that the
// LP puts in D's interval moved to the end of that interval, after c.
// Both keep the progress rule (a job's shuffle never ahead of its map):
// map progress only moves earlier, and within D's interval the shuffle
// fraction stays below its linear interpolation, which is below the map
// fraction's (the LP holds the rule at the interval's ends). The
// completions are the LP's.
//
// The later positions stay a list schedule from the stations' new free
// times, so W's LP schedule is kept only when W's completions plus the
// list completions of every later job are lower than with W's list
// schedule; the LP weighs W's last job by one plus the number of later
// jobs whose completion moves with the shuffle station's free time, so
// that it trades W's own completions against the delay it passes on.
// Every kept window only lowers the total, so the result is never worse
// than the list schedule; the search stops at its deadline with the
// windows done so far. Memory is O(n + w²) for windows of w jobs.
package windowlp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/orderls"
)

// ErrInput is returned for an instance or order Improve does not take.
var ErrInput = errors.New("windowlp: invalid input")

// DefaultWindow is the number of jobs in a window when Options.Window is
// 0: the LP of 80 jobs takes about a tenth of a second.
const DefaultWindow = 80

// pseudoWeight is the weight of the pseudo-job D: it must be positive (a
// zero weight means "not given", i.e. 1) and negligible next to the jobs'.
const pseudoWeight = 1e-9

// resolution is the relative difference below which the stations' free
// times are the same instant (rounding of sums of the same work).
const resolution = 1e-12

// improveRel is the relative decrease of the total that a window's LP
// schedule must bring to be kept: smaller differences are rounding.
const improveRel = 1e-12

// Options control Improve.
type Options struct {
	Window int // jobs per window (0: DefaultWindow)
	Offset int // jobs in the first window when in (0, Window) (0: Window)
	// Swaps tries, in each window, adjacent swaps of its jobs evaluated by
	// the window's LP (package polish's first move, window by window),
	// until SwapDeadline (zero: Deadline), shared evenly among the windows
	// that remain; the windows go on without swaps after it.
	Swaps        bool
	SwapDeadline time.Time
	Deadline     time.Time // no window is started after it (zero: none)
	Now          func() time.Time
}

// Result is the improved schedule.
type Result struct {
	Schedule  *schedule.Schedule
	Objective float64 // Σ (C_j − r_j) of Schedule
	List      float64 // the list schedule's objective, for comparison
	Windows   int     // windows whose LP was solved
	Kept      int     // windows whose LP schedule was kept
	Failed    int     // windows whose LP failed (their list schedule kept)
	FirstErr  error   // the first of those failures
	TimedOut  bool    // the deadline or ctx stopped the pass
	Swaps     int     // swaps kept (Options.Swaps)
	Order     []int   // the order after the swaps (job indices)
}

// piece is a time interval with constant rates of one part of the
// schedule (a list job's span or a window's block); pieces of different
// parts may overlap in time.
type piece struct {
	start, end float64
	rates      []schedule.Rate
}

// Improve returns the schedule of order (every job of the batch in once)
// with windows of its list schedule replaced by their LP schedules where
// that lowers the total response (see the package comment). Instances
// with release dates, weights or dependencies are refused (ErrInput).
func Improve(ctx context.Context, in *instances.Instance, order []int, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if !in.IsBatch() || in.HasWeights() || in.HasDependencies() {
		return nil, fmt.Errorf("%w: batches with unit weights and no dependencies only", ErrInput)
	}
	n := in.N()
	if len(order) != n {
		return nil, fmt.Errorf("%w: the order has %d jobs, the instance %d", ErrInput, len(order), n)
	}
	seen := make([]bool, n)
	for _, j := range order {
		if j < 0 || j >= n || seen[j] {
			return nil, fmt.Errorf("%w: job index %d missing, repeated or out of range in the order", ErrInput, j)
		}
		seen[j] = true
	}
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	w := opt.Window
	if w <= 0 {
		w = DefaultWindow
	}
	x, y := make([]float64, n), make([]float64, n)
	for j, jb := range in.Jobs {
		x[j], y[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	// suffix returns Σ of the list completions of positions from on,
	// from stations free at m and c.
	suffix := func(from int, m, c float64) float64 {
		t := 0.0
		for _, j := range order[from:] {
			var d float64
			m, c, d = orderls.Step(m, c, 0, x[j], y[j])
			t += d
		}
		return t
	}
	res := &Result{List: suffix(0, 0, 0)}
	order = slices.Clone(order) // the swaps reorder windows
	res.Order = order
	timeUp := func() bool {
		return ctx.Err() != nil || (!opt.Deadline.IsZero() && !now().Before(opt.Deadline))
	}
	var pieces []piece
	var solver fastlp.Solver
	m, c := 0.0, 0.0
	first := w
	if opt.Offset > 0 && opt.Offset < w {
		first = opt.Offset
	}
	for s, e := 0, min(n, first); s < n; s, e = e, min(n, e+w) {
		// The window's list schedule.
		lm, lc, lsum := m, c, 0.0
		for _, j := range order[s:e] {
			var d float64
			lm, lc, d = orderls.Step(lm, lc, 0, x[j], y[j])
			lsum += d
		}
		if timeUp() {
			res.TimedOut = true
		} else {
			res.Windows++
			suffixAt := func(c float64) float64 { return suffix(e, lm, c) }
			// The later jobs delayed by a later shuffle free time: the
			// slope of suffixAt at lc (an integer: the jobs whose
			// completion follows it); the weight of the window's last job.
			h := max(1e-7*max(1, math.Abs(lc)), 1e-9)
			later := max(0, math.Round((suffixAt(lc+h)-suffixAt(lc))/h))
			blk, sum, cEnd, err := window(&solver, in, order[s:e], m, c, lm, later)
			if err == nil && opt.Swaps {
				// Adjacent swaps within the window, each evaluated by the
				// window's LP and the later jobs' list schedule, kept when
				// they lower the total (first improvement, until none or
				// time is up).
				best := sum + suffixAt(cEnd)
				swapUp := timeUp
				if dl := opt.SwapDeadline; !dl.IsZero() {
					left := (n - s + w - 1) / w // windows left, this one included
					wdl := now().Add(dl.Sub(now()) / time.Duration(left))
					swapUp = func() bool { return timeUp() || !now().Before(wdl) }
				}
				for improved := true; improved && !swapUp(); {
					improved = false
					for k := s; k+1 < e && !swapUp(); k++ {
						order[k], order[k+1] = order[k+1], order[k]
						b2, s2, c2, err2 := window(&solver, in, order[s:e], m, c, lm, later)
						if total := s2 + suffixAt(c2); err2 == nil && total < best*(1-improveRel) {
							blk, sum, cEnd, best, improved = b2, s2, c2, total, true
							res.Swaps++
							continue
						}
						order[k], order[k+1] = order[k+1], order[k]
					}
				}
			}
			switch {
			case err != nil:
				res.Failed++
				if res.FirstErr == nil {
					res.FirstErr = err
				}
			case sum+suffix(e, lm, cEnd) < (lsum+suffix(e, lm, lc))*(1-improveRel):
				pieces = append(pieces, blk...)
				res.Kept++
				m, c = lm, cEnd
				continue
			}
		}
		var err error
		if pieces, err = appendList(pieces, in, order[s:e], m, c); err != nil {
			return nil, err
		}
		m, c = lm, lc
	}
	sched, err := overlay(in, pieces)
	if err != nil {
		return nil, err
	}
	res.Schedule = sched
	res.Objective = in.WeightedResponse(sched.Completion)
	return res, nil
}

// window solves the LP of the jobs of one window after the pseudo-job D
// (see the package comment) from stations free at m (map) and c (shuffle),
// and returns its realised schedule as pieces, the sum of the window's
// completions and the shuffle station's free time after it; the maps end
// at lm, the list schedule's map end (the same work, summed in another
// order: the last map piece absorbs the rounding). later is the number
// of later jobs whose completion moves with the shuffle station's free
// time after the window: the last job weighs 1 + later.
func window(solver *fastlp.Solver, in *instances.Instance, jobs []int, m, c, lm, later float64) ([]piece, float64, float64, error) {
	delta := c - m
	if delta <= resolution*max(1, math.Abs(c)) {
		// The shuffle station is free (up to rounding) when the maps
		// start: no pseudo-job; the shuffle pieces start at c at the
		// earliest (below).
		delta = 0
	}
	var sub []instances.Job
	if delta > 0 {
		sub = append(sub, instances.Job{ID: "D", Shuffle: delta * in.ShuffleCapacity, Weight: pseudoWeight})
	}
	off := len(sub)
	for _, j := range jobs {
		sub = append(sub, instances.Job{ID: in.Jobs[j].ID, Map: in.Jobs[j].Map, Shuffle: in.Jobs[j].Shuffle, Weight: 1})
	}
	sub[len(sub)-1].Weight = 1 + later
	si := &instances.Instance{MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity, Jobs: sub}
	ord := make([]int, len(sub))
	for k := range ord {
		ord[k] = k
	}
	r, err := solver.Solve(si, ord)
	if err != nil {
		return nil, 0, 0, err
	}
	var blk []piece
	// The maps back to back from m, in the LP's order of map work.
	tau := m
	for _, seg := range r.Schedule.Segments {
		rates, total := windowRates(seg, off, jobs, true)
		if total <= 0 {
			continue
		}
		dur := total / in.MapCapacity
		for k := range rates {
			rates[k].Map *= (seg.End - seg.Start) / dur
		}
		blk = append(blk, piece{tau, tau + dur, rates})
		tau += dur
	}
	if k := len(blk) - 1; k >= 0 && blk[k].end != lm {
		last := &blk[k]
		if !(lm > last.start) {
			return nil, 0, 0, fmt.Errorf("%w (maps of the window)", orderls.ErrResolution)
		}
		f := (last.end - last.start) / (lm - last.start)
		for i := range last.rates {
			last.rates[i].Map *= f
		}
		last.end = lm
	}
	// The shuffles at the LP's times, those of D's interval at its end.
	cEnd := c
	for si, seg := range r.Schedule.Segments {
		rates, total := windowRates(seg, off, jobs, false)
		if total <= 0 {
			continue
		}
		start, end := max(m+seg.Start, c), m+seg.End
		if !(end > start) {
			continue
		}
		if si == 0 && off == 1 {
			// D's interval: the window's shuffle work there, at full
			// rate, ends with the interval.
			dur := total / in.ShuffleCapacity
			for k := range rates {
				rates[k].Shuffle *= (seg.End - seg.Start) / dur
			}
			start = end - dur
		}
		blk = append(blk, piece{start, end, rates})
		cEnd = max(cEnd, end)
	}
	sum := 0.0
	for k := off; k < len(sub); k++ {
		sum += m + r.Schedule.Completion[k]
	}
	return blk, sum, cEnd, nil
}

// windowRates returns the map (or shuffle) rates of the window's jobs in
// an LP segment, by instance job index (the pseudo-job, at sub-index 0
// when off is 1, left out), and the work they do in it.
func windowRates(seg schedule.Segment, off int, jobs []int, maps bool) ([]schedule.Rate, float64) {
	var rates []schedule.Rate
	total := 0.0
	for _, rt := range seg.Rates {
		v := rt.Shuffle
		if maps {
			v = rt.Map
		}
		if rt.Job < off || v <= 0 {
			continue
		}
		r := schedule.Rate{Job: jobs[rt.Job-off], Shuffle: v}
		if maps {
			r = schedule.Rate{Job: jobs[rt.Job-off], Map: v}
		}
		rates = append(rates, r)
		total += v * (seg.End - seg.Start)
	}
	return rates, total
}

// appendList appends the list schedule's pieces of jobs from stations
// free at m (map) and c (shuffle): orderls.Step's spans.
func appendList(pieces []piece, in *instances.Instance, jobs []int, m, c float64) ([]piece, error) {
	for _, j := range jobs {
		x, y := in.Jobs[j].Map/in.MapCapacity, in.Jobs[j].Shuffle/in.ShuffleCapacity
		M, C, _ := orderls.Step(m, c, 0, x, y)
		if x > 0 {
			if !(M > m) {
				return nil, fmt.Errorf("%w (map of %s)", orderls.ErrResolution, in.Jobs[j].ID)
			}
			pieces = append(pieces, piece{m, M, []schedule.Rate{{Job: j, Map: in.MapCapacity}}})
		}
		if y > 0 {
			s := orderls.ShuffleStart(m, c, 0, x)
			if !(C > s) {
				return nil, fmt.Errorf("%w (shuffle of %s)", orderls.ErrResolution, in.Jobs[j].ID)
			}
			pieces = append(pieces, piece{s, C, []schedule.Rate{{Job: j, Shuffle: min(in.ShuffleCapacity, in.Jobs[j].Shuffle/(C-s))}}})
		}
		m, c = M, C
	}
	return pieces, nil
}

// overlay merges pieces that may overlap in time into a schedule: one
// segment per interval between consecutive piece boundaries, with the
// rates of the pieces active there (a job's map and shuffle rates in one
// Rate), and the completions the segments imply.
func overlay(in *instances.Instance, pieces []piece) (*schedule.Schedule, error) {
	slices.SortStableFunc(pieces, func(a, b piece) int {
		switch {
		case a.start < b.start:
			return -1
		case a.start > b.start:
			return 1
		}
		return 0
	})
	bounds := make([]float64, 0, 2*len(pieces))
	for _, p := range pieces {
		bounds = append(bounds, p.start, p.end)
	}
	slices.Sort(bounds)
	bounds = slices.Compact(bounds)
	sched := &schedule.Schedule{}
	var active []piece
	next := 0
	for i := 0; i+1 < len(bounds); i++ {
		t0, t1 := bounds[i], bounds[i+1]
		for next < len(pieces) && pieces[next].start <= t0 {
			active = append(active, pieces[next])
			next++
		}
		active = slices.DeleteFunc(active, func(p piece) bool { return p.end <= t0 })
		var rates []schedule.Rate
		for _, p := range active {
			rates = append(rates, p.rates...)
		}
		if len(rates) == 0 {
			continue
		}
		slices.SortFunc(rates, func(a, b schedule.Rate) int { return a.Job - b.Job })
		merged := rates[:1]
		for _, rt := range rates[1:] {
			if last := &merged[len(merged)-1]; last.Job == rt.Job {
				last.Map += rt.Map
				last.Shuffle += rt.Shuffle
			} else {
				merged = append(merged, rt)
			}
		}
		sched.Segments = append(sched.Segments, schedule.Segment{Start: t0, End: t1, Rates: merged})
	}
	sched.Completion = orderlp.Completions(in, sched)
	for j, v := range sched.Completion {
		if math.IsNaN(v) {
			sched.Completion[j] = 0 // no work: complete at its release (0)
		}
	}
	return sched, nil
}
