package whatif

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/schedule"
)

// Config is a what-if run on files, as 'mrsched evaluate' takes it: the
// instance, the plan (a schedule file or an order, exactly one), the noise
// and the replications.
type Config struct {
	Instance string  `flag:"instance,input,alias=i,required" usage:"tandem instance FILE the plan was made on (the estimated sizes)" arg:"FILE"`
	Schedule string  `flag:"schedule,input,alias=s" usage:"the plan: a schedule FILE ('mrsched solve --schedule'); its completion order is replayed" arg:"FILE"`
	Order    string  `flag:"order" usage:"the plan as a completion order: job ids or 0-based indices, comma-separated, first to complete first"`
	Sigma    float64 `flag:"sigma" usage:"σ of the log of each size's noise factor exp(σZ) (median 1)" rule:"NonNegative"`
	Reps     int     `flag:"reps" usage:"replications" rule:"AtLeastOne"`
	Seed     uint64  `flag:"seed" usage:"seed: replication r draws its sizes from PCG(seed, r)"`
	Workers  int     `flag:"workers" usage:"replications run in parallel, 0 for GOMAXPROCS (the output does not depend on it)" rule:"NonNegInt"`
	Top      int     `flag:"top" usage:"the late table shows the N jobs most likely late, 0 for all (JSON and CSV have all)" arg:"N" rule:"NonNegInt"`
}

// DefaultConfig returns the defaults: σ = 0.3, 200 replications, seed 1,
// GOMAXPROCS workers, the 10 jobs most likely late.
func DefaultConfig() Config { return Config{Sigma: 0.3, Reps: 200, Seed: 1, Top: 10} }

// Validate checks the configuration; an error names the field as its flag
// (a *report.ConfigError).
func (c Config) Validate() error {
	switch {
	case c.Instance == "":
		return &report.ConfigError{Field: "instance", Err: errors.New("want the instance FILE")}
	case (c.Schedule == "") == (c.Order == ""):
		return &report.ConfigError{Field: "schedule", Err: errors.New("give the plan as exactly one of --schedule FILE and --order LIST")}
	case c.Top < 0:
		return &report.ConfigError{Field: "top", Err: errors.New("want 0 (all) or more")}
	}
	return c.options().Validate()
}

func (c Config) options() Options {
	return Options{Sigma: c.Sigma, Reps: c.Reps, Seed: c.Seed, Workers: c.Workers}
}

// Run reads the instance and the plan and runs the what-if (Run).
func (c Config) Run(ctx context.Context) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	in, err := instances.ReadFile(c.Instance)
	if err != nil {
		return nil, err
	}
	plan := Plan{Source: "order", Planned: math.NaN()}
	switch {
	case c.Schedule != "":
		if plan, err = schedulePlan(in, c.Instance, c.Schedule); err != nil {
			return nil, err
		}
	default:
		if plan.Order, err = instances.ParseOrder(in, c.Order); err != nil {
			return nil, &report.ConfigError{Field: "order", Err: err}
		}
	}
	res, err := Run(ctx, in, plan, c.options())
	if err != nil {
		return nil, err
	}
	res.Top = c.Top
	return res, nil
}

// schedulePlan is the plan of the schedule file at path: a schedule
// (schedule.ReadFile) or an exact schedule ('solve --exact --schedule',
// rational.ReadScheduleFile), whose completion times are ordered exactly
// as fractions.
func schedulePlan(in *instances.Instance, instancePath, path string) (Plan, error) {
	var (
		c     []float64
		order []int
		err   error
	)
	if rational.IsScheduleFile(path) {
		var rin *rational.Instance
		var s *rational.Schedule
		if rin, err = rational.ReadFile(instancePath); err == nil {
			s, err = rational.ReadScheduleFile(path, rin)
		}
		if err != nil {
			return Plan{}, err
		}
		if len(s.Completion) != in.N() {
			return Plan{}, fmt.Errorf("%w: %s: %d completion times for %d jobs", ErrPlan, path, len(s.Completion), in.N())
		}
		c = make([]float64, len(s.Completion))
		for j, r := range s.Completion {
			c[j], _ = r.Float64()
		}
		order, err = completionOrder(in, func(a, b int) int { return s.Completion[a].Cmp(s.Completion[b]) })
	} else {
		var s *schedule.Schedule
		if s, err = schedule.ReadFile(path, in); err != nil {
			return Plan{}, err
		}
		c = s.Completion
		order, err = CompletionOrder(in, c)
	}
	if err != nil {
		return Plan{}, err
	}
	return Plan{Order: order, Source: path, Planned: in.WeightedResponse(c)}, nil
}
