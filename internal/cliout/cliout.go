package cliout

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

// OverwriteNote is the output-file convention, repeated in every flag that
// names a file to write.
const OverwriteNote = "replaced if it exists; never one of the command's input files"

// The path flags of package cliflags: their values are checked by
// CheckOutputs before the command runs.
type (
	// OutputFlag is a flag naming a file the command writes.
	OutputFlag = cliflags.OutputFlag
	// OutputDirFlag is a flag naming a folder the command writes into.
	OutputDirFlag = cliflags.OutputDirFlag
	// InputFlag is a flag naming a file the command reads.
	InputFlag = cliflags.InputFlag
	// InputsFlag is a repeatable flag of input files.
	InputsFlag = cliflags.InputsFlag
)

// Out is --out FILE: the command's result goes there instead of stdout.
func Out(what string) cli.Flag {
	return cliflags.Output("out", "", "write "+what+" to `FILE` instead of stdout ("+OverwriteNote+")", cliflags.Alias("o"))
}

// FileOut is a flag naming an extra output file (a schedule, cells).
func FileOut(name, usage string) cli.Flag {
	return cliflags.Output(name, "", usage+" ("+OverwriteNote+")")
}

// BaseOut is a flag naming the base of output files: the command writes
// BASE followed by each of exts.
func BaseOut(name, usage string, exts ...string) *OutputFlag {
	return cliflags.OutputBase(name, usage+" ("+OverwriteNote+")", exts)
}

// DirOut is a flag naming a folder the command writes the files names
// (filepath.Match patterns) into; value is its default.
func DirOut(name, value, usage string, names ...string) cli.Flag {
	return cliflags.OutputDir(name, value, usage+" (files "+OverwriteNote+")", names)
}

// In returns an input file flag.
func In(name, usage string, required bool, aliases ...string) cli.Flag {
	opt := []cliflags.Option{cliflags.Alias(aliases...)}
	if required {
		opt = append(opt, cliflags.Required)
	}
	return cliflags.Input(name, "", usage, opt...)
}

// InList returns a repeatable input files flag with default values.
func InList(name, usage string, value ...string) cli.Flag {
	return cliflags.Inputs(name, value, usage)
}

// Instance is --instance FILE (-i), a required tandem instance.
func Instance() cli.Flag {
	return In("instance", "tandem instance `FILE` (JSON, or CSV ending in .csv)", true, "i")
}

// InstanceOut is --out FILE of a command that writes an instance (see
// EmitSaved).
func InstanceOut() cli.Flag {
	return cliflags.Output("out", "", "write the instance to `FILE` (.csv for CSV, otherwise JSON) instead of stdout ("+OverwriteNote+")", cliflags.Alias("o"))
}

// InstanceOutFlags are --out, --format (json or csv) and --quiet of a
// command that writes an instance.
func InstanceOutFlags() []cli.Flag {
	return []cli.Flag{InstanceOut(), Format("json", tabular.JSON, tabular.CSV), Quiet()}
}

// Quiet is --quiet (-q): no progress or messages on stderr.
func Quiet() cli.Flag {
	return cliflags.Bool("quiet", false, "no progress or messages on stderr", cliflags.Alias("q"))
}

// Format is --format restricted to the given formats (all four when none
// are given).
func Format(value string, allowed ...tabular.Format) cli.Flag {
	if len(allowed) == 0 {
		allowed = []tabular.Format{tabular.Text, tabular.Markdown, tabular.CSV, tabular.JSON}
	}
	names := make([]string, len(allowed))
	for i, f := range allowed {
		names[i] = f.String()
	}
	want := strings.Join(names, ", ")
	f := cliflags.String("format", value, "output format: "+want)
	f.Action = func(_ *cli.Context, s string) error {
		f, err := tabular.ParseFormat(s)
		for _, a := range allowed {
			if err == nil && f == a {
				return nil
			}
		}
		return fmt.Errorf("--format: want one of %s, got %q", want, s)
	}
	return f
}

// FormatOf returns the parsed --format (validated by Format).
func FormatOf(c *cli.Context) (tabular.Format, error) {
	f, err := tabular.ParseFormat(c.String("format"))
	if err != nil {
		return 0, fmt.Errorf("--format: %w", err)
	}
	return f, nil
}

// ProtectedInputs lists the files a command reads: the values of its
// input flags and its positional arguments.
func ProtectedInputs(c *cli.Context) []string {
	var out []string
	for _, a := range cliflags.PathArgs(c) {
		if a.Use == fileio.Reads {
			out = append(out, a.Path)
		}
	}
	return out
}

