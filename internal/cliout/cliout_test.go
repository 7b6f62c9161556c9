package cliout

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/tabular"
)

// runApp runs one command "x" with flags and action, returning stdout,
// stderr and the error (CheckOutputs as its Before hook, as mrsched does).
func runApp(t *testing.T, flags []cli.Flag, action cli.ActionFunc, args ...string) (string, string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	app := &cli.App{Name: "t", Writer: &out, ErrWriter: &errw, ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{{Name: "x", Flags: flags, Before: CheckOutputs, Action: action}}}
	err := app.Run(append([]string{"t", "x"}, args...))
	return out.String(), errw.String(), err
}

// TestEmit: the result goes to stdout, or to --out with "wrote PATH" on
// stderr (none under --quiet); --out naming an input is refused before the
// action runs, also through another spelling of the path.
func TestEmit(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	if err := os.WriteFile(in, []byte("input"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := &tabular.Table{Header: []string{"a", "b"}}
	tb.Add("1", "2")
	flags := []cli.Flag{In("instance", "input", true), Out("the result"), Format("table"), Quiet()}
	ran := false
	action := func(c *cli.Context) error { ran = true; return EmitTables(c, nil, tb) }
	tests := []struct {
		name              string
		args              []string
		stdout, stderr    string // expected, written by hand from the table above
		file, errContains string
		ran               bool
	}{
		{"stdout csv", []string{"--instance", in, "--format", "csv"}, "a,b\n1,2\n", "", "", "", true},
		{"out file", []string{"--instance", in, "--format", "csv", "--out", filepath.Join(dir, "o.csv")}, "", "wrote " + filepath.Join(dir, "o.csv") + "\n", "a,b\n1,2\n", "", true},
		{"out quiet", []string{"--instance", in, "--format", "csv", "--quiet", "--out", filepath.Join(dir, "q.csv")}, "", "", "a,b\n1,2\n", "", true},
		{"out is input", []string{"--instance", in, "--out", in}, "", "", "", "is the input file --instance", false},
		{"out is input, other spelling", []string{"--instance", in, "--out", filepath.Join(dir, ".", "in.json")}, "", "", "", "is the input file --instance", false},
		{"bad format", []string{"--instance", in, "--format", "xml"}, "", "", "", "--format: want one of table, md, csv, json", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ran = false
			out, errw, err := runApp(t, flags, action, tc.args...)
			if tc.errContains != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errContains) {
					t.Fatalf("err = %v, want it to contain %q", err, tc.errContains)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if ran != tc.ran || out != tc.stdout || errw != tc.stderr {
				t.Errorf("ran %v stdout %q stderr %q, want %v %q %q", ran, out, errw, tc.ran, tc.stdout, tc.stderr)
			}
			if tc.file != "" {
				b, err := os.ReadFile(tc.args[len(tc.args)-1])
				if err != nil || string(b) != tc.file {
					t.Errorf("file %q (%v), want %q", b, err, tc.file)
				}
			}
			if b, _ := os.ReadFile(in); string(b) != "input" {
				t.Errorf("input file changed to %q", b)
			}
		})
	}
}

// TestProtectedInputs: input flags, repeated input lists and positional
// arguments are the command's inputs; WriteFile refuses them too (for
// extra output files that are no Out flag).
func TestProtectedInputs(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	flags := []cli.Flag{In("instance", "input", false), InList("trace", "traces"), Quiet()}
	var got []string
	var werr error
	_, _, err := runApp(t, flags, func(c *cli.Context) error {
		got = ProtectedInputs(c)
		werr = WriteFile(c, b, []byte("y"), "")
		return nil
	}, "--instance", a, "--trace", b, "pos")
	if err != nil {
		t.Fatal(err)
	}
	// The three names given on the command line above, in flag order.
	if want := []string{a, b, "pos"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ProtectedInputs = %q, want %q", got, want)
	}
	if werr == nil {
		t.Errorf("WriteFile over the --trace input: no error")
	}
}

// TestOneArg: exactly one positional argument.
func TestOneArg(t *testing.T) {
	for _, tc := range []struct {
		args []string
		ok   bool
	}{{[]string{"f"}, true}, {nil, false}, {[]string{"f", "g"}, false}} {
		var got string
		_, _, err := runApp(t, nil, func(c *cli.Context) (err error) { got, err = OneArg(c, "FILE"); return err }, tc.args...)
		if (err == nil) != tc.ok || (tc.ok && got != "f") {
			t.Errorf("%q: got %q, %v", tc.args, got, err)
		}
	}
}

func ExampleEmitTables() {
	tb := &tabular.Table{Header: []string{"policy", "total"}}
	tb.Add("maxsrpt", "12.5")
	app := &cli.App{Name: "demo", Writer: os.Stdout, Flags: []cli.Flag{Format("csv"), Out("the table"), Quiet()},
		Action: func(c *cli.Context) error { return EmitTables(c, nil, tb) }}
	_ = app.Run([]string{"demo", "--format", "md"})
	// Output:
	// | policy | total |
	// |---|---|
	// | maxsrpt | 12.5 |
}

// TestProgressEvery: 20 cells in steps of 5% print at every cell after the
// first call (each is 5%; done = 0 is in the step "last = -1" starts in,
// since -1/5 = 0): 20 lines; 100 cells print at 5, 10, …, 100: 20 lines.
// --quiet prints nothing.
func TestProgressEvery(t *testing.T) {
	for _, tc := range []struct {
		total, lines int
		quiet        bool
	}{{20, 20, false}, {100, 20, false}, {100, 0, true}} {
		args := []string{}
		if tc.quiet {
			args = append(args, "--quiet")
		}
		_, errw, err := runApp(t, []cli.Flag{Quiet()}, func(c *cli.Context) error {
			p := ProgressEvery(c, 5, func(done, total int) string { return "x" })
			if p == nil {
				return nil
			}
			for d := 0; d <= tc.total; d++ {
				p(d, tc.total)
			}
			return nil
		}, args...)
		if err != nil || strings.Count(errw, "x\n") != tc.lines {
			t.Errorf("total %d quiet %v: %d lines, want %d (%v)", tc.total, tc.quiet, strings.Count(errw, "x\n"), tc.lines, err)
		}
	}
}

// TestReadAction: the file of the flag is read, the result is emitted in
// --format (CSV here, the table's own rendering); a read error or the
// function's error is the action's, with nothing printed.
func TestReadAction(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(path, []byte("a b c"), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(p string) ([]string, error) {
		b, err := os.ReadFile(p)
		return strings.Fields(string(b)), err
	}
	count := ReadAction("in", read, func(c *cli.Context, words []string) (*tabular.Table, error) {
		if c.Bool("fail") {
			return nil, os.ErrInvalid
		}
		return &tabular.Table{Header: []string{"words"}, Rows: [][]string{{strings.Join(words, "+")}}}, nil
	})
	flags := TableOut("the count", &cli.StringFlag{Name: "in"}, &cli.BoolFlag{Name: "fail"})
	for _, tc := range []struct {
		args    []string
		want    string // stdout; the CSV of the one-column table
		wantErr bool
	}{
		{[]string{"--in", path, "--format", "csv"}, "words\na+b+c\n", false},
		{[]string{"--in", filepath.Join(dir, "none"), "--format", "csv"}, "", true},
		{[]string{"--in", path, "--fail"}, "", true},
	} {
		out, _, err := runApp(t, flags, count, tc.args...)
		if out != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("%v: out %q, err %v; want %q, error %v", tc.args, out, err, tc.want, tc.wantErr)
		}
	}
	if n := len(flags); n != 5 {
		t.Errorf("TableOut: %d flags, want the 2 given + format, out, quiet", n)
	}
	// FormatOut: the flags given, then --format and --out, in this order.
	var names []string
	for _, f := range FormatOut("the count", &cli.StringFlag{Name: "in"}) {
		names = append(names, f.Names()[0])
	}
	if got := strings.Join(names, ","); got != "in,format,out" {
		t.Errorf("FormatOut: flags %s, want in,format,out", got)
	}
}

// TestLines: a library's messages go to stderr one a line, nothing to
// stdout, none under --quiet; Wrote prefixes each file with "wrote".
func TestLines(t *testing.T) {
	flags := []cli.Flag{Quiet()}
	say := func(c *cli.Context) error {
		Lines(c, []string{"dropped 2 jobs", "kept 5"})
		Wrote(c, []string{"a.json (5 jobs)"})
		return nil
	}
	for _, tc := range []struct {
		args []string
		want string // stderr
	}{
		{nil, "dropped 2 jobs\nkept 5\nwrote a.json (5 jobs)\n"},
		{[]string{"--quiet"}, ""},
	} {
		out, msg, err := runApp(t, flags, say, tc.args...)
		if out != "" || msg != tc.want || err != nil {
			t.Errorf("%q: stdout %q, stderr %q, %v; want stderr %q", tc.args, out, msg, err, tc.want)
		}
	}
}
