package cliout

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

// outcome is an Outcome for the test: a one-cell table unless empty.
type outcome struct {
	files  []string
	empty  bool
	found  []string
	failed error
}

func (o *outcome) Write(w io.Writer, f tabular.Format) error {
	return (&tabular.Table{Header: []string{"v"}, Rows: [][]string{{"1"}}}).Write(w, f)
}
func (o *outcome) Written() []string  { return o.files }
func (o *outcome) Empty() bool        { return o.empty }
func (o *outcome) Findings() []string { return o.found }
func (o *outcome) Failure() error     { return o.failed }

// fieldErr names a configuration field (the fieldError interface).
type fieldErr struct{ field string }

func (e *fieldErr) Error() string         { return "lib: invalid configuration: " + e.field + ": bad" }
func (e *fieldErr) Flag() (string, error) { return e.field, os.ErrInvalid }
func (e *fieldErr) Unwrap() error         { return os.ErrInvalid }

// TestActionOutcome: an Outcome says its files before its output, prints
// nothing when Empty (no --out file either), its findings on stderr after
// its output (also under --quiet), and a failed check exits with status 2
// after printing; an error naming a configuration field names the
// flag ("--order: invalid argument"), other errors pass unchanged.
func TestActionOutcome(t *testing.T) {
	dir := t.TempDir()
	flags := TableOut("the result", &cli.BoolFlag{Name: "x"})
	failed := errors.New("schedule rejected")
	for _, tc := range []struct {
		name     string
		o        *outcome
		err      error
		args     []string
		out, msg string // stdout and stderr
		wantErr  string // "" for none
		code     int    // exit status of the error (clitree.ExitStatus)
	}{
		{"files", &outcome{files: []string{"s.json (3 segments)"}}, nil, []string{"--format", "csv"}, "v\n1\n", "wrote s.json (3 segments)\n", "", 0},
		{"quiet", &outcome{files: []string{"s.json (3 segments)"}}, nil, []string{"--format", "csv", "--quiet"}, "v\n1\n", "", "", 0},
		{"failed", &outcome{failed: failed}, nil, []string{"--format", "csv"}, "v\n1\n", "", "schedule rejected", 2},
		{"empty", &outcome{empty: true, failed: failed}, nil, []string{"--out", filepath.Join(dir, "none.csv")}, "", "", "schedule rejected", 2},
		{"findings", &outcome{found: []string{"violation: 1", "violation: 2"}, failed: failed}, nil, []string{"--format", "csv", "--quiet"}, "v\n1\n", "violation: 1\nviolation: 2\n", "schedule rejected", 2},
		{"field", nil, &fieldErr{"order"}, nil, "", "", "--order: invalid argument", 1},
		{"plain", nil, os.ErrNotExist, nil, "", "", "file does not exist", 1},
	} {
		action := Action(func(*cli.Context) (*outcome, error) { return tc.o, tc.err })
		out, msg, err := runApp(t, flags, action, tc.args...)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if code := clitree.ExitStatus(err); out != tc.out || msg != tc.msg || got != tc.wantErr || code != tc.code {
			t.Errorf("%s: out %q, stderr %q, err %q (status %d); want %q, %q, %q (%d)", tc.name, out, msg, got, code, tc.out, tc.msg, tc.wantErr, tc.code)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "none.csv")); err == nil {
		t.Error("an empty outcome wrote --out")
	}
	if err := FlagError(&fieldErr{"engine"}); !errors.Is(err, os.ErrInvalid) {
		t.Errorf("FlagError lost the reason: %v", err)
	}
}

// saved is a Saved result: "x" rendered, "saved" in its own file form.
type saved struct{}

func (saved) Write(w io.Writer, f tabular.Format) error {
	_, err := io.WriteString(w, "x\n")
	return err
}
func (saved) Save(path string, opts ...fileio.WriteOption) (string, error) {
	return "1 item", fileio.WriteFileAtomic(path, []byte("saved"), opts...)
}

