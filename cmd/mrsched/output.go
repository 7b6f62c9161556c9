package main

// Shared output: results to stdout or --out FILE in --format, extra output
// files (schedules, cells), messages and progress on stderr (--quiet
// silences them). Every file is written atomically, through a symlink to
// its target, and never over one of the command's input files.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// protectedInputs lists the files a command reads: the values of its input
// flags and its positional arguments.
func protectedInputs(c *cli.Context) []string {
	var out []string
	for _, f := range c.Command.Flags {
		switch f := f.(type) {
		case *inputFlag:
			if v := c.String(f.Name); v != "" {
				out = append(out, v)
			}
		case *inputsFlag:
			out = append(out, c.StringSlice(f.Name)...)
		case *cliflags.RepeatedFlag:
			if f.Files {
				out = append(out, repeatedOf(c, f.Name)...)
			}
		}
	}
	return append(out, c.Args().Slice()...)
}

// notInput refuses a file that a library writes itself (a sweep's --cells)
// when it is one of the command's inputs.
func notInput(c *cli.Context, flag, path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return nil // a new file is no input
	}
	for _, in := range protectedInputs(c) {
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return fmt.Errorf("--%s %s: refusing to write over an input file of this command (%s)", flag, path, in)
		}
	}
	return nil
}

// checkOutputs refuses, before the command runs, output files (flags made
// by outFlag and fileOutFlag) that are inputs of the command.
func checkOutputs(c *cli.Context) error {
	for _, f := range c.Command.Flags {
		if o, ok := f.(*outputFlag); ok && c.String(o.Name) != "" {
			if err := notInput(c, o.Name, c.String(o.Name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFile writes data to path for the command: atomically, never over an
// input, with "wrote PATH (what)" on stderr unless --quiet.
func writeFile(c *cli.Context, path string, data []byte, what string) error {
	// fileio refuses a protected path (os.SameFile: another spelling or a
	// link to an input too), writes through a symlink to its target and
	// removes its temporary file on failure.
	if err := fileio.WriteFileAtomic(path, data, fileio.Protect(protectedInputs(c)...)); err != nil {
		return err
	}
	if what != "" {
		infof(c, "wrote %s (%s)", path, what)
	} else {
		infof(c, "wrote %s", path)
	}
	return nil
}

// writeWith renders into a buffer with write, then writes it to path (see
// writeFile).
func writeWith(c *cli.Context, path, what string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return writeFile(c, path, b.Bytes(), what)
}

// emitBytes writes a command's result to --out (see writeFile) or stdout.
func emitBytes(c *cli.Context, data []byte) error {
	if out := c.String("out"); out != "" {
		return writeFile(c, out, data, "")
	}
	_, err := c.App.Writer.Write(data)
	return err
}

// emit renders a command's result in --format and writes it to --out or
// stdout.
func emit(c *cli.Context, render func(w io.Writer, f tabular.Format) error) error {
	f, err := formatOf(c)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render(&b, f); err != nil {
		return err
	}
	return emitBytes(c, b.Bytes())
}

// emitView writes a library's view of a result in --format to --out or
// stdout.
func emitView(c *cli.Context, v *tabular.View) error { return emit(c, v.Write) }

// emitTables writes tables in --format: JSON is value (when non-nil) or
// the tables as lists of objects.
func emitTables(c *cli.Context, value any, tables ...*tabular.Table) error {
	return emitView(c, &tabular.View{Value: value, Tables: tables})
}

// infof prints a message line on stderr unless --quiet.
func infof(c *cli.Context, format string, args ...any) {
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, format+"\n", args...)
	}
}

// progressLine returns a callback printing progress lines on stderr, or
// nil under --quiet.
func progressLine(c *cli.Context) func(string) {
	if c.Bool("quiet") {
		return nil
	}
	return func(s string) { fmt.Fprintln(c.App.ErrWriter, s) }
}

// progressBar returns a callback drawing a progress bar on stderr (nil
// under --quiet) and the function that finishes it.
func progressBar(c *cli.Context, what string) (func(done, total int), func()) {
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

// saveInstance writes in to path (instances.WriteFile: CSV when it ends
// in .csv, else JSON; never over an input).
func saveInstance(c *cli.Context, path string, in *instances.Instance) error {
	if err := instances.WriteFile(path, in, fileio.Protect(protectedInputs(c)...)); err != nil {
		return err
	}
	infof(c, "wrote %s (%d jobs)", path, in.N())
	return nil
}

// saveSchedule writes s to path (schedule.WriteFile: CSV when it ends in
// .csv, else JSON; never over an input).
func saveSchedule(c *cli.Context, path string, in *instances.Instance, s *schedule.Schedule) error {
	if err := schedule.WriteFile(path, in, s, fileio.Protect(protectedInputs(c)...)); err != nil {
		return err
	}
	infof(c, "wrote %s (%d segments)", path, len(s.Segments))
	return nil
}

// emitInstance writes in to --out (see saveInstance) or to stdout in
// --format (json or csv).
func emitInstance(c *cli.Context, in *instances.Instance) error {
	if out := c.String("out"); out != "" {
		return saveInstance(c, out, in)
	}
	if c.String("format") == "csv" {
		return instances.WriteCSV(c.App.Writer, in)
	}
	return instances.WriteJSON(c.App.Writer, in)
}

// instanceOutFlags are --out, --format (json or csv) and --quiet of
// commands that write an instance.
func instanceOutFlags() []cli.Flag {
	return []cli.Flag{
		instanceOutFlag(),
		formatFlag("json", tabular.JSON, tabular.CSV),
		quietFlag(),
	}
}

// instanceOutFlag is --out FILE of a command that writes an instance.
func instanceOutFlag() cli.Flag {
	return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the instance to `FILE` (.csv for CSV, otherwise JSON) instead of stdout (" + overwriteNote + ")"}
}
