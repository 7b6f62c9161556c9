package cliflags

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/fileio"
)

// Path flags: a flag whose value is a path says how the command uses it
// by its type, so that one guard (PathArgs, fileio.CheckPaths) sees every
// file a command reads and writes before it runs.

// InputFlag is a flag naming a file the command reads.
type InputFlag struct{ cli.StringFlag }

// InputsFlag is a repeatable flag of files the command reads.
type InputsFlag struct{ cli.StringSliceFlag }

// OutputFlag is a flag naming a file the command writes. With Exts, the
// value is a base name and the files written are the base followed by
// each of Exts (".svg", ".png").
type OutputFlag struct {
	cli.StringFlag
	Exts []string
}

// OutputDirFlag is a flag naming a folder the command writes files into;
// Patterns are the files it writes there (filepath.Match,
// relative to the folder: "*.svg", "coarse/*.jsonl").
type OutputDirFlag struct {
	cli.StringFlag
	Patterns []string
}

// FigureNames are the files a figures folder receives: figures, their
// tables and data, and instances (worst-exact saves its worst ones there).
var FigureNames = []string{"*.svg", "*.png", "*.csv", "*.md", "*.json"}

// OutputDir returns a flag naming a folder the command writes the files
// names into.
func OutputDir(name, value, usage string, names ...string) *OutputDirFlag {
	return &OutputDirFlag{StringFlag: cli.StringFlag{Name: name, Value: value, Usage: usage}, Patterns: names}
}

// PathArgs returns every path the command of c was given, with how it
// uses it: the values of its path flags (InputFlag, InputsFlag,
// RepeatedFlag of files, OutputFlag, OutputDirFlag) and its positional
// arguments (files it reads).
func PathArgs(c *cli.Context) []fileio.PathArg {
	var out []fileio.PathArg
	add := func(name, path string, use fileio.Use, names []string) {
		if path != "" {
			out = append(out, fileio.PathArg{Name: "--" + name, Path: path, Use: use, Names: names})
		}
	}
	for _, f := range c.Command.Flags {
		switch f := f.(type) {
		case *InputFlag:
			add(f.Name, c.String(f.Name), fileio.Reads, nil)
		case *InputsFlag:
			for _, v := range c.StringSlice(f.Name) {
				add(f.Name, v, fileio.Reads, nil)
			}
		case *RepeatedFlag:
			if f.Files {
				for _, v := range RepeatedOf(c, f.Name) {
					add(f.Name, v, fileio.Reads, nil)
				}
			}
		case *OutputFlag:
			v := c.String(f.Name)
			if len(f.Exts) == 0 {
				add(f.Name, v, fileio.Writes, nil)
			}
			for _, ext := range f.Exts {
				if v != "" {
					add(f.Name, v+ext, fileio.Writes, nil)
				}
			}
		case *OutputDirFlag:
			add(f.Name, c.String(f.Name), fileio.WritesInto, f.Patterns)
		}
	}
	for i, a := range c.Args().Slice() {
		if a != "" {
			out = append(out, fileio.PathArg{Name: fmt.Sprintf("argument %d", i+1), Path: a, Use: fileio.Reads})
		}
	}
	return out
}

// IsPath reports whether f is a path flag (see PathArgs).
func IsPath(f cli.Flag) bool {
	switch f := f.(type) {
	case *InputFlag, *InputsFlag, *OutputFlag, *OutputDirFlag:
		return true
	case *RepeatedFlag:
		return f.Files
	}
	return false
}

// pathFlag makes the path flag a path tag asks for ("in", "out" or
// "dir:PATTERN,PATTERN…") from a string flag.
func pathFlag(tag string, s *cli.StringFlag) (cli.Flag, error) {
	kind, names, _ := strings.Cut(tag, ":")
	switch {
	case kind == "in" && names == "":
		return &InputFlag{StringFlag: *s}, nil
	case kind == "out" && names == "":
		return &OutputFlag{StringFlag: *s}, nil
	case kind == "dir" && names != "":
		return &OutputDirFlag{StringFlag: *s, Patterns: strings.Split(names, ",")}, nil
	}
	return nil, fmt.Errorf("%w: path:%q (want in, out or dir:PATTERN,…)", ErrBind, tag)
}

// ReadsFile makes a string flag an InputFlag: its value is a file the
// command reads.
func ReadsFile(f *cli.StringFlag) *InputFlag { return &InputFlag{StringFlag: *f} }

// WritesFile makes a string flag an OutputFlag: its value is a file the
// command writes.
func WritesFile(f *cli.StringFlag) *OutputFlag { return &OutputFlag{StringFlag: *f} }

// WritesBase makes a string flag an OutputFlag whose value is a base
// name: the command writes the base followed by each of exts.
func WritesBase(f *cli.StringFlag, exts ...string) *OutputFlag {
	return &OutputFlag{StringFlag: *f, Exts: exts}
}

// WritesInto makes a string flag an OutputDirFlag: its value is a folder
// the command writes the files names (patterns) into.
func WritesInto(f *cli.StringFlag, names ...string) *OutputDirFlag {
	return &OutputDirFlag{StringFlag: *f, Patterns: names}
}
