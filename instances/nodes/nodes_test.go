package nodes

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

const validJSON = `{"nodes": [{"name": "fast", "mu": 1, "lambda": 0.5, "count": 3}, {"mu": 0.8}]}`
const validCSV = "name,mu,lambda,count\nfast,1,0.5,3\n,0.8,,1\n"

func TestReadValid(t *testing.T) {
	j, err := ReadJSON(strings.NewReader(validJSON), "a.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadCSV(strings.NewReader(validCSV), "a.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []*File{j, c} {
		if f.Total() != 4 || f.Nodes[0].Mu != 1 || !f.Nodes[0].HasLambda || f.Nodes[1].HasLambda {
			t.Errorf("parsed %+v", f.Nodes)
		}
		mu, lam := f.Expand()
		if len(mu) != 4 || mu[3] != 0.8 || !math.IsNaN(lam[3]) || lam[0] != 0.5 {
			t.Errorf("expand %v %v", mu, lam)
		}
	}
	// Round trips.
	var b bytes.Buffer
	if err := WriteJSON(&b, j); err != nil {
		t.Fatal(err)
	}
	j2, err := ReadJSON(&b, "rt.json")
	if err != nil || len(j2.Nodes) != 2 || j2.Nodes[0] != j.Nodes[0] || j2.Nodes[1] != j.Nodes[1] {
		t.Errorf("JSON round trip: %+v %v", j2, err)
	}
	b.Reset()
	_ = WriteCSV(&b, j)
	c2, err := ReadCSV(&b, "rt.csv")
	if err != nil || c2.Nodes[0] != j.Nodes[0] || c2.Nodes[1] != j.Nodes[1] {
		t.Errorf("CSV round trip: %+v %v", c2, err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		json bool
		in   string
		want string
	}{
		{true, `{"nodes": [{"mu": 1}, {"mu": -1}]}`, "nodes[1].mu"},
		{true, `{"nodes": [{"mu": 1, "lambda": 2}]}`, "nodes[0].lambda"},
		{true, `{"nodes": [{"mu": 1, "count": 0}]}`, "nodes[0].count"},
		{true, `{"nodes": [{"lambda": 1}]}`, "nodes[0].mu"},
		{true, `{"nodes": [{"mu": 1, "speed": 2}]}`, "nodes[0]"},
		{true, `{"nodes": [}`, "a:1"},
		{true, `{}`, "nodes"},
		{false, "mu\n1\nx\n", "a:3: mu"},
		{false, "mu,count\n1,2.5\n", "a:2: count"},
		{false, "speed\n1\n", "unknown column"},
		{false, "name,lambda\na,1\n", "no mu column"},
		{false, "mu\n1\n0\n", "a:3: mu"},
	} {
		var err error
		if tc.json {
			_, err = ReadJSON(strings.NewReader(tc.in), "a")
		} else {
			_, err = ReadCSV(strings.NewReader(tc.in), "a")
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to mention %q", tc.in, err, tc.want)
		}
	}
	_, err := ReadJSON(strings.NewReader(`{"nodes": [{"mu": 0}]}`), "a")
	if !errors.Is(err, ErrField) {
		t.Errorf("want ErrField, got %v", err)
	}
}

// Bad input: "count 2.5" gave a raw Go unmarshal error; Go-only numbers,
// duplicate keys and control characters in names were taken.
func TestReadErrorMessages(t *testing.T) {
	for _, tc := range []struct {
		json bool
		in   string
		want string
	}{
		{true, "{\"nodes\": [\n{\"mu\": 1, \"count\": 2.5}]}", "a:2: nodes[0].count: nodes: invalid field: 2.5 is not an integer (want a whole number written with digits only, in [1, 10000000])"},
		{true, `{"nodes": [{"mu": 1, "count": "3"}]}`, `a:1: nodes[0].count: nodes: invalid field: "3" is not an integer`},
		{true, `{"nodes": [{"mu": 1, "mu": 2}]}`, `a:1: nodes[0]: nodes: invalid field: key "mu" twice in one object`},
		{true, `{"nodes": [{"name": "a\u0007", "mu": 1}]}`, `a:1: nodes[0].name: nodes: invalid field: "a\a" has the control character U+0007`},
		{true, `{"nodes": [{"mu": 1e400}]}`, "a:1: nodes[0].mu: nodes: invalid field: number 1e400 out of float64 range"},
		{false, "mu,count\n1,2.5\n", `a:2: count: nodes: invalid field: "2.5" is not an integer in [1, 10000000]`},
		{false, "mu\n1_000\n", `a:2: mu: nodes: invalid field: "1_000" is not a decimal number`},
		{false, "mu\n0x1p-2\n", `a:2: mu: nodes: invalid field: "0x1p-2" is not a decimal number`},
		{false, "mu\n1\x00\n", "a:2: nodes: syntax error: fileio: not a UTF-8 text file: NUL byte"},
	} {
		var err error
		if tc.json {
			_, err = ReadJSON(strings.NewReader(tc.in), "a")
		} else {
			_, err = ReadCSV(strings.NewReader(tc.in), "a")
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\n got %v\nwant %s…", tc.in, err, tc.want)
		}
	}
	if f, err := ReadCSV(strings.NewReader("\ufeffmu,count\n1,2\n"), "a"); err != nil || f.Total() != 2 {
		t.Errorf("CSV with a BOM: %v", err)
	}
}

// mst fit --samples used to take a first line "1 2", or one starting
// with a BOM, as a header and dropped it silently.
func TestReadSamplesHeader(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []float64 // nil: an error
		err  string
	}{
		{"1 2\n3\n4\n", nil, `s:1: nodes: invalid field: "1 2" is not a decimal number`},
		{"\ufeff1.5\n2\n", []float64{1.5, 2}, ""},
		{"time\n1\n2\n", []float64{1, 2}, ""},
		{"# c\n\ncompletion,node\n1,a\n2,b\n", []float64{1, 2}, ""},
		{"inf\n1\n2\n", nil, `s:1: nodes: invalid field: "inf"`},
		{"NaN\n1\n2\n", nil, `s:1: nodes: invalid field: "NaN"`},
		{"1\ntime\n2\n", nil, `s:2: nodes: invalid field: "time"`},
		{"1\n1_0\n2\n", nil, `s:2: nodes: invalid field: "1_0"`},
		{".5e\n1\n", nil, `s:1: nodes: invalid field: ".5e"`},
	} {
		xs, err := ReadSamples(strings.NewReader(c.in), "s")
		if c.want == nil {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) {
				t.Errorf("%q: got %v, %v; want error %s…", c.in, xs, err, c.err)
			}
			continue
		}
		if err != nil || len(xs) != len(c.want) || xs[0] != c.want[0] {
			t.Errorf("%q: got %v, %v; want %v", c.in, xs, err, c.want)
		}
	}
}

