package nodes

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
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
