package study

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// TestFig7TraceReadIsLimited checks that fingerprinting a Fig. 7 trace stops
// at the input size limit of package fileio (every reader used to read
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

// TestFig7TraceSumStopsAtBinary checks that the trace fingerprint stops at
// the first byte that is not text (a trace of 200 NUL bytes, default limit)
// instead of reading up to the size limit, and that a text trace keeps the
// SHA-256 of its bytes as its fingerprint (computed with crypto/sha256 on the
// whole file).
func TestFig7TraceSumStopsAtBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "zero.tsv")
	if err := os.WriteFile(bin, make([]byte, 200), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewFig7Config([]string{bin}, []float64{0.5}, 0); !errors.Is(err, fileio.ErrNotText) {
		t.Fatalf("err = %v, want fileio.ErrNotText", err)
	}
	text := []byte("job1\t0\t1\t10\t5\t1\n")
	path := filepath.Join(dir, "trace.tsv")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := NewFig7Config([]string{path}, []float64{0.5}, 0)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(text)
	if want := hex.EncodeToString(sum[:]); len(cfg.Traces) != 1 || cfg.Traces[0].SHA256 != want {
		t.Errorf("traces %+v, want one with SHA-256 %s", cfg.Traces, want)
	}
}
