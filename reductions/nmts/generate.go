package nmts

import (
	"context"
	"fmt"
	"math/rand/v2"
)

// MaxPerturbAttempts bounds the perturbations NoInstance tries.
const MaxPerturbAttempts = 1000

// Spec describes random instances: q values per set, f uniform on
// [1, MaxF], g uniform on [1, MaxG].
type Spec struct {
	Q    int   `flag:"q" usage:"size q of each set" rule:"Between(1, 64)"`
	MaxF int64 `flag:"max-f" usage:"f values are uniform on 1..N" arg:"N" rule:"Between(1, 4503599627370496)"`
	MaxG int64 `flag:"max-g" usage:"g values are uniform on 1..N" arg:"N" rule:"Between(1, 4503599627370496)"`
	// Context, when not nil, stops NoInstance's searches (ErrStopped).
	Context context.Context `json:"-"`
}

// background is ctx, or context.Background for nil.
func background(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

func (s Spec) check() error {
	if s.Q < 1 || s.Q > MaxQ {
		return fmt.Errorf("%w: q = %d, want 1..%d", ErrInvalid, s.Q, MaxQ)
	}
	if s.MaxF < 1 || s.MaxG < 1 || s.MaxF > MaxValue/2 || s.MaxG > MaxValue/2 {
		return fmt.Errorf("%w: max_f = %d and max_g = %d must be in 1..2^52", ErrInvalid, s.MaxF, s.MaxG)
	}
	return nil
}

// YesInstance draws a yes-instance by construction: random f and g, a random
// pairing (π, σ), h_i = f_π(i) + g_σ(i). It returns the instance and the
// planted solution.
func (s Spec) YesInstance(src rand.Source) (*Instance, Solution, error) {
	if err := s.check(); err != nil {
		return nil, Solution{}, err
	}
	rng := rand.New(src)
	q := s.Q
	in := &Instance{F: make([]int64, q), G: make([]int64, q), H: make([]int64, q)}
	for i := range q {
		in.F[i] = 1 + rng.Int64N(s.MaxF)
		in.G[i] = 1 + rng.Int64N(s.MaxG)
	}
	pi, sigma := rng.Perm(q), rng.Perm(q)
	for i := range q {
		in.H[i] = in.F[pi[i]] + in.G[sigma[i]]
	}
	return in, Solution{Pi: pi, Sigma: sigma}, nil
}

// NoInstance draws a yes-instance and perturbs its targets keeping the sum:
// h_a += d, h_b −= d for random a ≠ b and 1 ≤ d < h_b, until Solve says
// "no" (at most MaxPerturbAttempts tries; q must be at least 2). It
// returns the no-instance.
func (s Spec) NoInstance(src rand.Source) (*Instance, error) {
	if s.Q < 2 {
		return nil, fmt.Errorf("%w: a no-instance needs q ≥ 2 (with q = 1 the sum condition forces h_1 = f_1 + g_1)", ErrInvalid)
	}
	rng := rand.New(src)
	for range MaxPerturbAttempts {
		in, _, err := s.YesInstance(rng)
		if err != nil {
			return nil, err
		}
		a := rng.IntN(s.Q)
		b := rng.IntN(s.Q - 1)
		if b >= a {
			b++
		}
		if in.H[b] < 2 {
			continue
		}
		d := 1 + rng.Int64N(in.H[b]-1)
		in.H[a] += d
		in.H[b] -= d
		if in.H[a] > MaxValue {
			continue
		}
		_, ok, _, err := SolveContext(background(s.Context), in)
		if err != nil {
			return nil, err
		}
		if !ok {
			return in, nil
		}
	}
	return nil, fmt.Errorf("%w after %d attempts (q = %d, max_f = %d, max_g = %d)", ErrNoPerturbation, MaxPerturbAttempts, s.Q, s.MaxF, s.MaxG)
}
