package straggler

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/mrsched/mrsched/tabular"
)

// MaxMCSamples bounds EvalConfig.Samples: Monte Carlo keeps one float64
// per sample for its two-pass mean and standard deviation, so 2^25 samples
// need 256 MiB. More would exhaust the memory of a small machine (issue
// 12: 10^12 samples killed the process); the CI half-width at 2^25 samples
// is already 1/√(2^25) ≈ 1.7e-4 standard deviations.
const MaxMCSamples = 1 << 25

// EvalConfig is a mean-sojourn-time evaluation of given nodes: what
// 'mrsched mst eval' runs. Node i is an M/M/1 queue (Mu[i], Lambda[i]) or,
// with D > 0, the delayed exponential model of Model.

type EvalConfig struct {
	Mu, Lambda []float64
	// D is the deterministic coefficient of Model (0: M/M/1).
	D float64 `flag:"D" usage:"deterministic coefficient of the delayed exponential model (0 = M/M/1)"`
	// Method is "closed" (Lemma 3, eq. 10), "integral" (eq. 8), "mc"
	// (Monte Carlo), "all" (each that applies) or "auto" (integral).
	Method  string  `flag:"method" usage:"closed, integral, mc, all or auto"`
	Samples int     `flag:"samples" usage:"Monte Carlo samples"` // 2 … MaxMCSamples
	Seed    uint64  `flag:"seed" usage:"Monte Carlo seed"`
	RelTol  float64 `flag:"rel-tol" usage:"relative accuracy of the integral"` // in (0, 1)
}

// DefaultEvalConfig is the default of 'mrsched mst eval' (without nodes):
// M/M/1, method auto, 100 000 Monte Carlo samples with seed 1, integral to
// 1e-9 relative.
func DefaultEvalConfig() EvalConfig {
	return EvalConfig{Method: "auto", Samples: 100000, Seed: 1, RelTol: 1e-9}
}

// ErrConfig reports an EvalConfig field outside its allowed values, as a
// *FieldError.
var ErrConfig = errors.New("straggler: invalid configuration")

// FieldError names the configuration field that is not allowed (in the
// spelling of the flag of 'mrsched mst eval': "mu", "lambda", "D",
// "method", "samples", "rel-tol") and says what is allowed.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return ErrConfig.Error() + ": " + e.Field + ": " + e.Msg }

// FieldMessage returns the field and what is wrong with it (a command
// line names the field's flag with it).
func (e *FieldError) FieldMessage() (field, msg string) { return e.Field, e.Msg }

// Unwrap makes errors.Is(err, ErrConfig) hold.
func (e *FieldError) Unwrap() error { return ErrConfig }

func fieldErr(field, format string, a ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, a...)}
}

// Validate checks every field and names the first that is not allowed.
func (c EvalConfig) Validate() error {
	if len(c.Mu) == 0 {
		return fieldErr("mu", "no nodes")
	}
	if len(c.Lambda) != len(c.Mu) {
		return fieldErr("lambda", "%d rates for %d nodes (mu)", len(c.Lambda), len(c.Mu))
	}
	m := Model{D: c.D}
	if err := m.Validate(); err != nil {
		return fieldErr("D", "%v", err)
	}
	for i := range c.Mu {
		if err := (MM1{Lambda: c.Lambda[i], Mu: c.Mu[i]}).Validate(); err != nil {
			return fieldErr("mu", "node %d: %v", i, err)
		}
		// μ − λ so small (1e-320 − 1e-321) that 1/(μ−λ) or Dλ/μ is not a
		// float64: every method would report +Inf.
		if mean := m.Mean(c.Lambda[i], c.Mu[i]); math.IsInf(mean, 0) || math.IsNaN(mean) {
			return fieldErr("mu", "node %d: mu %v, lambda %v: the mean response time Dλ/μ + 1/(μ−λ) overflows float64; rescale the rates (for example to tasks per hour)",
				i, c.Mu[i], c.Lambda[i])
		}
	}
	switch c.Method {
	case "closed", "integral", "mc", "all", "auto":
	default:
		return fieldErr("method", "%q: want closed, integral, mc, all or auto", c.Method)
	}
	if c.Method == "closed" && c.D != 0 {
		return fieldErr("method", "closed: the closed form (Lemma 3) is for M/M/1 nodes only (D = 0)")
	}
	minSamples := 1
	if c.Method == "mc" || c.Method == "all" {
		minSamples = 2 // a standard deviation needs two draws
	}
	if c.Samples < minSamples || c.Samples > MaxMCSamples {
		return fieldErr("samples", "%d: want %d … %d (one float64 per sample is kept: %d samples need %d MiB)",
			c.Samples, minSamples, MaxMCSamples, MaxMCSamples, MaxMCSamples*8>>20)
	}
	if !(c.RelTol > 0 && c.RelTol < 1) {
		return fieldErr("rel-tol", "%v: want a value in (0, 1)", c.RelTol)
	}
	return nil
}

