package main

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/clitree"
)

// walkTree calls f with every command of the finished tree and its path
// ("mrsched gen taillard").
func walkTree(cmds []*cli.Command, parent string, f func(path string, c *cli.Command)) {
	for _, c := range cmds {
		path := parent + " " + c.Name
		f(path, c)
		walkTree(c.Subcommands, path, f)
	}
}

// TestHelpFiles: every command has a help file (a non-empty description
// with its worked example), and every help file belongs to a command.
func TestHelpFiles(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	used := map[string]bool{helpName("mrsched"): app.Description != ""}
	walkTree(app.Commands, "mrsched", func(path string, c *cli.Command) {
		text, ok := helpText(path)
		if !ok || strings.TrimSpace(text) == "" {
			t.Errorf("%s: no help file %s", path, helpName(path))
		}
		if strings.Contains(text, "{{") {
			t.Errorf("%s: unknown placeholder in %s", path, helpName(path))
		}
		if h := clitree.ParseHelp(text); c.Description != h.Description || c.Usage != h.Usage || h.Usage == "" {
			t.Errorf("%s: usage %q and description are not the help file's (first line %q…)", path, c.Usage, clitree.UsagePrefix)
		}
		used[helpName(path)] = true
	})
	files, err := fs.Glob(helpFiles, "help/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !used[f] {
			t.Errorf("%s: no command of that name (orphaned help file)", f)
		}
	}
}

// dryApp is the program with every action replaced by one that does
// nothing: running it parses the arguments, checks required flags and runs
// every flag's validation, and reads no file.
func dryApp() *cli.App {
	app := newApp(io.Discard, io.Discard)
	walkTree(app.Commands, "mrsched", func(_ string, c *cli.Command) {
		if c.Action != nil {
			c.Action = func(*cli.Context) error { return nil }
		}
	})
	return app
}

// TestHelpExamples: every example line of the help files ("mrsched …")
// names an existing command and only flags that command accepts, and
// passes a dry run (required flags present, every value valid).
func TestHelpExamples(t *testing.T) {
	files, err := fs.Glob(helpFiles, "help/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		b, err := helpFiles.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range exampleLines(expandHelp(string(b))) {
			n++
			if err := checkExample(line); err != nil {
				t.Errorf("%s: example %d %q: %v", f, i+1, line, err)
			}
		}
	}
	// More than one example per help file on average (counted when this
	// test was written: 99 lines in 60 files).
	if n < 60 {
		t.Errorf("only %d example lines found", n)
	}
}

// TestCheckExample: the example checker refuses what it must refuse.
func TestCheckExample(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
	}{
		{"mrsched gen taillard --jobs 8 --seed 3 --format json > /tmp/x.json", true},
		{"mrsched solve --instance=/tmp/a.json -m search | head", true},
		{"mrsched import taillard --out /tmp/a.json /tmp/a.fsp", true},
		{"mrsched study fig7 --trace 'a b.tsv' --format md", true},
		{"mrsched gen taillard --no-such-flag 3", false},         // unknown flag
		{"mrsched gen nosuch --n 3", false},                      // unknown command
		{"mrsched gen --n 3", false},                             // a group, not a command
		{"mrsched solve --instance /tmp/a.json --jobs 8", false}, // --jobs is gen taillard's
		{"mrsched gen taillard --jobs 0", false},                 // --jobs: want an integer ≥ 1
		{"mrsched solve --method search", false},                 // --instance is required
	} {
		err := checkExample(tc.line)
		if (err == nil) != tc.ok {
			t.Errorf("%q: error %v, want ok=%v", tc.line, err, tc.ok)
		}
	}
}

// exampleLines returns the lines of text that start (after indentation)
// with "mrsched ", continuation lines ending in '\' joined.
func exampleLines(text string) []string {
	var out []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "mrsched ") {
			continue
		}
		for strings.HasSuffix(l, `\`) && i+1 < len(lines) {
			i++
			l = strings.TrimSuffix(l, `\`) + " " + strings.TrimSpace(lines[i])
		}
		out = append(out, l)
	}
	return out
}

// shellWords splits a command line into words (single and double quotes
// group), stopping at a pipe, a redirection, a separator or a comment.
func shellWords(line string) []string {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case !inWord && strings.ContainsRune("|><;&#", r):
			return words
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// checkExample resolves the command an example line names, checks its
// flags against the command's and runs it through a fresh dryApp (running
// changes an app's tree: urfave/cli adds help subcommands).
func checkExample(line string) error {
	app := dryApp()
	cmds := app.Commands
	words := shellWords(line)
	var cmd *cli.Command
	i := 1
	for ; i < len(words); i++ {
		next := clitree.Find(cmds, words[i])
		if next == nil {
			break
		}
		cmd, cmds = next, next.Subcommands
	}
	if cmd == nil || len(cmd.Subcommands) > 0 {
		return fmt.Errorf("names no command (stops at %q)", strings.Join(words[:i], " "))
	}
	for k := i; k < len(words); k++ {
		a := words[k]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !slices.ContainsFunc(cmd.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) }) && name != "help" && name != "h" {
			return fmt.Errorf("%s has no flag --%s", cmd.FullName(), name)
		}
		if !hasValue && clitree.TakesValue(cmd, name) {
			k++
		}
	}
	return app.Run(clitree.FlagsFirst(app.Commands, words))
}

// TestNoInlineDescriptions: one-line usages, synopses, argument names and
// descriptions live in help files only; a command built with one of its
// own must move it to its file (a header line, see clitree.ParseHelp).
func TestNoInlineDescriptions(t *testing.T) {
	walkTree(commands(), "mrsched", func(path string, c *cli.Command) {
		if c.Description != "" {
			t.Errorf("%s: Description set in Go; move it to %s", path, helpName(path))
		}
		if c.Usage != "" || c.UsageText != "" || c.ArgsUsage != "" {
			t.Errorf("%s: Usage, UsageText or ArgsUsage set in Go; move it to the header of %s (%q, %q, %q)",
				path, helpName(path), clitree.UsagePrefix, clitree.SynopsisPrefix, clitree.ArgsPrefix)
		}
	})
}
