package exact

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/validate"
)

// TestSideWindows: the second window chain (a short list search, then the
// window passes) answers with a schedule the validator accepts whose
// objective is at most its list search's (orderls.Solve with the same
// options: the expected value is the library call's) and the same in two
// runs; it does not start where the second core is busy, below the
// window-search size or without a time limit. The clock is frozen, so no
// deadline passes and nothing depends on speed.
func TestSideWindows(t *testing.T) {
	in, err := instances.PaperLogNormal(localLPMaxN+10, 0.9, true).Generate(rand.NewPCG(11, 4))
	if err != nil {
		t.Fatal(err)
	}
	clock := fixedClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	opt := Options{Now: clock}
	// No kicks after the descent: the list search ends at its local optimum.
	lo := orderls.Options{Now: clock, Iterations: -1}
	ten := func() time.Duration { return 10 * time.Second }
	ctx := context.Background()
	run := func() windowRun {
		done := startSideWindows(ctx, in, opt, lo, true, ten, nil)
		if done == nil {
			t.Fatal("the second chain did not start")
		}
		return <-done
	}
	w := run()
	if w.c.schedule == nil {
		t.Fatalf("no schedule; notes %q", w.notes)
	}
	vr, err := validate.Check(in, w.c.schedule)
	if err != nil {
		t.Fatalf("second chain's schedule: %v", err)
	}
	list, err := orderls.Solve(ctx, in, orderls.Options{Now: clock, Iterations: -1, Deadline: clock().Add(min(ten()/20, sideListTime))})
	if err != nil {
		t.Fatal(err)
	}
	if vr.WeightedResponse > list.Objective*(1+1e-12) {
		t.Errorf("second chain %v above its list search %v", vr.WeightedResponse, list.Objective)
	}
	if w.tried != len(windowConfigs) {
		t.Errorf("%d window passes, want all %d (frozen clock)", w.tried, len(windowConfigs))
	}
	if again := run(); math.Float64bits(in.WeightedResponse(again.c.schedule.Completion)) != math.Float64bits(in.WeightedResponse(w.c.schedule.Completion)) {
		t.Errorf("two runs differ: %v and %v", in.WeightedResponse(again.c.schedule.Completion), in.WeightedResponse(w.c.schedule.Completion))
	}
	small, err := instances.PaperLogNormal(localLPMaxN, 0.9, true).Generate(rand.NewPCG(11, 4))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		in   *instances.Instance
		free bool
		rem  func() time.Duration
	}{
		{"busy second core", in, false, ten},
		{"below the window search", small, true, ten},
		{"no time limit", in, true, func() time.Duration { return 0 }},
	} {
		if startSideWindows(ctx, c.in, opt, lo, c.free, c.rem, nil) != nil {
			t.Errorf("%s: the second chain started", c.name)
		}
	}
}
