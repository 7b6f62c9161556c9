package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

// pathLike are flag names that may name a file or folder: such a string
// flag must be a path flag (cliflags.IsPath, so the output guard sees it)
// or be listed in notPaths with what it holds.
var pathLike = regexp.MustCompile(`out|svg|png|figure|schedule|timeline|cells|journal|csv|plot|dir|trace|instance|workload|samples|nodes|seeds|events|answer|file|path|shard`)

// notPaths are string flags with a path-like name that hold no path.
var notPaths = map[string]string{
	"shard":  "i/N, the shard of the cells",
	"answer": "yes or no",
}

// commandTree calls visit for every command of the program with its path.
func commandTree(visit func(path string, c *cli.Command)) {
	app := newApp(io.Discard, io.Discard)
	var walk func(string, []*cli.Command)
	walk = func(p string, cs []*cli.Command) {
		for _, c := range cs {
			visit(p+" "+c.Name, c)
			walk(p+" "+c.Name, c.Subcommands)
		}
	}
	walk("mrsched", app.Commands)
}

// TestEveryPathFlagIsGuarded walks the command tree: every string flag
// whose name looks like a path is a path flag the output guard collects
// (or a declared non-path), so a new output flag cannot skip the guard.
func TestEveryPathFlagIsGuarded(t *testing.T) {
	n := 0
	commandTree(func(path string, c *cli.Command) {
		for _, f := range c.Flags {
			name := f.Names()[0]
			switch f.(type) {
			case *cliflags.StringFlag, *cliflags.StringsFlag, *cliflags.IntsFlag, *cliflags.RepeatedFlag:
			default:
				if !cliflags.IsPath(f) {
					continue // numbers, booleans, durations: no path
				}
			}
			if cliflags.IsPath(f) {
				n++
				continue
			}
			if _, ok := notPaths[name]; !ok && pathLike.MatchString(name) {
				t.Errorf("%s --%s: a string flag with a path-like name is neither a path flag (cliflags.Input, Output, OutputBase, OutputDir, cliout.In, FileOut) nor in notPaths", path, name)
			}
		}
	})
	// 60 is a floor well below today's count (about 90 path flags): the
	// walk found the tree's flags.
	if n < 60 {
		t.Errorf("found %d path flags, want the whole tree's", n)
	}
}

// outputFlag is an output flag of a command: its name and whether it
// names a folder.
type outputFlag struct {
	name  string
	isDir bool
	names []string // a folder's patterns
	base  []string // extensions of a base-name output
}

// TestOutputGuardOverTheTree runs every command once per output flag with
// that flag naming one of the command's input files (another spelling of
// it: dir/sub/../in.json, or the file in the output folder) or, for a
// command without input flags, another output of the command: every run
// must exit non-zero with a message naming both flags, before any work,
// and leave the file unchanged.
func TestOutputGuardOverTheTree(t *testing.T) {
	cases := 0
	commandTree(func(path string, c *cli.Command) {
		if len(c.Subcommands) > 0 {
			return
		}
		var ins []string
		var outs []outputFlag
		var required []cli.Flag
		for _, f := range c.Flags {
			switch f := f.(type) {
			case *cliflags.InputFlag:
				ins = append(ins, f.Name)
			case *cliflags.InputsFlag:
				ins = append(ins, f.Name)
			case *cliflags.RepeatedFlag:
				if f.Files {
					ins = append(ins, f.Name)
				}
			case *cliflags.OutputFlag:
				outs = append(outs, outputFlag{name: f.Name, base: f.Exts})
			case *cliflags.OutputDirFlag:
				outs = append(outs, outputFlag{name: f.Name, isDir: true, names: f.Patterns})
			}
			if strings.Contains(usageOf(f), "(required)") {
				required = append(required, f)
			}
		}
		words := strings.Fields(path)[1:]
		for _, o := range outs {
			for _, in := range append(slices.Clone(ins), "argument") {
				if in == "argument" && (len(ins) > 0 || o.isDir && !acceptsArgs(c)) {
					continue // positional input: tried for commands without input flags
				}
				cases++
				t.Run(strings.Join(words, "-")+"/"+o.name+"-over-"+in, func(t *testing.T) {
					dir := t.TempDir()
					file := filepath.Join(dir, "in.json")
					spelled := filepath.Join(dir, "sub", "..", "in.json")
					switch {
					case o.isDir:
						// A file the folder receives (its first pattern).
						file = filepath.Join(dir, strings.ReplaceAll(o.names[0], "*", "x"))
						spelled = filepath.Join(dir, "sub", "..")
						if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
							t.Fatal(err)
						}
					case o.base != nil:
						file = filepath.Join(dir, "in"+o.base[0])
						spelled = filepath.Join(dir, "sub", "..", "in")
					}
					if err := os.WriteFile(file, []byte("keep me\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					args := append([]string{"mrsched"}, words...)
					for _, f := range required {
						if n := f.Names()[0]; n != in && n != o.name {
							args = append(args, "--"+n, requiredValue(f, dir))
						}
					}
					args = append(args, "--"+o.name, spelled)
					if in != "argument" {
						args = append(args, "--"+in, file)
					} else {
						args = append(args, file)
					}
					var stdout, stderr bytes.Buffer
					code := run(args, &stdout, &stderr)
					if code == 0 {
						t.Fatalf("%v: exit 0, want a refusal", args[1:])
					}
					msg := stderr.String()
					want := []string{"refusing to overwrite", "--" + o.name}
					if in != "argument" {
						want = append(want, "--"+in)
					}
					for _, w := range want {
						if !strings.Contains(msg, w) {
							t.Errorf("%v: message %q lacks %q", args[1:], msg, w)
						}
					}
					if b, _ := os.ReadFile(file); string(b) != "keep me\n" {
						t.Errorf("%v: the input changed to %q", args[1:], b)
					}
				})
			}
		}
		// Two file outputs of one command on one path.
		var files []outputFlag
		for _, o := range outs {
			if !o.isDir && o.base == nil {
				files = append(files, o)
			}
		}
		if len(files) >= 2 {
			cases++
			t.Run(strings.Join(words, "-")+"/two-outputs", func(t *testing.T) {
				dir := t.TempDir()
				args := append([]string{"mrsched"}, words...)
				for _, f := range required {
					if n := f.Names()[0]; n != files[0].name && n != files[1].name {
						args = append(args, "--"+n, requiredValue(f, dir))
					}
				}
				out := filepath.Join(dir, "out.json")
				args = append(args, "--"+files[0].name, out, "--"+files[1].name, filepath.Join(dir, ".", "out.json"))
				var stdout, stderr bytes.Buffer
				if code := run(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "are one file") {
					t.Errorf("%v: exit %d, %q; want a refusal of two outputs on one file", args[1:], code, stderr.String())
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("%v: wrote %s", args[1:], out)
				}
			})
		}
	})
	// 40 is a floor below today's count: the walk ran the tree's commands.
	if cases < 40 {
		t.Errorf("ran %d guard cases, want the whole tree's", cases)
	}
}

// acceptsArgs reports whether a command takes positional arguments (its
// help names them).
func acceptsArgs(c *cli.Command) bool { return c.ArgsUsage != "" }

func usageOf(f cli.Flag) string {
	if d, ok := f.(cli.DocGenerationFlag); ok {
		return d.GetUsage()
	}
	return ""
}

// requiredValue is a value for a required flag that is not under test: a
// fresh file name for a path, else "1".
func requiredValue(f cli.Flag, dir string) string {
	if cliflags.IsPath(f) {
		return filepath.Join(dir, "other-"+f.Names()[0]+".json")
	}
	return "1"
}
