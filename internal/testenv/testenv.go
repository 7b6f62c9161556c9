package testenv

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Environment variables read by this package.
const (
	// EnvRequireAll set to "1" (make test exports it) turns every missing
	// engine or data file into a test failure.
	EnvRequireAll = "MRSCHED_REQUIRE_ALL"
	// EnvCI is set to "true" by CI services (and by .ci/run); it has the
	// same effect as EnvRequireAll=1.
	EnvCI = "CI"
	// EnvData names the shared data directory (default: shared/data beside
	// the module root).
	EnvData = "MRSCHED_DATA"
	// EnvLong set to "1" (make test-long exports it) runs the long oracle
	// sweeps that keep a package's go test above a minute on 2 cores.
	EnvLong = "MRSCHED_LONG"
)

// Install hints quoted in skip and failure messages.
const (
	HiGHSInstall = "run 'make setup-highs' (npm pack highs@1.15.3 into third_party/highs) in the mrsched repository, or export MRSCHED_HIGHS_DIR=<directory holding highs.wasm and highs.js>"
	CBCInstall   = "run 'make setup-cbc' (as root: apt-get install -y coinor-libcbc-dev pkg-config) and test with -tags cbc"
	GLPKInstall  = "run 'make setup-glpk' (as root: apt-get install -y glpk-utils, which provides glpsol)"
	DataInstall  = "put the shared data folder beside the repository (<module root>/../shared/data, with swim/ and google/), or export " + EnvData + "=<path to shared/data>"
)

// ErrNoModuleRoot is returned by ModuleRoot when no go.mod is found above the
// working directory.
var ErrNoModuleRoot = errors.New("testenv: no go.mod above the working directory")

// Strict reports whether missing engines and data are failures (CI=true or
// MRSCHED_REQUIRE_ALL=1) rather than skips.
func Strict() bool {
	return os.Getenv(EnvCI) == "true" || os.Getenv(EnvRequireAll) == "1"
}

// Long reports whether the long sweeps run (EnvLong=1). A test reads it to
// widen its sweep: the cases that matter run always, the full sweep under
// make test-long.
func Long() bool {
	return os.Getenv(EnvLong) == "1"
}

// RequireLong skips tb unless Long, naming the variable that runs it. Use it
// for a test that is a long sweep and nothing else.
func RequireLong(tb testing.TB) {
	tb.Helper()
	if !Long() {
		tb.Skip("a long sweep: runs with " + EnvLong + "=1 (make test-long)")
	}
}

// Missing ends tb because what is missing: a failure when Strict, else a
// skip. The message names what is missing, the error met and the command
// that installs it.
func Missing(tb testing.TB, what, install string, err error) {
	tb.Helper()
	msg := fmt.Sprintf("%s missing: %v; to install: %s", what, err, install)
	if Strict() {
		tb.Fatalf("%s (required: %s=true or %s=1)", msg, EnvCI, EnvRequireAll)
		return
	}
	tb.Skip(msg)
}

// MissingCase is Missing for one case of a table-driven test that goes on
// with the other cases: a failure (Errorf) when Strict, else a log line
// saying the case was skipped and how to install what it needs.
func MissingCase(tb testing.TB, what, install string, err error) {
	tb.Helper()
	msg := fmt.Sprintf("%s missing: %v; to install: %s", what, err, install)
	if Strict() {
		tb.Errorf("%s (required: %s=true or %s=1)", msg, EnvCI, EnvRequireAll)
		return
	}
	tb.Logf("skipped: %s", msg)
}

// ModuleRoot returns the nearest directory at or above the working
// directory that holds go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("testenv: %w", err)
	}
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && st.Mode().IsRegular() {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNoModuleRoot
		}
		dir = parent
	}
}

// DataDir returns the shared data directory: $MRSCHED_DATA when set, else
// shared/data beside the module root. It does not check that it exists.
func DataDir() (string, error) {
	if d := os.Getenv(EnvData); d != "" {
		return d, nil
	}
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(root), "shared", "data"), nil
}

// DataPath returns the path of a file under the shared data directory, for
// example DataPath("swim", "FB-2009_samples_24_times_1hr_0.tsv"), and
// whether it exists (the error says why not).
func DataPath(elem ...string) (string, error) {
	dir, err := DataDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(append([]string{dir}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		return p, fmt.Errorf("testenv: shared data file: %w", err)
	}
	return p, nil
}

// RequireData returns the path of a shared data file (see DataPath), or
// skips (fails when Strict) tb when it is missing.
func RequireData(tb testing.TB, elem ...string) string {
	tb.Helper()
	p, err := DataPath(elem...)
	if err != nil {
		Missing(tb, "shared data file "+filepath.Join(elem...), DataInstall, err)
	}
	return p
}

// RequireHiGHS returns the engine made by open (highs.New, engine.Default,
// a closure over engine.Get("highs"), …), or skips (fails when Strict) tb
// when it cannot be made.
func RequireHiGHS[E any](tb testing.TB, open func() (E, error)) E {
	tb.Helper()
	e, err := open()
	if err != nil {
		Missing(tb, "HiGHS engine", HiGHSInstall, err)
	}
	return e
}

// Require returns the value made by open, or skips (fails when Strict) tb
// when it cannot be made, naming what is missing and how to install it.
func Require[E any](tb testing.TB, what, install string, open func() (E, error)) E {
	tb.Helper()
	e, err := open()
	if err != nil {
		Missing(tb, what, install, err)
	}
	return e
}

// RequireCBC returns the engine made by open (a closure over
// engine.Get("cbc")), or skips (fails when Strict) tb when it cannot be
// made.
func RequireCBC[E any](tb testing.TB, open func() (E, error)) E {
	tb.Helper()
	e, err := open()
	if err != nil {
		Missing(tb, "CBC engine", CBCInstall, err)
	}
	return e
}

// WriteFile writes data to dir/name for a test, failing it on an error,
// and returns the path: the fixture files tests hand to readers and
// commands.
func WriteFile(tb testing.TB, dir, name, data string) string {
	tb.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}
