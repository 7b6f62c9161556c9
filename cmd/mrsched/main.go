// Command mrsched is the command-line face of the mrsched toolkit: wiring
// only, over the library packages. Each command declares its flags with
// the helpers of internal/cliflags and internal/cliout, calls one library
// function and writes its result through internal/cliout. The
// command tree is built here, explicitly, from the constructors each topic
// file exposes (internal/clitree.Cmd and Group); every command's usage,
// synopsis and description are in its help file (help/*.txt).
package main

import (
	"embed"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/mipexec"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// Command categories shown in --help; every command sets one of these.
const (
	catInstances = "instances and generators"
	catTandem    = "overlapping tandem queue"
	catExact     = "exact optima and bounds"
	catHard      = "hard instances"
	catReport    = "reports and studies"
	catFlex      = "CIRCUMFLEX / FLEX shared scans"
	catStraggler = "straggling mappers"
	catCluster   = "slot-level cluster simulation"
	catEngine    = "LP/MIP engines"
)

func commands() []*cli.Command {
	gen := clitree.Group("gen", slices.Concat(
		clitree.InCategory(catInstances, genLogNormalCmd(), genDAGCmd()), []*cli.Command{genTaillardCmd()},
		hardGenCommands(), clitree.InCategory(catFlex, genSharedScanCmd()), clusterGenCommands())...)
	imp := clitree.Group("import", slices.Concat(
		clitree.InCategory(catInstances, importSWIMCmd(), importGoogleCmd()), []*cli.Command{importTaillardCmd()},
		clitree.InCategory(catFlex, importSWIMScansCmd()), clusterImportCommands())...)
	return slices.Concat(
		clitree.InCategory(catInstances, gen, imp, checkCmd()),
		clitree.InCategory(catTandem, simulateCmd(), validateCmd(), compareCmd(), evaluateCmd()),
		clitree.InCategory(catExact, solveCmd(), boundCmd(), exportCmd()),
		clitree.InCategory(catReport, reportCmd(), mergeCmd(), ganttCmd(),
			clitree.Group("study", studyTightnessCmd(), studyFig7Cmd(), studyFig9Cmd(), studyNightlyCmd(), studyGoogleCmd())),
		clitree.InCategory(catEngine, versionCmd()), engineCommands(), hardCommands(), flexCommands(), mstCommands(), clusterCommands())
}

// newApp is the program: every command with its help file, one-line usage
// errors, required flags and output files that are inputs checked first.
func newApp(stdout, stderr io.Writer) *cli.App {
	app := clitree.NewApp("mrsched", commands(), stdout, stderr, clitree.Options{Describe: helpText,
		Before: func(c *cli.Context) error { _ = cliout.StampRun(c); return cliout.CheckOutputs(c) }})
	app.Flags = append(app.Flags, cliflags.Bool("version", false, "print the version, VCS revision, Go and engine versions (as 'mrsched version')"))
	app.Action = func(c *cli.Context) error {
		if c.Bool("version") {
			return provenance.ReadVersion(c.App.Name, report.EngineVersions()).Write(c.App.Writer, tabular.Text)
		}
		return cli.ShowAppHelp(c)
	}
	return app
}

// run runs one command line, with the run's provenance recorded for its
// outputs; its time limits count from the call (commandStart).
func run(args []string, stdout, stderr io.Writer) int {
	processStart = time.Now() // each run is a command (tests call run many times)
	app := newApp(stdout, stderr)
	clitree.SetStart(app, processStart)
	if err := cliout.SetProcessRun(app, args, processStart, report.EnginesNamed); err != nil {
		fmt.Fprintln(stderr, "mrsched:", err)
		return 1
	}
	return clitree.Run(app, args)
}

// commandStart returns when the running command's time limit began: the
// process start for the program, the call for a test's run.
func commandStart(c *cli.Context) time.Time { return clitree.Start(c, processStart) }

// main runs the program as a process: SIGINT and SIGTERM stop the command,
// which writes its answer so far (status interrupted) and exits 130 or
// 143; a command that has not returned interruptGrace later, or a second
// signal, ends the process without leaving a temporary file. A lost
// output (a closed stdout, a full disk) is an error.
func main() {
	app := newApp(cliout.Stdout(), os.Stderr)
	if err := cliout.SetProcessRun(app, os.Args, processStart, report.EnginesNamed); err != nil {
		fmt.Fprintln(os.Stderr, "mrsched:", err)
		os.Exit(1)
	}
	os.Exit(clitree.RunProcess(app, os.Args, clitree.Process{
		Signals: clitree.Interrupts(), Stoppable: mip.Stoppable, Grace: interruptGrace, Cleanup: cleanup, Exit: os.Exit}))
}

// cleanup kills and reaps the engine children still running and removes
// their folders and the temporary files of interrupted writes.
func cleanup() {
	mipexec.Reap()
	fileio.RemoveTemps()
}

// interruptGrace is how long a command has after an interrupt to write its
// answer so far.
const interruptGrace = 10 * time.Second

func kFlag() cli.Flag {
	return cliflags.Int("k", fluid.DefaultK, "k of k-LPS (jobs served at once)", cliflags.AtLeastOne)
}

func shardFlag() cli.Flag {
	return cliflags.Checked("shard", "", "compute only shard `i/N` of the cells and write them as JSON lines",
		func(s string) error { _, err := sweep.Parse(s); return err })
}

// engineFlag is --engine: an LP/MIP engine name (whether the engine is
// available is checked when it is needed).
func engineFlag(usage string) cli.Flag {
	return cliflags.Choice("engine", engine.DefaultName, usage, engine.Names()...)
}

// Command descriptions are data: help/<command path>.txt (the path's words
// joined by '-', e.g. help/gen-taillard.txt for 'mrsched gen taillard'),
// embedded in the binary and set on every command of the tree by
// clitree.Finish.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpName is the help file of the command at path; helpText its
// description, false when it has none (TestHelpFiles fails on such a
// command). Lists that must not go stale are placeholders (expandHelp:
// {{generators}}, {{methods}}).
var helpName, helpText = clitree.HelpName, clitree.HelpFiles(helpFiles, expandHelp)
