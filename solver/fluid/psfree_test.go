package fluid

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// freeTrialJobs draws n jobs (release order) for TestPSFreeGroupMatchesGeneric:
// releases on a coarse grid (many simultaneous arrivals), a burst of up to
// 30 jobs at one release in a third of the trials, and sizes from a small
// set with +0 and −0 (jobs without map work join the free group at once;
// equal sizes tie drains and caps) and subnormal ones (snapRel·y0 rounds
// to 0: a job that loses a tie of drain times is not snapped, so the
// order of ties shows) or log-normal draws.
func freeTrialJobs(rng *rand.Rand, trial int) []instances.Job {
	negZero := math.Copysign(0, -1)
	set := []float64{0, negZero, 1, 2, 0.5, 3, 1e-320, 3e-320}
	size := func() float64 {
		if rng.IntN(3) == 0 {
			return math.Exp(rng.NormFloat64())
		}
		return set[rng.IntN(len(set))]
	}
	n := 5 + rng.IntN(56)
	var jobs []instances.Job
	r := 0.0
	for i := range n {
		if trial%3 == 0 && i < 30 {
			// the burst: released together at 0
		} else if rng.IntN(3) != 0 {
			r += float64(rng.IntN(4)) * 0.25
		}
		x, y := size(), size()
		if x == 0 && y == 0 {
			y = 1 // a job needs some work
		}
		jobs = append(jobs, instances.Job{ID: fmt.Sprint("f", i), Release: r, Map: x, Shuffle: y})
	}
	return jobs
}

// TestPSFreeGroupMatchesGeneric: with the free jobs without map work held
// in their own arrays (psFreeJobs), runPS still gives the generic engine
// loop's results bit for bit (the generic loop is the reference, as in
// TestPSLoopMatchesGeneric) on 3,000 seeded instances with ties of
// releases and sizes, +0 and −0 sizes, bursts of simultaneous arrivals,
// non-unit capacities and speed, k-LPS with k binding (k = 1 … 5: the
// group is merged back into the arrays of places) and not (k = 100), the
// map-only variant, and 2·10⁴ arrivals of the §5.3 workload at loads 0.5
// and 0.9.
func TestPSFreeGroupMatchesGeneric(t *testing.T) {
	policies := []Policy{PS(), KLPS(1), KLPS(2), KLPS(3), KLPS(5), KLPS(DefaultK), KLPSMapOnly(1), KLPSMapOnly(3)}
	caps := []struct{ mum, muc, speed float64 }{{1, 1, 0}, {2, 0.5, 0}, {1, 3, 1.5}, {0.5, 1, 0}}
	rng := rand.New(rand.NewPCG(18, 77))
	cases := 0
	for trial := range 3000 {
		jobs := freeTrialJobs(rng, trial)
		c := caps[trial%len(caps)]
		p := policies[trial%len(policies)]
		opt := Options{Speed: c.speed}
		fast := runPSWith(jobs, c.mum, c.muc, p, opt, false, false)
		gen := runPSWith(jobs, c.mum, c.muc, p, opt, false, true)
		if gen.err != nil || len(gen.deps) != len(jobs) {
			t.Fatalf("trial %d %s: generic: %d departures, %v", trial, p.Name(), len(gen.deps), gen.err)
		}
		if err := sameBits(fast, gen); err != nil {
			t.Fatalf("trial %d %s (caps %+v): %v", trial, p.Name(), c, err)
		}
		cases++
	}
	for _, load := range []float64{0.5, 0.9} {
		jobs := lognormalJobs(t, 20000, load)
		for _, p := range []Policy{PS(), KLPS(DefaultK), KLPS(3), KLPSMapOnly(5)} {
			fast := runPSWith(jobs, 1, 1, p, Options{}, false, false)
			gen := runPSWith(jobs, 1, 1, p, Options{}, false, true)
			if gen.err != nil || len(gen.deps) != len(jobs) {
				t.Fatalf("§5.3 %v %s: generic: %d departures, %v", load, p.Name(), len(gen.deps), gen.err)
			}
			if err := sameBits(fast, gen); err != nil {
				t.Fatalf("§5.3 %v %s: %v", load, p.Name(), err)
			}
			cases++
		}
	}
	t.Logf("%d runs identical", cases)
}
