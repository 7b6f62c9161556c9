package highs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
	"github.com/tetratelabs/wazero/api"
)

// Engine solves models with HiGHS. It keeps a pool of instances of one
// compiled Module; it is safe for concurrent use, each concurrent solve
// using its own instance. The zero value is not usable; call New.
type Engine struct {
	// MemoryLimit caps each instance's linear memory in bytes (0: the
	// build's maximum, 2 GiB). A solve that needs more ends with an error
	// wrapping ErrAbort.
	MemoryLimit uint64
	// HardStopGrace is how long a cancelled solve may take to stop by
	// itself before its instance is closed (0: DefaultHardStopGrace). A
	// solve stopped so ends with status TimeLimit (deadline) or
	// Interrupted (cancellation) and no solution.
	HardStopGrace time.Duration
	// MaxIdle bounds the idle instances kept for reuse (0: GOMAXPROCS).
	MaxIdle int
	// MaxIdleMemory: an instance whose memory grew beyond this many bytes
	// is not kept (0: DefaultMaxIdleMemory).
	MaxIdleMemory uint64
	// ReadTimeout bounds ReadModel when the context has no earlier
	// deadline (0: DefaultReadTimeout): HiGHS's fixed-format MPS reader can
	// loop forever on some malformed files (found by FuzzReadModel).
	ReadTimeout time.Duration

	mod  *Module
	mu   sync.Mutex
	idle []*instance
}

// Defaults of the Engine's fields.
const (
	DefaultHardStopGrace = 500 * time.Millisecond
	DefaultMaxIdleMemory = 256 << 20
	DefaultReadTimeout   = 2 * time.Minute
)

// New returns an engine over the process-wide Module (see Load).
func New() (*Engine, error) {
	m, err := Load()
	if err != nil {
		return nil, err
	}
	return NewWithModule(m), nil
}

// NewWithModule returns an engine over m.
func NewWithModule(m *Module) *Engine { return &Engine{mod: m} }

// Module returns the engine's module.
func (e *Engine) Module() *Module { return e.mod }

// Name returns "highs".
func (e *Engine) Name() string { return "highs" }

// get takes an idle instance or makes a new one.
func (e *Engine) get(ctx context.Context) (*instance, error) {
	e.mu.Lock()
	if n := len(e.idle); n > 0 {
		in := e.idle[n-1]
		e.idle = e.idle[:n-1]
		e.mu.Unlock()
		return in, nil
	}
	e.mu.Unlock()
	return e.mod.newInstance(ctx, e.MemoryLimit)
}

// put returns a healthy instance to the pool, or discards it.
func (e *Engine) put(in *instance, healthy bool) {
	maxMem := e.MaxIdleMemory
	if maxMem == 0 {
		maxMem = DefaultMaxIdleMemory
	}
	if !healthy || in.abort != nil || in.skew.Load() != 0 || in.stop.Load() || uint64(in.mod.Memory().Size()) > maxMem {
		in.close()
		return
	}
	in.log = nil
	clear(in.files)
	clear(in.fds)
	maxIdle := e.MaxIdle
	if maxIdle <= 0 {
		maxIdle = runtime.GOMAXPROCS(0)
	}
	e.mu.Lock()
	if len(e.idle) < maxIdle {
		e.idle = append(e.idle, in)
		in = nil
	}
	e.mu.Unlock()
	if in != nil {
		in.close()
	}
}

// Close releases the idle instances. The engine stays usable.
func (e *Engine) Close() {
	e.mu.Lock()
	idle := e.idle
	e.idle = nil
	e.mu.Unlock()
	for _, in := range idle {
		in.close()
	}
}

// cancelSkew is added to the clocks HiGHS reads once the solve's context is
// done (about 31 years, in nanoseconds), far beyond cancellableTimeLimit.
const (
	cancelSkew           = int64(1e18)
	cancellableTimeLimit = 1e8 // seconds; used when the context can be cancelled but there is no limit
)

// afterCancelHook, when set (by tests), runs first in the function that
// turns the context's cancellation into a clock jump: tests use it to hold
// that function at the point where it may race with the end of the solve.
var afterCancelHook func()

// cancelDoneHook, when set (by tests), runs when that function returns, so
// that tests can wait for it instead of sleeping.
var cancelDoneHook func()

