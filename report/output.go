package report

import (
	"errors"
	"fmt"
	"io"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// Output is what an entry point that runs one command's work returns
// (SolveFile, SimulateFile, ValidateFiles, Compare, BoundsFile,
// ExportFile, SolveMIPFile, study.FlexPlan, …): the view to print, the
// extra files it wrote (in order) and, when the work ran but its check
// failed (a schedule the validator rejects, a policy's schedule that is
// invalid), that failure. Write renders the view.
type Output struct {
	// View is the result to print; nil when there is nothing to print
	// (Failed says why) or Print prints it.
	View *tabular.View
	// Print, when View is nil, prints a result that is not a view (a
	// library's report that writes itself in a format).
	Print func(w io.Writer, f tabular.Format) error
	// Files are the extra files written, each "PATH (what)" (or "PATH"
	// when there is nothing to add).
	Files []string
	// Failed is the failed check (the view still says what was found), or nil.
	Failed error
	// Found is what the check found, in words ("violation: …"), for the
	// user after the result (a command prints it on stderr, also when
	// quiet).
	Found []string
}

// Findings is what the check found (see Found).
func (o *Output) Findings() []string { return o.Found }

// Written lists the extra files the work wrote (see Files).
func (o *Output) Written() []string { return o.Files }

// Failure is the failed check, or nil.
func (o *Output) Failure() error { return o.Failed }

// Empty says that there is nothing to print.
func (o *Output) Empty() bool { return o.View == nil && o.Print == nil }

// Write renders the view (or Print's result) in format f; nothing when
// Empty.
func (o *Output) Write(w io.Writer, f tabular.Format) error {
	switch {
	case o.View != nil:
		return o.View.Write(w, f)
	case o.Print != nil:
		return o.Print(w, f)
	}
	return nil
}

// ErrConfig reports a configuration field of an entry point outside its
// allowed values, as a *ConfigError.
var ErrConfig = errors.New("report: invalid configuration")

// ConfigError names the configuration field that is not allowed, in the
// spelling of the flag of its 'mrsched' command ("order", "engine", …),
// and why. errors.Is(err, ErrConfig) holds, and errors.Is and errors.As
// reach the reason.
type ConfigError struct {
	Field string
	Err   error
}

func (e *ConfigError) Error() string {
	return ErrConfig.Error() + ": " + e.Field + ": " + e.Err.Error()
}

// Unwrap returns ErrConfig and the reason.
func (e *ConfigError) Unwrap() []error { return []error{ErrConfig, e.Err} }

// Flag returns the field in the spelling of its flag and the reason.
func (e *ConfigError) Flag() (string, error) { return e.Field, e.Err }

// configErr is a *ConfigError of field with reason err; nil when err is nil.
func configErr(field string, err error) error {
	if err == nil {
		return nil
	}
	return &ConfigError{Field: field, Err: err}
}

// Saver is a result with a file form of its own (instances.File,
// schedule.File): Save writes it to path and says what it wrote ("12
// jobs").
type Saver interface {
	Save(path string, opts ...fileio.WriteOption) (what string, err error)
}

// Save writes s to path with its Save, never over one of protect, and adds
// "PATH (what)" to o.Files.
func (o *Output) Save(path string, s Saver, protect []string) error {
	what, err := s.Save(path, fileio.Protect(protect...))
	if err == nil {
		o.Files = append(o.Files, path+" ("+what+")")
	}
	return err
}

// saveSchedule writes s to path (schedule.WriteFile: CSV when it ends in
// .csv, else JSON; never over one of protect) and says so in files; an
// empty path writes nothing.
func saveSchedule(files *[]string, path string, in *instances.Instance, s *schedule.Schedule, protect []string) error {
	if path == "" {
		return nil
	}
	what, err := schedule.File{In: in, Schedule: s}.Save(path, fileio.Protect(protect...))
	if err == nil {
		*files = append(*files, path+" ("+what+")")
	}
	return err
}

// saveBytes writes data atomically to path (never over one of protect)
// and says so in files as "PATH (what)".
func saveBytes(files *[]string, path string, data []byte, what string, protect []string) error {
	if err := fileio.WriteFileAtomic(path, data, fileio.Protect(protect...)); err != nil {
		return err
	}
	*files = append(*files, fmt.Sprintf("%s (%s)", path, what))
	return nil
}
