package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/fluid/ratsim"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// SimulateConfig configures SimulateFile ('mrsched simulate').
type SimulateConfig struct {
	Instance string  // instance file (JSON, or CSV ending in .csv)
	Policy   string  // fluid.ParsePolicy's name
	K        int     // k of the k-LPS policies
	Order    string  // job indices, comma-separated, for the order policy
	Speed    float64 // factor multiplying both capacities
	Schedule string  // when not "", the fluid schedule is written there
	// Exact simulates in rational arithmetic (ratsim.Simulate, batches,
	// view ratsim.Result.View; the schedule is the exact schedule file);
	// K and Order do not apply and Speed must be 1.
	Exact   bool
	Protect []string
	// Context, when not nil, stops the simulation (fluid.ErrStopped):
	// a time limit or an interrupt, with no partial answer.
	Context context.Context
}

// SimulateFile simulates cfg.Policy on the instance in cfg.Instance
// (fluid.Simulate; view SimulateView) and writes the schedule to
// cfg.Schedule. Errors of Order and Policy are *ConfigError.
func SimulateFile(cfg SimulateConfig) (*Output, error) {
	if cfg.Exact {
		return simulateExactFile(cfg)
	}
	order, err := fluid.ParseOrder(cfg.Order)
	if err != nil {
		return nil, configErr("order", err)
	}
	p, err := fluid.ParsePolicy(cfg.Policy, cfg.K, order)
	if err != nil {
		return nil, configErr("policy", err)
	}
	in, err := instances.ReadFile(cfg.Instance)
	if err != nil {
		return nil, err
	}
	r, err := fluid.Simulate(in, p, fluid.Options{Speed: cfg.Speed, Record: cfg.Schedule != "", Context: cfg.Context})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Instance, err)
	}
	out := &Output{View: SimulateView(cfg.Instance, in, p, cfg.K, cfg.Speed, r)}
	return out, saveSchedule(&out.Files, cfg.Schedule, in, r.Schedule, cfg.Protect)
}

// simulateExactFile is SimulateFile with cfg.Exact.
func simulateExactFile(cfg SimulateConfig) (*Output, error) {
	if cfg.Speed != 0 && cfg.Speed != 1 {
		return nil, configErr("speed", fmt.Errorf("%w: exact simulation runs at speed 1 (scale the capacities in the instance instead)", ErrConfig))
	}
	if cfg.Order != "" {
		return nil, configErr("order", fmt.Errorf("%w: exact simulation has no order policy", ErrConfig))
	}
	in, err := rational.ReadFile(cfg.Instance)
	if err != nil {
		return nil, err
	}
	res, err := ratsim.Simulate(in, cfg.Policy)
	if errors.Is(err, ratsim.ErrPolicy) {
		return nil, configErr("policy", err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Instance, err)
	}
	return exactOutput(res.View(cfg.Instance, in), in, res.Schedule, cfg.Schedule, cfg.Protect)
}

// ValidateFiles checks the schedule in schedulePath against the instance
// in instancePath with the independent validator ('mrsched validate'; view
// ValidateView). A rejected schedule is Output.Failed (with the
// violations in the view), not an error.
func ValidateFiles(instancePath, schedulePath string) (*Output, error) {
	if rational.IsScheduleFile(schedulePath) {
		return validateExact(instancePath, schedulePath)
	}
	in, err := instances.ReadFile(instancePath)
	if err != nil {
		return nil, err
	}
	s, err := schedule.ReadFile(schedulePath, in)
	if err != nil {
		return nil, err
	}
	res, err := validate.Check(in, s)
	out := &Output{View: ValidateView(schedulePath, s, res, err)}
	if err != nil {
		out.Failed = fmt.Errorf("%s: %w", schedulePath, err)
	}
	return out, nil
}

