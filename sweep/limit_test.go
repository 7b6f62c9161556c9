package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// TestReadsAreLimited checks that every read of a cells file or journal stops
// at the input size limit of package fileio (every reader used to read
// without bound; shard.go used os.ReadFile and os.Open). The files are the
// valid output of an 8-cell sweep (over 100 bytes, the header alone is) and
// the limit is 100 bytes, so each read must fail with fileio.ErrTooLarge
// instead of parsing the file.
func TestReadsAreLimited(t *testing.T) {
	const n = 8
	ref, err := Run(context.Background(), testSweep(n, nil), Options{})
	if err != nil {
		t.Fatal(err)
	}
	data := setBytes(t, ref)
	if len(data) <= 100 {
		t.Fatalf("test file of %d bytes is not over the 100-byte limit", len(data))
	}
	t.Setenv(fileio.LimitEnv, "100")
	for _, tc := range []struct {
		name string
		file string // suffix of the file that holds the data
		read func(path string) error
	}{
		{"ReadFile", "", func(p string) error { _, err := ReadFile(p); return err }},
		{"Run resuming a cells file", "", func(p string) error {
			_, err := Run(context.Background(), testSweep(n, nil), Options{Path: p})
			return err
		}},
		{"Run resuming a journal", ".journal", func(p string) error {
			_, err := Run(context.Background(), testSweep(n, nil), Options{Path: p})
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cells.jsonl")
			if err := os.WriteFile(path+tc.file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := tc.read(path); !errors.Is(err, fileio.ErrTooLarge) {
				t.Fatalf("err = %v, want fileio.ErrTooLarge (%d-byte file, limit 100)", err, len(data))
			}
		})
	}
}
