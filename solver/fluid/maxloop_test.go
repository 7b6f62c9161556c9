package fluid

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// runMaxWith runs p on jobs (release order) as runPSWith does, through the
// generic loop (generic), or through runMax with hand-off threshold scan
// (0: never hand off).
func runMaxWith(jobs []instances.Job, mum, muc float64, p Policy, opt Options, record, generic bool, scan int) psRun {
	return runEngine(jobs, mum, muc, p, opt, record, func(e *engine) {
		e.generic = generic
		if scan > 0 {
			e.scan = scan
		} else {
			e.noHandOff = true
		}
	})
}

// TestMaxLoopMatchesGeneric: the MaxSRPT loop (runMax) gives the generic
// engine loop's results bit for bit (the generic loop is the reference:
// the code of every earlier digest and oracle test) on random instances
// with ties, zero sizes and simultaneous arrivals, non-unit capacities and
// speed, recorded schedules with instance indices unlike arrival numbers,
// with the hand-off to the generic loop never taken, taken early (more
// than 2 or 5 jobs present) and at the default threshold, on
// TestSubULPCrossing's MaxSRPT instance (a crossing due within half an ulp
// of the clock: the generic loop's sub-ulp path), and on 2·10⁴ arrivals
// of the §5.3 workload at loads 0.5 and 0.9 (hand-off forced at 3 jobs
// too).
func TestMaxLoopMatchesGeneric(t *testing.T) {
	caps := []struct{ mum, muc, speed float64 }{{1, 1, 0}, {2, 0.5, 0}, {1, 3, 1.5}}
	rng := rand.New(rand.NewPCG(18, 2))
	cases, flips := 0, 0
	old := testHookFlip
	defer func() { testHookFlip = old }()
	testHookFlip = func(string) { flips++ }
	for trial := range 120 {
		jobs := trialJobs(rng, trial)
		c := caps[trial%len(caps)]
		for _, record := range []bool{false, true} {
			opt := Options{Speed: c.speed}
			gen := runMaxWith(jobs, c.mum, c.muc, MaxSRPT(), opt, record, true, 0)
			if gen.err != nil {
				t.Fatalf("trial %d: generic: %v", trial, gen.err)
			}
			for _, scan := range []int{0, 2, 5, scanLimit} {
				fast := runMaxWith(jobs, c.mum, c.muc, MaxSRPT(), opt, record, false, scan)
				if err := sameBits(fast, gen); err != nil {
					t.Fatalf("trial %d (record %v, caps %+v, scan %d): %v", trial, record, c, scan, err)
				}
				cases++
			}
		}
	}
	// TestSubULPCrossing's MaxSRPT instance (the generic loop's sub-ulp
	// path, which the random runs never take).
	const T = 1 << 14
	sub := []instances.Job{{ID: "A", Release: T, Shuffle: 20e-12}, {ID: "B", Release: T, Map: 21e-12}}
	for _, record := range []bool{false, true} {
		gen := runMaxWith(sub, 2, 0.7, MaxSRPT(), Options{}, record, true, 0)
		if err := sameBits(runMaxWith(sub, 2, 0.7, MaxSRPT(), Options{}, record, false, 0), gen); err != nil || gen.err != nil {
			t.Fatalf("sub-ulp (record %v): %v, generic: %v", record, err, gen.err)
		}
		cases++
	}
	for _, load := range []float64{0.5, 0.9} {
		jobs := lognormalJobs(t, 20000, load)
		gen := runMaxWith(jobs, 1, 1, MaxSRPT(), Options{}, false, true, 0)
		if gen.err != nil || len(gen.deps) != len(jobs) {
			t.Fatalf("§5.3 load %v: generic: %d departures, %v", load, len(gen.deps), gen.err)
		}
		for _, scan := range []int{0, 3} {
			fast := runMaxWith(jobs, 1, 1, MaxSRPT(), Options{}, false, false, scan)
			if err := sameBits(fast, gen); err != nil {
				t.Fatalf("§5.3 load %v scan %d: %v", load, scan, err)
			}
			cases++
		}
	}
	// Batches of tied jobs past the hand-off threshold (their arrivals are
	// appended and sorted once before the hand-off): 600 identical jobs,
	// then 600 of three sizes in cycling order.
	for k, sizes := range [][2]float64{{1, 1}, {2, 1}, {1, 3}} {
		jobs := make([]instances.Job, 600)
		for i := range jobs {
			sz := sizes
			if k > 0 && i%3 == 1 {
				sz = [2]float64{1, 1}
			}
			jobs[i] = instances.Job{ID: fmt.Sprint(i), Map: sz[0], Shuffle: sz[1]}
		}
		gen := runMaxWith(jobs, 1, 1, MaxSRPT(), Options{}, false, true, 0)
		for _, scan := range []int{0, 3, scanLimit} {
			fast := runMaxWith(jobs, 1, 1, MaxSRPT(), Options{}, false, false, scan)
			if err := sameBits(fast, gen); gen.err != nil || err != nil {
				t.Fatalf("tied batch %d scan %d: %v %v", k, scan, gen.err, err)
			}
			cases++
		}
	}
	// The comparison covers crossings (flips), which runMax and the
	// generic loop both report through testHookFlip.
	if flips == 0 {
		t.Fatal("no crossing in any run")
	}
	t.Logf("%d runs identical, %d flips", cases, flips)
}

