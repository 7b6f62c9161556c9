package instances

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// One BOM policy. A UTF-8 BOM at the very start of a file is
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

// Readers used to read without bound (check -i /dev/zero grew past
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

// BenchmarkReadCSV reads a 10⁵-job CSV (full-precision numbers, as
// WriteCSV writes them) from memory: the reader's own cost, without disk.
func BenchmarkReadCSV(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("# kind: tandem\nid,release,map,shuffle\n")
	for i := range 100000 {
		fmt.Fprintf(&sb, "J%d,%s,%s,%s\n", i, FormatFloat(float64(i)*0.37), FormatFloat(1+float64(i%97)/7), FormatFloat(2+float64(i%89)/3))
	}
	data := sb.String()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadCSV(strings.NewReader(data), "b.csv"); err != nil {
			b.Fatal(err)
		}
	}
}
