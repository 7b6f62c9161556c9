package sweep

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
)

// TestMergeFiles: three shard files merge into the bytes of the unsharded
// run (the same check as TestMergeEqualsUnsharded, through the files); a
// missing shard is ErrMissing, an unreadable file its read error, and no
// file at all ErrMissing.
func TestMergeFiles(t *testing.T) {
	dir := t.TempDir()
	whole, err := Run(context.Background(), testSweep(11, nil), Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for i := 1; i <= 3; i++ {
		p := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if _, err := Run(context.Background(), testSweep(11, nil), Options{Shard: Spec{i, 3}, Workers: 1, Path: p}); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	m, err := MergeFiles(paths)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := setBytes(t, m), setBytes(t, whole); string(got) != string(want) {
		t.Errorf("merged files differ from the unsharded run:\n%s\nwant\n%s", got, want)
	}
	if _, err := MergeFiles(paths[:2]); !errors.Is(err, ErrMissing) {
		t.Errorf("two of three shards: %v, want ErrMissing", err)
	}
	if _, err := MergeFiles(append(paths, filepath.Join(dir, "none.jsonl"))); err == nil {
		t.Error("a missing file merged")
	}
	if _, err := MergeFiles(nil); !errors.Is(err, ErrMissing) {
		t.Errorf("no files: %v, want ErrMissing", err)
	}
}
