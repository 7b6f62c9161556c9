package report

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

// TestSourceReadsAreLimited checks that fingerprinting an input file stops at
// the input size limit of package fileio (`report -i /dev/zero`
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

// TestSourceFingerprintStopsAtBinary checks that the fingerprint stops at the
// first byte that is not text, as every reader does, instead of hashing up to
// the size limit first (`report -i /dev/zero` read 256 MiB, 600 MB of memory,
// before failing): the file is 200 NUL bytes and the limit the default, so
// only the text check can fail it. A text file keeps its fingerprint: the
// SHA-256 of its bytes (computed here with crypto/sha256 on the whole file).
func TestSourceFingerprintStopsAtBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "zero.json")
	if err := os.WriteFile(bin, make([]byte, 200), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := FileSource(bin); !errors.Is(err, fileio.ErrNotText) {
		t.Fatalf("FileSource(200 NUL bytes) err = %v, want fileio.ErrNotText", err)
	}
	if _, err := ParseGen("swim,file=" + bin + ",load=0.5"); !errors.Is(err, fileio.ErrNotText) {
		t.Fatalf("ParseGen(swim of 200 NUL bytes) err = %v, want fileio.ErrNotText", err)
	}
	text := []byte("\ufeff{\"kind\":\"tandem\"}\n")
	path := filepath.Join(dir, "bom.json")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := FileSource(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(text)
	if want := "sha256:" + hex.EncodeToString(sum[:]); src.ID != want {
		t.Errorf("ID = %s, want %s (SHA-256 of the file's bytes, BOM included)", src.ID, want)
	}
}
