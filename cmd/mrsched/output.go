package main

// Shared output, over package cliout: results to stdout or --out FILE in
// --format, extra output files, messages and progress on stderr (--quiet
// silences them). Every file is written atomically, through a symlink to
// its target, and never over one of the command's input files.

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// The helpers of package cliout, by their short names.
var (
	notInput, checkOutputs                = cliout.NotInput, cliout.CheckOutputs
	writeFile, writeWith, emitBytes, emit = cliout.WriteFile, cliout.WriteWith, cliout.EmitBytes, cliout.Emit
	emitView, emitTables, infof, wrote    = cliout.EmitView, cliout.EmitTables, cliout.Infof, cliout.Wrote
	progressLine, progressBar, oneArg     = cliout.ProgressLine, cliout.ProgressBar, cliout.OneArg
	emitWith, progressEvery, tableOut     = cliout.EmitWith, cliout.ProgressEvery, cliout.TableOut
)

// viewAction is an action that emits the view f returns.
func viewAction(f func(c *cli.Context) (*tabular.View, error)) cli.ActionFunc {
	return cliout.Action(f)
}

// instanceAction is an action that reads --instance and emits the view f
// makes of it.
func instanceAction(f func(c *cli.Context, in *instances.Instance) (*tabular.View, error)) cli.ActionFunc {
	return cliout.ReadAction("instance", instances.ReadFile, f)
}

// saveInstance writes in to path (instances.WriteFile: CSV when it ends
// in .csv, else JSON; never over an input).
func saveInstance(c *cli.Context, path string, in *instances.Instance) error {
	if err := instances.WriteFile(path, in, cliout.Protect(c)); err != nil {
		return err
	}
	infof(c, "wrote %s (%d jobs)", path, in.N())
	return nil
}

// saveSchedule writes s to path (schedule.WriteFile: CSV when it ends in
// .csv, else JSON; never over an input).
func saveSchedule(c *cli.Context, path string, in *instances.Instance, s *schedule.Schedule) error {
	if err := schedule.WriteFile(path, in, s, cliout.Protect(c)); err != nil {
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
	return []cli.Flag{instanceOutFlag(), formatFlag("json", tabular.JSON, tabular.CSV), quietFlag()}
}

// instanceOutFlag is --out FILE of a command that writes an instance.
func instanceOutFlag() cli.Flag {
	return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the instance to `FILE` (.csv for CSV, otherwise JSON) instead of stdout (" + overwriteNote + ")"}
}
