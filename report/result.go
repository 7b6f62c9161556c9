package report

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/tolerance"
)

// Guarantee check results.
const (
	CheckOK        = "ok"
	CheckViolation = "VIOLATION"
	CheckUnknown   = "unknown"
	CheckNA        = "n/a"
	// CheckNone: the theorem does not apply to the instance (job
	// dependencies or unequal weights; see GuaranteesNone).
	CheckNone = "none"
)

// GuaranteesNone says why the batch guarantees 2α/(1+α) (Corollary 4) and
// 1 + 1/β (Corollary 6) do not apply to in: "dependencies", "unequal
// weights" or both, since the theorems are about independent jobs and the
// unweighted total response; "" when they may apply.
func GuaranteesNone(in *instances.Instance) string {
	var why []string
	if in.HasDependencies() {
		why = append(why, "dependencies")
	}
	if in.HasWeights() {
		why = append(why, "unequal weights")
	}
	return strings.Join(why, " and ")
}

// Ratio bases.
const (
	BasisOPT   = "opt"
	BasisLower = "lower_bound"
)

// MethodResult is one method on one instance.
type MethodResult struct {
	Method        string      `json:"method"`
	Kind          string      `json:"kind"`
	Status        string      `json:"status"`
	TotalResponse tabular.Num `json:"total_response"`
	MeanResponse  tabular.Num `json:"mean_response"`
	LowerBound    tabular.Num `json:"lower_bound"`
	// Ratio is TotalResponse / OPT, or / the best lower bound when OPT is
	// unknown (RatioBasis "lower_bound": then an over-estimate).
	Ratio          tabular.Num `json:"ratio"`
	RatioBasis     string      `json:"ratio_basis,omitempty"`
	Guarantee      tabular.Num `json:"guarantee_ratio"`
	GuaranteeCheck string      `json:"guarantee_check,omitempty"`
	Note           string      `json:"note,omitempty"`
}

// InstanceResult is the report of one instance.
type InstanceResult struct {
	Name  string      `json:"instance"`
	N     int         `json:"n"`
	Batch bool        `json:"batch"`
	Alpha tabular.Num `json:"alpha"`
	Beta  tabular.Num `json:"beta"`
	// MaxSRPTGuarantee and SplitSRPTGuarantee are NaN (null) when
	// GuaranteesNone says why the theorems do not apply.
	MaxSRPTGuarantee   tabular.Num `json:"maxsrpt_guarantee_ratio"`
	SplitSRPTGuarantee tabular.Num `json:"splitsrpt_guarantee_ratio"`
	GuaranteesNone     string      `json:"guarantees_none,omitempty"`
	OPT                tabular.Num `json:"opt"`
	OPTStatus          string      `json:"opt_status"`
	// OPTProof says how OPT was proven (Outcome.Proof of the method that
	// proved it: "float search", "MIP", "float bound").
	OPTProof    string         `json:"opt_proof,omitempty"`
	BestLower   tabular.Num    `json:"best_lower_bound"`
	BestLowerBy string         `json:"best_lower_bound_by,omitempty"`
	BestUpper   tabular.Num    `json:"best_upper_bound"`
	BestUpperBy string         `json:"best_upper_bound_by,omitempty"`
	Gap         tabular.Num    `json:"gap"`
	Methods     []MethodResult `json:"methods"`
	Violations  []string       `json:"violations,omitempty"`
	// Errors lists methods that failed to run (not a verdict on the others).
	Errors []string `json:"errors,omitempty"`
}

