package clitree_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/clitree"
)

// tree is a small program: "tool grp leaf" with a required --in, a
// boolean --all and a value flag --out, and "tool other".
func tree(ran *[]string) []*cli.Command {
	return []*cli.Command{
		{Name: "other", Category: "b", Action: func(*cli.Context) error { *ran = append(*ran, "other"); return nil }},
		{Name: "grp", Category: "a", Subcommands: []*cli.Command{{
			Name: "leaf",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "in", Required: true, Usage: "input"},
				&cli.BoolFlag{Name: "all"},
				&cli.StringFlag{Name: "out", Aliases: []string{"o"}},
			},
			Action: func(c *cli.Context) error {
				*ran = append(*ran, fmt.Sprintf("leaf in=%s out=%s all=%v args=%v", c.String("in"), c.String("out"), c.Bool("all"), c.Args().Slice()))
				return nil
			},
		}}},
	}
}

func app(cmds []*cli.Command, opt clitree.Options) *cli.App {
	clitree.Sort(cmds)
	clitree.Finish(cmds, "tool", opt)
	return &cli.App{Name: "tool", Commands: cmds, Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {}}
}

// TestFinish: descriptions from the lookup, a missing required flag and an
// unknown flag are one line naming the command and its --help, the Before
// hook runs before the action and can stop it.
func TestFinish(t *testing.T) {
	var ran []string
	var hooked []string
	a := app(tree(&ran), clitree.Options{
		Describe: func(path string) (string, bool) { return "about " + path, path != "tool other" },
		Before: func(c *cli.Context) error {
			hooked = append(hooked, c.Command.Name)
			if c.String("out") == "stop" {
				return fmt.Errorf("stopped")
			}
			return nil
		},
	})
	if got := []string{a.Commands[0].Name, a.Commands[1].Name}; !slices.Equal(got, []string{"grp", "other"}) {
		t.Errorf("order %v, want category a before b", got)
	}
	leaf := a.Commands[0].Subcommands[0]
	if leaf.Description != "about tool grp leaf" || a.Commands[1].Description != "" {
		t.Errorf("descriptions %q, %q", leaf.Description, a.Commands[1].Description)
	}
	for _, tc := range []struct {
		args []string
		want string // error text; "" for none
	}{
		{[]string{"tool", "grp", "leaf"}, "grp leaf: flag --in is required (see 'tool grp leaf --help')"},
		{[]string{"tool", "grp", "leaf", "--in", "x", "--nope"}, "grp leaf: flag provided but not defined: -nope (see 'tool grp leaf --help')"},
		{[]string{"tool", "grp", "leaf", "--in", "x", "--out", "stop"}, "stopped"},
		{[]string{"tool", "grp", "leaf", "--in", "x"}, ""},
	} {
		err := a.Run(tc.args)
		if got := fmt.Sprint(err); (err == nil) != (tc.want == "") || (err != nil && got != tc.want) {
			t.Errorf("%v: error %q, want %q", tc.args, got, tc.want)
		}
	}
	// The hook runs on the group too; on the leaf in the last two runs only
	// (the missing --in stops before it, the unknown flag before Before).
	if len(ran) != 1 || !slices.Equal(hooked, []string{"grp", "grp", "grp", "leaf", "grp", "leaf"}) {
		t.Errorf("actions %v, hooks %v", ran, hooked)
	}
	var help bytes.Buffer
	a.Writer = &help
	a.Run([]string{"tool", "grp", "leaf", "--help"})
	if !strings.Contains(help.String(), "input (required)") {
		t.Errorf("help does not mark --in required:\n%s", help.String())
	}
}

