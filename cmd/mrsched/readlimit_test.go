package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// TestFileReadersRefuseLargeFilesUpFront checks that `mst fit --samples` and
// `import taillard` refuse a regular file over the input limit before reading
// it, with its size (docs/cli.md, "Bad input": every reader gets a documented size limit; a
// large file is "refused up front with its size"). The files hold 200 bytes
// and the limit is 64: the message is fileio's up-front one ("file of 200
// bytes"), not the one of a stream cut after 64 bytes.
func TestFileReadersRefuseLargeFilesUpFront(t *testing.T) {
	t.Setenv(fileio.LimitEnv, "64")
	dir := t.TempDir()
	samples := filepath.Join(dir, "samples.txt")
	fsp := filepath.Join(dir, "ta.fsp")
	for _, p := range []string{samples, fsp} {
		if err := os.WriteFile(p, []byte(strings.Repeat("1\n", 100)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		file string
	}{
		{"mst fit", []string{"mst", "fit", "--samples", samples}, samples},
		{"import taillard", []string{"import", "taillard", fsp}, fsp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			if code == 0 {
				t.Fatalf("exit 0 on a file over the input limit")
			}
			if want := tc.file + ": " + fileio.ErrTooLarge.Error() + ": file of 200 bytes"; !strings.Contains(stderr, want) {
				t.Errorf("stderr %q, want it to contain %q", stderr, want)
			}
		})
	}
}
