package swim

import (
	"errors"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

func TestReadShippedTraces(t *testing.T) {
	// Job counts from shared/data/README.md.
	cases := []struct {
		file      string
		jobs      int
		withPaths bool
	}{
		{"FB-2009_samples_24_times_1hr_0_first50jobs.tsv", 50, false},
		{"FB-2009_samples_24_times_1hr_0.tsv", 5894, false},
	}
	for _, c := range cases {
		path := testenv.RequireData(t, "swim", c.file)
		recs, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != c.jobs {
			t.Errorf("%s: %d jobs, README says %d", c.file, len(recs), c.jobs)
		}
		if recs[0].ID != "job0" {
			t.Errorf("%s: first id %q", c.file, recs[0].ID)
		}
	}
}

func TestReadFields(t *testing.T) {
	// The first line of the FB-2010 withInputPaths trace, copied verbatim.
	in := "job0\t1\t1\t2267942\t0\t1937944\tinputPath1\t\t\n"
	recs, err := Read(strings.NewReader(in), "x.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := Record{ID: "job0", Submit: 1, Gap: 1, MapBytes: 2267942, ShuffleBytes: 0, ReduceBytes: 1937944, InputPath: "inputPath1"}
	if recs[0] != want {
		t.Fatalf("got %+v, want %+v", recs[0], want)
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		// An empty file used to point at line 0.
		{"", "x.tsv: swim: malformed trace: no jobs (the file is empty"},
		{"\n\n", "x.tsv: swim: malformed trace: no jobs (2 blank lines"},
		// Go-only number syntax, NUL and invalid UTF-8 must be refused.
		{"job0\t1\t1\t1_000\t0\t0\n", `x.tsv:1: column map input bytes: swim: malformed trace: "1_000" is not a decimal number`},
		{"job0\t0x1p-2\t1\t1\t0\t0\n", `x.tsv:1: column submit time: swim: malformed trace: "0x1p-2" is not a decimal number`},
		{"job0\t1\t1\tinf\t0\t0\n", `x.tsv:1: column map input bytes: swim: malformed trace: "inf" is not a decimal number`},
		{"job0\t1\t1\t1\t0\t0\njob\x001\t1\t1\t1\t0\t0\n", "x.tsv:2: swim: malformed trace: fileio: not a UTF-8 text file: NUL byte"},
		{"job\xff0\t1\t1\t1\t0\t0\n", "x.tsv:1: swim: malformed trace: fileio: not a UTF-8 text file: invalid UTF-8 byte 0xff"},
		{"job\x010\t1\t1\t1\t0\t0\n", `x.tsv:1: column job id: swim: malformed trace: "job\x010" has the control character U+0001`},
		{"job0\t1\t1\n", "x.tsv:1: swim: malformed trace: 3 TAB-separated fields"},
		{"job0\t1\t1\t-5\t0\t0\n", "x.tsv:1: column map input bytes"},
		{"job0\t1\t1\tNaN\t0\t0\n", "x.tsv:1: column map input bytes"},
		{"job0\t5\t1\t1\t0\t0\njob1\t4\t0\t1\t0\t0\n", "x.tsv:2: column submit time"},
		{"\t5\t1\t1\t0\t0\n", "x.tsv:1: column job id"},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.in), "x.tsv")
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrFormat) {
			t.Errorf("Read(%q) error %v, want containing %q", c.in, err, c.want)
		}
	}
}

// import swim used to keep the BOM inside the first id ("\ufeffjob0").
func TestReadBOM(t *testing.T) {
	recs, err := Read(strings.NewReader("\ufeffjob0\t1\t1\t1\t0\t0\n"), "x.tsv")
	if err != nil || recs[0].ID != "job0" {
		t.Fatalf("got %+v, %v; want id job0", recs, err)
	}
}

func TestEmpty(t *testing.T) {
	// The rule of Record.Empty: no map input and no shuffle bytes.
	for _, c := range []struct {
		r    Record
		want bool
	}{
		{Record{}, true},
		{Record{ReduceBytes: 5}, true},
		{Record{MapBytes: 1}, false},
		{Record{ShuffleBytes: 1}, false},
	} {
		if got := c.r.Empty(); got != c.want {
			t.Errorf("%+v.Empty() = %v, want %v", c.r, got, c.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add("job0\t1\t1\t2267942\t0\t1937944\tinputPath1\t\t\n")
	f.Add("job0\t49\t49\t740773\t2339561\t627471\n")
	f.Fuzz(func(t *testing.T, in string) {
		recs, err := Read(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		for _, r := range recs {
			if r.MapBytes < 0 || r.ShuffleBytes < 0 || r.ID == "" {
				t.Fatalf("accepted invalid record %+v", r)
			}
		}
	})
}
