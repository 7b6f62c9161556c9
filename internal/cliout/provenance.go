package cliout

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/tabular"
)

// Run is what a program knows of its run before a command starts: its
// build, its command line as given, when it started, and a function
// returning the versions of the LP/MIP engines named by a command's
// --engine flag.
type Run struct {
	Build       provenance.Build
	CommandLine []string
	Start       time.Time
	Engines     func(names []string) []provenance.Engine
}

const runKey = "cliout.run"

// SetRun records run in app, for Provenance, and forgets the engines
// that ran before (provenance.ResetEngines).
func SetRun(app *cli.App, run Run) {
	provenance.ResetEngines()
	if app.Metadata == nil {
		app.Metadata = map[string]any{}
	}
	app.Metadata[runKey] = run
}

// SetProcessRun records the run of this process in app (SetRun): its
// build, its command line args and its start, SOURCE_DATE_EPOCH when set
// else processStart (provenance.StartTime, whose error it returns).
func SetProcessRun(app *cli.App, args []string, processStart time.Time, engines func(names []string) []provenance.Engine) error {
	start, err := provenance.StartTime(processStart, os.Getenv)
	if err != nil {
		return err
	}
	SetRun(app, Run{Build: provenance.ReadBuild(), CommandLine: args, Start: start, Engines: engines})
	return nil
}

// Provenance returns the provenance record of the command running in c:
// the program's Run (SetRun) with the command's --seed, --time-limit and
// --engine (with its version) when it has them, and every engine that ran
// since SetRun (provenance.EnginesUsed); false when the program set no
// Run.
func Provenance(c *cli.Context) (provenance.Record, bool) {
	run, ok := c.App.Metadata[runKey].(Run)
	if !ok {
		return provenance.Record{}, false
	}
	r := provenance.Record{Tool: c.App.Name, Build: run.Build, CommandLine: run.CommandLine,
		Start: provenance.FormatTime(run.Start)}
	if r.CommandLine == nil {
		r.CommandLine = []string{}
	}
	var engines []string
	for _, f := range c.Command.Flags {
		for _, name := range f.Names() {
			switch name {
			case "seed":
				r.SetSeed(fmt.Sprint(c.Value(name)))
			case "time-limit":
				if d, ok := c.Value(name).(time.Duration); ok {
					r.TimeLimit = d.String()
					if d == 0 {
						r.TimeLimit = "none"
					}
				}
			case "engine":
				engines = append(engines, c.String(name))
			}
		}
	}
	// The engines of --engine, then those that ran (provenance.NoteEngine:
	// the engines of --methods and of the exact portfolio), each once.
	engines = append(engines, provenance.EnginesUsed()...)
	if run.Engines != nil && len(engines) > 0 {
		seen := map[string]bool{}
		for _, e := range run.Engines(engines) {
			if !seen[e.Name] {
				seen[e.Name] = true
				r.Engines = append(r.Engines, e)
			}
		}
	}
	return r, true
}

// StampRun makes the provenance of the command running in c the
// process's current record (provenance.SetCurrent), which the figures
// carry; it is a Before hook.
func StampRun(c *cli.Context) error {
	if r, ok := Provenance(c); ok {
		provenance.SetCurrent(r)
	}
	return nil
}

// stamp adds the command's provenance to its rendered output: the
// provenance object of JSON (provenance.Insert) and the closing block of
// Markdown; other formats are returned as they are.
func stamp(c *cli.Context, f tabular.Format, data []byte) ([]byte, error) {
	if f != tabular.JSON && f != tabular.Markdown {
		return data, nil
	}
	r, ok := Provenance(c)
	if !ok {
		return data, nil
	}
	if f == tabular.JSON {
		return provenance.Insert(data, r)
	}
	return append(data, r.Markdown()...), nil
}

// Print writes data, a result rendered in format f, to stdout with the
// run's provenance as Emit adds it, for a command whose --out names
// another file (an instance) or that has no --format.
func Print(c *cli.Context, f tabular.Format, data []byte) error {
	data, err := stamp(c, f, data)
	if err != nil {
		return err
	}
	_, err = c.App.Writer.Write(data)
	return err
}

// PrintWith writes what write renders in format f to stdout, with the
// run's provenance as Print adds it.
func PrintWith(c *cli.Context, f tabular.Format, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return Print(c, f, b.Bytes())
}

// PrintIn renders a result in --format and writes it to stdout (see
// Print), for a command whose --out names another file.
func PrintIn(c *cli.Context, render func(w io.Writer, f tabular.Format) error) error {
	f, err := FormatOf(c)
	if err != nil {
		return err
	}
	return PrintWith(c, f, func(w io.Writer) error { return render(w, f) })
}
