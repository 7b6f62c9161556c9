package fluid

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// psRun is one run of a PS-family policy through the specialised loop
// (runPS) or the generic one (engine.generic): every departure as the
// sink saw it, the summary and, when recorded, the schedule.
type psRun struct {
	deps  []JobResult
	sum   Summary
	sched *schedule.Schedule
	err   error
}

// runPSWith runs p on jobs (release order) as SimulateStream does, or as
// Simulate does (with an instance order and a recorded schedule) when
// record is set, through the loop chosen by generic.
func runPSWith(jobs []instances.Job, mum, muc float64, p Policy, opt Options, record, generic bool) psRun {
	return runEngine(jobs, mum, muc, p, opt, record, func(e *engine) { e.generic = generic })
}

// runEngine is runPSWith with the engine set up by configure (the loop
// choice and its options) before the run.
func runEngine(jobs []instances.Job, mum, muc float64, p Policy, opt Options, record bool, configure func(*engine)) psRun {
	var r psRun
	e, err := newEngine(&jobsSource{jobs: jobs}, mum, muc, p, opt, -1)
	if err != nil {
		return psRun{err: err}
	}
	configure(e)
	if record {
		e.order = make([]int, len(jobs))
		for i := range e.order {
			e.order[i] = len(jobs) - 1 - i // instance index ≠ arrival number
		}
		e.sched = &schedule.Schedule{}
	}
	r.sum, r.err = e.run(func(j JobResult) { r.deps = append(r.deps, j) })
	r.sched = e.sched
	return r
}

// sameBits reports whether two runs are identical bit for bit: every
// departure (order, index, ID and the float bits of every field), every
// summary field, every schedule segment and rate.
func sameBits(a, b psRun) error {
	if (a.err == nil) != (b.err == nil) || (a.err != nil && a.err.Error() != b.err.Error()) {
		return fmt.Errorf("errors %v vs %v", a.err, b.err)
	}
	if len(a.deps) != len(b.deps) {
		return fmt.Errorf("%d vs %d departures", len(a.deps), len(b.deps))
	}
	fb := math.Float64bits
	for i, x := range a.deps {
		y := b.deps[i]
		if x.Index != y.Index || x.ID != y.ID || fb(x.Release) != fb(y.Release) || fb(x.Map) != fb(y.Map) ||
			fb(x.Shuffle) != fb(y.Shuffle) || fb(x.Completion) != fb(y.Completion) ||
			fb(x.Response) != fb(y.Response) || fb(x.Slowdown) != fb(y.Slowdown) {
			return fmt.Errorf("departure %d: %+v vs %+v", i, x, y)
		}
	}
	sa, sb := a.sum, b.sum
	if fb(sa.TotalResponse) != fb(sb.TotalResponse) || fb(sa.MeanResponse) != fb(sb.MeanResponse) ||
		fb(sa.MeanSlowdown) != fb(sb.MeanSlowdown) || fb(sa.Makespan) != fb(sb.Makespan) {
		return fmt.Errorf("summary %+v vs %+v", sa, sb)
	}
	// The other fields (the floats are compared by bits above: a NaN
	// mean slowdown, from infinite slowdowns of subnormal sizes, is equal
	// to itself there).
	sa.TotalResponse, sa.MeanResponse, sa.MeanSlowdown, sa.Makespan = 0, 0, 0, 0
	sb.TotalResponse, sb.MeanResponse, sb.MeanSlowdown, sb.Makespan = 0, 0, 0, 0
	if sa != sb {
		return fmt.Errorf("summary %+v vs %+v", a.sum, b.sum)
	}
	if !reflect.DeepEqual(a.sched, b.sched) {
		return fmt.Errorf("schedules differ")
	}
	return nil
}

