package cluster

import (
	"testing"

	"github.com/mrsched/mrsched/tolerance"
)

// TestTinyHeartbeat checks heartbeats far below the time scale (bad
// flag values: `cluster simulate --heartbeat 1e-20` failed with "no event
// left with 285 jobs unfinished", because the next beat's index
// int64(now/Heartbeat) overflowed and put the beat at a negative time).
// Every assignment waits at most one heartbeat (or one ulp of the clock), so
// the responses equal those without a heartbeat, FIFO's 10 and 10 of
// TestHandFIFOFair's hand schedule, within tolerance.Eq.
func TestTinyHeartbeat(t *testing.T) {
	for _, hb := range []float64{1e-20, 1e-300, 5e-324, 1e-9} {
		r, err := Simulate(twoJobs(), &FIFO{}, Options{Heartbeat: hb})
		if err != nil {
			t.Fatalf("heartbeat %g: %v", hb, err)
		}
		if !tolerance.Eq(r.Jobs[0].Response, 10) || !tolerance.Eq(r.Jobs[1].Response, 10) {
			t.Errorf("heartbeat %g: responses %v %v, want 10 10 (hand schedule without heartbeat)", hb, r.Jobs[0].Response, r.Jobs[1].Response)
		}
	}
}