// Evaluate runs the methods on in, in order (each sees the outcomes before
// it in env.Prior), and assembles the instance's report. The outcomes are
// returned too (they carry the schedules when env.Record).
//
// With env.Deadline, Evaluate returns by it: each method that uses time
// (TimeUser) gets an equal share of the time that remains when it starts
// (Share: (deadline − now)/the time users still to run), the others all
// that remains; a method still running at the end of its time is
// abandoned (status "time_limit"), and one that would start at or after
// the deadline is skipped with a note. Without it, every method gets
// env.TimeLimit.
func Evaluate(ctx context.Context, name string, in *instances.Instance, methods []Method, env Env) (InstanceResult, []Outcome, error) {
	if err := in.Validate(); err != nil {
		return InstanceResult{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	var outs []Outcome
	var invalid, failed []string
	users := 0
	for _, m := range methods {
		if needsTime(m, in) {
			users++
		}
	}
	// keep hands an outcome to env.Finished and appends it.
	keep := func(o Outcome) error {
		if env.Finished != nil {
			if err := env.Finished(o); err != nil {
				return err
			}
		}
		outs = append(outs, o)
		return nil
	}
	for _, m := range methods {
		e := env
		e.Prior = outs
		var (
			o   Outcome
			err error
		)
		if env.Deadline.IsZero() {
			o, err = m.Run(ctx, in, e)
		} else {
			user := needsTime(m, in)
			t := env.now()
			share := Share(env.Deadline, t, users, user)
			if user {
				users--
			}
			if share <= 0 {
				if err := keep(skipped(m, "no time left: the time limit ended before it could start")); err != nil {
					return InstanceResult{}, nil, err
				}
				continue
			}
			e.Start, e.TimeLimit = t, share
			o, err = runBy(ctx, m, in, e, t.Add(share))
		}
		if err == nil && env.Validate && o.Schedule != nil && !math.IsNaN(o.Total) {
			err = checkSchedule(in, o.Schedule, o.Total)
		}
		if err != nil {
			if ctx.Err() != nil {
				return InstanceResult{}, nil, ctx.Err() // the whole run was interrupted
			}
			// A failing method does not sink the report: its row says what
			// happened. Running out of the time limit without a result is
			// a status; an invalid schedule is a violation (a bug); any
			// other failure is an error, reported loudly.
			o = Outcome{Method: m.Name(), Kind: m.Kind(), Status: "error", Total: math.NaN(), Lower: math.NaN(), Note: err.Error()}
			switch {
			case errors.Is(err, ErrSchedule):
				invalid = append(invalid, fmt.Sprintf("%s: %v", m.Name(), err))
			case (env.TimeLimit > 0 || !env.Deadline.IsZero()) && (errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "time limit")):
				o.Status = "time_limit"
			default:
				failed = append(failed, fmt.Sprintf("%s: %v", m.Name(), err))
			}
		}
		if o.Method == "" {
			o.Method = m.Name()
		}
		if err := keep(o); err != nil {
			return InstanceResult{}, nil, err
		}
	}
	r := Assemble(name, in, outs)
	r.Violations = append(r.Violations, invalid...)
	r.Errors = failed
	return r, outs, nil
}

// Assemble computes OPT or the best bounds, ratios and guarantee checks
// from the outcomes of the methods on in.
func Assemble(name string, in *instances.Instance, outs []Outcome) InstanceResult {
	nan := tabular.Num(math.NaN())
	alpha, beta := bounds.Alpha(in), bounds.Beta(in)
	r := InstanceResult{
		Name: name, N: in.N(), Batch: in.IsBatch(),
		Alpha: tabular.Num(alpha), Beta: tabular.Num(beta),
		MaxSRPTGuarantee:   tabular.Num(bounds.MaxSRPTGuarantee(alpha)),
		SplitSRPTGuarantee: tabular.Num(bounds.SplitSRPTGuarantee(beta)),
		OPT:                nan, OPTStatus: "unknown", BestLower: nan, BestUpper: nan, Gap: nan,
		GuaranteesNone: GuaranteesNone(in),
	}
	if r.GuaranteesNone != "" {
		r.MaxSRPTGuarantee, r.SplitSRPTGuarantee = nan, nan
	}
	n := float64(in.N())
	lower, upper := math.Inf(-1), math.Inf(1)
	opt := math.NaN()
	for _, o := range outs {
		if !math.IsNaN(o.Lower) && o.Lower > lower {
			lower, r.BestLowerBy = o.Lower, o.Method
		}
		if !math.IsNaN(o.Total) && o.Total < upper {
			upper, r.BestUpperBy = o.Total, o.Method
		}
		if o.Optimal && !math.IsNaN(o.Total) && (math.IsNaN(opt) || o.Total < opt) {
			opt, r.OPTProof = o.Total, o.Proof
		}
	}
	if !math.IsInf(lower, -1) {
		r.BestLower = tabular.Num(lower)
	}
	if !math.IsInf(upper, 1) {
		r.BestUpper = tabular.Num(upper)
	}
	if !math.IsNaN(opt) {
		r.OPT, r.OPTStatus = tabular.Num(opt), "optimal"
		// An optimum is a lower bound too.
		if math.IsInf(lower, -1) || opt > lower {
			lower = opt
		}
	}
	if !math.IsInf(lower, -1) && !math.IsInf(upper, 1) && upper > 0 {
		r.Gap = tabular.Num(mip.Gap(upper, lower))
	}
	flag := func(format string, a ...any) {
		r.Violations = append(r.Violations, fmt.Sprintf(format, a...))
	}
	for _, o := range outs {
		mr := MethodResult{
			Method: o.Method, Kind: o.Kind.String(), Status: o.Status,
			TotalResponse: tabular.Num(o.Total), MeanResponse: tabular.Num(o.Total / n), LowerBound: tabular.Num(o.Lower),
			Ratio: nan, Guarantee: nan, Note: o.Note,
		}
		if !math.IsNaN(o.Total) {
			switch {
			case !math.IsNaN(opt):
				mr.Ratio, mr.RatioBasis = tabular.Num(o.Total/opt), BasisOPT
			case !math.IsInf(lower, -1) && lower > 0:
				mr.Ratio, mr.RatioBasis = tabular.Num(o.Total/lower), BasisLower
			}
			if !math.IsInf(lower, -1) && !tolerance.GE(o.Total, lower) {
				flag("%s: total response %v is below the lower bound %v of %s (one of them is wrong)", o.Method, o.Total, lower, r.BestLowerBy)
			}
		}
		if o.Optimal && !tolerance.LE(o.Total, upper) {
			flag("%s: claims optimum %v but %s found %v", o.Method, o.Total, r.BestUpperBy, upper)
		}
		var g float64
		switch o.Guarantee {
		case MaxSRPTGuarantee:
			g = float64(r.MaxSRPTGuarantee)
		case SplitSRPTGuarantee:
			g = float64(r.SplitSRPTGuarantee)
		}
		if o.Guarantee != NoGuarantee && r.GuaranteesNone != "" && !math.IsNaN(o.Total) {
			mr.GuaranteeCheck = CheckNone
		}
		if g > 0 && !math.IsNaN(o.Total) {
			mr.Guarantee = tabular.Num(g)
			switch {
			case !r.Batch:
				mr.GuaranteeCheck = CheckNA
			case !math.IsNaN(opt):
				if tolerance.LE(o.Total, g*opt) {
					mr.GuaranteeCheck = CheckOK
				} else {
					mr.GuaranteeCheck = CheckViolation
				}
			case !math.IsInf(lower, -1) && tolerance.LE(o.Total, g*lower):
				mr.GuaranteeCheck = CheckOK
			case !tolerance.LE(o.Total, g*upper):
				mr.GuaranteeCheck = CheckViolation
			default:
				mr.GuaranteeCheck = CheckUnknown
			}
			if mr.GuaranteeCheck == CheckViolation {
				ref, by := opt, "OPT"
				if math.IsNaN(opt) {
					ref, by = upper, "the schedule of "+r.BestUpperBy+" (≥ OPT)"
				}
				flag("%s: GUARANTEE VIOLATED: total %v > %v × %v (%s)", o.Method, o.Total, g, ref, by)
			}
		}
		r.Methods = append(r.Methods, mr)
	}
	return r
}

// Schedules maps method names to the schedules recorded for one instance.
func Schedules(outs []Outcome) map[string]*schedule.Schedule {
	m := map[string]*schedule.Schedule{}
	for _, o := range outs {
		if o.Schedule != nil {
			m[o.Method] = o.Schedule
		}
	}
	return m
}
