package study

import (
	"bytes"
	"context"
	"errors"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// ReduceConfig configures Reduce ('mrsched reduce nmts'; Lin et al.
// Theorem 1, appendix A).
type ReduceConfig struct {
	Instance string // NMTS instance file (JSON)
	// Out is the file the reduced tandem instance is written to (JSON; CSV
	// when it ends in .csv).
	Out string
	// ScheduleOut is the file the certificate schedule of a yes-instance
	// is written to ("": reductions.CertificatePath(Out)).
	ScheduleOut string
	// A and M replace the smallest admissible A (≥ the minimum) and M
	// (≥ 9qA) when not nil.
	A, M *big.Int
	// Protect lists files never written over (the caller's inputs).
	Protect []string
	// Context, when not nil, stops the exact NMTS search.
	Context context.Context
}

// Reduce reduces the NMTS instance of cfg (reductions.BuildFile), writes
// the tandem instance to cfg.Out and, for a yes-instance, its certificate
// schedule; Output.View is the reduction's table (reductions.Built.Table)
// and Output.Files the files written, in order.
func Reduce(cfg ReduceConfig) (*report.Output, error) {
	b, err := reductions.BuildFile(cfg.Instance, reductions.Options{A: cfg.A, M: cfg.M, Context: cfg.Context})
	if err != nil {
		return nil, err
	}
	out := &report.Output{View: &tabular.View{Tables: []*tabular.Table{b.Table()}}}
	err = out.Save(cfg.Out, instances.File{Instance: b.Tandem}, cfg.Protect)
	if err == nil && b.Yes {
		path := cfg.ScheduleOut
		if path == "" {
			path = reductions.CertificatePath(cfg.Out)
		}
		err = out.Save(path, schedule.File{In: b.Tandem, Schedule: b.Schedule}, cfg.Protect)
	}
	return out, err
}

// ReduceVerifyConfig configures ReduceVerify ('mrsched reduce verify').
type ReduceVerifyConfig struct {
	Instance string // reduced tandem instance file ('mrsched reduce nmts')
	// Schedule is the schedule file checked ("": the certificate recorded
	// in the instance).
	Schedule string
}

// ReduceVerify checks a schedule of a reduced instance against its
// threshold y in exact arithmetic (reductions.VerifyFile): Output.View is
// the check's table, Output.Found its first violations in words and
// Output.Failed the reductions.ErrNotHolds when the claim does not hold
// (with nothing to print when there is no certificate to check: a
// no-instance).
func ReduceVerify(cfg ReduceVerifyConfig) (*report.Output, error) {
	v, err := reductions.VerifyFile(cfg.Instance, cfg.Schedule)
	if errors.Is(err, reductions.ErrNotHolds) {
		return &report.Output{Failed: err}, nil
	}
	if err != nil {
		return nil, err
	}
	return &report.Output{View: &tabular.View{Tables: []*tabular.Table{v.Table}}, Found: v.Violations, Failed: v.Err}, nil
}

// ReduceOptConfig configures ReduceOpt ('mrsched reduce opt').
type ReduceOptConfig struct {
	Instance string // reduced tandem instance file ('mrsched reduce nmts')
	Engine   string // LP engine name (engine.Get)
	// ScheduleOut, when not "", is the file the optimal LP schedule is
	// written to (JSON; CSV when it ends in .csv).
	ScheduleOut string
	// Progress, when not nil, receives the orders done out of the total.
	Progress func(done, total int)
	// Protect lists files never written over (the caller's inputs).
	Protect []string
}

// ReduceOpt computes the optimum of a reduced instance by enumerating the
// completion orders (reductions.OptimumFile) and compares it with y;
// Output.View is reductions.OptCheck.Table.
func ReduceOpt(ctx context.Context, cfg ReduceOptConfig) (*report.Output, error) {
	in, res, err := reductions.OptimumFile(ctx, cfg.Instance, cfg.Engine, cfg.Progress)
	if err != nil {
		return nil, err
	}
	out := &report.Output{View: &tabular.View{Tables: []*tabular.Table{res.Table()}}}
	if cfg.ScheduleOut == "" {
		return out, nil
	}
	return out, out.Save(cfg.ScheduleOut, schedule.File{In: in, Schedule: res.Schedule}, cfg.Protect)
}

// SearchConfig configures Search ('mrsched search'; Lin et al. §6).
type SearchConfig struct {
	// Search is the hill climb per n (its Engine is set from Engine).
	Search reductions.WorstConfig
	Engine string // LP engine for the exact OPT (engine.Get), loaded when an n needs it
	// OutDir, when not "", is the folder the worst instance of each n is
	// saved in (reductions.WorstPath).
	OutDir string
	// Progress, when not nil, receives a line per restart and exact solve.
	Progress func(string)
	// Protect lists files never written over (the caller's inputs).
	Protect []string
}

// Search runs the worst-case search of cfg (reductions.Worst) and saves
// the instances found; Output.View is reductions.WorstTable. Errors of
// the search's fields wrap reductions.ErrConfig.
func Search(ctx context.Context, cfg SearchConfig) (*report.Output, error) {
	sc := cfg.Search
	sc.Engine = func() (mip.Engine, error) { return engine.Get(cfg.Engine) }
	founds, err := reductions.Worst(ctx, sc, cfg.Progress)
	if err != nil {
		return nil, err
	}
	out := &report.Output{View: &tabular.View{Tables: []*tabular.Table{reductions.WorstTable(founds)}}}
	for _, f := range founds {
		if cfg.OutDir == "" {
			break
		}
		if err := out.Save(reductions.WorstPath(cfg.OutDir, f), instances.File{Instance: f.Instance}, cfg.Protect); err != nil {
			return out, err
		}
	}
	return out, nil
}

// AdversaryYaoConfig configures AdversaryYao ('mrsched adversary-yao';
// Lin et al. Theorem 2, the randomised half).
type AdversaryYaoConfig struct {
	Sweep adversary.YaoConfig // the policies, the values of n and the context
	// Plot, when not "", is the base of the figure's files:
	// Plot.svg, and Plot.png with PNG (figures.SaveAdversaryYao).
	Plot string
	PNG  bool
	// Progress, when not nil, is called before each policy and n.
	Progress func(policy string, n int)
}

// AdversaryYao runs Yao's randomised adversary for every policy and n
// (adversary.YaoConfig.Sweep), draws the figure when asked and returns
// the table (adversary.YaoTable). Errors of the sweep's fields wrap
// adversary.ErrConfig.
func AdversaryYao(cfg AdversaryYaoConfig) (*tabular.Table, error) {
	ys, err := cfg.Sweep.Sweep(cfg.Progress)
	if err == nil && cfg.Plot != "" {
		_, err = figures.SaveAdversaryYao(ys, cfg.Plot, figures.Formats(cfg.PNG)...)
	}
	if err != nil {
		return nil, err
	}
	return adversary.YaoTable(ys), nil
}

// AdversaryConfig configures Adversary ('mrsched adversary'; Lin et al.
// Theorem 2, the deterministic adversary).
type AdversaryConfig struct {
	Sweep adversary.Config // the policies, the values of n and the context
	// CSV, when not "", is the file the table is also written to as CSV.
	CSV string
	// Plot, when not "", is the base of the figure's files:
	// Plot.svg, and Plot.png with PNG (figures.SaveAdversary).
	Plot string
	PNG  bool
	// Progress, when not nil, is called before each policy and n.
	Progress func(policy string, n int)
	// Protect lists files never written over (the caller's inputs).
	Protect []string
}

// Adversary plays the adversary of cfg against every policy and n
// (adversary.Run), writes the CSV table and the figure when asked and
// returns the table to print (adversary.Report.Write); Output.Files are
// the CSV file and then the figure's files ("A.svg and A.png"). When a
// file cannot be written the Output comes with the error: its table and
// the files written before still stand. Errors of the sweep's fields wrap
// adversary.ErrConfig.
func Adversary(cfg AdversaryConfig) (*report.Output, error) {
	r, err := adversary.Run(cfg.Sweep, cfg.Progress)
	if err != nil {
		return nil, err
	}
	out := &report.Output{Print: r.Write}
	if cfg.CSV != "" {
		var b bytes.Buffer
		err := r.Write(&b, tabular.CSV)
		if err == nil {
			err = fileio.WriteFileAtomic(cfg.CSV, b.Bytes(), fileio.Protect(cfg.Protect...))
		}
		if err != nil {
			return out, err
		}
		out.Files = append(out.Files, cfg.CSV)
	}
	if cfg.Plot != "" {
		files, err := figures.SaveAdversary(r.Results, cfg.Plot, figures.Formats(cfg.PNG)...)
		if err != nil {
			return out, err
		}
		out.Files = append(out.Files, strings.Join(files, " and "))
	}
	return out, nil
}
