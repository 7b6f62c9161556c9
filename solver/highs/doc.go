// Package highs is an LP/MIP engine (mip.Engine) that runs the HiGHS solver
// (Huangfu and Hall, "Parallelizing the dual revised simplex method", Math.
// Prog. Comp. 10, 2018; HiGHS 1.15.1, https://highs.dev) compiled to
// WebAssembly, as shipped by the npm package highs@1.15.3 (build/highs.wasm
// and its Emscripten glue build/highs.js), inside the pure-Go WebAssembly
// runtime wazero. No cgo and no C toolchain are needed.
//
// # Files
//
// The two files are not committed: `make setup` fetches them with
// `npm pack highs@1.15.3`, checks the tarball against the registry's
// integrity hash and installs them in third_party/highs. The package checks
// their SHA-256 (WasmSHA256, GlueSHA256) before use and looks for them in
// this order (see Find):
//
//  1. the directory named by $MRSCHED_HIGHS_DIR;
//  2. third_party/highs under the working directory and each of its parents;
//  3. third_party/highs under the executable's directory and each of its parents;
//  4. mrsched/highs under the user cache directory (os.UserCacheDir).
//
// # The Emscripten glue
//
// The wasm's export and import names are minified. The loader reads the
// mapping from highs.js (`_Highs_create=Module["_Highs_create"]=wasmExports["F"]`,
// `wasmImports={a:___cxa_throw,...}`, `wasmExports["v"]()` for the static
// constructors) instead of hard-coding it, and implements the 20 imports in
// Go: memory growth (emscripten_resize_heap, capped by Engine.MemoryLimit),
// clocks, HiGHS's console log (fd_write on fds 1 and 2, sent to
// mip.Options.Log) and a small in-memory file table (openat, fd_read,
// fd_write, fd_seek, fd_close) through which HiGHS's own LP and MPS readers
// and writers work. The build has C++ exceptions disabled, so a throw is an
// abort: __cxa_throw, abort, exit and proc_exit end the call with an error
// (ErrAbort), and the instance is discarded.
//
// # Concurrency and cost
//
// One compiled module (compiled once per process, with wazero's on-disk
// compilation cache under the user cache directory) backs a pool of
// instances; each solve takes an idle instance or makes a new one, so an
// Engine is safe for concurrent use and parallel solves scale with cores
// (HiGHS in this build is single-threaded). See docs/engine.md for the
// measured costs.
//
// # Time limits and cancellation
//
// The earlier of Options.TimeLimit and the context's deadline becomes
// HiGHS's time_limit option, so a timed-out MIP returns its best solution
// with status mip.TimeLimit and its gap. Cancelling the context makes the
// clocks seen by HiGHS jump forward, so HiGHS stops at its next time check
// and returns what it has (status mip.Interrupted, or mip.TimeLimit at a
// deadline); if it does not return within HardStopGrace (500 ms), its next
// clock, file or memory import aborts the call, the instance is discarded
// and Solve returns status mip.TimeLimit (deadline) or mip.Interrupted
// (cancellation) without a solution: a deadline is kept even by a HiGHS
// phase that checks its clock rarely.
//
// Solves do not use wazero's close-on-context-done mode, whose checks at
// every function entry and loop header made HiGHS 5.4 times slower. File
// reads (ReadModel), which are rare and where HiGHS's fixed-format MPS
// reader can loop without calling any import, run on a second compilation
// of the module with that mode, so a read is always stopped by its
// deadline (Engine.ReadTimeout).
package highs
