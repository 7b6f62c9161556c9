//go:build unix

package cliout

import (
	"os"
	"syscall"
)

// stdoutClosedAtStart reports whether file descriptor 1 is the /dev/null
// that the Go runtime opens, read-write, on a standard descriptor closed
// at start (a shell's ">/dev/null" opens it write-only).
func stdoutClosedAtStart() bool {
	st, err := os.Stdout.Stat()
	if err != nil {
		return false
	}
	null, err := os.Stat(os.DevNull)
	if err != nil || !os.SameFile(st, null) {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}
