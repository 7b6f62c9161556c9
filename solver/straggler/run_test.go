package straggler

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/tabular"
)

// TestRunReports: each report writes what the function it wraps writes
// (WriteEval, MapReport.Write with PerNode, NodeCount.Write: the second
// path), in every format, and a bad policy name is ParsePolicy's error.
func TestRunReports(t *testing.T) {
	mu := []float64{0.5, 1, 1, 1}
	eval := EvalConfig{Mu: []float64{1, 1}, Lambda: []float64{0.5, 0.5}, Method: "closed", Samples: 1000, RelTol: 1e-9}
	results, err := Eval(eval)
	if err != nil {
		t.Fatal(err)
	}
	er, err := EvalReportOf(eval)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := MapPolicies(Policies, 2, mu, MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mv, err := MapNamed(MapConfig{Policy: "all", Total: 2, Mu: mu, PerNode: true})
	if err != nil {
		t.Fatal(err)
	}
	classes := []NodeClass{{Mu: 1, Available: 3}, {Mu: 2, Available: 2}}
	nc, err := OptimalNodeCount(classes, 1, Optimal, MapOptions{}, 2000)
	if err != nil {
		t.Fatal(err)
	}
	nr, err := NodeCountOf(NodeCountConfig{Classes: classes, Total: 1, Policy: "optimal", BruteLimit: 2000, Curve: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []tabular.Format{tabular.Text, tabular.CSV, tabular.JSON} {
		for _, tc := range []struct {
			name      string
			got, want func(b *bytes.Buffer) error
		}{
			{"eval", func(b *bytes.Buffer) error { return er.Write(b, f) }, func(b *bytes.Buffer) error { return WriteEval(b, f, results, 2) }},
			{"map", func(b *bytes.Buffer) error { return mv.Write(b, f) }, func(b *bytes.Buffer) error { return rep.Write(b, f, true) }},
			{"nodes", func(b *bytes.Buffer) error { return nr.Write(b, f) }, func(b *bytes.Buffer) error { return nc.Write(b, f, 1, Optimal, true) }},
		} {
			var got, want bytes.Buffer
			if err := tc.got(&got); err != nil {
				t.Fatal(err)
			}
			if err := tc.want(&want); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s %s:\n%s\nwant\n%s", tc.name, f, got.String(), want.String())
			}
		}
	}
	if _, err := MapNamed(MapConfig{Policy: "bogus", Total: 2, Mu: mu}); err == nil || !strings.Contains(err.Error(), `unknown mapping policy "bogus"`) {
		t.Errorf("map bogus: %v", err)
	}
	if _, err := NodeCountOf(NodeCountConfig{Classes: classes, Total: 1, Policy: "xx"}); err == nil || !strings.Contains(err.Error(), `"xx"`) {
		t.Errorf("nodes xx: %v", err)
	}
	if _, err := EvalReportOf(EvalConfig{Mu: []float64{1}, Lambda: []float64{0.5}, Method: "mc", Samples: 0}); err == nil {
		t.Error("eval with 0 samples: no error")
	}
}

// TestClassesFrom: a node file gives ClassesOf its entries (count =
// available), a list gives ParseClasses' classes, and a malformed item is
// ParseClasses' FieldError of field "class".
func TestClassesFrom(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.json")
	data := `{"nodes": [{"name": "slow", "mu": 0.8, "count": 2}, {"name": "fast", "mu": 1, "count": 3}]}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, list string
		want       []NodeClass
	}{
		{path, "9:9", []NodeClass{{Name: "slow", Mu: 0.8, Available: 2}, {Name: "fast", Mu: 1, Available: 3}}},
		{"", "0.8:20, 1:20", []NodeClass{{Mu: 0.8, Available: 20}, {Mu: 1, Available: 20}}},
	} {
		got, err := ClassesFrom(tc.path, tc.list)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ClassesFrom(%q, %q) = %v, %v; want %v", tc.path, tc.list, got, err, tc.want)
		}
	}
	var fe *FieldError
	if _, err := ClassesFrom("", "1:x"); !errors.As(err, &fe) || fe.Field != "class" {
		t.Errorf("1:x: error %v, want a FieldError of class", err)
	}
}
