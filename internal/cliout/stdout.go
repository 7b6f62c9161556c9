package cliout

import (
	"errors"
	"io"
	"os"
)

// ErrClosedStdout is the error of every write to a standard output that
// was closed when the program started.
var ErrClosedStdout = errors.New("cliout: standard output is closed (the result would be lost; use --out FILE or redirect it)")

// Stdout is os.Stdout, or a writer whose writes fail with ErrClosedStdout
// when the process started with its standard output closed ("cmd >&-"):
// the Go runtime then opens /dev/null on it, and the result would be lost
// without an error.
func Stdout() io.Writer {
	if stdoutClosedAtStart() {
		return closedWriter{}
	}
	return os.Stdout
}

type closedWriter struct{}

func (closedWriter) Write([]byte) (int, error) { return 0, ErrClosedStdout }
