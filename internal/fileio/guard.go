package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Use says how a command uses a path it was given.
type Use int

const (
	// Reads is a file the command reads.
	Reads Use = iota + 1
	// Writes is a file the command writes.
	Writes
	// WritesInto is a folder the command writes files into; Names are
	// the patterns (filepath.Match, relative to the folder) of the files it
	// may write there.
	WritesInto
)

// PathArg is one path a command was given: Name says where (a flag,
// "--out", or "argument 2"), Path is the path as the user wrote it.
type PathArg struct {
	Name  string
	Path  string
	Use   Use
	Names []string // WritesInto: patterns of the files written in the folder
}

// CheckPaths refuses, before a command does any work, a set of paths in
// which a file written is also a file read, or two outputs name one file:
// an output equal to an input, an input that lies in an output folder
// under a name the folder receives, or two outputs (files, or a file and a
// folder's file) that are one file. Files are compared by identity
// (os.SameFile: another spelling through "..", a symbolic link or a hard
// link is the same file); a file that does not exist yet is compared by
// its absolute path with the symbolic links of its folder resolved. Empty
// paths and "-" are ignored. The error wraps ErrOverwrite and names both
// paths with the flags that gave them.
func CheckPaths(args []PathArg) error {
	var ins, outs []PathArg
	for _, a := range args {
		switch {
		case a.Path == "" || a.Path == "-":
		case a.Use == Reads:
			ins = append(ins, a)
		case a.Use == Writes:
			outs = append(outs, a)
		case a.Use == WritesInto:
			// An existing file of the folder that the command may write
			// is an output of its own.
			for _, pat := range a.Names {
				files, _ := filepath.Glob(filepath.Join(a.Path, pat))
				for _, f := range files {
					outs = append(outs, PathArg{Name: a.Name, Path: f, Use: Writes})
				}
			}
		}
	}
	for i, o := range outs {
		for _, in := range ins {
			if sameFile(o.Path, in.Path) {
				return fmt.Errorf("%w: %s %s is the input file %s %s of this command",
					ErrOverwrite, o.Name, o.Path, in.Name, in.Path)
			}
		}
		for _, p := range outs[:i] {
			if sameFile(o.Path, p.Path) {
				return fmt.Errorf("%w: %s %s and %s %s are one file (two outputs of this command)",
					ErrOverwrite, p.Name, p.Path, o.Name, o.Path)
			}
		}
	}
	// A file output that would land in an output folder under a name the
	// folder receives.
	for _, d := range args {
		if d.Use != WritesInto || d.Path == "" {
			continue
		}
		for _, o := range args {
			if o.Use == Writes && o.Path != "" && o.Path != "-" && inFolder(o.Path, d.Path, d.Names) {
				return fmt.Errorf("%w: %s %s is a file that %s %s receives (two outputs of this command)",
					ErrOverwrite, o.Name, o.Path, d.Name, d.Path)
			}
		}
	}
	return nil
}

// sameFile reports whether a and b are one file: os.SameFile when both
// exist, else equal resolved paths (a path through a missing folder and
// ".." names the file it reads as).
func sameFile(a, b string) bool {
	sa, ea := os.Stat(a)
	sb, eb := os.Stat(b)
	if ea == nil && eb == nil {
		return os.SameFile(sa, sb)
	}
	return resolved(a) == resolved(b)
}

// resolved is path absolute and clean, with the symbolic links of its
// folder (the longest existing prefix) resolved.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, rest := abs, ""
	for {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return abs
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// inFolder reports whether path is a file in dir whose path relative to
// dir matches one of names.
func inFolder(path, dir string, names []string) bool {
	rel, err := filepath.Rel(resolved(dir), resolved(path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	for _, pat := range names {
		if ok, _ := filepath.Match(pat, rel); ok {
			return true
		}
	}
	return false
}