// NotInput refuses a file that a library writes itself (a sweep's --cells)
// when it is one of the command's inputs.
func NotInput(c *cli.Context, flag, path string) error {
	args := slices.DeleteFunc(cliflags.PathArgs(c), func(a fileio.PathArg) bool { return a.Name == "--"+flag })
	return fileio.CheckPaths(append(args, fileio.PathArg{Name: "--" + flag, Path: path, Use: fileio.Writes}))
}

// CheckOutputs is the output guard, a Before hook of every command: it
// refuses, before the command runs, a file the command writes (its
// OutputFlag and OutputDirFlag values) that is one of its inputs (its
// InputFlag, InputsFlag values and positional arguments) or another of
// its outputs, by file identity (fileio.CheckPaths).
func CheckOutputs(c *cli.Context) error {
	return fileio.CheckPaths(cliflags.PathArgs(c))
}

// Protect is the fileio option that refuses the command's inputs.
func Protect(c *cli.Context) fileio.WriteOption { return fileio.Protect(ProtectedInputs(c)...) }

// WriteFile writes data to path for the command: atomically, never over an
// input, with "wrote PATH (what)" on stderr unless --quiet.
func WriteFile(c *cli.Context, path string, data []byte, what string) error {
	// fileio refuses a protected path (os.SameFile: another spelling or a
	// link to an input too), writes through a symlink to its target and
	// removes its temporary file on failure.
	if err := fileio.WriteFileAtomic(path, data, Protect(c)); err != nil {
		return err
	}
	if what != "" {
		Infof(c, "wrote %s (%s)", path, what)
	} else {
		Infof(c, "wrote %s", path)
	}
	return nil
}

// WriteWith renders into a buffer with write, then writes it to path (see
// WriteFile).
func WriteWith(c *cli.Context, path, what string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return WriteFile(c, path, b.Bytes(), what)
}

// EmitBytes writes a command's result to --out (see WriteFile) or stdout.
func EmitBytes(c *cli.Context, data []byte) error {
	if out := c.String("out"); out != "" {
		return WriteFile(c, out, data, "")
	}
	_, err := c.App.Writer.Write(data)
	return err
}

// Emit renders a command's result in --format and writes it to --out or
// stdout. JSON carries the run's provenance object and Markdown ends with
// its block (see Provenance), so that no command's output goes without.
func Emit(c *cli.Context, render func(w io.Writer, f tabular.Format) error) error {
	f, err := FormatOf(c)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render(&b, f); err != nil {
		return err
	}
	data, err := stamp(c, f, b.Bytes())
	if err != nil {
		return err
	}
	return EmitBytes(c, data)
}

// EmitView writes a library's view of a result in --format to --out or
// stdout.
func EmitView(c *cli.Context, v *tabular.View) error { return Emit(c, v.Write) }

// EmitTables writes tables in --format: JSON is value (when non-nil) or
// the tables as lists of objects.
func EmitTables(c *cli.Context, value any, tables ...*tabular.Table) error {
	return EmitView(c, &tabular.View{Value: value, Tables: tables})
}

// Infof prints a message line on stderr unless --quiet.
func Infof(c *cli.Context, format string, args ...any) {
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, format+"\n", args...)
	}
}

// Wrote says on stderr (unless --quiet) which files were written.
func Wrote(c *cli.Context, files []string) {
	for _, f := range files {
		Infof(c, "wrote %s", f)
	}
}

// Lines writes a library's messages on stderr, one a line, unless
// --quiet.
func Lines(c *cli.Context, lines []string) {
	for _, l := range lines {
		Infof(c, "%s", l)
	}
}

// StderrIf is the command's stderr when the boolean flag is set (a
// library's log, --log), else nil.
func StderrIf(c *cli.Context, flag string) io.Writer {
	if c.Bool(flag) {
		return c.App.ErrWriter
	}
	return nil
}

// Messages is the command's stderr for a library's messages, or nil
// under --quiet.
func Messages(c *cli.Context) io.Writer {
	if c.Bool("quiet") {
		return nil
	}
	return c.App.ErrWriter
}

// ProgressLine returns a callback printing progress lines on stderr, or
// nil under --quiet.
func ProgressLine(c *cli.Context) func(string) {
	if c.Bool("quiet") {
		return nil
	}
	return func(s string) { fmt.Fprintln(c.App.ErrWriter, s) }
}