// Eval validates c and evaluates the mean sojourn time by the requested
// methods, in the order closed, integral, mc. "all" skips the closed form
// when it does not apply (D ≠ 0 or more than MaxClosedFormNodes nodes).
func Eval(c EvalConfig) ([]Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	model := Model{D: c.D}
	resp := make([]Response, len(c.Mu))
	gammas := make([]float64, len(c.Mu))
	groups := make([]Group, len(c.Mu))
	for i := range c.Mu {
		r := model.Response(c.Lambda[i], c.Mu[i])
		resp[i], gammas[i], groups[i] = r, c.Mu[i]-c.Lambda[i], Group{R: r, Count: 1}
	}
	methods := []string{c.Method}
	switch c.Method {
	case "auto":
		methods = []string{"integral"}
	case "all":
		methods = []string{"integral", "mc"}
		if len(c.Mu) <= MaxClosedFormNodes && c.D == 0 {
			methods = []string{"closed", "integral", "mc"}
		}
	}
	var out []Result
	for _, m := range methods {
		var r Result
		var err error
		switch m {
		case "closed":
			r, err = MSTClosedForm(gammas)
		case "integral":
			r, err = MSTIntegral(resp, IntegralOptions{RelTol: c.RelTol})
		case "mc":
			r, err = MSTMonteCarlo(groups, MCOptions{Samples: c.Samples}, rand.NewPCG(c.Seed, 0x5eed))
		}
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// WriteEval writes the results of Eval for nodes nodes in format f: JSON
// the first result's MST, error and method with every result; otherwise
// one row per method with what it did (evaluations and panels, samples and
// confidence level, or Lemma 3's rounding bound).
func WriteEval(w io.Writer, f tabular.Format, results []Result, nodes int) error {
	if len(results) == 0 {
		return fmt.Errorf("%w: no results to write", ErrParam)
	}
	if f == tabular.JSON {
		return tabular.WriteJSON(w, map[string]any{"mst": results[0].MST, "abs_err": results[0].AbsErr, "method": results[0].Method, "nodes": nodes, "results": results})
	}
	t := &tabular.Table{Title: fmt.Sprintf("Mean sojourn time, %d nodes", nodes), Header: []string{"method", "mst", "abs_err", "detail"}, RightAlign: []bool{false, true, true, false}}
	for _, r := range results {
		d := ""
		switch r.Method {
		case "integral":
			d = fmt.Sprintf("%d evaluations, %d panels", r.Evals, r.Panels)
		case "montecarlo":
			d = fmt.Sprintf("%d samples, %g%% CI half-width", r.Samples, 100*r.Level)
		case "closed":
			d = "Lemma 3 inclusion–exclusion; rounding bound"
		}
		t.Add(r.Method, tabular.Float(r.MST), tabular.Float(r.AbsErr), d)
	}
	return t.Write(w, f)
}
