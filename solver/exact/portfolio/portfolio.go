package portfolio

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
)

// MIPRelGap is the relative gap asked of the MIP engine: its bound must
// meet the search's incumbent within the search's pruning tolerance to
// stop it, so the engine's default gap (1e-6) is too loose.
const MIPRelGap = 1e-9

// ErrNoAnswer is returned when neither method produced a schedule.
var ErrNoAnswer = errors.New("portfolio: no schedule found")

// Options control a portfolio solve.
type Options struct {
	// TimeLimit bounds the whole solve (0: none besides the context).
	TimeLimit time.Duration
	// MIP is the engine of the MIP run beside the search (nil: the
	// search alone).
	MIP mip.Engine
	// Progress, when non-nil, receives the search's counters about once
	// a second.
	Progress func(search.Stats)
	// Clock is passed to the search (tests).
	Clock func() time.Time
	// GapLimit, when positive, stops both runs once the proven bound is
	// within this relative gap of the incumbent (status mip.GapLimit):
	// the search stops once the MIP's bound is that close (search.Options);
	// the MIP itself still proves to MIPRelGap, so that an answer it can
	// prove is "optimal", not "gap limit".
	GapLimit float64
}

// Result is a portfolio answer. Its Answer has the status (Optimal,
// GapLimit, TimeLimit or Interrupted), the validated total response time
// of the better schedule, the best proved bound and its source:
// mip.SourceSearch, mip.SourceSearchRoot, or the MIP engine's
// (mip.EngineSource) — for optimal answers the search or the MIP,
// whichever proved it first (the only field that depends on timing).
type Result struct {
	mip.Answer
	Plan orderlp.Plan
	// Search is the search's own result; MIP the MIP's (nil when not run,
	// failed or cancelled) and MIPErr its error, if any.
	Search *search.Result
	MIP    *mipform.Result
	MIPErr error
}

// mipMargin is how much earlier than the portfolio's limit the MIP's limit
// ends, so that an engine that counts whole seconds (glpsol's --tmlim) and
// then writes its solution still answers within the portfolio's limit.
const mipMargin = 2 * time.Second

func mipLimit(limit time.Duration) time.Duration {
	if limit <= 0 {
		return 0
	}
	if limit > 2*mipMargin {
		return limit - mipMargin
	}
	return limit / 2
}

// mipGrace is how long a cancelled MIP is waited for after the limit.
const mipGrace = 200 * time.Millisecond

type mipOut struct {
	r   *mipform.Result
	err error
}

// Solve runs the portfolio on in: the search with LP engine lp (used only
// for release-date plans; batches use package fastlp) and, when opt.MIP is
// set, the MIP on opt.MIP in parallel.
func Solve(ctx context.Context, lp mip.Engine, in *instances.Instance, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	var bound atomic.Uint64
	bound.Store(math.Float64bits(math.Inf(-1)))
	// Stoppable: cancelMIP also ends the MIP's final LP, which runs past
	// the deadline, and kills its engine child (mip.PastDeadline).
	mipCtx, cancelMIP := mip.Stoppable(ctx)
	defer cancelMIP()
	done := make(chan mipOut, 1)
	if opt.MIP != nil {
		go func() {
			r, err := mipform.Solve(mipCtx, opt.MIP, in, mip.Options{TimeLimit: mipLimit(opt.TimeLimit), RelGap: MIPRelGap})
			if err == nil && !math.IsNaN(r.LowerBound) && !math.IsInf(r.LowerBound, 0) {
				bound.Store(math.Float64bits(r.LowerBound))
			}
			done <- mipOut{r, err}
		}()
	} else {
		done <- mipOut{}
	}
	so := search.Options{
		TimeLimit: opt.TimeLimit,
		Progress:  opt.Progress,
		Clock:     opt.Clock,
		Bound:     func() float64 { return math.Float64frombits(bound.Load()) },
		GapLimit:  opt.GapLimit,
	}
	sr, serr := search.Solve(ctx, lp, in, so)
	if serr != nil || sr.Status == mip.Optimal || sr.Status == mip.GapLimit || ctx.Err() != nil {
		cancelMIP() // proved (or failed, or interrupted): the MIP is not needed
	}
	// Otherwise the search stopped at the limit; the MIP, whose limit ends
	// earlier (mipLimit), returns its incumbent and bound — but not later
	// than the portfolio's own limit (its re-solve of the plan can take
	// long on large instances), after which it is cancelled.
	var mo mipOut
	if opt.TimeLimit > 0 {
		wait := time.NewTimer(time.Until(start.Add(opt.TimeLimit)))
		select {
		case mo = <-done:
		case <-wait.C:
			// Cancelled: glpsol or cbc is killed at once, also in the
			// MIP's re-solve of its plan (mip.PastDeadline), which is
			// waited for mipGrace at most; it ends on its own (done is
			// buffered).
			cancelMIP()
			select {
			case mo = <-done:
			case <-time.After(mipGrace):
			}
		}
		wait.Stop()
	} else {
		mo = <-done
	}
	if serr != nil && (mo.r == nil || mo.r.Schedule == nil) {
		return nil, serr
	}
	res := &Result{Search: sr, MIP: mo.r, MIPErr: mo.err}
	if errors.Is(mo.err, context.Canceled) || (mo.r != nil && mo.r.Status == mip.Interrupted) {
		res.MIPErr = nil // cancelled because the search finished
	}
	var mipSource mip.BoundSource
	if opt.MIP != nil {
		mipSource = mip.EngineSource(opt.MIP.Name())
	}
	lb, src := math.Inf(-1), mip.BoundSource("")
	if sr != nil {
		res.Status, res.Plan, res.Objective, res.Schedule = sr.Status, sr.Plan, sr.Objective, sr.Schedule
		lb, src = sr.LowerBound, sr.BoundSource
		if src == mip.SourceExternal {
			src = mipSource // the search's external bound is the MIP's
		}
	}
	if r := mo.r; r != nil && mo.err == nil {
		if r.Schedule != nil && (res.Schedule == nil || r.Objective < res.Objective-tolerance.Slack(r.Objective, res.Objective)) {
			res.Plan, res.Objective, res.Schedule = r.Plan, r.Objective, r.Schedule
			if res.Status == mip.Optimal {
				res.Status = mip.TimeLimit // re-decided below
			}
		}
		if !math.IsNaN(r.LowerBound) && r.LowerBound > lb {
			lb, src = r.LowerBound, mipSource
		}
	}
	if res.Schedule == nil {
		return nil, fmt.Errorf("%w (search: %v, MIP: %v)", ErrNoAnswer, serr, mo.err)
	}
	res.SetBound(lb, src)
	switch {
	case tolerance.GE(res.LowerBound, res.Objective):
		res.Status = mip.Optimal
	case opt.GapLimit > 0 && res.Gap <= opt.GapLimit:
		res.Status = mip.GapLimit
	case res.Status == mip.Optimal || res.Status == mip.GapLimit:
		res.Status = mip.TimeLimit
	}
	return res, nil
}