// session runs one solve on an instance: it carries the instance in the
// context and turns cancellation of ctx into a clock jump (HiGHS stops at
// its next time check) and, after the grace period, into a hard stop at the
// next import call (stopCheck).
//
// On an instance of the read module (compiled with wazero's close-on-done
// checks) the returned context is also cancelled after the grace period,
// which closes the instance wherever it is.
func (e *Engine) session(ctx context.Context, in *instance, log io.Writer) (context.Context, func()) {
	in.log = log
	grace := e.HardStopGrace
	if grace <= 0 {
		grace = DefaultHardStopGrace
	}
	hard, cancelHard := context.WithCancelCause(context.WithoutCancel(ctx))
	// The cancellation callback runs on its own goroutine and may still be
	// running when the solve ends (context.AfterFunc's stop then returns
	// false without waiting). Everything it and its timer do to the
	// instance happens under mu and only while the session is open
	// (!ended), so that nothing reaches the instance after the returned
	// func has run: before, a context cancelled as a solve ended could jump
	// the clocks of (and later hard-stop) an instance already back in the
	// pool, whose next solve with a deadline then ended at once with
	// "time limit" or ErrAbort (TestCancelAtSolveEndDoesNotLeak).
	var (
		mu    sync.Mutex
		ended bool
		timer *time.Timer
	)
	stop := context.AfterFunc(ctx, func() {
		if cancelDoneHook != nil {
			defer cancelDoneHook()
		}
		if afterCancelHook != nil {
			afterCancelHook()
		}
		mu.Lock()
		defer mu.Unlock()
		if ended {
			return
		}
		in.skew.Store(cancelSkew)
		timer = time.AfterFunc(grace, func() {
			mu.Lock()
			defer mu.Unlock()
			if ended {
				return
			}
			cause := context.Cause(ctx)
			in.stopCause.Store(&cause)
			in.stop.Store(true)
			cancelHard(cause)
		})
	})
	return context.WithValue(hard, ctxKey{}, in), func() {
		stop()
		mu.Lock()
		ended = true
		if timer != nil {
			timer.Stop()
		}
		mu.Unlock()
		cancelHard(nil)
	}
}

// HiGHS model status codes (highs_c_api.h).
const (
	hmsNotset                = 0
	hmsLoadError             = 1
	hmsModelError            = 2
	hmsPresolveError         = 3
	hmsSolveError            = 4
	hmsPostsolveError        = 5
	hmsModelEmpty            = 6
	hmsOptimal               = 7
	hmsInfeasible            = 8
	hmsUnboundedOrInfeasible = 9
	hmsUnbounded             = 10
	hmsObjectiveBound        = 11
	hmsObjectiveTarget       = 12
	hmsTimeLimit             = 13
	hmsIterationLimit        = 14
	hmsUnknown               = 15
	hmsSolutionLimit         = 16
	hmsInterrupt             = 17
)

var modelStatusNames = map[int32]string{
	hmsNotset: "not set", hmsLoadError: "load error", hmsModelError: "model error",
	hmsPresolveError: "presolve error", hmsSolveError: "solve error", hmsPostsolveError: "postsolve error",
}

// statusOf maps the HiGHS model statuses that end a solve to mip's; the
// others (modelStatusNames) are errors.
var statusOf = map[int32]mip.Status{
	hmsOptimal: mip.Optimal, hmsInfeasible: mip.Infeasible, hmsUnboundedOrInfeasible: mip.InfeasibleOrUnbounded,
	hmsUnbounded: mip.Unbounded, hmsTimeLimit: mip.TimeLimit, hmsIterationLimit: mip.IterationLimit,
	hmsSolutionLimit: mip.SolutionLimit, hmsInterrupt: mip.Interrupted,
	hmsUnknown: mip.Unknown, hmsObjectiveBound: mip.Unknown, hmsObjectiveTarget: mip.Unknown,
}

// ErrSolver is wrapped by errors HiGHS reports about a model or a solve.
var ErrSolver = errors.New("highs: solver error")

