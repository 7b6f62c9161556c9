package highs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// Module is the compiled HiGHS WebAssembly module with its host functions.
// One Module serves any number of instances (see Engine). It lives for the
// whole process.
type Module struct {
	// Dir is the directory the files were loaded from.
	Dir string
	// CacheDir is wazero's compilation cache directory ("" if none).
	CacheDir string
	// Version is HiGHS's version string ("1.15.1").
	Version string
	// CompileTime is the time taken to compile (or load from the
	// compilation cache) the module.
	CompileTime time.Duration

	runtime     wazero.Runtime
	compiled    wazero.CompiledModule
	glue        *glue
	fn          map[string]string // C name → export name
	closeOnDone bool

	readOnce sync.Once
	read     *Module
	readErr  error
}

// readModule returns the module used to read files: the same files
// compiled with wazero's close-on-context-done checks (see loadDir), made
// on first use.
func (m *Module) readModule() (*Module, error) {
	if m.closeOnDone {
		return m, nil
	}
	m.readOnce.Do(func() { m.read, m.readErr = loadDir(m.Dir, m.CacheDir, true) })
	return m.read, m.readErr
}

// readModuleCtx is readModule bounded by ctx: the compilation (seconds
// with a cold compilation cache, and not interruptible) goes on in the
// background while the caller returns ctx's error at its deadline, so that
// a time limit is kept even when the reader module is not compiled yet
// (`mip solve --time-limit 8s` on a two-variable LP with an empty cache
// took 12.3 s).
func (m *Module) readModuleCtx(ctx context.Context) (*Module, error) {
	if m.closeOnDone {
		return m, nil
	}
	done := make(chan struct{})
	go func() {
		m.readModule()
		close(done)
	}()
	select {
	case <-done:
		return m.readModule()
	case <-ctx.Done():
		return nil, fmt.Errorf("highs: compiling the file reader: %w", ctx.Err())
	}
}

var (
	defaultOnce sync.Once
	defaultMod  *Module
	defaultErr  error
)

// Load finds the files (see Find), checks their SHA-256 and compiles the
// module once per process, using wazero's compilation cache in
// DefaultCacheDir. Later calls return the same Module.
func Load() (*Module, error) {
	defaultOnce.Do(func() {
		dir, err := Find()
		if err != nil {
			defaultErr = err
			return
		}
		defaultMod, defaultErr = LoadDir(dir, DefaultCacheDir())
	})
	return defaultMod, defaultErr
}

// DefaultCacheDir returns wazero's compilation cache directory,
// <user cache dir>/mrsched/wazero, or "" when there is no user cache dir.
func DefaultCacheDir() string {
	c, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(c, "mrsched", "wazero")
}

// LoadDir loads the files from dir and compiles a new Module, with wazero's
// compilation cache in cacheDir ("" for none). Most callers want Load.
func LoadDir(dir, cacheDir string) (*Module, error) { return loadDir(dir, cacheDir, false) }

// loadDir compiles the module; closeOnDone makes wazero check the calling
// context at every function entry and loop header and close the instance
// when it is done, which stops any loop but makes HiGHS 5.4 times slower
// (300×200 LP: 329 ms against 61 ms in one run). Solves run without it and
// are stopped through the imports (stopCheck); file reads, rare and prone
// to loops that call no import (FuzzReadModel found one in HiGHS's
// fixed-format MPS reader), run on a second module with it (readModule).
func loadDir(dir, cacheDir string, closeOnDone bool) (*Module, error) {
	wasm, err := readPinned(dir, WasmFile, WasmSHA256)
	if err != nil {
		return nil, err
	}
	js, err := readPinned(dir, GlueFile, GlueSHA256)
	if err != nil {
		return nil, err
	}
	g, err := parseGlue(js)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	cfg := wazero.NewRuntimeConfig().WithCloseOnContextDone(closeOnDone)
	if cacheDir != "" {
		if err := os.MkdirAll(cacheDir, 0o755); err == nil {
			if cc, err := wazero.NewCompilationCacheWithDir(cacheDir); err == nil {
				cfg = cfg.WithCompilationCache(cc)
			} else {
				cacheDir = ""
			}
		} else {
			cacheDir = ""
		}
	}
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	start := time.Now()
	cm, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		rt.Close(ctx)
		return nil, fmt.Errorf("highs: compiling %s: %w", filepath.Join(dir, WasmFile), err)
	}
	m := &Module{Dir: dir, CacheDir: cacheDir, CompileTime: time.Since(start), runtime: rt, compiled: cm, glue: g, fn: g.exports, closeOnDone: closeOnDone}
	if err := m.instantiateHost(ctx); err != nil {
		rt.Close(ctx)
		return nil, err
	}
	in, err := m.newInstance(ctx, 0)
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	defer in.close()
	p, err := in.call(ctx, in.f.version)
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	m.Version = in.cstring(uint32(p))
	if len(m.Version) > 0 && m.Version[0] == 'v' {
		m.Version = m.Version[1:]
	}
	return m, nil
}

