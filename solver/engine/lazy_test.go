package engine

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
)

// fixedEngine answers every model with its offset (no solver needed).
type fixedEngine struct{}

func (fixedEngine) Name() string { return "fixed" }
func (fixedEngine) Solve(_ context.Context, m *mip.Model, _ mip.Options) (mip.Result, error) {
	return mip.SolveEmpty(&mip.Model{Offset: m.Offset}), nil
}

// A lazy engine opens nothing until used, gives up with ErrNotReady when
// its context ends before the engine is ready (here: before open may
// return), then serves later calls from the one opened engine. No clock:
// the order of events is forced by channels.
func TestLazyEngine(t *testing.T) {
	var opens atomic.Int32
	release := make(chan struct{})
	l := &lazy{name: "fixed", e: &entry{open: func() (mip.Engine, error) {
		opens.Add(1)
		<-release
		return fixedEngine{}, nil
	}}}
	if opens.Load() != 0 {
		t.Fatal("opened before first use")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := &mip.Model{Offset: 7}
	if _, err := l.Solve(ctx, m, mip.Options{}); !errors.Is(err, mip.ErrNotReady) {
		t.Fatalf("Solve with an ended context before the engine is ready: %v, want ErrNotReady", err)
	}
	close(release)
	for range 3 {
		r, err := l.Solve(context.Background(), m, mip.Options{})
		if err != nil || r.Objective != 7 {
			t.Fatalf("Solve: %v %v, want 7", r.Objective, err)
		}
	}
	if n := opens.Load(); n != 1 {
		t.Fatalf("opened %d times, want once", n)
	}
	if _, err := Lazy("gurobi"); !errors.Is(err, ErrUnknown) {
		t.Fatalf("Lazy(gurobi): %v, want ErrUnknown", err)
	}
}

// captureEngine reads every file as an empty model and records the
// options of its solves.
type captureEngine struct{ opt *mip.Options }

func (captureEngine) Name() string { return "capture" }
func (e captureEngine) Solve(_ context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	*e.opt = opt
	return mip.SolveEmpty(m), nil
}
func (captureEngine) ReadModel(context.Context, string, []byte) (*mip.Model, error) {
	return &mip.Model{}, nil
}

// SolveFile without a gap asks for the tolerance policy's gaps (so that
// "optimal" means a bound equal to the objective under it); a caller's gap
// is passed on; an unreadable file never reaches the engine.
func TestSolveFileGaps(t *testing.T) {
	var got mip.Options
	e := captureEngine{&got}
	lp := []byte("Minimize\n obj: x\nEnd\n")
	if _, _, err := SolveFile(context.Background(), e, "a.lp", lp, mip.Options{}); err != nil {
		t.Fatal(err)
	}
	if got.RelGap != tolerance.Rel || got.AbsGap != tolerance.Abs {
		t.Errorf("default gaps %v, %v; want %v, %v", got.RelGap, got.AbsGap, tolerance.Rel, tolerance.Abs)
	}
	if _, _, err := SolveFile(context.Background(), e, "a.lp", lp, mip.Options{RelGap: 0.01}); err != nil || got.RelGap != 0.01 || got.AbsGap != 0 {
		t.Errorf("caller's gap: %v, %v (%v)", got.RelGap, got.AbsGap, err)
	}
	got = mip.Options{Seed: -1}
	if _, _, err := SolveFile(context.Background(), e, "a.lp", []byte("hello world"), mip.Options{}); !errors.Is(err, mip.ErrRead) || got.Seed != -1 {
		t.Errorf("unreadable file: %v (engine called: %v)", err, got.Seed != -1)
	}
}
