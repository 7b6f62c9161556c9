package highs

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

// require is highstest.Require, repeated here because highstest imports
// this package.
func require(t *testing.T) *Engine {
	t.Helper()
	return testenv.RequireHiGHS(t, New)
}

// checkNextSolveWorks solves the tiny MIP (optimum 1100, see
// miptest.TinyMIP) after a failure.
func checkNextSolveWorks(t *testing.T, e *Engine) {
	t.Helper()
	k := miptest.TinyMIP()
	r, err := e.Solve(context.Background(), k.Model, mip.Options{})
	if err != nil || r.Status != mip.Optimal || r.Objective != k.Objective {
		t.Fatalf("solve after the failure: %v %v %v, want optimal %v", r.Status, r.Objective, err, k.Objective)
	}
}

// A trap (an out-of-bounds memory access inside HiGHS) ends the call with
// an error wrapping ErrAbort; the instance is discarded and the next solve
// works.
func TestTrapIsContained(t *testing.T) {
	e := NewWithModule(require(t).Module())
	ctx := context.Background()
	in, err := e.get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Highs_getSolution writing to the last bytes of the 4 GiB address
	// space: out of bounds of the linear memory, so the wasm traps.
	k := miptest.TinyLP()
	if err := in.load(ctx, k.Model); err != nil {
		t.Fatal(err)
	}
	if _, err := in.call(ctx, in.f.run, uint64(in.highs)); err != nil {
		t.Fatal(err)
	}
	_, err = in.call(ctx, in.f.solution, uint64(in.highs), 0xFFFFFFF0, 0xFFFFFFF0, 0xFFFFFFF0, 0xFFFFFFF0)
	if !errors.Is(err, ErrAbort) {
		t.Fatalf("trap: error %v, want one wrapping ErrAbort", err)
	}
	e.put(in, false)
	checkNextSolveWorks(t, e)
}

// A C++ throw (here std::bad_alloc when the memory limit refuses to grow
// the heap) aborts the solve with an error naming the limit; the engine
// keeps working for models that fit.
func TestMemoryLimitIsContained(t *testing.T) {
	e := NewWithModule(require(t).Module())
	e.MemoryLimit = 40 << 20 // the module starts with 324 pages (20.25 MiB)
	rng := rand.New(rand.NewPCG(1, 2))
	big := miptest.Random(rng, 60000, 40, false) // about 1.4M nonzeros: ~30 MiB of input alone
	_, err := e.Solve(context.Background(), big, mip.Options{})
	if !errors.Is(err, ErrAbort) || !strings.Contains(err.Error(), "memory limit") {
		t.Fatalf("oversized model: error %v, want ErrAbort naming the memory limit", err)
	}
	checkNextSolveWorks(t, e)
}