// Solve solves m. See mip.Engine.
func (e *Engine) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	start := time.Now()
	if err := m.Validate(); err != nil {
		return mip.Result{Status: mip.Error}, err
	}
	if len(m.Vars) == 0 {
		r := mip.SolveEmpty(m)
		r.Time = time.Since(start)
		return r, nil
	}
	if err := ctx.Err(); err != nil {
		return mip.Result{Status: mip.Interrupted, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}, fmt.Errorf("highs: %w", err)
	}
	in, err := e.get(ctx)
	if err != nil {
		return mip.Result{Status: mip.Error}, err
	}
	sctx, done := e.session(ctx, in, opt.Log)
	r, err := e.solve(sctx, in, m, opt, ctx)
	if err == nil && r.Status == mip.InfeasibleOrUnbounded {
		// HiGHS's presolve may stop at "unbounded or infeasible". A second
		// solve with a zero objective decides: if the model is feasible it
		// is unbounded (for a MIP with rational data, a feasible MIP whose
		// relaxation is unbounded is unbounded: R. R. Meyer, Math. Prog. 7,
		// 1974).
		zero := &mip.Model{Name: m.Name, Vars: make([]mip.Var, len(m.Vars)), Rows: m.Rows}
		copy(zero.Vars, m.Vars)
		for j := range zero.Vars {
			zero.Vars[j].Obj = 0
		}
		var f mip.Result
		if f, err = e.solve(sctx, in, zero, opt, ctx); err == nil {
			switch f.Status {
			case mip.Optimal:
				r.Status = mip.Unbounded
			case mip.Infeasible:
				r.Status = mip.Infeasible
			}
		}
	}
	done()
	hard := err != nil && in.stop.Load()
	e.put(in, err == nil)
	if hard && ctx.Err() != nil {
		// The hard stop after the grace period: the solve ends at the
		// deadline (or cancellation) like HiGHS's own time limit, but
		// without a solution, which went with the closed instance. A
		// deadline is a promise, so this is a result, not an error.
		st := mip.TimeLimit
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			st = mip.Interrupted
		}
		r, err = mip.Result{Status: st, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}, nil
	}
	r.Time = time.Since(start)
	return r, err
}

// timeLimit returns HiGHS's time_limit in seconds for opt and ctx.
func timeLimit(ctx context.Context, opt mip.Options) float64 {
	tl := math.Inf(1)
	if opt.TimeLimit > 0 {
		tl = opt.TimeLimit.Seconds()
	}
	if d, ok := ctx.Deadline(); ok {
		tl = math.Min(tl, math.Max(time.Until(d).Seconds(), 0))
	}
	if math.IsInf(tl, 1) && ctx.Done() != nil {
		tl = cancellableTimeLimit
	}
	return tl
}

func (in *instance) setOption(ctx context.Context, kind byte, name string, v any) error {
	if len(name) >= 256 {
		return fmt.Errorf("highs: option name %q too long", name)
	}
	in.putString(in.scratch, name)
	var st uint64
	var err error
	switch kind {
	case 'b':
		b := uint64(0)
		if v.(bool) {
			b = 1
		}
		st, err = in.call(ctx, in.f.setBool, uint64(in.highs), uint64(in.scratch), b)
	case 'i':
		st, err = in.call(ctx, in.f.setInt, uint64(in.highs), uint64(in.scratch), uint64(uint32(v.(int32))))
	case 'd':
		st, err = in.call(ctx, in.f.setDouble, uint64(in.highs), uint64(in.scratch), math.Float64bits(v.(float64)))
	case 's':
		s := v.(string)
		if len(s) >= scratchSize-256 {
			return fmt.Errorf("highs: option value for %q too long", name)
		}
		in.putString(in.scratch+256, s)
		st, err = in.call(ctx, in.f.setString, uint64(in.highs), uint64(in.scratch), uint64(in.scratch+256))
	}
	if err != nil {
		return err
	}
	if int32(st) == -1 {
		return fmt.Errorf("%w: cannot set option %s = %v", ErrSolver, name, v)
	}
	return nil
}

// setOptions resets the Highs object and applies opt.
func (in *instance) setOptions(ctx context.Context, opt mip.Options, outer context.Context) error {
	if _, err := in.call(ctx, in.f.clear, uint64(in.highs)); err != nil {
		return err
	}
	gap := opt.RelGap
	if gap <= 0 {
		gap = mip.DefaultRelGap
	}
	seed := int32(opt.Seed & math.MaxInt32)
	for _, o := range []struct {
		kind byte
		name string
		v    any
	}{
		{'b', "output_flag", opt.Log != nil},
		{'d', "time_limit", timeLimit(outer, opt)},
		{'d', "mip_rel_gap", gap},
		{'i', "random_seed", seed},
	} {
		if err := in.setOption(ctx, o.kind, o.name, o.v); err != nil {
			return err
		}
	}
	if opt.AbsGap > 0 {
		return in.setOption(ctx, 'd', "mip_abs_gap", opt.AbsGap)
	}
	return nil
}

