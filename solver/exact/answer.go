package exact

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

// Statuses of an Answer (mip.Status values). Only finalise sets them:
// StatusOptimal exactly when a proven lower bound meets the objective of
// the validated schedule under the tolerance policy (tolerance.GE),
// whatever the method reported.
const (
	StatusOptimal   = mip.Optimal      // a proven bound meets the objective: gap 0
	StatusTimeLimit = mip.TimeLimit    // stopped by the time limit; see gap
	StatusFeasible  = mip.Feasible     // a validated schedule without an optimality proof
	StatusOrderOpt  = mip.OrderOptimal // optimal for the given completion order
	StatusInterrupt = mip.Interrupted  // the context was cancelled
	StatusGapLimit  = mip.GapLimit     // a proven bound within Answer.GapLimit of the objective
)

// Bound is a proven lower bound on the optimum and where it comes from.
type Bound struct {
	Source mip.BoundSource `json:"source"`
	Value  float64         `json:"value"`
}

// ErrInconsistent is returned when a "proven" lower bound exceeds the
// objective of a validated schedule by more than the engines' accuracy:
// one of the two is wrong, and no answer is given rather than a wrong one.
var ErrInconsistent = errors.New("exact: a proven lower bound exceeds the objective of a validated schedule")

// ErrInvalidSchedule is returned when a method's schedule fails the
// independent validator (package validate).
var ErrInvalidSchedule = errors.New("exact: the schedule fails the validator")

// engineAccuracy is the relative accuracy of LP/MIP engine values (primal
// and dual feasibility tolerances of HiGHS and CBC are 1e-7): a bound above
// the objective by less than this is clamped to the objective, a larger
// excess is ErrInconsistent.
const engineAccuracy = 1e-6

// stopReason says why a method ended.
type stopReason int

const (
	stopDone stopReason = iota
	stopTimeLimit
	stopInterrupted
)

// statusStop is why a method that ended with status s stopped: done at a
// proven optimum, interrupted, else at its limit (any other status).
func statusStop(s mip.Status) stopReason {
	switch s {
	case mip.Optimal:
		return stopDone
	case mip.Interrupted:
		return stopInterrupted
	default:
		return stopTimeLimit
	}
}

// candidate is a method's outcome before finalise turns it into an Answer.
type candidate struct {
	schedule     *schedule.Schedule
	source       string // who found the schedule (method, policy, "fallback maxsrpt")
	order        []int
	stop         stopReason
	orderOptimal bool // order-lp finished: optimal for its order
}

// finalise is the one place that turns a candidate and the proven bounds
// into the Answer's schedule, objective, bound, source, gap and status. The
// objective is the validator's total response of the schedule (never a
// method's claim); the lower bound is the best proven bound (never an
// incumbent); the status is optimal exactly when that bound meets the
// objective under the tolerance policy, else the method's stop reason.
func finalise(in *instances.Instance, a *Answer, c candidate, bs []Bound) error {
	if c.schedule == nil {
		return fmt.Errorf("exact: method %s produced no schedule", a.Method)
	}
	vr, err := validate.Check(in, c.schedule)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrInvalidSchedule, c.source, err)
	}
	a.Schedule, a.Order, a.ScheduleSource = c.schedule, c.order, c.source
	a.Objective = vr.WeightedResponse // Σ (C_j − r_j) bit for bit with unit weights
	kept := bs[:0:0]
	for _, b := range bs {
		if !math.IsNaN(b.Value) && !math.IsInf(b.Value, 0) {
			kept = append(kept, b)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].Value > kept[j].Value })
	a.Bounds = kept
	best := Bound{Value: math.Inf(-1)}
	if len(kept) > 0 {
		best = kept[0]
		if best.Value > a.Objective*(1+engineAccuracy)+engineAccuracy {
			return fmt.Errorf("%w: %s bound %v > objective %v (%s)", ErrInconsistent, best.Source, best.Value, a.Objective, c.source)
		}
	}
	a.SetBound(best.Value, best.Source)
	switch {
	case len(kept) > 0 && tolerance.GE(a.LowerBound, a.Objective):
		a.Status = StatusOptimal
	case len(kept) > 0 && a.GapLimit > 0 && a.Gap <= a.GapLimit:
		a.Status = StatusGapLimit
	case c.stop == stopTimeLimit:
		a.Status = StatusTimeLimit
	case c.stop == stopInterrupted:
		a.Status = StatusInterrupt
	case c.orderOptimal:
		a.Status = StatusOrderOpt
	default:
		a.Status = StatusFeasible
	}
	return nil
}

// The kinds of optimality proof (ProofKind), as outputs that show OPT
// name them.
const (
	ProofFloatSearch = "float search" // the search's bound in float64, within the tolerance policy
	ProofMIP         = "MIP"          // an LP/MIP engine's dual bound, within the tolerance policy
	ProofFloatBound  = "float bound"  // a closed-form or LP lower bound met by the schedule (float64)
	ProofRational    = "rational"     // bound = objective as fractions (package ratsearch)
)

// ProofKind says how an optimum whose lower bound comes from source (an
// Answer's BoundSource; the portfolio's "portfolio (glpk MIP)" by its
// inner source) was proven: by the float search, by a MIP engine's dual
// bound, or by another float bound; "" for no source.
func ProofKind(source mip.BoundSource) string {
	if inner, ok := strings.CutPrefix(string(source), string(mip.SourcePortfolio)+" ("); ok {
		source = mip.BoundSource(strings.TrimSuffix(inner, ")"))
	}
	switch {
	case source == "":
		return ""
	case source == mip.SourceMIP || strings.HasSuffix(string(source), " MIP"): // the portfolio's "cbc-cli MIP"
		return ProofMIP
	case source == mip.SourceSubset || source == mip.SourceSearch || source == mip.SourceSearchRoot:
		return ProofFloatSearch
	}
	return ProofFloatBound
}