// TestPSLoopMatchesGeneric: the specialised PS/k-LPS loop (runPS) gives
// the generic engine loop's results bit for bit (the generic loop is the
// reference: it is the code of every earlier digest and oracle test), on
// instances with ties, zero sizes and simultaneous arrivals, non-unit
// capacities and speed, k-LPS with k binding (k = 1, 2, 3 with up to 40
// jobs present), the map-only variant, recorded schedules with instance
// indices that differ from arrival numbers, a burst of 40 simultaneous
// arrivals with tied caps (many capped jobs at once), and
// 2·10⁴ arrivals of the
// §5.3 workload at load 0.9 (k = 5 binding).
func TestPSLoopMatchesGeneric(t *testing.T) {
	policies := []Policy{PS(), KLPS(1), KLPS(2), KLPS(3), KLPS(DefaultK), KLPSMapOnly(1), KLPSMapOnly(3)}
	caps := []struct{ mum, muc, speed float64 }{{1, 1, 0}, {2, 0.5, 0}, {1, 3, 1.5}}
	rng := rand.New(rand.NewPCG(18, 1))
	cases := 0
	for trial := range 40 {
		jobs := trialJobs(rng, trial)
		c := caps[trial%len(caps)]
		for _, p := range policies {
			for _, record := range []bool{false, true} {
				opt := Options{Speed: c.speed}
				fast := runPSWith(jobs, c.mum, c.muc, p, opt, record, false)
				gen := runPSWith(jobs, c.mum, c.muc, p, opt, record, true)
				if gen.err != nil {
					t.Fatalf("trial %d %s: generic: %v", trial, p.Name(), gen.err)
				}
				if err := sameBits(fast, gen); err != nil {
					t.Fatalf("trial %d %s (record %v, caps %+v): %v", trial, p.Name(), record, c, err)
				}
				cases++
			}
		}
	}
	// A burst: 40 jobs released together in 4 size classes, every buffer
	// empty, so that many jobs are capped at once (sortCapped's binary
	// search and block moves) with ties of caps within each class,
	// then 10 later arrivals of a fifth class.
	var burst []instances.Job
	for i := range 50 {
		r := 0.0
		if i >= 40 {
			r = 0.5 * float64(i-39)
		}
		burst = append(burst, instances.Job{ID: fmt.Sprint("b", i), Release: r, Map: float64(1 + i%5), Shuffle: float64(1 + (3*i)%4)})
	}
	for _, p := range policies {
		for _, c := range caps {
			fast := runPSWith(burst, c.mum, c.muc, p, Options{Speed: c.speed}, true, false)
			gen := runPSWith(burst, c.mum, c.muc, p, Options{Speed: c.speed}, true, true)
			if gen.err != nil || len(gen.deps) != len(burst) {
				t.Fatalf("burst %s: generic: %d departures, %v", p.Name(), len(gen.deps), gen.err)
			}
			if err := sameBits(fast, gen); err != nil {
				t.Fatalf("burst %s (caps %+v): %v", p.Name(), c, err)
			}
			cases++
		}
	}
	src, err := instances.PaperLogNormal(20000, 0.9, false).Source(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	var jobs []instances.Job
	for j, ok := src.Next(); ok; j, ok = src.Next() {
		jobs = append(jobs, j)
	}
	for _, p := range []Policy{PS(), KLPS(DefaultK), KLPS(5), KLPSMapOnly(5)} {
		fast := runPSWith(jobs, 1, 1, p, Options{}, false, false)
		gen := runPSWith(jobs, 1, 1, p, Options{}, false, true)
		if gen.err != nil || len(gen.deps) != len(jobs) {
			t.Fatalf("§5.3 %s: generic: %d departures, %v", p.Name(), len(gen.deps), gen.err)
		}
		if err := sameBits(fast, gen); err != nil {
			t.Fatalf("§5.3 %s: %v", p.Name(), err)
		}
		cases++
	}
	t.Logf("%d runs identical", cases)
}

// TestPSLoopErrors: the specialised loop reports the generic loop's
// errors: a bad job in the stream (after some departures) and a release
// out of order.
func TestPSLoopErrors(t *testing.T) {
	checkLoopErrors(t, []Policy{PS(), KLPS(1)}, func(jobs []instances.Job, p Policy, generic bool) psRun {
		return runPSWith(jobs, 1, 1, p, Options{}, false, generic)
	})
}

// checkLoopErrors runs each policy through run's specialised loop and its
// generic one (generic) on streams the engine refuses — a bad job after
// some departures, a release out of order, a job without work — and checks
// that the specialised loop reports an error, the same as the generic one
// bit for bit.
func checkLoopErrors(t *testing.T, policies []Policy, run func(jobs []instances.Job, p Policy, generic bool) psRun) {
	t.Helper()
	for _, tc := range []struct {
		name string
		jobs []instances.Job
	}{
		{"negative map", []instances.Job{{ID: "a", Release: 0, Map: 1, Shuffle: 1}, {ID: "b", Release: 5, Map: -1, Shuffle: 1}}},
		{"out of order", []instances.Job{{ID: "a", Release: 3, Map: 1, Shuffle: 1}, {ID: "b", Release: 1, Map: 1, Shuffle: 1}}},
		{"both zero", []instances.Job{{ID: "a", Release: 0, Map: 0, Shuffle: 0}}},
	} {
		for _, p := range policies {
			fast := run(tc.jobs, p, false)
			gen := run(tc.jobs, p, true)
			if fast.err == nil {
				t.Errorf("%s %s: no error", tc.name, p.Name())
			}
			if err := sameBits(fast, gen); err != nil {
				t.Errorf("%s %s: %v", tc.name, p.Name(), err)
			}
		}
	}
}

// TestPSBounds: the lower bounds of runPS's pass 3 never exceed the
// quotients the engine rounds (x/share, and x itself at share 1;
// b/(level − in) for 0 ≤ in < level), on random operands spread over
// the whole exponent range (subnormal ones included, and shares whose
// reciprocal is subnormal) and on quotients near 1 (so that the rounding
// direction varies). The expected relation is psBounds' proof; a product
// by the plain rounded reciprocal (no psLo margin) exceeds the quotient by
// one ulp on many of such operands, and an overflowing reciprocal kept
// (tiny shares) gives an infinite bound: this test catches both.
func TestPSBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 6))
	// wide draws a positive float64 with a uniform exponent in [lo, hi).
	wide := func(lo, hi int) float64 {
		return math.Ldexp(1+rng.Float64(), lo+rng.IntN(hi-lo))
	}
	for _, tc := range []struct {
		name         string
		share, level func() float64
		x            func(share float64) float64
	}{
		{"near-one", func() float64 { return 1 / float64(1+rng.IntN(200)) }, func() float64 { return 0.5 + rng.Float64() },
			func(s float64) float64 { return s * (1 + rng.Float64()*1e-6) }},
		{"unit share", func() float64 { return 1 }, func() float64 { return 1 }, func(float64) float64 { return wide(-1074, 1000) }},
		{"wide", func() float64 { return wide(-1000, 1000) }, func() float64 { return wide(-1000, 1000) },
			func(float64) float64 { return wide(-1074, 1000) }},
		{"subnormal x", func() float64 { return wide(-10, 10) }, func() float64 { return wide(-10, 10) },
			func(float64) float64 { return math.Ldexp(rng.Float64(), -1022) }},
		{"tiny share", func() float64 { return math.Ldexp(1+rng.Float64(), -1030) }, func() float64 { return 0 },
			func(float64) float64 { return wide(-1074, -1000) }},
		{"huge share", func() float64 { return math.Ldexp(1+rng.Float64(), 1022+rng.IntN(2)) }, func() float64 { return math.Ldexp(1+rng.Float64(), 1023) },
			func(float64) float64 { return wide(900, 1000) }},
	} {
		for range 200000 {
			share, level := tc.share(), tc.level()
			invS, invL := psBounds(share, level)
			x := tc.x(share)
			te := x // the engine's map completion time at rate share
			if share != 1 {
				te = x / share
			}
			if lb := x * invS; !(lb <= te) {
				t.Fatalf("%s: x = %v, share = %v: bound %v > x/share = %v", tc.name, x, share, lb, te)
			}
			if level > 0 {
				in := level * rng.Float64() // 0 ≤ in < level
				b := tc.x(level)
				if lb, td := b*invL, b/(level-in); !(lb <= td) {
					t.Fatalf("%s: b = %v, level = %v, in = %v: bound %v > b/(level-in) = %v", tc.name, b, level, in, lb, td)
				}
			}
		}
	}
}