// A time limit returns the best solution found, with status TimeLimit and
// its gap. The market split instance (Cornuéjols and Dawande 1999) with 5
// rows and 40 binaries is far from solved when the limit strikes; a
// feasible point (all zero, with slacks) is found at once. The run does not
// depend on the machine's speed: the limit is 3000 s and the log writer
// moves HiGHS's clocks forward by 100 s at every log line (skewWriter), so
// the limit strikes after a fixed amount of HiGHS's work.
func TestTimeLimitReturnsBestSolution(t *testing.T) {
	e := require(t)
	m := miptest.MarketSplit(rand.New(rand.NewPCG(5, 5)), 5)
	ctx := context.Background()
	in, err := e.mod.newInstance(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer in.close()
	w := skewWriter{in: in, step: 100e9}
	sctx, done := e.session(ctx, in, w)
	r, err := e.solve(sctx, in, m, mip.Options{TimeLimit: 3000 * time.Second, Log: w}, ctx)
	done()
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != mip.TimeLimit {
		t.Fatalf("status %v, want time limit", r.Status)
	}
	if !r.HasSolution || r.Gap <= 0 || math.IsInf(r.Gap, 0) || !(r.BestBound <= r.Objective) {
		t.Fatalf("time limit: has solution %v, objective %v, bound %v, gap %v; want a solution with a finite positive gap", r.HasSolution, r.Objective, r.BestBound, r.Gap)
	}
	if err := miptest.Feasible(m, r.X, 1e-6); err != nil {
		t.Fatal(err)
	}
}

// The context's deadline acts as a time limit, and cancelling the context
// stops the solve with status Interrupted and the best solution so far.
// Neither depends on the machine's speed: the deadline is an hour away and
// the log writer moves HiGHS's clocks forward by 1000 s at every line
// (skewWriter), so the solve reaches the deadline after a few lines; the
// cancellation happens at the solve's third log line.
func TestContextDeadlineAndCancel(t *testing.T) {
	e := require(t)
	m := miptest.MarketSplit(rand.New(rand.NewPCG(5, 5)), 5)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	in, err := e.mod.newInstance(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := skewWriter{in: in, step: 1000e9}
	sctx, done := e.session(ctx, in, w)
	r, err := e.solve(sctx, in, m, mip.Options{Log: w}, ctx)
	done()
	in.close()
	cancel()
	if err != nil || r.Status != mip.TimeLimit {
		t.Fatalf("deadline: %v %v, want time limit", r.Status, err)
	}
	if r.HasSolution {
		if err := miptest.Feasible(m, r.X, 1e-6); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	lines := 0
	logw := writerFunc(func(p []byte) (int, error) {
		if lines++; lines == 3 {
			cancel()
		}
		return len(p), nil
	})
	r, err = e.Solve(ctx, m, mip.Options{Log: logw})
	if err != nil || r.Status != mip.Interrupted {
		t.Fatalf("cancel: %v %v, want interrupted", r.Status, err)
	}
	checkNextSolveWorks(t, e)
}

// A solve whose context is already done does not start.
func TestCancelledBeforeStart(t *testing.T) {
	e := require(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := e.Solve(ctx, miptest.TinyMIP().Model, mip.Options{})
	if !errors.Is(err, context.Canceled) || r.Status != mip.Interrupted {
		t.Fatalf("got %v %v, want interrupted with context.Canceled", r.Status, err)
	}
}

// HiGHS's log goes to Options.Log.
func TestLog(t *testing.T) {
	e := require(t)
	var log strings.Builder
	if _, err := e.Solve(context.Background(), miptest.TinyMIP().Model, mip.Options{Log: &log}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "Running HiGHS 1.15.1") {
		t.Fatalf("log does not name HiGHS 1.15.1:\n%s", log.String())
	}
}

// The glue mapping read from highs.js matches what the issue established
// by reading the file: _Highs_create is export "F", the constructor is
// "v", and the 20 imports include a = __cxa_throw, q = emscripten_resize_heap.
func TestGlueMapping(t *testing.T) {
	m := require(t).Module()
	if got := m.glue.exports["Highs_create"]; got != "F" {
		t.Errorf("Highs_create → %q, want F", got)
	}
	if m.glue.ctor != "v" {
		t.Errorf("constructor %q, want v", m.glue.ctor)
	}
	if len(m.glue.imports) != 20 || m.glue.imports["a"] != "__cxa_throw" || m.glue.imports["q"] != "emscripten_resize_heap" {
		t.Errorf("imports %v", m.glue.imports)
	}
	if m.Version != "1.15.1" {
		t.Errorf("version %q, want 1.15.1", m.Version)
	}
}

func TestGlueErrors(t *testing.T) {
	for _, js := range []string{"", "var wasmImports={a:___cxa_throw};", "wasmImports={a:_x};function initRuntime(){wasmExports[\"v\"]()}"} {
		if _, err := parseGlue([]byte(js)); !errors.Is(err, errGlue) {
			t.Errorf("parseGlue(%q): %v, want errGlue", js, err)
		}
	}
}

// Missing files give ErrNotInstalled with the one-line install hint; a
// modified file gives ErrChecksum.
func TestFilesMissingAndChecksum(t *testing.T) {
	empty := t.TempDir()
	t.Setenv(EnvDir, empty)
	_, err := Find()
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "make setup") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Find with an empty %s: %v, want one line wrapping ErrNotInstalled that mentions make setup", EnvDir, err)
	}
	src := require(t).Module().Dir
	dir := t.TempDir()
	wasm, err := os.ReadFile(filepath.Join(src, WasmFile))
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(src, GlueFile))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, WasmFile), wasm, 0o644)
	os.WriteFile(filepath.Join(dir, GlueFile), append(js, ' '), 0o644)
	t.Setenv(EnvDir, dir)
	if d, err := Find(); err != nil || d != dir {
		t.Fatalf("Find: %q %v, want %q", d, err, dir)
	}
	if _, err := LoadDir(dir, ""); !errors.Is(err, ErrChecksum) {
		t.Fatalf("LoadDir with a modified highs.js: %v, want ErrChecksum", err)
	}
}

