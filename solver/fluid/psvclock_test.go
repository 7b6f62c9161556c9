package fluid

import (
	"math/rand/v2"
	"testing"
)

// TestPSVirtualClockRoundsDifferently shows why runPS keeps per-job
// arithmetic for the free jobs (those sharing the level rate between
// events) instead of one virtual clock per group: passPS advances each
// served job by y = clamp0(y − rs·dt) at every event, and a virtual clock
// V += rs·dt with the job's work read as y0 − (V − V0) rounds differently,
// so it would change the per-job output digests (the contract of issue
// 18). The sequences are seeded draws of the shapes runPS meets (level
// rates c/n for n jobs, event gaps of exponential length); the test fails
// if the two recurrences agree bit for bit on every sequence, which would
// make the virtual clock admissible.
func TestPSVirtualClockRoundsDifferently(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 7))
	differ := 0
	const runs = 1000
	for range runs {
		y := rng.ExpFloat64()
		perJob, v := y, 0.0
		for range 20 {
			rs := 1 / float64(1+rng.IntN(40)) // a level c/n with c = 1
			dt := rng.ExpFloat64() * 0.01
			perJob = clamp0(perJob - rs*dt) // passPS's update
			v += rs * dt                    // the group's virtual clock
		}
		if perJob != clamp0(y-v) {
			differ++
		}
	}
	// Any difference suffices: one changed bit changes a digest.
	if differ == 0 {
		t.Fatalf("virtual clock agreed with per-job arithmetic on all %d sequences", runs)
	}
	t.Logf("virtual clock differs from per-job arithmetic on %d of %d sequences", differ, runs)
}