// info asks HiGHS (f, one of the Highs_get*InfoValue functions) for the
// info value called name and returns the address where HiGHS wrote it;
// kind names the value's type in the error.
func (in *instance) info(ctx context.Context, f api.Function, kind, name string) (uint32, error) {
	in.putString(in.scratch, name)
	st, err := in.call(ctx, f, uint64(in.highs), uint64(in.scratch), uint64(in.scratch+256))
	if err != nil {
		return 0, err
	}
	if int32(st) != 0 {
		return 0, fmt.Errorf("%w: no %s info %q", ErrSolver, kind, name)
	}
	return in.scratch + 256, nil
}

func (in *instance) intInfo(ctx context.Context, name string) (int32, error) {
	at, err := in.info(ctx, in.f.intInfo, "int", name)
	if err != nil {
		return 0, err
	}
	return getI32(in.view(at, 4), 0), nil
}

func (in *instance) doubleInfo(ctx context.Context, name string) (float64, error) {
	at, err := in.info(ctx, in.f.doubleInfo, "double", name)
	if err != nil {
		return 0, err
	}
	v := make([]float64, 1)
	getF64s(in.view(at, 8), v)
	return v[0], nil
}

func (in *instance) int64Info(ctx context.Context, name string) (int64, error) {
	at, err := in.info(ctx, in.f.int64Info, "int64", name)
	if err != nil {
		return 0, err
	}
	v, _ := in.mod.Memory().ReadUint64Le(at)
	return int64(v), nil
}

// block is one malloc'ed region split into aligned arrays.
type block struct {
	base uint32
	off  []uint32
}

func (in *instance) alloc(ctx context.Context, sizes ...int) (block, error) {
	var b block
	total := 0
	for _, s := range sizes {
		b.off = append(b.off, uint32(total))
		total += (s + 7) &^ 7
	}
	if total == 0 {
		total = 8
	}
	if total > math.MaxInt32 {
		return b, fmt.Errorf("highs: model too large for the 32-bit WebAssembly address space (%d bytes)", total)
	}
	p, err := in.call(ctx, in.f.malloc, uint64(total))
	if err != nil {
		return b, err
	}
	if p == 0 {
		return b, fmt.Errorf("%w: out of memory allocating %d bytes (memory limit %d MiB)", ErrAbort, total, in.memLimit>>20)
	}
	b.base = uint32(p)
	for i := range b.off {
		b.off[i] += b.base
	}
	return b, nil
}

// load passes m to the Highs object (row-wise matrix).
func (in *instance) load(ctx context.Context, m *mip.Model) error {
	n, nr, nz := len(m.Vars), len(m.Rows), m.NumNonzeros()
	isMIP := m.IsMIP()
	const (
		cost = iota
		clo
		cup
		rlo
		rup
		astart
		aindex
		avalue
		integ
	)
	b, err := in.alloc(ctx, 8*n, 8*n, 8*n, 8*nr, 8*nr, 4*nr, 4*nz, 8*nz, 4*n)
	if err != nil {
		return err
	}
	defer in.call(ctx, in.f.free, uint64(b.base))
	{
		c := in.view(b.off[cost], uint32(8*n))
		lo := in.view(b.off[clo], uint32(8*n))
		up := in.view(b.off[cup], uint32(8*n))
		ig := in.view(b.off[integ], uint32(4*n))
		for j, v := range m.Vars {
			l, u := m.Bounds(j)
			binaryPutF64(c, j, v.Obj)
			binaryPutF64(lo, j, l)
			binaryPutF64(up, j, u)
			t := int32(0)
			if v.Type != mip.Continuous {
				t = 1
			}
			putI32(ig, j, t)
		}
		rl := in.view(b.off[rlo], uint32(8*nr))
		ru := in.view(b.off[rup], uint32(8*nr))
		as := in.view(b.off[astart], uint32(4*nr))
		ai := in.view(b.off[aindex], uint32(4*nz))
		av := in.view(b.off[avalue], uint32(8*nz))
		k := 0
		for i, r := range m.Rows {
			binaryPutF64(rl, i, r.Lower)
			binaryPutF64(ru, i, r.Upper)
			putI32(as, i, int32(k))
			for t, j := range r.Ind {
				putI32(ai, k, int32(j))
				binaryPutF64(av, k, r.Val[t])
				k++
			}
		}
	}
	sense := uint64(1)
	if m.Sense == mip.Maximize {
		sense = uint64(uint32(0xFFFFFFFF)) // -1
	}
	args := []uint64{uint64(in.highs), uint64(n), uint64(nr), uint64(nz), 2 /* row-wise */, sense, math.Float64bits(m.Offset),
		uint64(b.off[cost]), uint64(b.off[clo]), uint64(b.off[cup]), uint64(b.off[rlo]), uint64(b.off[rup]),
		uint64(b.off[astart]), uint64(b.off[aindex]), uint64(b.off[avalue])}
	f := in.f.passLp
	if isMIP {
		f = in.f.passMip
		args = append(args, uint64(b.off[integ]))
	}
	st, err := in.call(ctx, f, args...)
	if err != nil {
		return err
	}
	if int32(st) == -1 {
		return fmt.Errorf("%w: HiGHS rejected the model %q (%d columns, %d rows)", ErrSolver, m.Name, n, nr)
	}
	return nil
}

