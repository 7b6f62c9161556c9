package instances

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/tabular"
)

// TestFile: File writes CSV for tabular.CSV and JSON otherwise, exactly
// what WriteCSV and WriteJSON write; Save writes by the extension and
// says "N jobs".
func TestFile(t *testing.T) {
	in := Example21() // 3 jobs (Lin et al. §2.1)
	for _, tc := range []struct {
		f     tabular.Format
		write func(*bytes.Buffer) error
	}{
		{tabular.CSV, func(b *bytes.Buffer) error { return WriteCSV(b, in) }},
		{tabular.JSON, func(b *bytes.Buffer) error { return WriteJSON(b, in) }},
		{tabular.Text, func(b *bytes.Buffer) error { return WriteJSON(b, in) }},
	} {
		var got, want bytes.Buffer
		if err := (File{in}).Write(&got, tc.f); err != nil || tc.write(&want) != nil || got.String() != want.String() {
			t.Errorf("%v: %q, want %q (%v)", tc.f, got.String(), want.String(), err)
		}
	}
	dir := t.TempDir()
	for _, name := range []string{"a.csv", "a.json"} {
		p := filepath.Join(dir, name)
		what, err := File{in}.Save(p)
		if err != nil || what != "3 jobs" {
			t.Fatalf("%s: %q %v", name, what, err)
		}
		back, err := ReadFile(p)
		if err != nil || back.N() != 3 {
			t.Errorf("%s read back: %v", name, err)
		}
	}
}

// TestReadSWIMFile: the same instance as swim.ReadFile + FromSWIM with
// Source set to the path (TestFromSWIM's file); errors name the file.
func TestReadSWIMFile(t *testing.T) {
	path := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	in, err := ReadSWIMFile(path, SWIMOptions{DropMapOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if in.Metadata["source"] != path {
		t.Errorf("source %v", in.Metadata["source"])
	}
	for _, j := range in.Jobs {
		if j.Shuffle == 0 {
			t.Fatal("map-only job kept")
		}
	}
	if _, err := ReadSWIMFile(path, SWIMOptions{Load: -1}); !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), path) {
		t.Errorf("load -1: %v", err)
	}
	if _, err := ReadSWIMFile(filepath.Join(t.TempDir(), "none.tsv"), SWIMOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing trace: %v", err)
	}
}
