package straggler

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/tabular"
)

// TestEvalConfigValidate: flag values that used to crash the
// process or printed +Inf with exit 0; each must be an error naming its
// field.
func TestEvalConfigValidate(t *testing.T) {
	ok := EvalConfig{Mu: []float64{1, 1}, Lambda: []float64{0.5, 0.5}, Method: "mc", Samples: 1000, Seed: 1, RelTol: 1e-9}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid config: %v", err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(*EvalConfig)
		field string
	}{
		// 10^12 samples need 8 TB: 'mst eval --method mc --samples 1000000000000' ran out of memory.
		{"samples 1e12", func(c *EvalConfig) { c.Samples = 1_000_000_000_000 }, "samples"},
		{"samples one above the cap", func(c *EvalConfig) { c.Samples = MaxMCSamples + 1 }, "samples"},
		{"samples 1 for mc", func(c *EvalConfig) { c.Samples = 1 }, "samples"},
		// 1/(1e-320 − 1e-321) = 1/9e-321 overflows: 'mst eval --mu 1e-320 --lambda 1e-321' printed +Inf.
		{"subnormal rates", func(c *EvalConfig) { c.Mu, c.Lambda = []float64{1e-320}, []float64{1e-321} }, "mu"},
		{"unstable node", func(c *EvalConfig) { c.Lambda[1] = 1 }, "mu"},
		{"lambda count", func(c *EvalConfig) { c.Lambda = c.Lambda[:1] }, "lambda"},
		{"no nodes", func(c *EvalConfig) { c.Mu, c.Lambda = nil, nil }, "mu"},
		{"negative D", func(c *EvalConfig) { c.D = -1 }, "D"},
		{"unknown method", func(c *EvalConfig) { c.Method = "exact" }, "method"},
		{"closed with D", func(c *EvalConfig) { c.Method, c.D = "closed", 1 }, "method"},
		{"rel-tol 0", func(c *EvalConfig) { c.RelTol = 0 }, "rel-tol"},
	} {
		c := ok
		c.Mu, c.Lambda = append([]float64(nil), ok.Mu...), append([]float64(nil), ok.Lambda...)
		tc.edit(&c)
		err := c.Validate()
		var fe *FieldError
		if !errors.As(err, &fe) || !errors.Is(err, ErrConfig) || fe.Field != tc.field {
			t.Errorf("%s: error %v, want a FieldError for %q", tc.name, err, tc.field)
		}
		if _, err := Eval(c); err == nil {
			t.Errorf("%s: Eval accepted the config", tc.name)
		}
	}
	// The library's Monte Carlo refuses the same sample count itself.
	g := []Group{{R: DelayedExp{Rate: 1}, Count: 1}}
	if _, err := MSTMonteCarlo(g, MCOptions{Samples: MaxMCSamples + 1}, nil); err == nil || !strings.Contains(err.Error(), "samples") {
		t.Errorf("MSTMonteCarlo with %d samples: %v", MaxMCSamples+1, err)
	}
}

// TestEvalMethodsAgree: two M/M/1 nodes with γ = μ − λ = 1 have
// E[max] = 1/γ1 + 1/γ2 − 1/(γ1+γ2) = 1.5 (Lemma 3, eq. 10); the closed
// form and the integral agree to 1e-9, Monte Carlo within 4 half-widths.
func TestEvalMethodsAgree(t *testing.T) {
	rs, err := Eval(EvalConfig{Mu: []float64{1.5, 2}, Lambda: []float64{0.5, 1}, Method: "all", Samples: 20000, Seed: 3, RelTol: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 || rs[0].Method != "closed" || rs[1].Method != "integral" || rs[2].Method != "montecarlo" {
		t.Fatalf("methods %v", rs)
	}
	for _, r := range rs[:2] {
		if d := r.MST - 1.5; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: %v, want 1.5", r.Method, r.MST)
		}
	}
	if d := rs[2].MST - 1.5; d > 4*rs[2].AbsErr || d < -4*rs[2].AbsErr {
		t.Errorf("montecarlo %v ± %v, want 1.5", rs[2].MST, rs[2].AbsErr)
	}
}

// Two M/M/1 nodes with γ = 1 each: E[max of two Exp(1)] = 1 + 1 − 1/2 =
// 1.5 (Lemma 3, eq. 10).
func ExampleEval() {
	rs, err := Eval(EvalConfig{Mu: []float64{2, 2}, Lambda: []float64{1, 1}, Method: "closed", Samples: 1, RelTol: 1e-9})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %.6f\n", rs[0].Method, rs[0].MST)
	_, err = Eval(EvalConfig{Mu: []float64{1e-320}, Lambda: []float64{1e-321}, Method: "integral", Samples: 1, RelTol: 1e-9})
	fmt.Println(err != nil)
	// Output:
	// closed 1.500000
	// true
}

// TestWriteEval: the JSON carries the first result's MST (1.5 for two
// γ = 1 nodes, Lemma 3) and the table one row per method; no results is an
// error.
func TestWriteEval(t *testing.T) {
	rs, err := Eval(EvalConfig{Mu: []float64{1.5, 2}, Lambda: []float64{0.5, 1}, Method: "closed", Samples: 1, RelTol: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	var j, tb strings.Builder
	if err := WriteEval(&j, tabular.JSON, rs, 2); err != nil || !strings.Contains(j.String(), `"mst": 1.5`) {
		t.Errorf("json %v: %s", err, j.String())
	}
	if err := WriteEval(&tb, tabular.CSV, rs, 2); err != nil || strings.Count(tb.String(), "\n") != 2 {
		t.Errorf("csv %v: %s", err, tb.String())
	}
	if err := WriteEval(&tb, tabular.CSV, nil, 2); err == nil {
		t.Error("no results accepted")
	}
}