// TestFlagsFirst: flags after a leaf's arguments move before them, with
// their values; booleans take none; "--" ends flags; groups and unknown
// commands are left alone.
func TestFlagsFirst(t *testing.T) {
	var ran []string
	cmds := tree(&ran)
	for _, tc := range []struct{ in, want string }{
		{"tool grp leaf f --out x --all g", "tool grp leaf --out x --all f g"},
		{"tool grp leaf f --out=x", "tool grp leaf --out=x f"},
		{"tool grp leaf f -- --out x", "tool grp leaf f -- --out x"},
		{"tool grp f --out x", "tool grp f --out x"},
		{"tool nosuch f --out x", "tool nosuch f --out x"},
	} {
		if got := strings.Join(clitree.FlagsFirst(cmds, strings.Fields(tc.in)), " "); got != tc.want {
			t.Errorf("FlagsFirst(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// A leaf's flags may follow its arguments.
func ExampleFlagsFirst() {
	leaf := &cli.Command{Name: "import", Flags: []cli.Flag{&cli.StringFlag{Name: "out"}, &cli.BoolFlag{Name: "quiet"}}}
	fmt.Println(clitree.FlagsFirst([]*cli.Command{leaf}, []string{"tool", "import", "a.tsv", "--out", "a.json", "--quiet"}))
	// Output: [tool import --out a.json --quiet a.tsv]
}

// Every command gets its description from one lookup, and a missing
// required flag is one line.
func ExampleFinish() {
	cmds := []*cli.Command{{Name: "check", Flags: []cli.Flag{&cli.StringFlag{Name: "in", Required: true}},
		Action: func(*cli.Context) error { return nil }}}
	clitree.Finish(cmds, "tool", clitree.Options{Describe: func(path string) (string, bool) { return "help of " + path, true }})
	a := &cli.App{Name: "tool", Commands: cmds, Writer: io.Discard, ExitErrHandler: func(*cli.Context, error) {}}
	fmt.Println(cmds[0].Description)
	fmt.Println(a.Run([]string{"tool", "check"}))
	// Output:
	// help of tool check
	// check: flag --in is required (see 'tool check --help')
}

// TestHelpFiles: the file of a command path, its final newline dropped,
// placeholders expanded; a command without a file keeps its description.
func TestHelpFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"help/mrsched.txt":      {Data: []byte("the program\n")},
		"help/gen-taillard.txt": {Data: []byte("Taillard {{x}}\n")},
	}
	describe := clitree.HelpFiles(fsys, func(s string) string { return strings.ReplaceAll(s, "{{x}}", "1993") })
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"mrsched", "the program", true},
		{"mrsched gen taillard", "Taillard 1993", true},
		{"mrsched gen", "", false},
	} {
		got, ok := describe(tc.path)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: %q %v, want %q %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

// TestParseHelp: a help file's header lines ("usage: …", "synopsis: …",
// "arguments: …", in any order) become the command's Usage, UsageText and
// ArgsUsage and are cut from its description; Finish applies them and
// keeps what a file leaves out.
func TestParseHelp(t *testing.T) {
	for _, tc := range []struct {
		text string
		want clitree.Help
	}{
		{"usage: do it\nLong text.\n\nExample:", clitree.Help{Usage: "do it", Description: "Long text.\n\nExample:"}},
		{"usage: only", clitree.Help{Usage: "only"}},
		{"arguments: FILE\nsynopsis: x FILE\nusage: u\nText", clitree.Help{Usage: "u", Synopsis: "x FILE", Args: "FILE", Description: "Text"}},
		{"Long text.\nusage: not first", clitree.Help{Description: "Long text.\nusage: not first"}},
		{"Usage: capitalised is text", clitree.Help{Description: "Usage: capitalised is text"}},
	} {
		if got := clitree.ParseHelp(tc.text); got != tc.want {
			t.Errorf("ParseHelp(%q) = %+v; want %+v", tc.text, got, tc.want)
		}
	}
	cmds := []*cli.Command{clitree.Group("grp", clitree.Cmd("leaf", nil, &cli.StringFlag{Name: "in"}))}
	cmds[0].ArgsUsage = "KEPT"
	clitree.Finish(cmds, "tool", clitree.Options{Describe: func(path string) (string, bool) {
		if path == "tool grp" {
			return "usage: line of " + path + "\nabout " + path, true
		}
		return "usage: line of " + path + "\nsynopsis: tool grp leaf --in X\narguments: ARG\nabout " + path, true
	}})
	grp, leaf := cmds[0], cmds[0].Subcommands[0]
	if grp.Usage != "line of tool grp" || grp.ArgsUsage != "KEPT" || grp.Description != "about tool grp" {
		t.Errorf("group: usage %q, arguments %q, description %q", grp.Usage, grp.ArgsUsage, grp.Description)
	}
	if leaf.Usage != "line of tool grp leaf" || leaf.UsageText != "tool grp leaf --in X" || leaf.ArgsUsage != "ARG" || leaf.Description != "about tool grp leaf" {
		t.Errorf("leaf: %q, %q, %q, %q", leaf.Usage, leaf.UsageText, leaf.ArgsUsage, leaf.Description)
	}
	if leaf.Name != "leaf" || len(leaf.Flags) != 1 || grp.Name != "grp" {
		t.Errorf("Cmd/Group built %q with %d flags under %q", leaf.Name, len(leaf.Flags), grp.Name)
	}
}

// TestRun: the exit status is 0, the code of ExitWith or of a cli.Exit,
// else 1, with the error on stderr after the program's name; the program's
// usage and description come from its help text; an unknown flag of the
// program points to its --help.
func TestRun(t *testing.T) {
	act := func(err error) cli.ActionFunc { return func(*cli.Context) error { return err } }
	cmds := []*cli.Command{
		clitree.Cmd("ok", act(nil)),
		clitree.Cmd("two", act(clitree.ExitWith(2, errors.New("does not hold")))),
		clitree.Cmd("three", act(cli.Exit("three", 3))),
		clitree.Cmd("one", act(errors.New("plain"))),
	}
	var out, errw strings.Builder
	a := clitree.NewApp("tool", cmds, &out, &errw, clitree.Options{Describe: func(path string) (string, bool) {
		return "usage: does things\nAll about " + path + ".", true
	}})
	if a.Usage != "does things" || a.Description != "All about tool." || a.Commands[0].Name != "ok" || a.Commands[2].Name != "three" {
		t.Errorf("app usage %q, description %q, first command %q", a.Usage, a.Description, a.Commands[0].Name)
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"tool", "ok"}, 0, ""},
		{[]string{"tool", "two"}, 2, "tool: does not hold\n"},
		{[]string{"tool", "three"}, 3, "tool: three\n"},
		{[]string{"tool", "one"}, 1, "tool: plain\n"},
		{[]string{"tool", "--nope"}, 1, "tool: flag provided but not defined: -nope (see 'tool --help')\n"},
	} {
		errw.Reset()
		if code := clitree.Run(a, tc.args); code != tc.code || !strings.HasSuffix(errw.String(), tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.args, code, errw.String(), tc.code, tc.stderr)
		}
	}
}