func binaryPutF64(b []byte, i int, v float64) { putF64s(b[8*i:8*i+8], []float64{v}) }

// solve runs one solve on in. ctx is the session context, outer the
// caller's.
func (e *Engine) solve(ctx context.Context, in *instance, m *mip.Model, opt mip.Options, outer context.Context) (mip.Result, error) {
	r := mip.Result{Status: mip.Error, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	if err := in.setOptions(ctx, opt, outer); err != nil {
		return r, err
	}
	if err := in.load(ctx, m); err != nil {
		return r, err
	}
	// HiGHS's run clock is not reset by Highs_run or Highs_clear: on a
	// reused instance the time of every earlier run counted against this
	// run's time_limit, so pooled instances ended short LPs with "time
	// limit" once their accumulated run time passed the remaining time of
	// a deadline (highs_c_api.h, Highs_zeroAllClocks, which gives this
	// work-around; TestRunClockDoesNotCarryOver).
	if st, err := in.call(ctx, in.f.zeroClocks, uint64(in.highs)); err != nil {
		return r, err
	} else if int32(st) == -1 {
		return r, fmt.Errorf("%w: Highs_zeroAllClocks failed", ErrSolver)
	}
	if _, err := in.call(ctx, in.f.run, uint64(in.highs)); err != nil {
		return r, err
	}
	return in.collect(ctx, m.IsMIP(), len(m.Vars), len(m.Rows), outer)
}

// collect reads the status and solution after Highs_run.
func (in *instance) collect(ctx context.Context, isMIP bool, n, nr int, outer context.Context) (mip.Result, error) {
	r := mip.Result{Status: mip.Error, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	ms, err := in.call(ctx, in.f.modelStatus, uint64(in.highs))
	if err != nil {
		return r, err
	}
	st, ok := statusOf[int32(ms)]
	if !ok {
		return r, fmt.Errorf("%w: model status %d (%s)", ErrSolver, int32(ms), modelStatusNames[int32(ms)])
	}
	r.Status = st
	if r.Status == mip.TimeLimit && outer.Err() != nil && !errors.Is(outer.Err(), context.DeadlineExceeded) {
		r.Status = mip.Interrupted
	}
	ps, err := in.intInfo(ctx, "primal_solution_status")
	if err != nil {
		return r, err
	}
	ds, err := in.intInfo(ctx, "dual_solution_status")
	if err != nil {
		return r, err
	}
	r.HasSolution = ps == 2 // kHighsSolutionStatusFeasible
	if isMIP {
		if r.Nodes, err = in.int64Info(ctx, "mip_node_count"); err != nil {
			return r, err
		}
		if r.BestBound, err = in.doubleInfo(ctx, "mip_dual_bound"); err != nil {
			return r, err
		}
		if r.Gap, err = in.doubleInfo(ctx, "mip_gap"); err != nil {
			return r, err
		}
	}
	if r.HasSolution {
		const (
			cv = iota
			cd
			rv
			rd
		)
		b, err := in.alloc(ctx, 8*n, 8*n, 8*nr, 8*nr)
		if err != nil {
			return r, err
		}
		if _, err := in.call(ctx, in.f.solution, uint64(in.highs), uint64(b.off[cv]), uint64(b.off[cd]), uint64(b.off[rv]), uint64(b.off[rd])); err != nil {
			return r, err
		}
		r.X = make([]float64, n)
		getF64s(in.view(b.off[cv], uint32(8*n)), r.X)
		if !isMIP && ds == 2 && r.Status == mip.Optimal {
			r.RowDuals = make([]float64, nr)
			getF64s(in.view(b.off[rd], uint32(8*nr)), r.RowDuals)
		}
		if _, err := in.call(ctx, in.f.free, uint64(b.base)); err != nil {
			return r, err
		}
		ov, err := in.call(ctx, in.f.objective, uint64(in.highs))
		if err != nil {
			return r, err
		}
		r.Objective = math.Float64frombits(ov)
		if !isMIP {
			if r.Status == mip.Optimal {
				r.BestBound, r.Gap = r.Objective, 0
			}
		}
	}
	if !r.HasSolution && isMIP && math.IsInf(r.BestBound, 0) {
		r.Gap = math.Inf(1)
	}
	return r, nil
}

// ReadModel reads an LP or MPS file with HiGHS's own reader (through the
// in-memory file table) and returns the model. The format comes from the
// name's extension (.lp, .mps); name is used in messages. Semi-continuous
// columns are not supported.
func (e *Engine) ReadModel(ctx context.Context, name string, data []byte) (*mip.Model, error) {
	ext := ""
	switch low := strings.ToLower(name); {
	case strings.HasSuffix(low, ".lp"):
		ext = ".lp"
	case strings.HasSuffix(low, ".mps"):
		ext = ".mps"
	default:
		return nil, fmt.Errorf("highs: %s: unknown model format (want .lp or .mps)", name)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, fmt.Errorf("highs: %s: byte %d is NUL: not an LP or MPS text file", name, i)
	}
	rt := e.ReadTimeout
	if rt <= 0 {
		rt = DefaultReadTimeout
	}
	rm, err := e.mod.readModuleCtx(ctx)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, rt)
	defer cancel()
	in, err := rm.newInstance(ctx, e.MemoryLimit)
	if err != nil {
		return nil, err
	}
	var log strings.Builder
	sctx, done := e.session(ctx, in, &log)
	m, err := in.readModel(sctx, "/model"+ext, data)
	done()
	in.close()
	if err != nil {
		// HiGHS's messages without its banner, at most the last 2000 bytes.
		var lines []string
		for _, l := range strings.Split(log.String(), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "Running HiGHS") && !strings.HasPrefix(l, "Includes third-party") {
				lines = append(lines, l)
			}
		}
		msg := strings.Join(lines, "\n")
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		if msg != "" {
			return nil, fmt.Errorf("highs: reading %s: %w: %s", name, err, strings.ReplaceAll(msg, "\n", "; "))
		}
		return nil, fmt.Errorf("highs: reading %s: %w", name, err)
	}
	if m.Name == "" {
		m.Name = name
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("highs: reading %s: %w", name, err)
	}
	return m, nil
}

