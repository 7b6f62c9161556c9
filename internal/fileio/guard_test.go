package fileio

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckPaths: every way of naming one file twice is refused (by file
// identity: spellings, symbolic and hard links, a folder's file), and
// distinct files pass. Each expected outcome follows from the definition
// of CheckPaths (one file read and written, or written twice).
func TestCheckPaths(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	if err := os.WriteFile(in, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(in, filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(in, filepath.Join(dir, "hard.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, filepath.Join(dir, "dirlink")); err != nil {
		t.Fatal(err)
	}
	read := func(p string) PathArg { return PathArg{Name: "--in", Path: p, Use: Reads} }
	write := func(n, p string) PathArg { return PathArg{Name: n, Path: p, Use: Writes} }
	into := func(p string, names ...string) PathArg {
		return PathArg{Name: "--figures", Path: p, Use: WritesInto, Names: names}
	}
	for _, tc := range []struct {
		name string
		args []PathArg
		bad  bool
	}{
		{"same spelling", []PathArg{read(in), write("--out", in)}, true},
		{"through ..", []PathArg{read(in), write("--out", dir+"/sub/../in.json")}, true},
		{"relative and absolute", []PathArg{read(in), write("--out", dir+"/./in.json")}, true},
		{"symbolic link", []PathArg{read(in), write("--out", filepath.Join(dir, "link.json"))}, true},
		{"hard link", []PathArg{read(in), write("--out", filepath.Join(dir, "hard.json"))}, true},
		{"input in the output folder", []PathArg{read(in), into(dir, "*.json")}, true},
		{"input in the folder, other name", []PathArg{read(in), into(dir, "*.svg")}, false},
		{"folder through a link", []PathArg{read(in), into(filepath.Join(dir, "dirlink"), "in.json")}, true},
		{"two new outputs", []PathArg{write("--out", filepath.Join(dir, "new.json")), write("--schedule", dir+"/sub/../new.json")}, true},
		{"new output through a folder link", []PathArg{write("--out", filepath.Join(dir, "new.json")), write("--schedule", filepath.Join(dir, "dirlink", "new.json"))}, true},
		{"new output in the output folder", []PathArg{write("--out", filepath.Join(dir, "new.svg")), into(dir, "*.svg")}, true},
		{"new output beside the folder's files", []PathArg{write("--out", filepath.Join(dir, "new.txt")), into(dir, "*.svg")}, false},
		{"distinct files", []PathArg{read(in), write("--out", filepath.Join(dir, "out.json")), write("--schedule", filepath.Join(dir, "s.json"))}, false},
		{"stdout and empty", []PathArg{read(in), write("--out", "-"), write("--schedule", "-"), write("--alt", "")}, false},
	} {
		err := CheckPaths(tc.args)
		if tc.bad != (err != nil) {
			t.Errorf("%s: err = %v, want refused %v", tc.name, err, tc.bad)
		}
		if err != nil && !errors.Is(err, ErrOverwrite) {
			t.Errorf("%s: %v does not wrap ErrOverwrite", tc.name, err)
		}
	}
}
