package report_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/mip"
)

// refusingEngine fails the test when a model reaches it.
type refusingEngine struct{ t *testing.T }

func (refusingEngine) Name() string { return "refusing" }
func (e refusingEngine) Solve(context.Context, *mip.Model, mip.Options) (mip.Result, error) {
	e.t.Error("the LP relaxation of a model above the size limit reached the engine")
	return mip.Result{}, errors.New("refused")
}

// The LP relaxation of a 200-job batch (about 4·200³ = 3.2·10⁷ nonzeros,
// above mipform.MaxExportNonzeros = 10⁷) is skipped before the model is
// built: its row says "skipped" with the estimate, the other bounds are
// there, and it is not a failure. A 5-job batch reaches the engine (its
// failure is the row "failed"), so the guard is not a blanket refusal.
func TestLPRelaxationSizeGuard(t *testing.T) {
	jobs := make([]instances.Job, 200)
	for j := range jobs {
		jobs[j] = instances.Job{ID: fmt.Sprintf("j%d", j), Map: float64(1 + j%7), Shuffle: float64(1 + j%5)}
	}
	rows, err := report.AllBounds(context.Background(), instances.New(jobs), refusingEngine{t})
	if err != nil {
		t.Fatalf("200 jobs: %v, want no failure", err)
	}
	var lp *report.BoundRow
	for i := range rows {
		if rows[i].Name == "lp_relaxation" {
			lp = &rows[i]
		}
	}
	if lp == nil || lp.Kind != "skipped" || lp.Error == "" {
		t.Fatalf("200 jobs: lp_relaxation row %+v, want skipped with the reason", lp)
	}
	small := instances.New(jobs[:5])
	called := false
	_, err = report.AllBounds(context.Background(), small, engineFunc(func() { called = true }))
	if !called || !errors.Is(err, report.ErrBoundFailed) {
		t.Errorf("5 jobs: engine called %v, error %v; want the engine called and its failure reported", called, err)
	}
}

// engineFunc calls f on Solve and fails.
type engineFunc func()

func (engineFunc) Name() string { return "func" }
func (f engineFunc) Solve(context.Context, *mip.Model, mip.Options) (mip.Result, error) {
	f()
	return mip.Result{}, errors.New("engine failure")
}
