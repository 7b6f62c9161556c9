package sharedscan

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/tabular"
)

// TestFileAndReadSWIMFile: ReadSWIMFile gives the workload of swim.ReadFile
// and FromSWIM (the second path), and File writes exactly WriteJSON's
// bytes in every format.
func TestFileAndReadSWIMFile(t *testing.T) {
	path := testenv.RequireData(t, "swim", "FB-2010_samples_24_times_1hr_withInputPaths_0.tsv")
	spec := DefaultSWIMSpec()
	spec.Limit = 50
	w, err := ReadSWIMFile(path, spec)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := swim.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := FromSWIM(recs, spec)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := WriteJSON(&b, want); err != nil {
		t.Fatal(err)
	}
	for _, f := range []tabular.Format{tabular.JSON, tabular.Text, tabular.CSV} {
		a.Reset()
		if err := (File{w}).Write(&a, f); err != nil || a.String() != b.String() {
			t.Errorf("%v: %d bytes, want %d (%v)", f, a.Len(), b.Len(), err)
		}
	}
	if _, err := ReadSWIMFile(filepath.Join(t.TempDir(), "none.tsv"), spec); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing trace: %v", err)
	}
}
