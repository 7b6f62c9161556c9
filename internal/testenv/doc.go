// Package testenv decides, in one place, what a test does when something it
// needs from outside the repository is missing: the HiGHS WebAssembly
// engine files, the native CBC engine, or the shared data (SWIM traces and
// the Google slice in ../shared/data beside the module root).
//
// On a developer's machine such a test is skipped with the reason and the
// command that installs what is missing. Under CI (CI=true) and in
// `make test` (which exports MRSCHED_REQUIRE_ALL=1) the same test fails with
// the same message, so that a machine without the engines or the data
// cannot pass large parts of the suite silently.
//
// Data paths are resolved from the module root (the nearest directory above
// the working directory holding go.mod), never from an absolute path, so a
// fresh clone in any folder with shared/ beside it finds them; the variable
// MRSCHED_DATA names another data directory.
//
// The engine helpers take the constructor (highs.New, engine.Default, …)
// instead of importing the engine packages, so that every package, the
// engines' own internal tests included, can use them without an import
// cycle.
package testenv
