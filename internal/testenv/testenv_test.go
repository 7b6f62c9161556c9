package testenv

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records Skip and Fatalf instead of ending
// the test (the embedded TB supplies the rest).
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Skip(args ...any)                  { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }

// TestMissing: the same missing engine is a skip on a plain machine and a
// failure under CI=true or MRSCHED_REQUIRE_ALL=1, with the install command
// in both messages.
func TestMissing(t *testing.T) {
	cases := []struct {
		ci, all  string
		wantFail bool
	}{
		{"", "", false},
		{"false", "0", false},
		{"true", "", true},
		{"", "1", true},
		{"true", "1", true},
	}
	for _, c := range cases {
		t.Setenv(EnvCI, c.ci)
		t.Setenv(EnvRequireAll, c.all)
		r := &recorder{TB: t}
		RequireHiGHS(r, func() (int, error) { return 0, errors.New("highs: HiGHS engine files not installed") })
		msg := r.skipped
		if c.wantFail {
			msg = r.failed
		}
		if (r.failed != "") != c.wantFail || (r.skipped != "") == c.wantFail {
			t.Errorf("CI=%q %s=%q: failed %q skipped %q, want failure %v", c.ci, EnvRequireAll, c.all, r.failed, r.skipped, c.wantFail)
		}
		if !strings.Contains(msg, "make setup-highs") || !strings.Contains(msg, "not installed") {
			t.Errorf("CI=%q %s=%q: message %q lacks the error or the install command", c.ci, EnvRequireAll, c.all, msg)
		}
	}
}

// TestMissingCase: one case of a table is an error under MRSCHED_REQUIRE_ALL
// and only a log line otherwise; the test itself goes on either way.
func TestMissingCase(t *testing.T) {
	for _, strict := range []string{"", "1"} {
		t.Setenv(EnvCI, "")
		t.Setenv(EnvRequireAll, strict)
		r := &caseRecorder{recorder: recorder{TB: t}}
		MissingCase(r, "SWIM trace", DataInstall, errors.New("not found"))
		if (r.errored != "") != (strict == "1") || (r.logged != "") == (strict == "1") {
			t.Errorf("%s=%q: errored %q logged %q", EnvRequireAll, strict, r.errored, r.logged)
		}
		if msg := r.errored + r.logged; !strings.Contains(msg, EnvData) {
			t.Errorf("message %q lacks the install hint", msg)
		}
	}
}

type caseRecorder struct {
	recorder
	errored, logged string
}

func (r *caseRecorder) Errorf(format string, args ...any) { r.errored = fmt.Sprintf(format, args...) }
func (r *caseRecorder) Logf(format string, args ...any)   { r.logged = fmt.Sprintf(format, args...) }

// TestRequireOK: nothing happens when the engine or the file is there.
func TestRequireOK(t *testing.T) {
	t.Setenv(EnvRequireAll, "1")
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "swim"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "swim", "x.tsv"), []byte("1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvData, dir)
	r := &recorder{TB: t}
	if p := RequireData(r, "swim", "x.tsv"); p != filepath.Join(dir, "swim", "x.tsv") || r.failed != "" || r.skipped != "" {
		t.Errorf("RequireData: %q failed %q skipped %q", p, r.failed, r.skipped)
	}
	if e := RequireCBC(r, func() (string, error) { return "cbc", nil }); e != "cbc" || r.failed != "" || r.skipped != "" {
		t.Errorf("RequireCBC: %q failed %q skipped %q", e, r.failed, r.skipped)
	}
	RequireData(r, "swim", "absent.tsv")
	if !strings.Contains(r.failed, "absent.tsv") || !strings.Contains(r.failed, EnvData) {
		t.Errorf("missing data file: %q", r.failed)
	}
}

// TestDataDirFromModuleRoot: without MRSCHED_DATA the data directory is
// shared/data beside the module root (this package sits two levels below
// it), whatever folder the clone is in.
func TestDataDirFromModuleRoot(t *testing.T) {
	t.Setenv(EnvData, "")
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if want := filepath.Dir(filepath.Dir(wd)); root != want {
		t.Errorf("ModuleRoot %q, want %q (two levels above internal/testenv)", root, want)
	}
	d, err := DataDir()
	if want := filepath.Join(filepath.Dir(root), "shared", "data"); err != nil || d != want {
		t.Errorf("DataDir %q %v, want %q", d, err, want)
	}
	t.Chdir(t.TempDir())
	if _, err := ModuleRoot(); !errors.Is(err, ErrNoModuleRoot) {
		t.Errorf("outside a module: %v, want ErrNoModuleRoot", err)
	}
}

// TestLong: the long sweeps are skipped unless MRSCHED_LONG=1, whatever CI
// says (a skip here is not a missing engine), with the variable named.
func TestLong(t *testing.T) {
	cases := []struct {
		long, ci string
		want     bool
	}{
		{"", "", false},
		{"0", "true", false},
		{"1", "", true},
		{"1", "true", true},
	}
	for _, c := range cases {
		t.Setenv(EnvLong, c.long)
		t.Setenv(EnvCI, c.ci)
		r := &recorder{TB: t}
		RequireLong(r)
		if Long() != c.want || (r.skipped == "") != c.want {
			t.Errorf("MRSCHED_LONG=%q CI=%q: Long() = %v, skipped %q; want Long() = %v", c.long, c.ci, Long(), r.skipped, c.want)
		}
		if !c.want && !strings.Contains(r.skipped, EnvLong+"=1") {
			t.Errorf("skip message %q does not name %s=1", r.skipped, EnvLong)
		}
	}
}

// TestWriteFile: the file holds exactly the data, at dir/name.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := WriteFile(t, dir, "a.json", `{"x":1}`)
	if p != filepath.Join(dir, "a.json") {
		t.Errorf("path %q", p)
	}
	if b, err := os.ReadFile(p); err != nil || string(b) != `{"x":1}` {
		t.Errorf("read back %q, %v", b, err)
	}
}
