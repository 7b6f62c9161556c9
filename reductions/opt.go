package reductions

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// OptCheck compares the optimum of a Theorem 1 instance with its
// threshold y: by the theorem, OPT ≤ y exactly when the NMTS instance
// behind it has a solution (and then the reduction's schedule is optimal).
type OptCheck struct {
	Engine    string
	NMTS      bool     // the NMTS instance is solvable (a certificate exists)
	Y         *big.Int // the reduction's threshold
	OPT       float64  // smallest fixed-order LP value over all orders
	SecondOPT float64  // second smallest (over distinct orders)
	LPs       int      // fixed-order LPs solved
	Order     []string // job IDs in the optimal completion order
	Schedule  *schedule.Schedule
	Total     float64 // total response time of Schedule
	// Validate is "ok" or "FAIL: …" (validate.Check of Schedule).
	Validate string
	// Exact is the rational check of Schedule against the reduction
	// (feasible with total − y exactly, or the first violation), "-" when
	// the schedule cannot be made rational.
	Exact   string
	Elapsed time.Duration
}

// OptimumVsY solves the instance in (a Theorem 1 reduction) exactly by
// enumerating completion orders with the fixed-order LP on eng
// (worstcase.ExactOPTFull, so n ≤ worstcase.MaxExactN), validates the optimal
// schedule and checks it in exact arithmetic against the threshold y.
// progress, if set, receives the orders done so far.
func OptimumVsY(ctx context.Context, eng mip.Engine, in *instances.Instance, progress func(done, total int)) (*OptCheck, error) {
	r, cert, err := FromTandem(in)
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	ex, err := worstcase.ExactOPTFull(ctx, eng, in, progress)
	if err != nil {
		return nil, err
	}
	out := &OptCheck{Engine: eng.Name(), NMTS: cert != nil, Y: r.Y, OPT: ex.OPT, SecondOPT: ex.SecondOPT, LPs: ex.Solved,
		Schedule: ex.Best.Schedule, Total: ex.Best.Total, Validate: "ok", Exact: "-"}
	if _, err := validate.Check(in, ex.Best.Schedule); err != nil {
		out.Validate = "FAIL: " + err.Error()
	}
	if rs, err := rational.FromSchedule(ex.Best.Schedule); err == nil {
		if v, err := r.Check(rs); err == nil {
			if v.Feasible {
				out.Exact = "feasible, total − y = " + RatString(new(big.Rat).Sub(v.Total, new(big.Rat).SetInt(r.Y)))
			} else {
				out.Exact = fmt.Sprintf("infeasible (%d violations, first: %s)", len(v.Report.Violations), v.Report.Violations[0].String())
			}
		}
	}
	for _, j := range ex.Order {
		out.Order = append(out.Order, in.Jobs[j].ID)
	}
	out.Elapsed = time.Since(t0)
	return out, nil
}

// Table is the one-row summary 'mrsched reduce --opt' prints.
func (o *OptCheck) Table() *tabular.Table {
	yf, _ := new(big.Float).SetInt(o.Y).Float64()
	nm := "no"
	if o.NMTS {
		nm = "yes"
	}
	t := &tabular.Table{Header: []string{"engine", "nmts", "lps", "opt_lp", "y", "opt_minus_y", "rel_gap_to_y", "second_best_lp", "schedule_total", "validate", "exact_check", "opt_order", "seconds"}}
	t.Add(o.Engine, nm, fmt.Sprint(o.LPs), tabular.Float(o.OPT), o.Y.String(), tabular.Float(o.OPT-yf), tabular.Float((o.OPT-yf)/yf),
		tabular.Float(o.SecondOPT), tabular.Float(o.Total), o.Validate, o.Exact, strings.Join(o.Order, " "), tabular.Fixed(o.Elapsed.Seconds(), 1))
	return t
}

// RatString prints an exact rational as an integer when it is one, else as
// p/q followed by a 12-digit decimal.
func RatString(r *big.Rat) string {
	if r == nil {
		return "-"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.RatString() + " (≈" + r.FloatString(12) + ")"
}
