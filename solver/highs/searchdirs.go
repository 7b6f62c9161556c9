package highs

import (
	"os"
	"path/filepath"
)

// SearchDir is one directory of SearchPath and whether it holds both of
// HiGHS's files (WasmFile and GlueFile).
type SearchDir struct {
	Path     string
	HasFiles bool
}

// SearchDirs returns SearchPath with, for each directory, whether HiGHS's
// files are there.
func SearchDirs() []SearchDir {
	var out []SearchDir
	for _, d := range SearchPath() {
		_, e1 := os.Stat(filepath.Join(d, WasmFile))
		_, e2 := os.Stat(filepath.Join(d, GlueFile))
		out = append(out, SearchDir{Path: d, HasFiles: e1 == nil && e2 == nil})
	}
	return out
}
