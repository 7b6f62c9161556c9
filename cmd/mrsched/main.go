// Command mrsched is the command-line face of the mrsched toolkit: wiring
// only, over the library packages. Each command parses its flags with the
// shared helpers (flags.go), calls one library function and writes its
// result (output.go). The command tree is built here, explicitly, from the
// constructors each topic file exposes.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/clitree"
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

// commands is the whole command tree.
func commands() []*cli.Command {
	gen := group("gen", concat(
		inCategory(catInstances, genLogNormalCmd()), []*cli.Command{genTaillardCmd()},
		hardGenCommands(), flexGenCommands(), clusterGenCommands())...)
	imp := group("import", concat(
		inCategory(catInstances, importSWIMCmd()), []*cli.Command{importTaillardCmd(), importGoogleCmd()},
		flexImportCommands(), clusterImportCommands())...)
	return concat(
		inCategory(catInstances, gen, imp, checkCmd()),
		tandemCommands(), solveCommands(), engineCommands(), reportCommands(),
		hardCommands(), flexCommands(), mstCommands(), clusterCommands())
}

// The command constructors of package clitree, by their short names.
var cmd, group, inCategory = clitree.Cmd, clitree.Group, clitree.InCategory

func concat(lists ...[]*cli.Command) []*cli.Command {
	var out []*cli.Command
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// exitError carries a process exit status other than 1 (for example 2 for a
// verification that ran and failed).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitWith wraps err so that the process exits with code.
func exitWith(code int, err error) error { return &exitError{code: code, err: err} }

func newApp(stdout, stderr io.Writer) *cli.App {
	cmds := commands()
	clitree.Sort(cmds)
	// Every command: its help file (help.go), one-line usage errors,
	// required flags and output files that are inputs checked first.
	clitree.Finish(cmds, "mrsched", clitree.Options{Describe: helpText, Before: checkOutputs})
	text, _ := helpText("mrsched")
	help := clitree.ParseHelp(text)
	return &cli.App{
		Name:           "mrsched",
		Usage:          help.Usage,
		Description:    help.Description,
		Commands:       cmds,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {}, // run decides the exit status
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return fmt.Errorf("%w (see 'mrsched --help')", err)
		},
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.Run(clitree.FlagsFirst(app.Commands, args))
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "mrsched:", err)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) && ec.ExitCode() != 0 {
		return ec.ExitCode()
	}
	return 1
}

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}