func (in *instance) readModel(ctx context.Context, path string, data []byte) (*mip.Model, error) {
	if _, err := in.call(ctx, in.f.clear, uint64(in.highs)); err != nil {
		return nil, err
	}
	if err := in.setOption(ctx, 'b', "output_flag", true); err != nil {
		return nil, err
	}
	in.files[path] = data
	in.putString(in.scratch, path)
	st, err := in.call(ctx, in.f.readModel, uint64(in.highs), uint64(in.scratch))
	delete(in.files, path)
	if err != nil {
		return nil, err
	}
	if int32(st) == -1 {
		return nil, fmt.Errorf("%w: HiGHS could not read the model", ErrSolver)
	}
	h := uint64(in.highs)
	nc, err := in.call(ctx, in.f.numCol, h)
	if err != nil {
		return nil, err
	}
	nrr, err := in.call(ctx, in.f.numRow, h)
	if err != nil {
		return nil, err
	}
	nzz, err := in.call(ctx, in.f.numNz, h)
	if err != nil {
		return nil, err
	}
	n, nr, nz := int(int32(nc)), int(int32(nrr)), int(int32(nzz))
	const (
		pn = iota
		pcost
		pclo
		pcup
		prlo
		prup
		pstart
		pindex
		pvalue
		pinteg
	)
	b, err := in.alloc(ctx, 32, 8*n, 8*n, 8*n, 8*nr, 8*nr, 4*(nr+1), 4*nz, 8*nz, 4*n)
	if err != nil {
		return nil, err
	}
	defer in.call(ctx, in.f.free, uint64(b.base))
	clear(in.view(b.off[pinteg], uint32(4*n)))
	p := b.off[pn]
	st, err = in.call(ctx, in.f.getLp, h, 2, uint64(p), uint64(p+4), uint64(p+8), uint64(p+12), uint64(p+16),
		uint64(b.off[pcost]), uint64(b.off[pclo]), uint64(b.off[pcup]), uint64(b.off[prlo]), uint64(b.off[prup]),
		uint64(b.off[pstart]), uint64(b.off[pindex]), uint64(b.off[pvalue]), uint64(b.off[pinteg]))
	if err != nil {
		return nil, err
	}
	if int32(st) == -1 {
		return nil, fmt.Errorf("%w: Highs_getLp failed", ErrSolver)
	}
	hdr := in.view(p, 24)
	m := &mip.Model{}
	if getI32(hdr, 3) == -1 {
		m.Sense = mip.Maximize
	}
	off := make([]float64, 1)
	getF64s(hdr[16:24], off)
	m.Offset = off[0]
	cost, clo, cup := make([]float64, n), make([]float64, n), make([]float64, n)
	getF64s(in.view(b.off[pcost], uint32(8*n)), cost)
	getF64s(in.view(b.off[pclo], uint32(8*n)), clo)
	getF64s(in.view(b.off[pcup], uint32(8*n)), cup)
	ig := in.view(b.off[pinteg], uint32(4*n))
	m.Vars = make([]mip.Var, n)
	for j := range m.Vars {
		v := mip.Var{Lower: clo[j], Upper: cup[j], Obj: cost[j]}
		switch t := getI32(ig, j); t {
		case 0:
		case 1, 4:
			v.Type = mip.Integer
			if v.Lower == 0 && v.Upper == 1 {
				v.Type = mip.Binary
			}
		default:
			return nil, fmt.Errorf("%w: column %d has integrality type %d (semi-continuous or semi-integer), which mip.Model does not support", ErrSolver, j, t)
		}
		m.Vars[j] = v
	}
	rlo, rup := make([]float64, nr), make([]float64, nr)
	getF64s(in.view(b.off[prlo], uint32(8*nr)), rlo)
	getF64s(in.view(b.off[prup], uint32(8*nr)), rup)
	as := in.view(b.off[pstart], uint32(4*nr))
	ai := in.view(b.off[pindex], uint32(4*nz))
	vals := make([]float64, nz)
	getF64s(in.view(b.off[pvalue], uint32(8*nz)), vals)
	m.Rows = make([]mip.Row, nr)
	for i := range m.Rows {
		s := int(getI32(as, i))
		end := nz
		if i+1 < nr {
			end = int(getI32(as, i+1))
		}
		if s < 0 || end > nz || s > end {
			return nil, fmt.Errorf("%w: Highs_getLp returned a bad row start", ErrSolver)
		}
		r := mip.Row{Lower: rlo[i], Upper: rup[i], Ind: make([]int, end-s), Val: append([]float64(nil), vals[s:end]...)}
		for k := s; k < end; k++ {
			r.Ind[k-s] = int(getI32(ai, k))
		}
		m.Rows[i] = r
	}
	if err := in.readNames(ctx, h, m); err != nil {
		return nil, err
	}
	return m, nil
}

// readNames sets the column and row names of m from the model that HiGHS
// holds (HiGHS keeps up to kHighsMaximumStringLength = 512 bytes).
func (in *instance) readNames(ctx context.Context, h uint64, m *mip.Model) error {
	nameAt := in.scratch + 512
	for j := range m.Vars {
		st, err := in.call(ctx, in.f.getColName, h, uint64(j), uint64(nameAt))
		if err != nil {
			return err
		}
		if int32(st) == 0 {
			m.Vars[j].Name = in.cstring(nameAt)
		}
	}
	for i := range m.Rows {
		st, err := in.call(ctx, in.f.getRowName, h, uint64(i), uint64(nameAt))
		if err != nil {
			return err
		}
		if int32(st) == 0 {
			m.Rows[i].Name = in.cstring(nameAt)
		}
	}
	return nil
}
