package fluid

import (
	"fmt"
	"math/rand/v2"
)

// Example_virtualClockRounding is a measurement, not a check of project
// code: it counts how often one virtual clock per group of jobs sharing a
// rate (V += rs·Δt once per event, a job's work read as y0 − V) rounds
// differently from passPS's per-job update y = clamp0(y − rs·Δt) at every
// event. Any difference changes a per-job output digest (the simulator's
// contract: byte-identical outputs), so runPS keeps per-job arithmetic for
// the free jobs. The sequences are seeded draws of the
// shapes runPS meets: 1,000 sequences of 20 events, level rates 1/n for
// n ≤ 40 jobs (c = 1), event gaps of exponential length. The count in the
// Output line is what this code prints with Go's math/rand/v2 PCG and
// IEEE 754 double arithmetic; it is an Example, not a test,
// because no change of the project can make it fail.
func Example_virtualClockRounding() {
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
	fmt.Printf("virtual clock differs from per-job arithmetic on %d of %d sequences\n", differ, runs)
	// Output: virtual clock differs from per-job arithmetic on 705 of 1000 sequences
}
