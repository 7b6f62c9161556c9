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
	"reflect"
	"slices"
	"sort"
	"strings"

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

// commands is the whole command tree.
func commands() []*cli.Command {
	gen := &cli.Command{
		Name:     "gen",
		Usage:    "generate instances and workloads (same seed, byte-identical output)",
		Category: catInstances,
		Subcommands: concat(
			[]*cli.Command{genLogNormalCmd(), genTaillardCmd()},
			hardGenCommands(), flexGenCommands(), clusterGenCommands()),
	}
	imp := &cli.Command{
		Name:     "import",
		Usage:    "convert external traces and benchmark files into mrsched files",
		Category: catInstances,
		Subcommands: concat(
			[]*cli.Command{importSWIMCmd(), importTaillardCmd()},
			flexImportCommands(), clusterImportCommands()),
	}
	return concat(
		[]*cli.Command{gen, imp, checkCmd()},
		tandemCommands(), solveCommands(), engineCommands(), reportCommands(),
		hardCommands(), flexCommands(), mstCommands(), clusterCommands())
}

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
	sortTree(cmds)
	for _, c := range cmds {
		finish(c, "mrsched")
	}
	description, _ := helpText("mrsched")
	return &cli.App{
		Name:           "mrsched",
		Description:    description,
		Usage:          "MapReduce scheduling theory, computable: exact optima, bounds, hard instances, simulations, reports",
		Commands:       cmds,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {}, // run decides the exit status
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return fmt.Errorf("%w (see 'mrsched --help')", err)
		},
	}
}

// sortTree orders commands by category, then name, at every level.
func sortTree(cmds []*cli.Command) {
	sort.SliceStable(cmds, func(i, j int) bool {
		if cmds[i].Category != cmds[j].Category {
			return cmds[i].Category < cmds[j].Category
		}
		return cmds[i].Name < cmds[j].Name
	})
	for _, c := range cmds {
		sortTree(c.Subcommands)
	}
}

// finish makes every command of the tree report a usage error (an unknown
// flag, a bad value, a missing required flag) as one line with a pointer to
// its --help, instead of printing the whole help first (urfave/cli's
// default). Required flags, and output files that are inputs, are checked
// here, before the flag validations and the action. Every command's
// description comes from its help file (help.go).
func finish(c *cli.Command, parent string) {
	path := parent + " " + c.Name
	if text, ok := helpText(path); ok {
		c.Description = text
	}
	hint := fmt.Sprintf("(see '%s --help')", path)
	c.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
		return fmt.Errorf("%s: %w %s", strings.TrimPrefix(path, "mrsched "), err, hint)
	}
	var required [][]string
	for _, f := range c.Flags {
		v := reflect.ValueOf(f)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			continue
		}
		req := v.Elem().FieldByName("Required")
		if req.IsValid() && req.Kind() == reflect.Bool && req.Bool() {
			req.SetBool(false)
			if u := v.Elem().FieldByName("Usage"); u.IsValid() && u.Kind() == reflect.String {
				u.SetString(u.String() + " (required)")
			}
			required = append(required, f.Names())
		}
	}
	before := c.Before
	c.Before = func(ctx *cli.Context) error {
		if err := checkRequired(ctx, required, path, hint); err != nil {
			return err
		}
		if err := checkOutputs(ctx); err != nil {
			return err
		}
		if before != nil {
			return before(ctx)
		}
		return nil
	}
	for _, s := range c.Subcommands {
		finish(s, path)
	}
}

func checkRequired(c *cli.Context, required [][]string, path, hint string) error {
	var missing []string
	for _, names := range required {
		set := false
		for _, n := range names {
			set = set || c.IsSet(n)
		}
		if !set {
			missing = append(missing, "--"+names[0])
		}
	}
	if len(missing) == 0 {
		return nil
	}
	what := "flag " + missing[0] + " is"
	if len(missing) > 1 {
		what = "flags " + strings.Join(missing, ", ") + " are"
	}
	return fmt.Errorf("%s: %s required %s", strings.TrimPrefix(path, "mrsched "), what, hint)
}

// flagsFirst moves the flags that follow a leaf command's positional
// arguments before them (urfave/cli stops parsing flags at the first
// argument), so that "import swim FILE --out x" works as "import swim
// --out x FILE". Arguments after "--" stay positional.
func flagsFirst(cmds []*cli.Command, args []string) []string {
	var cmd *cli.Command
	i := 1
	for ; i < len(args); i++ {
		next := findCommand(cmds, args[i])
		if next == nil {
			break
		}
		cmd, cmds = next, next.Subcommands
	}
	if cmd == nil || len(cmd.Subcommands) > 0 {
		return args
	}
	var flags, pos []string
	rest := args[i:]
	for k := 0; k < len(rest); k++ {
		a := rest[k]
		switch {
		case a == "--":
			pos = append(pos, rest[k:]...)
			k = len(rest)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			if name := strings.TrimLeft(a, "-"); !strings.Contains(name, "=") && takesValue(cmd, name) && k+1 < len(rest) {
				k++
				flags = append(flags, rest[k])
			}
		default:
			pos = append(pos, a)
		}
	}
	return append(append(append([]string(nil), args[:i]...), flags...), pos...)
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// takesValue reports whether a flag of cmd called name reads the next
// argument as its value (every known flag but the boolean ones).
func takesValue(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			_, isBool := f.(*cli.BoolFlag)
			return !isBool
		}
	}
	return false
}

func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.Run(flagsFirst(app.Commands, args))
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