// The hard stop of a solve (after the grace period) aborts the call at its
// next clock or I/O import, and the engine discards the instance.
func TestHardStopAtImport(t *testing.T) {
	e := NewWithModule(require(t).Module())
	ctx := context.Background()
	in, err := e.get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := in.load(ctx, miptest.TinyMIP().Model); err != nil {
		t.Fatal(err)
	}
	cause := error(context.Canceled)
	in.stopCause.Store(&cause)
	in.stop.Store(true)
	_, err = in.call(ctx, in.f.run, uint64(in.highs))
	if !errors.Is(err, ErrAbort) || !strings.Contains(err.Error(), "grace period") {
		t.Fatalf("run after the stop: %v, want ErrAbort naming the grace period", err)
	}
	e.put(in, true)
	checkNextSolveWorks(t, e)
}

// HiGHS's LP reader throws std::invalid_argument on a malformed file; with
// exceptions disabled the throw is an abort, which becomes an error naming
// the exception and its message, and the engine keeps working.
func TestCxxThrowIsContained(t *testing.T) {
	e := require(t)
	_, err := e.ReadModel(context.Background(), "bad.lp", []byte("Minimize\n obj: x +\nSubject To\n c: x >= \nEnd\n"))
	if !errors.Is(err, ErrAbort) || !strings.Contains(err.Error(), "std::invalid_argument: File not existent or illegal file format") {
		t.Fatalf("got %v, want ErrAbort naming std::invalid_argument and HiGHS's message", err)
	}
	checkNextSolveWorks(t, e)
}

func TestDemangleStd(t *testing.T) {
	for in, want := range map[string]string{
		"St16invalid_argument": "std::invalid_argument",
		"St9bad_alloc":         "std::bad_alloc",
		"St9bad":               "St9bad",
		"N5Highs7ErrorE":       "N5Highs7ErrorE",
		"St":                   "St",
	} {
		if got := demangleStd(in); got != want {
			t.Errorf("demangleStd(%q) = %q, want %q", in, got, want)
		}
	}
}

// trigCtx is a context whose deadline (an hour away, for HiGHS's
// time_limit) is declared passed when trigger is called.
type trigCtx struct {
	context.Context
	done chan struct{}
	once sync.Once
}

func newTrigCtx() *trigCtx {
	return &trigCtx{Context: context.Background(), done: make(chan struct{})}
}
func (c *trigCtx) trigger()                    { c.once.Do(func() { close(c.done) }) }
func (c *trigCtx) Done() <-chan struct{}       { return c.done }
func (c *trigCtx) Deadline() (time.Time, bool) { return time.Now().Add(time.Hour), true }
func (c *trigCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// A solve stopped hard at its deadline (HiGHS did not return within the
// grace period) is a "time limit" result without a solution, not an
// error: a time limit is a promise. Deterministic: the
// deadline passes at the solve's third log line, and the cancellation
// callback (afterCancelHook) sets the hard stop before the clocks jump, so
// HiGHS's next import aborts it.
func TestHardStopAtDeadlineIsTimeLimit(t *testing.T) {
	e := NewWithModule(require(t).Module())
	e.MaxIdle = 1
	ctx := newTrigCtx()
	in, err := e.mod.newInstance(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	e.put(in, true) // the solve takes this instance from the pool
	afterCancelHook = func() {
		cause := error(context.DeadlineExceeded)
		in.stopCause.Store(&cause)
		in.stop.Store(true)
	}
	defer func() { afterCancelHook = nil }()
	lines := 0
	logw := writerFunc(func(p []byte) (int, error) {
		if lines++; lines == 3 {
			ctx.trigger()
		}
		return len(p), nil
	})
	m := miptest.MarketSplit(rand.New(rand.NewPCG(5, 5)), 5)
	r, err := e.Solve(ctx, m, mip.Options{Log: logw})
	if err != nil || r.Status != mip.TimeLimit || r.HasSolution {
		t.Fatalf("hard stop at the deadline: %v (has solution %v) %v, want time limit without a solution and no error", r.Status, r.HasSolution, err)
	}
	afterCancelHook = nil
	checkNextSolveWorks(t, e)
}
