package clitree

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestRunProcess: an interrupt cancels the command's context, the command
// returns what it has and the status is 128 + the signal's number (130,
// 143 as a shell reports them); Cleanup runs on every exit; a write error
// on the output makes a successful command exit 1.
func TestRunProcess(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sig     os.Signal // sent once the command runs; nil: none
		out     func(*bytes.Buffer) *failWriter
		want    int
		wantErr string
	}{
		{name: "SIGINT", sig: syscall.SIGINT, want: 130},
		{name: "SIGTERM", sig: syscall.SIGTERM, want: 143},
		{name: "no signal", want: 0},
		{name: "lost output", out: func(*bytes.Buffer) *failWriter { return &failWriter{} }, want: 1, wantErr: "write the output: disk full"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sigs := make(chan os.Signal, 1)
			var stdout, stderr bytes.Buffer
			app := &cli.App{Name: "prog", Writer: &stdout, ErrWriter: &stderr, Commands: []*cli.Command{{
				Name: "wait", Action: func(c *cli.Context) error {
					if tc.sig != nil {
						sigs <- tc.sig
						<-c.Context.Done() // returns only when cancelled
					}
					// The error of the write is not looked at (a
					// command's Fprintf): RunProcess sees it.
					c.App.Writer.Write([]byte("answer\n"))
					return nil
				}}}}
			if tc.out != nil {
				app.Writer = tc.out(&stdout)
			}
			cleaned := 0
			code := RunProcess(app, []string{"prog", "wait"}, Process{Signals: sigs,
				Cleanup: func() { cleaned++ }, Exit: func(int) { t.Fatal("Exit called: the command returned") }})
			if code != tc.want {
				t.Errorf("status %d, want %d; stderr %q", code, tc.want, stderr.String())
			}
			if cleaned != 1 {
				t.Errorf("Cleanup ran %d times, want once", cleaned)
			}
			if tc.out == nil && stdout.String() != "answer\n" {
				t.Errorf("stdout %q, want the answer", stdout.String())
			}
			if !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tc.wantErr)
			}
		})
	}
}

type failWriter struct{}

func (*failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