// Close releases the module's runtime and compiled code. Engines over it
// must not be used afterwards. The process-wide module of Load is never
// closed; Close is for modules made by LoadDir (tests, benchmarks).
func (m *Module) Close() error {
	if m == defaultMod {
		return errors.New("highs: the process-wide module cannot be closed")
	}
	if m.read != nil && m.read != m {
		m.read.runtime.Close(context.Background())
	}
	return m.runtime.Close(context.Background())
}

// instance state is found by host functions through the call's context.
type ctxKey struct{}

func stateOf(ctx context.Context) *instance {
	in, _ := ctx.Value(ctxKey{}).(*instance)
	return in
}

// abortError is the error of a solve that ended in abort, exit or a C++
// throw inside HiGHS.
type abortError struct{ what string }

func (e *abortError) Error() string { return "highs: " + e.what }
func (e *abortError) Unwrap() error { return ErrAbort }

// ErrAbort is wrapped by the error of a call that aborted inside HiGHS (a
// C++ throw, abort, exit, a trap or the memory limit). The instance is
// discarded; the next solve uses a fresh one.
var ErrAbort = errors.New("highs: aborted")

// WASI/Emscripten errno values.
const (
	errnoBADF  = 8
	errnoINVAL = 28
	errnoNOENT = 44
	errnoNOTTY = 59
)

var processStart = time.Now()

func (m *Module) instantiateHost(ctx context.Context) error {
	var modName string
	for _, f := range m.compiled.ImportedFunctions() {
		mod, _, _ := f.Import()
		if modName != "" && mod != modName {
			return fmt.Errorf("%w: imports from two modules %q and %q", errGlue, modName, mod)
		}
		modName = mod
	}
	impl := hostFuncs()
	b := m.runtime.NewHostModuleBuilder(modName)
	for _, f := range m.compiled.ImportedFunctions() {
		_, name, _ := f.Import()
		em, ok := m.glue.imports[name]
		if !ok {
			return fmt.Errorf("%w: import %q is not listed in wasmImports", errGlue, name)
		}
		h, ok := impl[em]
		if !ok {
			return fmt.Errorf("highs: the wasm imports %q (%s), which this loader does not implement", em, name)
		}
		if !sameTypes(h.params, f.ParamTypes()) || !sameTypes(h.result, f.ResultTypes()) {
			return fmt.Errorf("highs: import %s (%s) has signature %v → %v, want %v → %v", em, name, f.ParamTypes(), f.ResultTypes(), h.params, h.result)
		}
		b.NewFunctionBuilder().WithGoModuleFunction(h.fn, h.params, h.result).WithName(em).Export(name)
	}
	_, err := b.Instantiate(ctx)
	return err
}

func sameTypes(a, b []api.ValueType) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// stopCheck ends the running call (through a panic that wazero turns into
// the call's error) when the instance has been told to stop: the solve's
// context is done and HiGHS did not return within the grace period. Every
// clock, file and memory-growth import checks, so any HiGHS loop that reads
// a clock (all of its time-limit checks do) or does I/O can be stopped.
func stopCheck(ctx context.Context) {
	in := stateOf(ctx)
	if in == nil || !in.stop.Load() {
		return
	}
	err := &abortError{what: "stopped: the context is done and HiGHS did not return within the grace period"}
	if c := in.stopCause.Load(); c != nil {
		err.what += " (" + (*c).Error() + ")"
	}
	in.abort = err
	panic(err)
}

// describeException names a thrown C++ exception from __cxa_throw's
// arguments: the std::type_info (wasm32 Itanium ABI: vtable pointer, then
// the mangled name) and, for the standard exceptions that carry a message
// (std::logic_error and std::runtime_error and their subclasses, which in
// libc++ keep a pointer to the message right after the vtable pointer), the
// message. It returns "" when the memory does not look as expected.
func describeException(mem api.Memory, obj, typ uint32) string {
	cstr := func(p uint32, max int) (string, bool) {
		var b []byte
		for i := 0; i < max; i++ {
			c, ok := mem.ReadByte(p + uint32(i))
			if !ok {
				return "", false
			}
			if c == 0 {
				return string(b), true
			}
			if c < 32 || c > 126 {
				c = '?'
			}
			b = append(b, c)
		}
		return string(b) + "…", true
	}
	np, ok := mem.ReadUint32Le(typ + 4)
	if !ok {
		return ""
	}
	mangled, ok := cstr(np, 200)
	if !ok || mangled == "" {
		return ""
	}
	name := demangleStd(mangled)
	switch name {
	case "std::logic_error", "std::invalid_argument", "std::domain_error", "std::length_error", "std::out_of_range",
		"std::runtime_error", "std::range_error", "std::overflow_error", "std::underflow_error":
		if mp, ok := mem.ReadUint32Le(obj + 4); ok {
			if msg, ok := cstr(mp, 500); ok && msg != "" {
				return name + ": " + msg
			}
		}
	}
	return name
}

