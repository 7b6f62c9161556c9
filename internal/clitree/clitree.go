// Package clitree holds the generic machinery of mrsched's command tree
// (urfave/cli/v2), kept out of the command so that cmd/mrsched only builds
// the tree and wires flags to library calls: ordering the tree, giving
// every command its description from a lookup, one-line usage errors with
// a pointer to --help, required flags checked before anything runs, and
// flags accepted after positional arguments.
package clitree

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"
)

// Sort orders commands by category, then name, at every level.
func Sort(cmds []*cli.Command) {
	sort.SliceStable(cmds, func(i, j int) bool {
		if cmds[i].Category != cmds[j].Category {
			return cmds[i].Category < cmds[j].Category
		}
		return cmds[i].Name < cmds[j].Name
	})
	for _, c := range cmds {
		Sort(c.Subcommands)
	}
}

// Options say what Finish adds to every command.
type Options struct {
	// Describe returns the description of the command at path ("mrsched
	// gen taillard"), and false to keep the command's own.
	Describe func(path string) (string, bool)
	// Before runs before each command's own Before (after the required
	// flags are checked); nil for none.
	Before cli.BeforeFunc
}

// Finish prepares the tree under parent (the program's name): every
// command gets its one-line usage, synopsis, arguments and description
// from opt.Describe (see ParseHelp) and reports a usage error
// (an unknown flag, a bad value, a missing required flag) as one line with
// a pointer to its --help, instead of printing the whole help first
// (urfave/cli's default). Required flags are checked by Finish's Before,
// before the flag validations' effects and the action, and marked
// "(required)" in their usage.
func Finish(cmds []*cli.Command, parent string, opt Options) {
	for _, c := range cmds {
		finish(c, parent, opt)
	}
}

func finish(c *cli.Command, parent string, opt Options) {
	path := parent + " " + c.Name
	if opt.Describe != nil {
		if text, ok := opt.Describe(path); ok {
			ParseHelp(text).apply(c)
		}
	}
	hint := fmt.Sprintf("(see '%s --help')", path)
	name := path[strings.Index(path, " ")+1:] // without the program's name
	c.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
		return fmt.Errorf("%s: %w %s", name, err, hint)
	}
	required := takeRequired(c.Flags)
	before := c.Before
	c.Before = func(ctx *cli.Context) error {
		if err := checkRequired(ctx, required, name, hint); err != nil {
			return err
		}
		for _, f := range []cli.BeforeFunc{opt.Before, before} {
			if f != nil {
				if err := f(ctx); err != nil {
					return err
				}
			}
		}
		return nil
	}
	Finish(c.Subcommands, path, opt)
}