// ProgressBar returns a callback drawing a progress bar on stderr (nil
// under --quiet) and the function that finishes it.
func ProgressBar(c *cli.Context, what string) (func(done, total int), func()) {
	if c.Bool("quiet") {
		return nil, func() {}
	}
	var bar *progressbar.ProgressBar
	var mu sync.Mutex
	return func(done, total int) {
			mu.Lock()
			defer mu.Unlock()
			if bar == nil {
				bar = progressbar.NewOptions(total,
					progressbar.OptionSetWriter(c.App.ErrWriter),
					progressbar.OptionSetDescription(what),
					progressbar.OptionShowCount(),
					progressbar.OptionSetElapsedTime(true),
					progressbar.OptionSetPredictTime(true),
					progressbar.OptionThrottle(200*time.Millisecond),
					progressbar.OptionSetWidth(30))
			}
			_ = bar.Set(done)
		}, func() {
			mu.Lock()
			defer mu.Unlock()
			if bar != nil {
				_ = bar.Finish()
				fmt.Fprintln(c.App.ErrWriter)
			}
		}
}

// OneArg returns the one positional argument of a command (a file).
func OneArg(c *cli.Context, what string) (string, error) {
	if c.NArg() != 1 {
		return "", fmt.Errorf("%s: want one %s argument, got %d %q",
			c.Command.Name, what, c.NArg(), c.Args().Slice())
	}
	return c.Args().First(), nil
}

// EmitWith writes what write renders to --out (see WriteFile) or stdout;
// when the command's --format names json or md, the output carries the
// run's provenance as in Emit.
func EmitWith(c *cli.Context, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	data := b.Bytes()
	if f, err := tabular.ParseFormat(c.String("format")); err == nil && c.String("format") != "" {
		if data, err = stamp(c, f, data); err != nil {
			return err
		}
	}
	return EmitBytes(c, data)
}

// ProgressEvery returns a callback printing line(done, total) on stderr
// when the share done enters a new step of pct percent, and at the end;
// nil under --quiet.
func ProgressEvery(c *cli.Context, pct int, line func(done, total int) string) func(done, total int) {
	if c.Bool("quiet") {
		return nil
	}
	last := -1
	return func(done, total int) {
		if p := 100 * done / max(total, 1); p/pct != last/pct || done == total {
			last = p
			fmt.Fprintln(c.App.ErrWriter, line(done, total))
		}
	}
}

// Result is what a command prints: anything that writes itself in a
// format (*tabular.View, *tabular.Table, a library's report).
type Result interface {
	Write(w io.Writer, f tabular.Format) error
}

// Action is an action that emits the result f returns in --format to --out
// or stdout; a Saved result with --out is written with its Save
// (EmitSaved). A result that is an Outcome also says which extra files it
// wrote (before its output), prints nothing when Empty, prints its
// Findings on stderr after its output and, when its check failed, exits
// with status 2 after printing. An error that names a
// configuration field (FlagError) names the field's flag.
func Action[R Result](f func(c *cli.Context) (R, error)) cli.ActionFunc {
	return func(c *cli.Context) error {
		r, err := f(c)
		if err != nil {
			return FlagError(err)
		}
		if s, ok := any(r).(Saved); ok {
			return EmitSaved(c, s)
		}
		o, ok := any(r).(Outcome)
		if !ok {
			return Emit(c, r.Write)
		}
		Wrote(c, o.Written())
		if !o.Empty() {
			if err := Emit(c, r.Write); err != nil {
				return err
			}
		}
		for _, line := range o.Findings() {
			fmt.Fprintln(c.App.ErrWriter, line)
		}
		if err := o.Failure(); err != nil {
			return clitree.ExitWith(2, err)
		}
		return nil
	}
}

// ReadAction is an action that reads the file named by --flag with read
// and emits the result f makes of it (see Action).
func ReadAction[T any, R Result](flag string, read func(string) (T, error), f func(c *cli.Context, x T) (R, error)) cli.ActionFunc {
	return Action(func(c *cli.Context) (R, error) {
		x, err := read(c.String(flag))
		if err != nil {
			var none R
			return none, err
		}
		return f(c, x)
	})
}

// ArgAction is an action on the one positional argument of the command, a
// file (what names it in the error, see OneArg), that emits the result f
// makes of it (see Action).
func ArgAction[R Result](what string, f func(c *cli.Context, path string) (R, error)) cli.ActionFunc {
	return Action(func(c *cli.Context) (R, error) {
		path, err := OneArg(c, what)
		if err != nil {
			var none R
			return none, err
		}
		return f(c, path)
	})
}

// TableOut is flags followed by --format (default "table"), --out and
// --quiet, the output flags of most commands; what says what --out gets.
func TableOut(what string, flags ...cli.Flag) []cli.Flag {
	return append(FormatOut(what, flags...), Quiet())
}

// FormatOut is flags followed by --format (default "table") and --out,
// the output flags of a command without --quiet (see TableOut).
func FormatOut(what string, flags ...cli.Flag) []cli.Flag {
	return append(flags, Format("table"), Out(what))
}
