package highs

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
	"gonum.org/v1/gonum/floats/scalar"
)

// skewWriter is a log writer that moves the instance's clocks forward by
// step at every write: HiGHS logs while Highs_run runs, so the run then
// looks, to HiGHS's own timer, as long as if it had lasted that long. It
// stands in for a long earlier solve on a reused instance, without waiting.
type skewWriter struct {
	in   *instance
	step int64
}

func (w skewWriter) Write(p []byte) (int, error) {
	w.in.skew.Add(w.step)
	return len(p), nil
}

// Regression test for "unexplained time limit on pooled instances": HiGHS's run clock is not reset by Highs_run or Highs_clear
// (highs_c_api.h, Highs_zeroAllClocks: "repeated calls to Highs_run report
// the cumulative time ... this will trigger a time limit termination once
// the cumulative run time exceeds the time limit"), so on a reused
// instance every earlier solve's time counted against the next solve's
// time_limit. The first solve here runs "for" at least 100 s (skewWriter,
// no limit); the second, on the same instance and Highs object, has a 10 s
// limit and must still solve to the known optimum (miptest.TinyLP: 1100,
// closed form; miptest.TinyMIP: 1100, by hand and enumeration;
// miptest.SmithMIP: Smith's WSPT value). Before the fix the LP ended with
// "time limit"; the MIPs passed (HiGHS 1.15's MIP solver checks its limit
// against a timer of its own, started with each MIP solve), and are kept
// so that a change there is caught.
func TestRunClockDoesNotCarryOver(t *testing.T) {
	e := NewWithModule(require(t).Module())
	ctx := context.Background()
	for _, k := range []miptest.Known{miptest.TinyLP(), miptest.TinyMIP(), miptest.SmithMIP([]int{3, 1, 4, 1, 5}, []int{2, 7, 1, 8, 2})} {
		t.Run(k.Name, func(t *testing.T) {
			in, err := e.mod.newInstance(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer in.close()
			w := skewWriter{in: in, step: 100e9}
			sctx, done := e.session(ctx, in, w)
			r, err := e.solve(sctx, in, k.Model, mip.Options{Log: w}, ctx)
			done()
			if err != nil || r.Status != mip.Optimal {
				t.Fatalf("first solve (no limit): %v %v, want optimal", r.Status, err)
			}
			if s := in.skew.Load(); s < 100e9 {
				t.Fatalf("the log writer moved the clocks by %d ns only: HiGHS logged nothing", s)
			}
			sctx, done = e.session(ctx, in, nil)
			r, err = e.solve(sctx, in, k.Model, mip.Options{TimeLimit: 10 * time.Second}, ctx)
			done()
			if err != nil || r.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(r.Objective, k.Objective, 1e-9, 1e-9) {
				t.Fatalf("second solve (10 s limit) on the reused instance: %v objective %v err %v, want optimal %v", r.Status, r.Objective, err, k.Objective)
			}
		})
	}
}

// Regression test: a context cancelled just as a solve ends
// must not leave the instance's clock jump (or the hard stop that follows
// it after the grace period) behind on an instance returned to the pool.
// The cancellation callback is held (afterCancelHook) until the solve has
// returned and its instance is back in the pool; before the fix it then
// jumped that pooled instance's clocks by 31 years, and the next solve with
// any deadline ended at once with status "time limit" (after the grace
// period, with ErrAbort).
func TestCancelAtSolveEndDoesNotLeak(t *testing.T) {
	e := NewWithModule(require(t).Module())
	e.MaxIdle = 1
	e.HardStopGrace = 20 * time.Millisecond
	entered, release := make(chan struct{}), make(chan struct{})
	var enterOnce sync.Once
	afterCancelHook = func() {
		enterOnce.Do(func() { close(entered) })
		<-release
	}
	callbackDone := make(chan struct{})
	cancelDoneHook = func() { close(callbackDone) }
	defer func() { afterCancelHook, cancelDoneHook = nil, nil }()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var once sync.Once
	logw := writerFunc(func(p []byte) (int, error) {
		// Cancel while the solve runs and wait until the cancellation
		// callback has started (so that stopping it fails), but let it
		// go no further yet.
		once.Do(func() { cancel(); <-entered })
		return len(p), nil
	})
	k := miptest.TinyLP()
	r, err := e.Solve(ctx, k.Model, mip.Options{Log: logw})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != mip.Optimal && r.Status != mip.Interrupted {
		t.Fatalf("cancelled solve: status %v", r.Status)
	}
	close(release)
	// Wait until the released callback has returned (no sleep): before the
	// fix it had by then jumped the pooled instance's clocks (and armed
	// its 20 ms hard-stop timer), which the next checks see at once.
	<-callbackDone
	e.mu.Lock()
	idle := append([]*instance(nil), e.idle...)
	e.mu.Unlock()
	if len(idle) != 1 {
		t.Fatalf("%d idle instances, want the solve's instance back in the pool", len(idle))
	}
	if s := idle[0].skew.Load(); s != 0 || idle[0].stop.Load() {
		t.Fatalf("the pooled instance's clocks were moved by %d ns (stop %v) after its solve ended", s, idle[0].stop.Load())
	}

	for i := 0; i < 3; i++ {
		dctx, dcancel := context.WithTimeout(context.Background(), time.Hour)
		m := miptest.SmallLP(uint64(i), 30, 20)
		r, err := e.Solve(dctx, m, mip.Options{})
		dcancel()
		if errors.Is(err, ErrAbort) || err != nil {
			t.Fatalf("solve %d after the cancelled one: %v", i, err)
		}
		ref, err := e.Solve(context.Background(), m, mip.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// Oracle: the same model solved without any deadline.
		if r.Status != ref.Status || r.Status == mip.TimeLimit {
			t.Fatalf("solve %d with a 1 h deadline after the cancelled one: status %v, want %v (as without a deadline)", i, r.Status, ref.Status)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// Options do not persist on a pooled instance: many short LPs on one
// pooled instance under one far deadline, every other one preceded by a
// solve with a 1 ns time limit (which stops at once with status time
// limit), give the status and objective of the same model solved with no
// limit at all on a fresh engine (the oracle).
func TestPooledSolvesMatchUnlimited(t *testing.T) {
	mod := require(t).Module()
	e := NewWithModule(mod)
	e.MaxIdle = 1
	fresh := NewWithModule(mod)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 60; i++ {
		m := miptest.SmallLP(rng.Uint64(), 40, 25)
		if i%2 == 0 {
			r, err := e.Solve(ctx, m, mip.Options{TimeLimit: time.Nanosecond})
			if err != nil || r.Status != mip.TimeLimit {
				t.Fatalf("LP %d with a 1 ns limit: %v %v, want time limit", i, r.Status, err)
			}
		}
		r, err := e.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatal(err)
		}
		fresh.Close()
		want, err := fresh.Solve(context.Background(), m, mip.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != want.Status || (want.Status == mip.Optimal && !scalar.EqualWithinAbsOrRel(r.Objective, want.Objective, 1e-9, 1e-9)) {
			t.Fatalf("LP %d: %v %v, want %v %v", i, r.Status, r.Objective, want.Status, want.Objective)
		}
	}
}