// demangleStd turns "St16invalid_argument" into "std::invalid_argument";
// other names are returned as they are.
func demangleStd(s string) string {
	if len(s) < 3 || s[:2] != "St" {
		return s
	}
	i := 2
	n := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		n = 10*n + int(s[i]-'0')
		i++
	}
	if i == 2 || i+n != len(s) {
		return s
	}
	return "std::" + s[i:]
}

// wasmPageSize is the WebAssembly page size; maxHeap is the largest heap of
// this build (its memory's declared maximum, 2 GiB).
const (
	wasmPageSize = 65536
	maxHeap      = 1 << 31
)

// resizeHeap implements emscripten_resize_heap: grow the memory to at least
// requested bytes, over-allocating like the Emscripten glue (by up to 20%,
// at most 96 MiB beyond the request), never beyond the instance's limit.
func (in *instance) resizeHeap(mem api.Memory, requested uint64) uint64 {
	old := uint64(mem.Size())
	limit := in.memLimit
	if requested > limit {
		in.memRefused = true
		return 0
	}
	for cutDown := 1.0; cutDown <= 4; cutDown *= 2 {
		over := uint64(float64(old) * (1 + 0.2/cutDown))
		over = min(over, requested+96<<20)
		newSize := max(requested, over)
		newSize = (newSize + wasmPageSize - 1) / wasmPageSize * wasmPageSize
		newSize = min(newSize, limit)
		if newSize <= old {
			return 1
		}
		if _, ok := mem.Grow(uint32((newSize - old + wasmPageSize - 1) / wasmPageSize)); ok {
			return 1
		}
	}
	in.memRefused = true
	return 0
}

// logWriter returns the writer for HiGHS's console output.
func (in *instance) logWriter() io.Writer {
	if in.log == nil {
		return io.Discard
	}
	return in.log
}

func (in *instance) monoNanos() int64 {
	return int64(time.Since(processStart)) + in.skew.Load()
}

func (in *instance) realNanos() int64 {
	return time.Now().UnixNano() + in.skew.Load()
}

// hostFunc is one function of the host module that the HiGHS wasm
// imports: its Go implementation and its signature.
type hostFunc struct {
	fn     api.GoModuleFunc
	params []api.ValueType
	result []api.ValueType
}

var (
	i32, i64, f64 = api.ValueTypeI32, api.ValueTypeI64, api.ValueTypeF64
)

// abortWith returns a host function that aborts the instance with the
// reason what (and the memory limit, when it was reached).
func abortWith(what string) api.GoModuleFunc {
	return func(ctx context.Context, mod api.Module, stack []uint64) {
		in := stateOf(ctx)
		err := &abortError{what: what}
		if in != nil {
			if in.memRefused {
				err.what += fmt.Sprintf(" after the memory limit of %d MiB was reached", in.memLimit>>20)
			}
			in.abort = err
		}
		panic(err)
	}
}

// hostFuncs returns the host functions by their emscripten names: the
// process and clock functions (hostProcessFuncs) and the file and system
// calls (hostFileFuncs).
func hostFuncs() map[string]hostFunc {
	impl := hostProcessFuncs()
	for k, v := range hostFileFuncs() {
		impl[k] = v
	}
	return impl
}

