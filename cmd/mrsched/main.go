// Command mrsched is the command-line face of the mrsched toolkit: a thin
// layer of urfave/cli/v2 commands over the library packages. Each file in
// this directory registers the commands of one topic from an init function
// (see register and registerSub), so topics never edit each other's files.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/urfave/cli/v2"
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

var (
	topLevel []*cli.Command
	subs     = map[string][]*cli.Command{}
	// parents describes the commands that only group subcommands (for
	// example "gen" and "import"), which several topics add to.
	parents = map[string]*cli.Command{
		"gen": {
			Name:     "gen",
			Usage:    "generate instances and workloads (same seed, byte-identical output)",
			Category: catInstances,
		},
		"import": {
			Name:     "import",
			Usage:    "convert external traces and benchmark files into mrsched files",
			Category: catInstances,
		},
	}
)

// register adds top-level commands. It is called from init functions.
func register(cmds ...*cli.Command) { topLevel = append(topLevel, cmds...) }

// registerSub adds subcommands under a grouping parent such as "gen" or
// "import"; an unknown parent is created on first use with the given usage.
func registerSub(parent string, cmds ...*cli.Command) {
	subs[parent] = append(subs[parent], cmds...)
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
	cmds := append([]*cli.Command(nil), topLevel...)
	names := make([]string, 0, len(subs))
	for name := range subs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p, ok := parents[name]
		if !ok {
			p = &cli.Command{Name: name, Usage: name + " commands"}
		}
		pc := *p
		sc := append([]*cli.Command(nil), subs[name]...)
		sort.Slice(sc, func(i, j int) bool { return sc[i].Name < sc[j].Name })
		pc.Subcommands = sc
		cmds = append(cmds, &pc)
	}
	sort.SliceStable(cmds, func(i, j int) bool {
		if cmds[i].Category != cmds[j].Category {
			return cmds[i].Category < cmds[j].Category
		}
		return cmds[i].Name < cmds[j].Name
	})
	return &cli.App{
		Name:  "mrsched",
		Usage: "MapReduce scheduling theory, computable: exact optima, bounds, hard instances, simulations, reports",
		Description: "Every command reads and writes plain files (JSON, CSV) and prints results as a table,\n" +
			"JSON or CSV. Run 'mrsched COMMAND --help' for a worked example of each command.",
		Commands:       cmds,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {}, // main decides the exit status
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.Run(args)
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