// takeRequired clears the Required field of flags (urfave/cli would print
// the whole help for a missing one), marks their usage "(required)" and
// returns their names.
func takeRequired(flags []cli.Flag) [][]string {
	var required [][]string
	for _, f := range flags {
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
	return required
}

func checkRequired(c *cli.Context, required [][]string, name, hint string) error {
	var missing []string
	for _, names := range required {
		if !slices.ContainsFunc(names, c.IsSet) {
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
	return fmt.Errorf("%s: %s required %s", name, what, hint)
}

// FlagsFirst moves the flags that follow a leaf command's positional
// arguments before them (urfave/cli stops parsing flags at the first
// argument), so that "import swim FILE --out x" works as "import swim
// --out x FILE". Arguments after "--" stay positional.
func FlagsFirst(cmds []*cli.Command, args []string) []string {
	var cmd *cli.Command
	i := 1
	for ; i < len(args); i++ {
		next := Find(cmds, args[i])
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
			if name := strings.TrimLeft(a, "-"); !strings.Contains(name, "=") && TakesValue(cmd, name) && k+1 < len(rest) {
				k++
				flags = append(flags, rest[k])
			}
		default:
			pos = append(pos, a)
		}
	}
	return append(append(append([]string(nil), args[:i]...), flags...), pos...)
}

// Find returns the command of cmds called name (or one of its aliases),
// or nil.
func Find(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// TakesValue reports whether a flag of cmd called name reads the next
// argument as its value (every known flag but the boolean ones).
func TakesValue(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			df, ok := f.(cli.DocGenerationFlag)
			return ok && df.TakesValue()
		}
	}
	return false
}

// HelpName is the help file of the command at path in a tree of help
// files ("mrsched gen taillard" → "help/gen-taillard.txt"; the program
// itself, "mrsched", has help/mrsched.txt).
func HelpName(path string) string {
	_, rest, _ := strings.Cut(path, " ")
	if rest == "" {
		rest = path
	}
	return "help/" + strings.ReplaceAll(rest, " ", "-") + ".txt"
}

// HelpFiles returns a Describe function (see Options) reading the help
// file HelpName(path) of fsys, without its final newline, through expand
// (which replaces placeholders; nil for none). A command without a file
// keeps its own description.
func HelpFiles(fsys fs.FS, expand func(string) string) func(path string) (string, bool) {
	return func(path string) (string, bool) {
		b, err := fs.ReadFile(fsys, HelpName(path))
		if err != nil {
			return "", false
		}
		text := strings.TrimSuffix(string(b), "\n")
		if expand != nil {
			text = expand(text)
		}
		return text, true
	}
}

// The header lines a help file may start with, in any order, before its
// description: the command's one-line usage (shown in its parent's list
// of commands and after its name in --help), its synopsis (the USAGE line
// of --help, instead of the generated one) and the name of its positional
// arguments (appended to the generated USAGE line).
const (
	UsagePrefix    = "usage: "
	SynopsisPrefix = "synopsis: "
	ArgsPrefix     = "arguments: "
)

// Help is a help file split into its header lines and its description.
type Help struct{ Usage, Synopsis, Args, Description string }

// ParseHelp splits a help text into its header lines (see UsagePrefix)
// and the description that follows them.
func ParseHelp(text string) Help {
	var h Help
	fields := []struct {
		prefix string
		to     *string
	}{{UsagePrefix, &h.Usage}, {SynopsisPrefix, &h.Synopsis}, {ArgsPrefix, &h.Args}}
	for {
		line, rest, _ := strings.Cut(text, "\n")
		found := false
		for _, f := range fields {
			if v, ok := strings.CutPrefix(line, f.prefix); ok {
				*f.to, found = v, true
			}
		}
		if !found {
			h.Description = text
			return h
		}
		text = rest
	}
}

// apply sets the command's help from h, keeping what h leaves empty.
func (h Help) apply(c *cli.Command) {
	for _, f := range []struct{ from, to *string }{{&h.Usage, &c.Usage}, {&h.Synopsis, &c.UsageText}, {&h.Args, &c.ArgsUsage}} {
		if *f.from != "" {
			*f.to = *f.from
		}
	}
	c.Description = h.Description
}

// Cmd is a leaf command: its name, action and flags (its usage and
// description come from its help file, see Finish).
func Cmd(name string, action cli.ActionFunc, flags ...cli.Flag) *cli.Command {
	return &cli.Command{Name: name, Action: action, Flags: flags}
}

// Group is a command made of subcommands.
func Group(name string, subs ...*cli.Command) *cli.Command {
	return &cli.Command{Name: name, Subcommands: subs}
}

// InCategory sets cat as the category of every command of cmds.
func InCategory(cat string, cmds ...*cli.Command) []*cli.Command {
	for _, c := range cmds {
		c.Category = cat
	}
	return cmds
}

// NewApp is the program name over the commands cmds, sorted and finished
// (see Sort, Finish); its own usage and description come from
// opt.Describe(name). A usage error of the program itself is one line with
// a pointer to its --help; Run decides the exit status.
func NewApp(name string, cmds []*cli.Command, stdout, stderr io.Writer, opt Options) *cli.App {
	Sort(cmds)
	Finish(cmds, name, opt)
	var help Help
	if opt.Describe != nil {
		text, _ := opt.Describe(name)
		help = ParseHelp(text)
	}
	return &cli.App{
		Name:           name,
		Usage:          help.Usage,
		Description:    help.Description,
		Commands:       cmds,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return fmt.Errorf("%w (see '%s --help')", err, name)
		},
	}
}

// exitError carries a process exit status other than 1.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// ExitWith wraps err so that Run returns code (for example 2 for a
// verification that ran and failed).
func ExitWith(code int, err error) error { return &exitError{code: code, err: err} }

// Run runs app on args (see FlagsFirst) and returns the process exit
// status: 0, the code of ExitWith or of a cli.ExitCoder, else 1; an error
// is printed on the app's ErrWriter as "NAME: error".
func Run(app *cli.App, args []string) int {
	err := app.Run(FlagsFirst(app.Commands, args))
	if err == nil {
		return 0
	}
	fmt.Fprintln(app.ErrWriter, app.Name+":", err)
	return ExitStatus(err)
}

// ExitStatus is the process exit status of a command's error: 0 for nil,
// the code of ExitWith or of a cli.ExitCoder, else 1.
func ExitStatus(err error) int {
	if err == nil {
		return 0
	}
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