// TestMaxLoopErrors: runMax and runSplit (SplitSRPT and its strict
// variant) report the generic loop's errors.
func TestMaxLoopErrors(t *testing.T) {
	checkLoopErrors(t, []Policy{MaxSRPT(), SplitSRPT(), SplitSRPTStrict()}, func(jobs []instances.Job, p Policy, generic bool) psRun {
		return runMaxWith(jobs, 1, 1, p, Options{}, false, generic, 0)
	})
}

// TestMaxLoopKeyGrowth: a served job's key max(x, y) can grow by rounding
// (the tracking snap y = y0·x/x0 after a step too small to change x gives
// fl(fl(y0·x0)/x0), one ulp above y0 for the sizes found below), and then
// a job with the same key and an earlier arrival ranks ahead of it; runMax
// must notice that its kept minimum grew (the generic loop's heap fix does).
// Jobs: B (released first) with key K = fl(fl(y0·x0)/x0) and no shuffle
// work, A with sizes x0 < y0 < 2·x0 (key y0 < K, so A is the map job,
// tracked at shuffle capacity 2) and C arriving 1e-30 later (a step that
// leaves x = x0). After that step A's key is K and B (tie 0) leads.
func TestMaxLoopKeyGrowth(t *testing.T) {
	x0, y0, k := 1.5, 0.0, 0.0
	for v := 1.6; v < 2.9; v = math.Nextafter(v, 3) { // brute-force search for a rounding-up pair
		if r := v * x0 / x0; r > v {
			y0, k = v, r
			break
		}
	}
	if y0 == 0 {
		t.Fatal("no y0 with fl(fl(y0·x0)/x0) > y0")
	}
	jobs := []instances.Job{
		{ID: "B", Release: 0, Map: k, Shuffle: 0},
		{ID: "A", Release: 0, Map: x0, Shuffle: y0},
		{ID: "C", Release: 1e-30, Map: 100, Shuffle: 0},
	}
	gen := runMaxWith(jobs, 1, 2, MaxSRPT(), Options{}, true, true, 0)
	fast := runMaxWith(jobs, 1, 2, MaxSRPT(), Options{}, true, false, 0)
	if gen.err != nil {
		t.Fatal(gen.err)
	}
	if err := sameBits(fast, gen); err != nil {
		t.Fatalf("y0 = %v, K = %v: %v", y0, k, err)
	}
	// The generic loop serves B's map right after the step (B leads).
	if s := gen.sched.Segments; len(s) < 2 || s[1].Rates[0].Job != len(jobs)-1-0 {
		t.Fatalf("expected B (instance index %d) on the map after the step, got %+v", len(jobs)-1, s)
	}
}
