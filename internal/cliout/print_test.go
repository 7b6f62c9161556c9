package cliout

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/tabular"
)

// TestPrint: PrintIn renders in --format to stdout even with --out (the
// out file is another output of the command), PrintWith writes as it is
// rendered; a render error is returned and writes nothing.
// No run is recorded (SetRun), so nothing is stamped: the expected
// outputs are the rendered bytes.
func TestPrint(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.txt")
	tb := &tabular.Table{Header: []string{"a"}}
	tb.Add("1")
	bad := errors.New("render failed")
	text := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	flags := []cli.Flag{Out("the result"), Format("table"), Quiet()}
	for _, tc := range []struct {
		name          string
		action        cli.ActionFunc
		args          []string
		stdout, msg   string
		file, wantErr string // file: --out's content ("" none)
	}{
		{"print-in csv", func(c *cli.Context) error { return PrintIn(c, tb.Write) }, []string{"--format", "csv", "--out", out}, "a\n1\n", "", "", ""},
		{"print-with", func(c *cli.Context) error { return PrintWith(c, tabular.CSV, text("x\n")) }, nil, "x\n", "", "", ""},
		{"print-with error", func(c *cli.Context) error {
			return PrintWith(c, tabular.CSV, func(io.Writer) error { return bad })
		}, []string{"--out", out}, "", "", "", "render failed"},
	} {
		os.Remove(out)
		stdout, msg, err := runApp(t, flags, tc.action, tc.args...)
		if stdout != tc.stdout || msg != tc.msg {
			t.Errorf("%s: stdout %q stderr %q, want %q and %q", tc.name, stdout, msg, tc.stdout, tc.msg)
		}
		if (err == nil) != (tc.wantErr == "") || err != nil && err.Error() != tc.wantErr {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.wantErr)
		}
		got, _ := os.ReadFile(out)
		if string(got) != tc.file {
			t.Errorf("%s: --out holds %q, want %q", tc.name, got, tc.file)
		}
	}
}
