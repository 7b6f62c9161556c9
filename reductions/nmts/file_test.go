package nmts

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

// TestFile: Save writes what WriteJSON writes (the second path), reads
// back to the same sets and says "q = 2" for the two-element sets; Write
// is WriteJSON in every format; a protected path is refused.
func TestFile(t *testing.T) {
	in := &Instance{F: []int64{3, 4}, G: []int64{1, 4}, H: []int64{8, 4}}
	var want bytes.Buffer
	if err := WriteJSON(&want, in); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "n.json")
	what, err := File{in}.Save(path)
	if err != nil {
		t.Fatal(err)
	}
	if what != "q = 2" {
		t.Errorf("Save said %q, want \"q = 2\"", what)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want.String() {
		t.Errorf("file\n%s\nwant\n%s", b, want.String())
	}
	back, err := ReadFile(path)
	if err != nil || back.Q() != 2 || back.H[0] != 8 {
		t.Errorf("read back %v, %v; want q = 2, h = (8, 4)", back, err)
	}
	for _, f := range []tabular.Format{tabular.Text, tabular.CSV, tabular.JSON} {
		var got bytes.Buffer
		if err := (File{in}).Write(&got, f); err != nil || got.String() != want.String() {
			t.Errorf("Write in %v: %q, %v; want WriteJSON's", f, got.String(), err)
		}
	}
	if _, err := (File{in}).Save(path, fileio.Protect(path)); err == nil {
		t.Error("Save wrote over a protected file")
	}
}
