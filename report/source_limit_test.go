package report

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// TestSourceReadsAreLimited checks that fingerprinting an input file stops at
// the input size limit of package fileio (issue 12: `report -i /dev/zero`
// grew without bound because FileSource used os.ReadFile). The file is 200
// bytes and the limit 64, so every read must fail with fileio.ErrTooLarge
// before the content is parsed.
func TestSourceReadsAreLimited(t *testing.T) {
	t.Setenv(fileio.LimitEnv, "64")
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(strings.Repeat(" ", 200)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		read func() error
	}{
		{"FileSource", func() error { _, err := FileSource(path); return err }},
		{"ParseGen swim", func() error { _, err := ParseGen("swim,file=" + path + ",load=0.5"); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.read()
			if !errors.Is(err, fileio.ErrTooLarge) {
				t.Fatalf("err = %v, want fileio.ErrTooLarge (200-byte file, limit 64)", err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}