// CompareConfig configures Compare ('mrsched compare'): the instance is
// the file Instance, else the §2.1 example (Example), else a batch of
// LogNormal jobs of the §5.3 workload drawn with Seed (CompareInstance).
type CompareConfig struct {
	Instance  string
	Example   bool
	LogNormal int
	Seed      uint64
	K         int     // k of the k-LPS policies
	Speed     float64 // factor multiplying both capacities
	// TimeLimit bounds the whole call, counted from Start (zero: the
	// call; 0: no limit): the policies run one after another, each with
	// an equal share of what remains of mip.Deadline(Start, TimeLimit)
	// when it starts; one still running at the end of its share is given
	// up and one that would start after the deadline is not run (its row
	// says skipped and why).
	TimeLimit time.Duration
	Start     time.Time
	// Now is the clock (nil: time.Now); tests inject one.
	Now func() time.Time
	// Context, when not nil, interrupts the comparison: the policies not
	// finished when it is cancelled (SIGINT, SIGTERM) get a row that says
	// so, and the others keep theirs.
	Context context.Context
}

// Compare runs every tandem policy (fluid.ComparePolicies) on the chosen
// instance and validates each schedule (view CompareView) within the time
// limit; a schedule the validator rejects is Output.Failed.
func Compare(cfg CompareConfig) (*Output, error) {
	env := Env{Now: cfg.Now}
	start := cfg.Start
	if start.IsZero() {
		start = env.now()
	}
	in, name, err := CompareInstance(cfg.Instance, cfg.Example, cfg.LogNormal, cfg.Seed)
	if err != nil {
		return nil, err
	}
	deadline := mip.Deadline(start, cfg.TimeLimit)
	ctx := cfg.Context
	if ctx == nil {
		ctx = context.Background()
	}
	var cmp []fluid.Comparison
	policies := fluid.ComparePolicies(cfg.K)
	for i, p := range policies {
		if ctx.Err() != nil {
			cmp = append(cmp, fluid.Comparison{Policy: p.Name(), Skipped: "interrupted before it started"})
			continue
		}
		if deadline.IsZero() {
			c, err := compareWithin(ctx, in, p, cfg.Speed, time.Duration(math.MaxInt64))
			if err != nil {
				return nil, err
			}
			cmp = append(cmp, c)
			continue
		}
		// An equal share of what remains (Share): the O(n log n)
		// policies after processor sharing, whose schedule has O(n²)
		// rates, still get their turn.
		wait := Share(deadline, env.now(), len(policies)-i, true)
		if wait <= 0 {
			cmp = append(cmp, fluid.Comparison{Policy: p.Name(), Skipped: "no time left: the time limit ended before it could start"})
			continue
		}
		c, err := compareWithin(ctx, in, p, cfg.Speed, wait)
		if err != nil {
			return nil, err
		}
		cmp = append(cmp, c)
	}
	v, bad := CompareView(name, in, cfg.Speed, cmp)
	return &Output{View: v, Failed: bad}, nil
}

// MIPConfig configures SolveMIPFile ('mrsched mip solve').
type MIPConfig struct {
	File   string // model file, LP (CPLEX) or free MPS format
	Engine string // engine name ("": engine.DefaultName)
	// Options of the solve: time limit, relative gap, seed, log.
	Options mip.Options
	// Start is when the time limit began (zero: the call).
	Start time.Time
	All   bool // list every column, zeros too
	Duals bool // list the row duals of an LP
}

// SolveMIPFile reads and solves the model in cfg.File with cfg.Engine
// (engine.SolveFile; view SolutionView). Engine errors are *ConfigError.
func SolveMIPFile(ctx context.Context, cfg MIPConfig) (*Output, error) {
	eng, err := engine.Lazy(cfg.Engine)
	if err != nil {
		return nil, configErr("engine", err)
	}
	data, err := fileio.ReadTextFile(cfg.File, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", mip.ErrRead, err)
	}
	start := cfg.Start
	if start.IsZero() {
		start = time.Now()
	}
	ctx, cancel := engine.CommandContext(ctx, start, cfg.Options.TimeLimit)
	defer cancel()
	m, r, err := engine.SolveFile(ctx, eng, cfg.File, data, cfg.Options)
	if err != nil {
		return nil, err
	}
	return &Output{View: SolutionView(engine.NewSolution(cfg.File, eng.Name(), m, r, cfg.All, cfg.Duals))}, nil
}

