package workload

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/swim"
)

// TestReadSWIMFile: ReadSWIMFile is swim.ReadFile then FromSWIM (the same
// workload, byte for byte); 0 users (which FromSWIM takes as one) and a
// negative job limit are ErrSWIMOptions naming the field; an unreadable
// trace is the reader's error, checked first.
func TestReadSWIMFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.tsv")
	// Two SWIM rows (job, submit, gap, map input, shuffle, output bytes).
	trace := "job0\t49\t49\t740773\t2339561\t627471\njob1\t60\t11\t134217728\t0\t100\n"
	if err := os.WriteFile(path, []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	o := DefaultSWIMOptions()
	got, err := ReadSWIMFile(path, o)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := swim.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := FromSWIM(recs, path, o)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := errors.Join(WriteJSON(&a, got), WriteJSON(&b, want)); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("ReadSWIMFile differs from FromSWIM (%v):\n%s\n%s", err, a.Bytes(), b.Bytes())
	}
	for _, tc := range []struct {
		users, maxJobs int
		path, want     string
	}{
		{0, 0, path, "users 0: want ≥ 1"},
		{-1, 0, path, "users -1: want ≥ 1"},
		{1, -1, path, "max-jobs -1: want ≥ 0"},
		{0, 0, filepath.Join(dir, "none.tsv"), "none.tsv"},
	} {
		o.Users, o.MaxJobs = tc.users, tc.maxJobs
		_, err := ReadSWIMFile(tc.path, o)
		isOpt := tc.path == path
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, ErrSWIMOptions) != isOpt {
			t.Errorf("users %d, max jobs %d, %s: error %v, want one with %q (ErrSWIMOptions: %v)", tc.users, tc.maxJobs, tc.path, err, tc.want, isOpt)
		}
	}
}