func hostProcessFuncs() map[string]hostFunc {
	return map[string]hostFunc{
		"__cxa_throw": {func(ctx context.Context, mod api.Module, stack []uint64) {
			what := "C++ exception thrown (exceptions are disabled in this build: abort)"
			if d := describeException(mod.Memory(), uint32(stack[0]), uint32(stack[1])); d != "" {
				what = "C++ exception " + d + " (exceptions are disabled in this build: abort)"
			}
			abortWith(what)(ctx, mod, stack)
		}, []api.ValueType{i32, i32, i32}, nil},
		"_abort_js": {abortWith("abort() called"), nil, nil},
		"exit": {func(ctx context.Context, mod api.Module, stack []uint64) {
			abortWith(fmt.Sprintf("exit(%d) called", int32(stack[0])))(ctx, mod, stack)
		}, []api.ValueType{i32}, nil},
		"proc_exit": {func(ctx context.Context, mod api.Module, stack []uint64) {
			abortWith(fmt.Sprintf("proc_exit(%d) called", int32(stack[0])))(ctx, mod, stack)
		}, []api.ValueType{i32}, nil},
		"emscripten_get_now": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = api.EncodeF64(float64(stateOf(ctx).monoNanos()) / 1e6)
		}, nil, []api.ValueType{f64}},
		"emscripten_date_now": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = api.EncodeF64(float64(stateOf(ctx).realNanos()) / 1e6)
		}, nil, []api.ValueType{f64}},
		"clock_time_get": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			in := stateOf(ctx)
			var ns int64
			switch uint32(stack[0]) {
			case 0: // CLOCK_REALTIME
				ns = in.realNanos()
			case 1, 2, 3: // MONOTONIC, PROCESS_CPUTIME, THREAD_CPUTIME
				ns = in.monoNanos()
			default:
				stack[0] = errnoINVAL
				return
			}
			if !mod.Memory().WriteUint64Le(uint32(stack[2]), uint64(ns)) {
				stack[0] = errnoINVAL
				return
			}
			stack[0] = 0
		}, []api.ValueType{i32, i64, i32}, []api.ValueType{i32}},
		"emscripten_resize_heap": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = stateOf(ctx).resizeHeap(mod.Memory(), uint64(uint32(stack[0])))
		}, []api.ValueType{i32}, []api.ValueType{i32}},
	}
}

func hostFileFuncs() map[string]hostFunc {
	return map[string]hostFunc{
		"fd_write": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = uint64(stateOf(ctx).fdWrite(mod.Memory(), int32(stack[0]), uint32(stack[1]), uint32(stack[2]), uint32(stack[3])))
		}, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}},
		"fd_read": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = uint64(stateOf(ctx).fdRead(mod.Memory(), int32(stack[0]), uint32(stack[1]), uint32(stack[2]), uint32(stack[3])))
		}, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}},
		"fd_seek": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = uint64(stateOf(ctx).fdSeek(mod.Memory(), int32(stack[0]), int64(stack[1]), uint32(stack[2]), uint32(stack[3])))
		}, []api.ValueType{i32, i64, i32, i32}, []api.ValueType{i32}},
		"fd_close": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = uint64(stateOf(ctx).fdClose(int32(stack[0])))
		}, []api.ValueType{i32}, []api.ValueType{i32}},
		"__syscall_openat": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stopCheck(ctx)
			stack[0] = uint64(uint32(stateOf(ctx).openat(mod.Memory(), uint32(stack[1]), int32(stack[2]))))
		}, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}},
		"__syscall_fcntl64": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = 0
		}, []api.ValueType{i32, i32, i32}, []api.ValueType{i32}},
		"__syscall_ioctl": {func(ctx context.Context, mod api.Module, stack []uint64) {
			// The console (fds 0-2) is a terminal, so that the C library
			// line-buffers HiGHS's log; the in-memory files are not.
			if fd := int32(stack[0]); fd >= 0 && fd <= 2 {
				stack[0] = 0
			} else {
				stack[0] = uint64(uint32(1<<32 - errnoNOTTY)) // -ENOTTY
			}
		}, []api.ValueType{i32, i32, i32}, []api.ValueType{i32}},
		"_tzset_js": {func(ctx context.Context, mod api.Module, stack []uint64) {
			mem := mod.Memory()
			mem.WriteUint32Le(uint32(stack[0]), 0)
			mem.WriteUint32Le(uint32(stack[1]), 0)
			mem.Write(uint32(stack[2]), []byte("UTC\x00"))
			mem.Write(uint32(stack[3]), []byte("UTC\x00"))
		}, []api.ValueType{i32, i32, i32, i32}, nil},
		"_setitimer_js": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = 0
		}, []api.ValueType{i32, f64}, []api.ValueType{i32}},
		"environ_sizes_get": {func(ctx context.Context, mod api.Module, stack []uint64) {
			mem := mod.Memory()
			mem.WriteUint32Le(uint32(stack[0]), 0)
			mem.WriteUint32Le(uint32(stack[1]), 0)
			stack[0] = 0
		}, []api.ValueType{i32, i32}, []api.ValueType{i32}},
		"environ_get": {func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = 0
		}, []api.ValueType{i32, i32}, []api.ValueType{i32}},
		"_emscripten_runtime_keepalive_clear": {func(ctx context.Context, mod api.Module, stack []uint64) {}, nil, nil},
	}
}
