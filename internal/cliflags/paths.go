package cliflags

import (
	"fmt"

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

func (*InputFlag) builtByCliflags()     {}
func (*InputsFlag) builtByCliflags()    {}
func (*OutputFlag) builtByCliflags()    {}
func (*OutputDirFlag) builtByCliflags() {}

func (f *InputFlag) valueIn(c *cli.Context) (string, error)     { return c.String(f.Name), nil }
func (f *InputsFlag) valueIn(c *cli.Context) ([]string, error)  { return c.StringSlice(f.Name), nil }
func (f *OutputFlag) valueIn(c *cli.Context) (string, error)    { return c.String(f.Name), nil }
func (f *OutputDirFlag) valueIn(c *cli.Context) (string, error) { return c.String(f.Name), nil }

// Input is a flag naming a file the command reads (options: Alias,
// Required).
func Input(name, value, usage string, opt ...Option) *InputFlag {
	return &InputFlag{String(name, value, usage, opt...).StringFlag}
}

// Inputs is a repeatable flag of files the command reads (options as
// Input).
func Inputs(name string, value []string, usage string, opt ...Option) *InputsFlag {
	return &InputsFlag{Strings(name, value, usage, opt...).StringSliceFlag}
}

// Output is a flag naming a file the command writes (options as Input).
func Output(name, value, usage string, opt ...Option) *OutputFlag {
	return &OutputFlag{StringFlag: String(name, value, usage, opt...).StringFlag}
}

// OutputBase is a flag naming the base of files the command writes: the
// base followed by each of exts (options as Input).
func OutputBase(name, usage string, exts []string, opt ...Option) *OutputFlag {
	return &OutputFlag{StringFlag: String(name, "", usage, opt...).StringFlag, Exts: exts}
}

// OutputDir is a flag naming a folder the command writes the files
// patterns into; value is its default (options as Input).
func OutputDir(name, value, usage string, patterns []string, opt ...Option) *OutputDirFlag {
	return &OutputDirFlag{StringFlag: String(name, value, usage, opt...).StringFlag, Patterns: patterns}
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
