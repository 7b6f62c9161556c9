package google

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// A read that stops early is reported as what stopped it, with the file
// name: an empty .gz, a gzip stream cut short, and the size limit reached
// inside a line (before, the cut line was reported as a field count).
func TestGzipReadStops(t *testing.T) {
	row := "0,,1,2,user,0,name,logical\n" // one valid job_events row, 27 bytes
	var full bytes.Buffer
	zw := gzip.NewWriter(&full)
	for i := 0; i < 1000; i++ {
		zw.Write([]byte(row))
	}
	zw.Close()
	read := func(data []byte, name string) error {
		return ReadJobEvents(bytes.NewReader(data), name, func(JobEvent) error { return nil })
	}
	if err := read(full.Bytes(), "ok.gz"); err != nil {
		t.Fatalf("complete stream: %v", err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty.gz", nil, "empty.gz: google: malformed trace: empty gzip file"},
		{"header.gz", full.Bytes()[:5], "header.gz: google: malformed trace: truncated or damaged gzip header"},
		{"cut.gz", full.Bytes()[:full.Len()/2], "cut.gz:"},
	} {
		err := read(tc.data, tc.name)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if tc.name == "cut.gz" && (err == nil || !strings.Contains(err.Error(), "truncated gzip stream")) {
			t.Errorf("%s: %v, want a truncated gzip stream", tc.name, err)
		}
	}
	// 1000 rows are 27 000 bytes: a limit of 100 rows and a half cuts the
	// 101st row.
	fileio.SetLimit(int64(100*len(row) + len(row)/2))
	defer fileio.SetLimit(0)
	err := read(full.Bytes(), "bomb.gz")
	var le *fileio.LimitError
	if !errors.As(err, &le) || !errors.Is(err, fileio.ErrTooLarge) || strings.Contains(err.Error(), "fields") {
		t.Errorf("limit: %v, want the size limit, not a field count", err)
	}
}
