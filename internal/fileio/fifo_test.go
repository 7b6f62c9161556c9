package fileio

import (
	"io"
	"path/filepath"
	"syscall"
	"testing"
)

// A named pipe without a writer is read as an empty input instead of
// blocking forever in open (os.Open waits for a writer; on the old code
// this test hangs until go test's timeout).
func TestOpenFIFOWithoutWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err) // Linux, the only platform mrsched supports, has named pipes
	}
	f, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil || len(data) != 0 {
		t.Errorf("read %q, %v; want an empty input", data, err)
	}
}