// TestSaved: a Saved result goes to stdout rendered, or with --out to its
// own file form with "wrote PATH (what)"; never over an input.
func TestSaved(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, []byte("input"), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := []cli.Flag{In("in", "input", false), &cli.StringFlag{Name: "out"}, Quiet()}
	action := Action(func(*cli.Context) (saved, error) { return saved{}, nil })
	if o, msg, err := runApp(t, flags, action); o != "x\n" || msg != "" || err != nil {
		t.Errorf("stdout: %q %q %v", o, msg, err)
	}
	if o, msg, err := runApp(t, flags, action, "--out", out); o != "" || msg != "wrote "+out+" (1 item)\n" || err != nil {
		t.Errorf("--out: %q %q %v", o, msg, err)
	}
	if b, err := os.ReadFile(out); err != nil || string(b) != "saved" {
		t.Errorf("file: %q %v", b, err)
	}
	if _, _, err := runApp(t, flags, action, "--in", in, "--out", in); err == nil {
		t.Error("wrote over the input")
	}
}

// jsonOnly is a Saved result with a format of its own: it writes the
// format it is asked for.
type jsonOnly struct{ saved }

func (jsonOnly) Write(w io.Writer, f tabular.Format) error {
	_, err := io.WriteString(w, f.String()+"\n")
	return err
}
func (jsonOnly) Format() tabular.Format { return tabular.JSON }

// TestSavedFormat: a Saved result with a format of its own is rendered in
// it on stdout, not in --format (here absent: text); with --out it is
// saved in its own file form.
func TestSavedFormat(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.txt")
	flags := []cli.Flag{&cli.StringFlag{Name: "out"}, Quiet()}
	action := Action(func(*cli.Context) (jsonOnly, error) { return jsonOnly{}, nil })
	if o, _, err := runApp(t, flags, action); o != "json\n" || err != nil {
		t.Errorf("stdout: %q %v, want json", o, err)
	}
	if o, msg, err := runApp(t, flags, action, "--out", out); o != "" || msg != "wrote "+out+" (1 item)\n" || err != nil {
		t.Errorf("--out: %q %q %v", o, msg, err)
	}
}

// TestArgAction: the one positional argument reaches the function, whose
// result is emitted; no argument or two are an error naming the command
// and what it wants, and the function does not run.
func TestArgAction(t *testing.T) {
	ran := 0
	action := ArgAction("FILE.lp", func(_ *cli.Context, path string) (*tabular.Table, error) {
		ran++
		return &tabular.Table{Header: []string{"path"}, Rows: [][]string{{path}}}, nil
	})
	flags := TableOut("the result")
	if out, _, err := runApp(t, flags, action, "--format", "csv", "m.lp"); err != nil || out != "path\nm.lp\n" {
		t.Errorf("one argument: %q %v", out, err)
	}
	for _, args := range [][]string{nil, {"a.lp", "b.lp"}} {
		if _, _, err := runApp(t, flags, action, args...); err == nil || !strings.Contains(err.Error(), "x: want one FILE.lp argument") {
			t.Errorf("%q: %v", args, err)
		}
	}
	if ran != 1 {
		t.Errorf("the function ran %d times, want 1", ran)
	}
}

// TestStderrIf: StderrIf is stderr when the flag is set, a nil writer
// otherwise; Messages the reverse for --quiet.
func TestStderrIf(t *testing.T) {
	flags := []cli.Flag{&cli.BoolFlag{Name: "log"}, &cli.BoolFlag{Name: "quiet"}}
	for _, tc := range []struct {
		args    []string
		wantLog bool // StderrIf(c, "log") is stderr, not nil
		wantMsg bool // Messages(c) is stderr, not nil
	}{{nil, false, true}, {[]string{"--log"}, true, true}, {[]string{"--quiet"}, false, false}} {
		var log, msg io.Writer
		stderr := func(c *cli.Context) error { log, msg = StderrIf(c, "log"), Messages(c); return nil }
		if _, _, err := runApp(t, flags, stderr, tc.args...); err != nil {
			t.Fatal(err)
		}
		if (log != nil) != tc.wantLog || (msg != nil) != tc.wantMsg {
			t.Errorf("%q: StderrIf %v, Messages %v, want stderr %v and %v", tc.args, log, msg, tc.wantLog, tc.wantMsg)
		}
	}
}
