package windowlp

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/perm"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/validate"
)

func lognormal(t *testing.T, n int, seed uint64) *instances.Instance {
	t.Helper()
	in, err := instances.PaperLogNormal(n, 0.9, true).Generate(rand.NewPCG(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// The result is never worse than the list schedule of the same order
// (orderls.Evaluate, computed independently), its schedule passes the
// validator with the objective it claims, and on these heavy-tailed
// batches some window's LP schedule is kept and lowers the total.
func TestNeverWorseThanList(t *testing.T) {
	improved := 0
	for seed := uint64(1); seed <= 12; seed++ {
		n := 30 + int(seed)*17
		in := lognormal(t, n, seed)
		order := rand.New(rand.NewPCG(seed, 1)).Perm(n)
		_, list, err := orderls.Evaluate(in, order)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{7, 25, 60} {
			r, err := Improve(context.Background(), in, order, Options{Window: w, Offset: w / 3})
			if err != nil {
				t.Fatalf("seed %d window %d: %v", seed, w, err)
			}
			vr, err := validate.Check(in, r.Schedule)
			if err != nil {
				t.Fatalf("seed %d window %d: %v", seed, w, err)
			}
			if math.Abs(vr.TotalResponse-r.Objective) > 1e-9*r.Objective {
				t.Fatalf("seed %d window %d: objective %v, validator %v", seed, w, r.Objective, vr.TotalResponse)
			}
			if math.Abs(r.List-list) > 1e-9*list || r.Objective > list*(1+1e-12) {
				t.Fatalf("seed %d window %d: list %v (Evaluate %v), result %v", seed, w, r.List, list, r.Objective)
			}
			if r.Objective < list*(1-1e-6) {
				improved++
			}
		}
	}
	if improved == 0 {
		t.Fatal("no window LP improved any list schedule")
	}
}

// One window holding every job is the fixed-order LP of the whole order:
// no pseudo-job (both stations free at 0) and no later job. Its realised
// schedule is never worse than fastlp's optimum of that order (Value: the
// LP alone, without the realisation; back-to-back maps can only end jobs
// without shuffle work earlier), never below the mixed counting bound
// (bounds.Mixed, an independent lower bound on every schedule), and kept
// whenever the LP beats the list schedule.
func TestOneWindowIsTheLP(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		in := lognormal(t, 40, seed)
		order := perm.Identity(in.N())
		r, err := Improve(context.Background(), in, order, Options{Window: in.N()})
		if err != nil {
			t.Fatal(err)
		}
		var s fastlp.Solver
		lp, err := s.Value(in, order)
		if err != nil {
			t.Fatal(err)
		}
		if lb := bounds.Mixed(in); r.Objective < lb*(1-1e-9) {
			t.Fatalf("seed %d: %v below the lower bound %v", seed, r.Objective, lb)
		}
		if r.Kept == 1 && r.Objective > lp*(1+1e-9) {
			t.Fatalf("seed %d: one window %v, above the LP of the order %v", seed, r.Objective, lp)
		}
		if r.Kept == 0 && lp < r.List*(1-1e-9) {
			t.Fatalf("seed %d: the LP %v beats the list %v but the window was not kept", seed, lp, r.List)
		}
	}
}

// A deadline already passed leaves the list schedule (validated), marked
// timed out; the clock is injected, so the test does not depend on speed.
func TestDeadlinePassed(t *testing.T) {
	in := lognormal(t, 50, 3)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r, err := Improve(context.Background(), in, perm.Identity(50), Options{Deadline: t0, Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	if !r.TimedOut || r.Windows != 0 || math.Abs(r.Objective-r.List) > 1e-9*r.List {
		t.Fatalf("timed out %v, windows %d, objective %v, list %v", r.TimedOut, r.Windows, r.Objective, r.List)
	}
	if _, err := validate.Check(in, r.Schedule); err != nil {
		t.Fatal(err)
	}
}

// Release dates, weights, dependencies and bad orders are refused.
func TestRefused(t *testing.T) {
	batch := lognormal(t, 5, 1)
	rel := batch.Clone()
	rel.Jobs[2].Release = 1
	wt := batch.Clone()
	wt.Jobs[1].Weight = 2
	dep := batch.Clone()
	dep.Jobs[3].After = []int{0}
	for name, tc := range map[string]struct {
		in    *instances.Instance
		order []int
	}{
		"release":   {rel, perm.Identity(5)},
		"weight":    {wt, perm.Identity(5)},
		"after":     {dep, perm.Identity(5)},
		"short":     {batch, perm.Identity(4)},
		"repeated":  {batch, []int{0, 1, 2, 2, 4}},
		"out of ns": {batch, []int{0, 1, 2, 3, 5}},
	} {
		if _, err := Improve(context.Background(), tc.in, tc.order, Options{}); !errors.Is(err, ErrInput) {
			t.Errorf("%s: %v, want ErrInput", name, err)
		}
	}
}
