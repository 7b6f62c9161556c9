package instances

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// Issue 12: one BOM policy. A UTF-8 BOM at the very start of a file is
// stripped by every reader; before, the CSV reader took it before the header
// only ("# kind" after a BOM gave `unknown column "# kind: tandem"`) and the
// JSON reader refused it.
func TestBOMAccepted(t *testing.T) {
	for _, c := range []struct{ name, in string }{
		{"x.csv", "\ufeff# kind: tandem\n# map_capacity: 2\nid,map,shuffle\na,1,2\n"},
		{"x.csv", "\ufeffid,map,shuffle\na,1,2\n"},
		{"x.json", "\ufeff{\"kind\":\"tandem\",\"jobs\":[{\"id\":\"a\",\"map\":1,\"shuffle\":2}]}"},
	} {
		var in *Instance
		var err error
		if IsCSV(c.name) {
			in, err = ReadCSV(strings.NewReader(c.in), c.name)
		} else {
			in, err = ReadJSON(strings.NewReader(c.in), c.name)
		}
		if err != nil || in.N() != 1 || in.Jobs[0].ID != "a" {
			t.Errorf("%q: %v", c.in, err)
		}
	}
}

// Issue 12: readers read without bound (check -i /dev/zero grew past
// 440 MB). Now a file over the limit is refused before it is read, with its
// size, and /dev/zero stops at its first byte.
func TestReadFileLimit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.csv")
	body := "id,map,shuffle\n" + strings.Repeat("a,1,2\n", 1000)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	fileio.SetLimit(1000)
	defer fileio.SetLimit(0)
	_, err := ReadFile(p)
	var le *fileio.LimitError
	if !errors.As(err, &le) || le.Size != int64(len(body)) {
		t.Fatalf("ReadFile over the limit: %v", err)
	}
	fileio.SetLimit(0)
	if _, err := os.Stat("/dev/zero"); err == nil {
		for _, name := range []string{"/dev/zero"} {
			_, err := ReadFile(name)
			if !errors.Is(err, fileio.ErrNotText) || !errors.Is(err, ErrSyntax) {
				t.Errorf("ReadFile(%s) = %v, want a text error", name, err)
			}
		}
	}
}
