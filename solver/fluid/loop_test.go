package fluid

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// TestBadJobInStream: a job the source delivers with a size that is not
// finite and non-negative stops every loop (the generic one, each
// specialised step, and the generic loop after a hand-off) with ErrInput
// naming that job, wherever it comes in the stream: eventLoop checks the
// source's error once, before the first event, and each step after the
// arrivals it pulls. The expected job number is the bad job's index in
// the stream (engine.pull numbers jobs by arrival).
func TestBadJobInStream(t *testing.T) {
	// Twelve jobs, released 0.5 apart except a batch of six at time 0
	// (more than the hand-off threshold 2 used below), with sizes that
	// leave jobs in the system when later ones arrive.
	stream := func(bad int) []instances.Job {
		jobs := make([]instances.Job, 12)
		for i := range jobs {
			r := 0.0
			if i >= 6 {
				r = 0.5 * float64(i-5)
			}
			jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i), Release: r,
				Map: 0.3 + 0.1*float64(i%4), Shuffle: 0.2 + 0.15*float64(i%3)}
		}
		if bad >= 0 {
			jobs[bad].Map = math.NaN()
		}
		return jobs
	}
	policies := []Policy{FIFO(), PS(), KLPS(3), MaxSRPT(), SplitSRPT()}
	for _, p := range policies {
		for _, generic := range []bool{false, true} {
			for _, scan := range []int{0, 2} {
				// The stream without a bad job runs to the end.
				if r := runMaxWith(stream(-1), 1, 1, p, Options{}, false, generic, scan); r.err != nil || r.sum.N != 12 {
					t.Fatalf("%s generic=%v scan=%d: valid stream: %d jobs, err %v", p.Name(), generic, scan, r.sum.N, r.err)
				}
				for _, bad := range []int{0, 3, 7, 11} {
					r := runMaxWith(stream(bad), 1, 1, p, Options{}, false, generic, scan)
					name := fmt.Sprintf("%s generic=%v scan=%d bad=%d", p.Name(), generic, scan, bad)
					if !errors.Is(r.err, ErrInput) {
						t.Errorf("%s: err %v, want ErrInput", name, r.err)
						continue
					}
					if want := fmt.Sprintf("job %d (id \"j%d\")", bad, bad); !strings.Contains(r.err.Error(), want) {
						t.Errorf("%s: err %q does not name %s", name, r.err, want)
					}
				}
			}
		}
	}
}
