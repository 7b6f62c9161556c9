package cliout

import (
	"errors"
	"fmt"
)

// Outcome is a Result of a library entry point that may have written extra
// files and may carry a failed check (report.Output is one): Written lists
// the files ("PATH (what)"), Empty says that there is nothing to print,
// Failure is the failed check (exit status 2) or nil.
type Outcome interface {
	Result
	Written() []string
	Empty() bool
	Failure() error
}

// fieldError is a library error that names a configuration field in the
// spelling of its flag (report.ConfigError is one).
type fieldError interface {
	error
	Flag() (name string, reason error)
}

// FlagError rewrites an error that names a configuration field (a
// fieldError in err's chain) as "--FIELD: reason"; other errors are
// returned unchanged.
func FlagError(err error) error {
	var fe fieldError
	if !errors.As(err, &fe) {
		return err
	}
	name, reason := fe.Flag()
	return fmt.Errorf("--%s: %w", name, reason)
}
