package fluid

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// orderJobs draws a seeded instance for TestMaxLoopOrderMatchesGeneric, in
// release order: 2 to 70 jobs; sizes from a small set with +0, −0 and
// subnormal values (frequent ties of keys, jobs with no map or no shuffle
// work) or continuous; releases in bursts of equal times (many jobs
// present, departures behind the front of the order) or exponential gaps.
func orderJobs(rng *rand.Rand, trial int) []instances.Job {
	negZero := math.Copysign(0, -1)
	vals := []float64{0, negZero, 5e-324, 1e-310, 0.25, 0.5, 1, 1, 2, 3}
	n := 2 + rng.IntN(69)
	jobs := make([]instances.Job, n)
	tm := 0.0
	for i := range jobs {
		var x, y float64
		if trial%3 == 2 {
			x, y = 0.1+3*rng.Float64(), 0.1+3*rng.Float64()
			if rng.IntN(5) == 0 {
				x = vals[rng.IntN(4)] // a zero or subnormal map size
			}
		} else {
			x, y = vals[rng.IntN(len(vals))], vals[rng.IntN(len(vals))]
		}
		if x == 0 && y == 0 { // rejected by the engine: give it shuffle work
			y = 1
		}
		switch {
		case trial%4 == 0: // bursts: a new release time every 10 jobs or so
			if rng.IntN(10) == 0 {
				tm += rng.ExpFloat64() * 4
			}
		case rng.IntN(3) > 0:
			tm += math.Round(rng.ExpFloat64()*4) / 4
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i), Release: tm, Map: x, Shuffle: y}
	}
	return jobs
}

// TestMaxLoopOrderMatchesGeneric: runMax, whose jobs sit in an array
// sorted by (key, tie) that an insertion pass restores after each event,
// gives the generic loop's results bit for bit (the generic loop is the
// reference: it keeps the jobs in heaps) on 3,000 seeded instances
// (orderJobs: ties, +0, −0 and subnormal sizes, bursts of simultaneous
// arrivals), at capacities 1/1, 2/0.5 and 1/3 at speed 1.5, plain and
// recorded, with the hand-off never taken and at the default threshold.
// The expected values are the generic loop's own outputs. The runs must
// include departures of jobs behind the front of the order (remove's
// shift) and crossings (flips).
func TestMaxLoopOrderMatchesGeneric(t *testing.T) {
	caps := []struct{ mum, muc, speed float64 }{{1, 1, 0}, {2, 0.5, 0}, {1, 3, 1.5}}
	rng := rand.New(rand.NewPCG(18, 8))
	flips := 0
	old := testHookFlip
	defer func() { testHookFlip = old }()
	testHookFlip = func(string) { flips++ }
	runs, behind := 0, 0
	oldRemove := testHookRemove
	defer func() { testHookRemove = oldRemove }()
	testHookRemove = func(p int) {
		if p > 0 {
			behind++
		}
	}
	for trial := range 3000 {
		jobs := orderJobs(rng, trial)
		c := caps[trial%len(caps)]
		opt := Options{Speed: c.speed}
		record := trial%2 == 1
		gen := runMaxWith(jobs, c.mum, c.muc, MaxSRPT(), opt, record, true, 0)
		for _, scan := range []int{0, scanLimit} {
			fast := runMaxWith(jobs, c.mum, c.muc, MaxSRPT(), opt, record, false, scan)
			if err := sameBits(fast, gen); err != nil {
				t.Fatalf("trial %d (record %v, caps %v/%v, speed %v, scan %d): %v\n%+v",
					trial, record, c.mum, c.muc, c.speed, scan, err, jobs)
			}
			runs++
		}
	}
	if flips == 0 {
		t.Error("no crossing in any run")
	}
	if behind == 0 {
		t.Error("no departure behind the front of the order in any run")
	}
	t.Logf("%d runs identical, %d flips, %d departures behind the front", runs, flips, behind)
}
