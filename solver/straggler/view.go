package straggler

// Entry points of 'mrsched mst fit', 'mst forkjoin' and 'mst nodes': the
// computations with the views (JSON value and tables) the commands print.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances/nodes"
	"github.com/mrsched/mrsched/tabular"
)

// FitView fits the delayed exponential of eq. 4 to completion-time samples
// three ways — maximum likelihood (FitMLE), least squares on the empirical
// CDF at offset T (FitLS; T = the MLE's offset, the smallest sample, when
// offset is NaN) and least squares in T and γ jointly (FitLSJoint) — and
// returns them as a view (JSON: samples and fits).
func FitView(xs []float64, offset float64) (*tabular.View, error) {
	mle, err := FitMLE(xs)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(offset) {
		offset = mle.Offset
	}
	pts := ECDF(xs)
	ls, err := FitLS(pts, offset)
	if err != nil {
		return nil, err
	}
	joint, err := FitLSJoint(pts)
	if err != nil {
		return nil, err
	}
	fits := []Fit{mle, ls, joint}
	t := &tabular.Table{Title: fmt.Sprintf("Delayed exponential fit, %d samples", len(xs)), Header: []string{"method", "offset_T", "rate_γ", "rmse", "max_abs", "newton_iter"}, RightAlign: []bool{false, true, true, true, true, true}}
	for _, x := range fits {
		t.Add(x.Method, tabular.Float(x.Offset), tabular.Float(x.Rate), tabular.Float(x.RMSE), tabular.Float(x.MaxAbs), strconv.Itoa(x.Iterations))
	}
	return &tabular.View{Value: map[string]any{"samples": len(xs), "fits": fits}, Tables: []*tabular.Table{t}}, nil
}

// ForkJoinConfig is a fork-join queue and its simulation (ForkJoinView):
// what 'mrsched mst forkjoin' runs.
type ForkJoinConfig struct {
	K      int     `flag:"k" usage:"number of servers K"`
	Lambda float64 `flag:"lambda" usage:"job arrival rate"`
	Mu     float64 `flag:"mu" usage:"service rate of every server"`
	Jobs   int     `flag:"jobs" usage:"jobs measured after 10% warm-up (0: no simulation)"`
	Seed   uint64  `flag:"seed" usage:"simulation seed"`
	// Context, when not nil, stops the simulation (ErrStopped).
	Context context.Context
}

// DefaultForkJoinConfig is the default of 'mrsched mst forkjoin': K = 4,
// λ = 0.5, μ = 1, 200 000 simulated jobs with seed 1.
func DefaultForkJoinConfig() ForkJoinConfig {
	return ForkJoinConfig{K: 4, Lambda: 0.5, Mu: 1, Jobs: 200000, Seed: 1}
}

// View is ForkJoinView of c.
func (c ForkJoinConfig) View() (*tabular.View, error) {
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	return forkJoinView(ctx, c.K, c.Lambda, c.Mu, c.Jobs, c.Seed)
}

// ForkJoinView is the fork-join queue of k servers of rate mu with
// Poisson arrivals of rate lambda: the literature's lower and upper bounds
// (the upper bound H_K/(μ−λ) is the paper's MST with independent
// mappers), the Nelson–Tantawi approximation and, when jobs > 0, a
// discrete-event simulation of jobs jobs after jobs/10 of warm-up, seeded
// with seed.
func ForkJoinView(k int, lambda, mu float64, jobs int, seed uint64) (*tabular.View, error) {
	return forkJoinView(context.Background(), k, lambda, mu, jobs, seed)
}

// forkJoinView is ForkJoinView with a simulation that ctx stops.
func forkJoinView(ctx context.Context, k int, lambda, mu float64, jobs int, seed uint64) (*tabular.View, error) {
	low, up, err := ForkJoinBounds(k, lambda, mu)
	if err != nil {
		return nil, err
	}
	nt := NelsonTantawi(k, lambda, mu)
	out := map[string]any{"k": k, "lambda": lambda, "mu": mu, "lower_bound": low, "upper_bound": up, "nelson_tantawi": nt, "mst_independent": up}
	t := &tabular.Table{Title: fmt.Sprintf("Fork-join K = %d, λ = %g, μ = %g", k, lambda, mu), Header: []string{"quantity", "value"}, RightAlign: []bool{false, true}}
	t.Add("lower bound (1/μ)[H_K + Σ(1/j)ρ/(j−ρ)]", tabular.Float(low))
	t.Add("upper bound H_K/(μ−λ) = paper's MST", tabular.Float(up))
	t.Add("Nelson–Tantawi approximation", tabular.Float(nt))
	if jobs > 0 {
		mus := make([]float64, k)
		for i := range mus {
			mus[i] = mu
		}
		s, err := SimulateForkJoin(ctx, lambda, mus, jobs/10, jobs, rand.NewPCG(seed, 0xf0))
		if err != nil {
			return nil, err
		}
		out["simulation"] = s
		t.Add(fmt.Sprintf("simulation (%d jobs) mean", s.Jobs), tabular.Float(s.Mean))
		t.Add("simulation 95% half-width", tabular.Float(s.HalfWidth))
	}
	return &tabular.View{Value: out, Tables: []*tabular.Table{t}}, nil
}

// ParseClasses parses node classes written "μ:available,…" (for example
// "0.8:20,1:20"); a malformed item is a FieldError of field "class".
func ParseClasses(list string) ([]NodeClass, error) {
	var classes []NodeClass
	for i, s := range strings.Split(list, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(s), ":")
		mu, err1 := strconv.ParseFloat(a, 64)
		n, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return nil, &FieldError{Field: "class", Msg: fmt.Sprintf("item %d %q is not μ:available", i+1, s)}
		}
		classes = append(classes, NodeClass{Mu: mu, Available: n})
	}
	return classes, nil
}

// ClassesOf returns the node classes of a node file, each entry's count
// being the number of nodes available.
func ClassesOf(f *nodes.File) []NodeClass {
	classes := make([]NodeClass, 0, len(f.Nodes))
	for _, n := range f.Nodes {
		classes = append(classes, NodeClass{Name: n.Name, Mu: n.Mu, Available: n.Count})
	}
	return classes
}

// NodeRates returns every node's service rate μ and arrival rate λ: from
// the node file at path (each entry repeated count times), or, when path
// is "", from the lists mu and lambda (lambda nil: the rates are unknown,
// NaN). A lambda list of another length than mu is a FieldError of field
// "lambda"; with needLambda, a node without λ is an ErrParam.
func NodeRates(path string, mu, lambda []float64, needLambda bool) ([]float64, []float64, error) {
	if path != "" {
		f, err := nodes.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		mu, lambda = f.Expand()
	} else if lambda == nil {
		lambda = make([]float64, len(mu))
		for i := range lambda {
			lambda[i] = math.NaN()
		}
	} else if len(lambda) != len(mu) {
		return nil, nil, &FieldError{Field: "lambda", Msg: fmt.Sprintf("has %d rates but --mu has %d", len(lambda), len(mu))}
	}
	if needLambda {
		for i, l := range lambda {
			if math.IsNaN(l) {
				return nil, nil, fmt.Errorf("%w: node %d has no arrival rate λ (give --lambda or a lambda field)", ErrParam, i)
			}
		}
	}
	return mu, lambda, nil
}

// PoliciesNamed returns the mapping policy named s (ParsePolicy), or every
// policy (Policies) for "all".
func PoliciesNamed(s string) ([]Policy, error) {
	if s == "all" {
		return Policies, nil
	}
	p, err := ParsePolicy(s)
	if err != nil {
		return nil, err
	}
	return []Policy{p}, nil
}
