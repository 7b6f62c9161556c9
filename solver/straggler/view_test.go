package straggler_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/tabular"
)

// TestParseClasses: well-formed lists in order; a malformed item is a
// FieldError of field "class".
func TestParseClasses(t *testing.T) {
	got, err := straggler.ParseClasses("0.8:20, 1:3")
	if err != nil || len(got) != 2 || got[0] != (straggler.NodeClass{Mu: 0.8, Available: 20}) || got[1] != (straggler.NodeClass{Mu: 1, Available: 3}) {
		t.Errorf("ParseClasses = %v, %v", got, err)
	}
	for _, bad := range []string{"0.8", "x:2", "1:2.5", ""} {
		if _, err := straggler.ParseClasses(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestFitView: samples T + Exp(γ) quantiles recover T and γ roughly; the
// least-squares offset is the one given.
func TestFitView(t *testing.T) {
	// Quantiles of 2 + Exp(0.5): x_i = 2 − ln(1 − (i−0.5)/n)/0.5.
	n := 200
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 2 - math.Log(1-(float64(i)+0.5)/float64(n))/0.5
	}
	v, err := straggler.FitView(xs, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	fits := v.Value.(map[string]any)["fits"].([]straggler.Fit)
	if len(fits) != 3 || math.Abs(fits[0].Offset-2) > 0.05 || math.Abs(fits[0].Rate-0.5) > 0.05 || fits[1].Offset != 1.5 {
		t.Errorf("fits %+v", fits)
	}
}

func ExampleForkJoinView() {
	// One server is an M/M/1 queue: both bounds are 1/(μ − λ) = 2.
	v, err := straggler.ForkJoinView(1, 0.5, 1, 0, 1)
	if err != nil {
		panic(err)
	}
	_ = v.Write(os.Stdout, tabular.CSV)
	// Output:
	// quantity,value
	// lower bound (1/μ)[H_K + Σ(1/j)ρ/(j−ρ)],2
	// upper bound H_K/(μ−λ) = paper's MST,2
	// Nelson–Tantawi approximation,2
}

// TestNodeRates: lists pass through; λ unknown is NaN, refused when
// needed; lists of different lengths are a FieldError of "lambda"; a node
// file's entries repeat count times.
func TestNodeRates(t *testing.T) {
	mu, l, err := straggler.NodeRates("", []float64{1, 2}, nil, false)
	if err != nil || len(mu) != 2 || !math.IsNaN(l[0]) || !math.IsNaN(l[1]) {
		t.Errorf("no λ: %v %v %v", mu, l, err)
	}
	if _, _, err := straggler.NodeRates("", []float64{1, 2}, nil, true); !errors.Is(err, straggler.ErrParam) {
		t.Errorf("λ needed: %v", err)
	}
	var fe *straggler.FieldError
	if _, _, err := straggler.NodeRates("", []float64{1, 2}, []float64{0.5}, false); !errors.As(err, &fe) || fe.Field != "lambda" {
		t.Errorf("lengths: %v", err)
	}
	p := filepath.Join(t.TempDir(), "n.json")
	if err := os.WriteFile(p, []byte(`{"nodes": [{"mu": 1, "lambda": 0.5, "count": 2}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	mu, l, err = straggler.NodeRates(p, nil, nil, true)
	// Two nodes of the one entry (count 2).
	if err != nil || len(mu) != 2 || mu[1] != 1 || l[1] != 0.5 {
		t.Errorf("file: %v %v %v", mu, l, err)
	}
}

// TestPoliciesNamed: "all" is every policy (Policies, §V-A's six), a name
// is that policy, an unknown name an error.
func TestPoliciesNamed(t *testing.T) {
	all, err := straggler.PoliciesNamed("all")
	if err != nil || len(all) != len(straggler.Policies) {
		t.Errorf("all: %v %v", all, err)
	}
	one, err := straggler.PoliciesNamed("fair")
	if err != nil || len(one) != 1 || one[0] != straggler.Fair {
		t.Errorf("fair: %v %v", one, err)
	}
	if _, err := straggler.PoliciesNamed("nosuch"); err == nil {
		t.Errorf("nosuch: no error")
	}
}
