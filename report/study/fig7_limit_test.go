package study

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// TestFig7TraceReadIsLimited checks that fingerprinting a Fig. 7 trace stops
// at the input size limit of package fileio (issue 12: every reader read
// without bound; NewFig7Config used os.ReadFile). The trace is 200 bytes and
// the limit 64, so the fingerprint must fail with fileio.ErrTooLarge.
func TestFig7TraceReadIsLimited(t *testing.T) {
	t.Setenv(fileio.LimitEnv, "64")
	path := filepath.Join(t.TempDir(), "trace.tsv")
	if err := os.WriteFile(path, []byte(strings.Repeat("x\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := NewFig7Config([]string{path}, []float64{0.5}, 0)
	if !errors.Is(err, fileio.ErrTooLarge) {
		t.Fatalf("err = %v, want fileio.ErrTooLarge (200-byte trace, limit 64)", err)
	}
}
