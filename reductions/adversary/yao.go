package adversary

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// Yao is one deterministic policy against the randomised half of Theorem 2:
// the distribution that releases the opening batch of Opening(k) and then,
// with probability 1/2 each, the case-1 arrivals (type-1 jobs from t = k²)
// or the case-2 arrivals (type-2 jobs from t = 2k²). Every arrival comes
// at or after k², so a non-anticipating policy does the same work by k² on
// both inputs and the proof's case split applies to one of them: its ratio
// there is Ω(k), hence the expectation is at least half of it. The
// expectation is exact over the two-point support (no sampling); each
// ratio is policy/alternative, a lower bound on policy/OPT, so Expected is
// a lower bound on the policy's expected ratio. By Yao's principle the
// minimum of Expected over deterministic policies bounds the competitive
// ratio of every randomised policy from below (docs/hard.md).
type Yao struct {
	N, K   int
	Policy string
	// Case is the case the policy's work by k² selects (as in Play).
	Case int
	// Type2Map is the type-2 map work the policy did by t = k².
	Type2Map float64
	// Ratio1 and Ratio2 are policy/alternative on the case-1 and case-2
	// inputs, both with validated alternative schedules.
	Ratio1, Ratio2 float64
	// Expected is (Ratio1 + Ratio2)/2.
	Expected float64
}

// PlayYao evaluates p against the two-point distribution for n.
func PlayYao(n int, p fluid.Policy) (*Yao, error) { return playYao(context.Background(), n, p) }

// playYao is PlayYao with simulations that ctx stops.
func playYao(ctx context.Context, n int, p fluid.Policy) (*Yao, error) {
	r1, err := play(ctx, n, p, 1)
	if err != nil {
		return nil, err
	}
	r2, err := play(ctx, n, p, 2)
	if err != nil {
		return nil, err
	}
	c := 2
	if r1.Type2Map >= float64(r1.K*r1.K)/5 {
		c = 1
	}
	return &Yao{N: n, K: r1.K, Policy: p.Name(), Case: c, Type2Map: r1.Type2Map,
		Ratio1: r1.Ratio, Ratio2: r2.Ratio, Expected: (r1.Ratio + r2.Ratio) / 2}, nil
}

// Policies returns the solver/fluid policies named in a comma-separated
// list (k-LPS variants with fluid.DefaultK): PoliciesWithK with k = 0,
// its errors wrapped in ErrParam.
func Policies(list string) ([]fluid.Policy, error) {
	ps, err := PoliciesWithK(list, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %w", ErrParam, list, err)
	}
	return ps, nil
}

// YaoConfig is the sweep of 'mrsched adversary-yao'.
type YaoConfig struct {
	Policies string `flag:"policy" usage:"comma-separated policies (solver/fluid names)"` // Policies
	Ns       []int  `flag:"n" usage:"values of n (their sum at most 200000: n = 64000 takes 18 s for the four default policies)" rule:"Between(1, 64000)"`
	// Context, when not nil, stops the sweep (an error wrapping
	// ErrStopped and the context's error).
	Context context.Context
}

// DefaultYaoConfig is MaxSRPT, SplitSRPT, FIFO and PS for n = 8, 64 and
// 512.
func DefaultYaoConfig() YaoConfig {
	return YaoConfig{Policies: "maxsrpt,splitsrpt,fifo,ps", Ns: []int{8, 64, 512}}
}

// MaxYaoTotal bounds the sum of YaoConfig.Ns: the sweep's work grows with
// it (n = 64000 takes 18 s for the four default policies on a 2-core
// machine, 66 MB), so 200 000 keeps a sweep near a minute; '-n 1..100000'
// (a sum of 5·10^9) ran past 120 s.
const MaxYaoTotal = 200_000

// Sweep is SweepYao of c's policies (PoliciesWithK, fluid's default k) and
// values of n; a policy list that does not parse, an n outside [1, MaxN]
// or values of n that sum to more than MaxYaoTotal are an ErrConfig naming
// the field.
func (c YaoConfig) Sweep(progress func(policy string, n int)) ([]*Yao, error) {
	ps, err := PoliciesWithK(c.Policies, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: policy: %w", ErrConfig, err)
	}
	sum := 0
	for _, n := range c.Ns {
		if n < 1 || n > MaxN {
			return nil, fmt.Errorf("%w: n: %d is outside [1, %d]", ErrConfig, n, MaxN)
		}
		sum += n
	}
	if sum > MaxYaoTotal {
		return nil, fmt.Errorf("%w: n: the values sum to %d, above %d (the work grows with the sum: -n 64000 alone takes 18 s); give fewer or smaller values", ErrConfig, sum, MaxYaoTotal)
	}
	return sweepYao(c.Context, ps, c.Ns, progress)
}

// SweepYao evaluates every policy for every n (policies outer, n inner);
// progress, if set, is called before each evaluation.
func SweepYao(policies []fluid.Policy, ns []int, progress func(policy string, n int)) ([]*Yao, error) {
	return sweepYao(context.Background(), policies, ns, progress)
}

// sweepYao is SweepYao stopped by ctx (nil: never: a YaoConfig without one).
func sweepYao(ctx context.Context, policies []fluid.Policy, ns []int, progress func(policy string, n int)) ([]*Yao, error) {
	if len(policies) == 0 || len(ns) == 0 {
		return nil, fmt.Errorf("%w: %d policies and %d values of n (want at least one of each)", ErrParam, len(policies), len(ns))
	}
	var out []*Yao
	for _, p := range policies {
		for _, n := range ns {
			if progress != nil {
				progress(p.Name(), n)
			}
			if err := stopped(ctx); err != nil {
				return nil, err
			}
			y, err := playYao(background(ctx), n, p)
			if err != nil {
				return nil, err
			}
			out = append(out, y)
		}
	}
	return out, nil
}

// YaoTable has one row per evaluation: both ratios, their exact mean and the
// mean divided by k (bounded away from 0 by the proof).
func YaoTable(ys []*Yao) *tabular.Table {
	t := &tabular.Table{Header: []string{"policy", "n", "k", "case", "type2_map_by_k2", "ratio_case1", "ratio_case2", "expected_ratio", "expected_over_k"}}
	for _, y := range ys {
		t.Add(y.Policy, fmt.Sprint(y.N), fmt.Sprint(y.K), fmt.Sprint(y.Case), tabular.Float(y.Type2Map),
			tabular.Fixed(y.Ratio1, 4), tabular.Fixed(y.Ratio2, 4), tabular.Fixed(y.Expected, 4), tabular.Fixed(y.Expected/float64(y.K), 4))
	}
	return t
}
