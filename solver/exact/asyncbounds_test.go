package exact

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
)

// awaitBounds: bounds already delivered are returned even after the
// deadline; bounds not delivered by the deadline (plus a zero grace) are
// left out with a note; no channel (small instances) adds nothing.
func TestAwaitBounds(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	ready := make(chan []Bound, 1)
	ready <- []Bound{{mip.SourceMixed, 7}}
	a := &Answer{}
	if bs := awaitBounds(done, 0, ready, a); len(bs) != 1 || bs[0].Value != 7 || len(a.Notes) != 0 {
		t.Errorf("delivered: %v, notes %v", bs, a.Notes)
	}
	never := make(chan []Bound)
	if bs := awaitBounds(done, 0, never, a); bs != nil || len(a.Notes) != 1 || !strings.Contains(a.Notes[0], "left out") {
		t.Errorf("not delivered: %v, notes %v", bs, a.Notes)
	}
	if bs := awaitBounds(done, 0, nil, a); bs != nil || len(a.Notes) != 1 {
		t.Errorf("no channel: %v, notes %v", bs, a.Notes)
	}
}

// startBounds: up to asyncBoundsN jobs the bounds are cheapBounds at
// once; above, the fast bounds first and cheapBounds on the channel, with
// every fast bound among them (same source and value), since Solve
// replaces the first by the second. Batches, with and without weights
// and dependencies.
func TestStartBounds(t *testing.T) {
	for k, n := range []int{50, asyncBoundsN + 1, asyncBoundsN + 1, asyncBoundsN + 1} {
		jobs := make([]instances.Job, n)
		for j := range jobs {
			jobs[j] = instances.Job{ID: fmt.Sprintf("j%d", j), Map: float64(1 + j%7), Shuffle: float64(1 + j%5)}
			if k >= 2 && j%3 == 0 {
				jobs[j].Weight = 2
			}
			if k == 3 && j > 0 {
				jobs[j].After = []int{j - 1}
			}
		}
		in := instances.New(jobs)
		bs, pending := startBounds(context.Background(), in)
		if n <= asyncBoundsN {
			if pending != nil || len(bs) != len(cheapBounds(context.Background(), in)) {
				t.Errorf("n=%d: pending %v, %d bounds", n, pending != nil, len(bs))
			}
			continue
		}
		full := <-pending
		for _, f := range bs {
			found := false
			for _, b := range full {
				found = found || (b.Source == f.Source && b.Value == f.Value)
			}
			if !found {
				t.Errorf("n=%d: fast bound %v not among %v", n, f, full)
			}
		}
	}
}