func TestReadSamples(t *testing.T) {
	xs, err := ReadSamples(strings.NewReader("time\n# comment\n1.5\n2,foo\n\n3\n"), "s")
	if err != nil || len(xs) != 3 || xs[1] != 2 {
		t.Errorf("%v %v", xs, err)
	}
	if _, err := ReadSamples(strings.NewReader("1\n-2\n"), "s"); err == nil || !strings.Contains(err.Error(), "s:2") {
		t.Errorf("negative sample: %v", err)
	}
}

func FuzzReadJSON(f *testing.F) {
	f.Add(validJSON)
	f.Add(`{"nodes": []}`)
	f.Fuzz(func(t *testing.T, s string) {
		file, err := ReadJSON(strings.NewReader(s), "fuzz")
		if err == nil {
			if err := file.Validate(); err != nil {
				t.Fatalf("accepted an invalid file: %v", err)
			}
		}
	})
}

func FuzzReadCSV(f *testing.F) {
	f.Add(validCSV)
	f.Add("mu\n1\n")
	f.Fuzz(func(t *testing.T, s string) {
		file, err := ReadCSV(strings.NewReader(s), "fuzz")
		if err == nil {
			if err := file.Validate(); err != nil {
				t.Fatalf("accepted an invalid file: %v", err)
			}
		}
	})
}

func FuzzReadSamples(f *testing.F) {
	f.Add("1\n2\n3\n")
	f.Fuzz(func(t *testing.T, s string) {
		xs, err := ReadSamples(strings.NewReader(s), "fuzz")
		if err == nil {
			for _, v := range xs {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
					t.Fatalf("accepted %v", v)
				}
			}
		}
	})
}

func TestReadSamplesFileLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "s.txt")
	if err := os.WriteFile(p, []byte("1\n2\n3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if xs, err := ReadSamplesFile(p); err != nil || len(xs) != 3 {
		t.Fatalf("ReadSamplesFile = %v, %v", xs, err)
	}
	fileio.SetLimit(4)
	defer fileio.SetLimit(0)
	var le *fileio.LimitError
	if _, err := ReadSamplesFile(p); !errors.As(err, &le) || le.Size != 6 {
		t.Fatalf("over the limit: %v, want a LimitError with the size 6", err)
	}
}
