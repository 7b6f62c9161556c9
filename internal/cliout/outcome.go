package cliout

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

// Outcome is a Result of a library entry point that may have written extra
// files and may carry a failed check (report.Output is one): Written lists
// the files ("PATH (what)"), Empty says that there is nothing to print,
// Findings what a check found in words (printed on stderr after the
// result, also under --quiet), Failure is the failed check (exit status
// 2) or nil.
type Outcome interface {
	Result
	Written() []string
	Empty() bool
	Findings() []string
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

// Saved is a Result with a file form of its own (an instance: CSV or JSON
// by the file's extension): with --out, Action and EmitSaved write it with
// Save instead of rendering it in --format.
type Saved interface {
	Result
	// Save writes the result to path and says what it wrote ("12 jobs").
	Save(path string, opts ...fileio.WriteOption) (what string, err error)
}

// formatted is a result rendered in one format of its own (a workload's
// JSON, workload.File).
type formatted interface {
	Format() tabular.Format
}

// EmitSaved writes r to --out with its Save (see Save) or renders it in
// --format to stdout; a result with a format of its own (a Format method)
// is rendered in that format, with the run's provenance (Print).
func EmitSaved(c *cli.Context, r Saved) error {
	if out := c.String("out"); out != "" {
		return Save(c, out, r)
	}
	if f, ok := r.(formatted); ok {
		return PrintWith(c, f.Format(), func(w io.Writer) error { return r.Write(w, f.Format()) })
	}
	return Emit(c, r.Write)
}

// Save writes r to path with its Save, never over an input of the command,
// with "wrote PATH (what)" on stderr unless --quiet.
func Save(c *cli.Context, path string, r Saved) error {
	what, err := r.Save(path, Protect(c))
	if err == nil {
		Infof(c, "wrote %s (%s)", path, what)
	}
	return err
}

// fieldMessage is a library error that names a configuration field in the
// spelling of its flag with a message of its own (straggler.FieldError).
type fieldMessage interface {
	error
	FieldMessage() (field, msg string)
}

// Flagged names the flag of a configuration field a library rejected: a
// fieldMessage in err's chain becomes "--FIELD msg", and an error that is
// one of prefixes loses the prefix's text for "--" ("cluster study:
// invalid configuration: heartbeat …" becomes "--heartbeat …", the
// prefix being the sentinel "cluster study: invalid configuration");
// other errors are returned unchanged.
func Flagged(err error, prefixes ...error) error {
	var fm fieldMessage
	if errors.As(err, &fm) {
		field, msg := fm.FieldMessage()
		return fmt.Errorf("--%s %s", field, msg)
	}
	for _, p := range prefixes {
		if errors.Is(err, p) {
			return errors.New("--" + strings.TrimPrefix(err.Error(), p.Error()+": "))
		}
	}
	return err
}