// BoundsConfig configures BoundsFile.
type BoundsConfig struct {
	Instance string // the instance file
	Engine   string // LP engine name ("" the default)
	NoLP     bool   // skip the LP relaxation
	// TimeLimit bounds the whole computation from Start (0: none); the LP
	// relaxation gets what is left after the other bounds, less
	// mip.OutputMargin, and is reported as failed when it runs out.
	TimeLimit time.Duration
	Start     time.Time
}

// DefaultBoundsTimeLimit is the bound command's default time limit.
const DefaultBoundsTimeLimit = 60 * time.Second

// BoundsFile is every lower bound of the instance in cfg.Instance
// (AllBounds; view BoundsView), the LP relaxation solved with cfg.Engine
// unless cfg.NoLP. Unknown engines are *ConfigError; a failed LP
// relaxation (the engine rejects the model, the time limit ends) leaves
// the other bounds in the view and is the Output's Failed check.
func BoundsFile(ctx context.Context, cfg BoundsConfig) (*Output, error) {
	path, engineName, noLP := cfg.Instance, cfg.Engine, cfg.NoLP
	if d := mip.Deadline(cfg.Start, cfg.TimeLimit); !d.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d)
		defer cancel()
	}
	in, err := instances.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var eng mip.Engine
	if !noLP {
		if eng, err = engine.Get(engineName); err != nil {
			return nil, configErr("engine", err)
		}
	}
	rows, err := AllBounds(ctx, in, eng)
	if errors.Is(err, ErrBoundFailed) {
		// The bounds that need no engine are still the answer; the
		// failed one is a failed check (exit status 2).
		return &Output{View: BoundsView(rows), Failed: err}, nil
	}
	return &Output{View: BoundsView(rows)}, err
}

// ExportFile is the exact MIP of the instance in path (mipform.Build;
// with releaseForm the release-date formulation even for a batch), printed
// in CPLEX LP format when lp is set, else in free MPS format.
func ExportFile(path string, lp, releaseForm bool) (*Output, error) {
	in, err := instances.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if est := mipform.EstimateNonzeros(in, releaseForm); est > mipform.MaxExportNonzeros {
		return nil, fmt.Errorf("%w: %s: the exact MIP of these %d jobs would have about %.3g nonzeros (about %s of model text, %s of memory to build), above the export limit of %d (up to about 30 jobs with release dates, 135 in a batch); export a smaller instance",
			ErrTooLarge, path, in.N(), est, humanBytes(30*est), humanBytes(110*est), mipform.MaxExportNonzeros)
	}
	f, err := mipform.Build(in, releaseForm)
	if err != nil {
		return nil, err
	}
	write := mip.WriteMPS
	if lp {
		write = mip.WriteLP
	}
	return &Output{Print: func(w io.Writer, _ tabular.Format) error { return write(w, f.Model) }}, nil
}

// ErrTooLarge is wrapped by the error of ExportFile for a model above
// mipform.MaxExportNonzeros.
var ErrTooLarge = errors.New("report: model too large to export")

// humanBytes writes a byte count in MB or GB (powers of 1000).
func humanBytes(b float64) string {
	if b >= 1e9 {
		return fmt.Sprintf("%.3g GB", b/1e9)
	}
	return fmt.Sprintf("%.3g MB", b/1e6)
}

// compareWithin simulates and validates p (fluid.Compare) on its own
// goroutine and gives up when it has not finished after wait: the
// comparison then says so in Skipped (the simulation runs on, unobserved).
func compareWithin(ctx context.Context, in *instances.Instance, p fluid.Policy, speed float64, wait time.Duration) (fluid.Comparison, error) {
	type result struct {
		c   []fluid.Comparison
		err error
	}
	done := make(chan result, 1)
	go func() {
		c, err := fluid.Compare(in, []fluid.Policy{p}, speed)
		done <- result{c, err}
	}()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case r := <-done:
		if r.err != nil {
			return fluid.Comparison{}, r.err
		}
		return r.c[0], nil
	case <-t.C:
		return fluid.Comparison{Policy: p.Name(), Skipped: "not finished by the time limit"}, nil
	case <-ctx.Done():
		return fluid.Comparison{Policy: p.Name(), Skipped: "interrupted"}, nil
	}
}
