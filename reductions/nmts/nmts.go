package nmts

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sort"

	"github.com/mrsched/mrsched/internal/perm"
)

// Kind is the "kind" of an NMTS file.
const Kind = "nmts"

// MaxValue bounds every f_i, g_i, h_i: 2^53, the largest range in which
// every integer is exact in float64 (and in JSON readers that use doubles).
// NMTS is strongly NP-hard, so hard instances need no larger numbers.
const MaxValue = int64(1) << 53

// MaxQ bounds q in files (the solver's masks are 64 bits wide).
const MaxQ = 64

// Sentinel errors.
var (
	ErrInvalid = errors.New("nmts: invalid instance")
	ErrSyntax  = errors.New("nmts: syntax error")
	// ErrNotSolution is returned by Check for permutations that do not
	// solve the instance.
	ErrNotSolution = errors.New("nmts: not a solution")
	// ErrNoPerturbation is returned when no sum-preserving perturbation of
	// a yes-instance turned out to be a no-instance within the attempts.
	ErrNoPerturbation = errors.New("nmts: no no-instance found by perturbation")
	// ErrTooLarge is returned when q exceeds what a solver handles.
	ErrTooLarge = errors.New("nmts: instance too large for this solver")
	// ErrStopped wraps the context's error when SolveContext's context
	// ends before the search does (a time limit or an interrupt).
	ErrStopped = errors.New("nmts: search stopped before its end")
)

// Instance is an NMTS instance (Definition 1).
type Instance struct {
	F, G, H []int64
	// Metadata is carried through files unchanged (generator, seed, …).
	Metadata map[string]any
}

// Q returns q, the common size of F, G and H.
func (in *Instance) Q() int { return len(in.F) }

// FieldError is a validation error naming a JSON path ("f[2]", "h").
type FieldError struct {
	Path string
	Err  error
}

func (e *FieldError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

func sum(xs []int64) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, big.NewInt(x))
	}
	return s
}

// Validate checks Definition 1: q ≥ 1 values in each set, equal sizes, every
// value a positive integer ≤ MaxValue, q ≤ MaxQ and Σf + Σg = Σh.
func (in *Instance) Validate() error {
	for _, set := range []struct {
		name string
		v    []int64
	}{{"f", in.F}, {"g", in.G}, {"h", in.H}} {
		if len(set.v) == 0 {
			return &FieldError{set.name, fmt.Errorf("%w: empty set (q must be at least 1)", ErrInvalid)}
		}
		if len(set.v) > MaxQ {
			return &FieldError{set.name, fmt.Errorf("%w: %d values, at most %d supported", ErrInvalid, len(set.v), MaxQ)}
		}
		for i, x := range set.v {
			if x <= 0 {
				return &FieldError{fmt.Sprintf("%s[%d]", set.name, i), fmt.Errorf("%w: %d is not a positive integer", ErrInvalid, x)}
			}
			if x > MaxValue {
				return &FieldError{fmt.Sprintf("%s[%d]", set.name, i), fmt.Errorf("%w: %d exceeds 2^53", ErrInvalid, x)}
			}
		}
	}
	if len(in.G) != len(in.F) {
		return &FieldError{"g", fmt.Errorf("%w: %d values but f has %d (the three sets need the same size q)", ErrInvalid, len(in.G), len(in.F))}
	}
	if len(in.H) != len(in.F) {
		return &FieldError{"h", fmt.Errorf("%w: %d values but f has %d (the three sets need the same size q)", ErrInvalid, len(in.H), len(in.F))}
	}
	fg := new(big.Int).Add(sum(in.F), sum(in.G))
	if sh := sum(in.H); fg.Cmp(sh) != 0 {
		return &FieldError{"h", fmt.Errorf("%w: Σh = %v but Σf + Σg = %v (Definition 1 needs them equal)", ErrInvalid, sh, fg)}
	}
	return nil
}

// Solution holds 0-based permutations with F[Pi[i]] + G[Sigma[i]] = H[i].
type Solution struct {
	Pi, Sigma []int
}

// Check reports whether sol solves in.
func (in *Instance) Check(sol Solution) error {
	q := in.Q()
	if len(sol.Pi) != q || len(sol.Sigma) != q {
		return fmt.Errorf("%w: permutations of length %d and %d for q = %d", ErrNotSolution, len(sol.Pi), len(sol.Sigma), q)
	}
	for _, p := range []struct {
		name string
		v    []int
	}{{"pi", sol.Pi}, {"sigma", sol.Sigma}} {
		seen := make([]bool, q)
		for i, x := range p.v {
			if x < 0 || x >= q || seen[x] {
				return fmt.Errorf("%w: %s[%d] = %d: not a permutation of 0..%d", ErrNotSolution, p.name, i, x, q-1)
			}
			seen[x] = true
		}
	}
	for i := range q {
		if in.F[sol.Pi[i]]+in.G[sol.Sigma[i]] != in.H[i] {
			return fmt.Errorf("%w: f[%d] + g[%d] = %d ≠ h[%d] = %d", ErrNotSolution,
				sol.Pi[i], sol.Sigma[i], in.F[sol.Pi[i]]+in.G[sol.Sigma[i]], i, in.H[i])
		}
	}
	return nil
}

// Stats counts the work of a solve.
type Stats struct {
	Nodes    int64 // search nodes visited
	MemoHits int64 // failed states found in the memo
}

// Solve decides in exactly by backtracking: the targets h_i are matched in
// decreasing order; at each step every distinct unused f value is tried with
// the unused g equal to h_i − f (one per distinct value, since equal values
// are interchangeable); failed states (sets of used f and g indices) are
// memoised. It returns the solution and true, or false for a no-instance.
// The instance must be valid.
func Solve(in *Instance) (Solution, bool, Stats, error) {
	return SolveContext(context.Background(), in)
}

// ctxStride: SolveContext looks at its context at the first search node
// and once every ctxStride+1 nodes (a mask).
const ctxStride = 1<<12 - 1

// SolveContext is Solve stopped by ctx: ErrStopped wrapping ctx's error
// once it ends (checked every few thousand search nodes).
func SolveContext(ctx context.Context, in *Instance) (Solution, bool, Stats, error) {
	var st Stats
	if err := in.Validate(); err != nil {
		return Solution{}, false, st, err
	}
	q := in.Q()
	order := make([]int, q) // targets in decreasing order
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return in.H[order[a]] > in.H[order[b]] })
	type key struct{ f, g uint64 }
	failed := map[key]bool{}
	pi := make([]int, q)
	sigma := make([]int, q)
	var stop error
	var rec func(d int, uf, ug uint64) bool
	rec = func(d int, uf, ug uint64) bool {
		st.Nodes++
		if st.Nodes&ctxStride == 1 && ctx.Err() != nil {
			stop = fmt.Errorf("%w after %d nodes: %w", ErrStopped, st.Nodes, context.Cause(ctx))
		}
		if stop != nil {
			return false
		}
		if d == q {
			return true
		}
		k := key{uf, ug}
		if failed[k] {
			st.MemoHits++
			return false
		}
		h := in.H[order[d]]
		triedF := map[int64]bool{}
		for fi := range q {
			if uf&(1<<fi) != 0 || triedF[in.F[fi]] {
				continue
			}
			triedF[in.F[fi]] = true
			need := h - in.F[fi]
			if need <= 0 {
				continue
			}
			for gi := range q {
				if ug&(1<<gi) != 0 || in.G[gi] != need {
					continue
				}
				pi[order[d]], sigma[order[d]] = fi, gi
				if rec(d+1, uf|1<<fi, ug|1<<gi) {
					return true
				}
				if stop != nil {
					return false
				}
				break // equal g values are interchangeable
			}
		}
		failed[k] = true
		return false
	}
	if !rec(0, 0, 0) {
		if stop != nil {
			return Solution{}, false, st, stop
		}
		return Solution{}, false, st, nil
	}
	return Solution{Pi: pi, Sigma: sigma}, true, st, nil
}

// MaxBruteQ is the largest q BruteForce accepts (q!² = 2.5·10^7 pairs at 7).
const MaxBruteQ = 7

// BruteForce decides in by enumerating every pair of permutations (π, σ)
// in lexicographic order and returns the first solution. It shares no code
// with Solve and serves as its oracle.
func BruteForce(in *Instance) (Solution, bool, error) {
	if err := in.Validate(); err != nil {
		return Solution{}, false, err
	}
	q := in.Q()
	if q > MaxBruteQ {
		return Solution{}, false, fmt.Errorf("%w: brute force needs q ≤ %d, got %d", ErrTooLarge, MaxBruteQ, q)
	}
	perms := perm.All(q)
	for _, p := range perms {
		for _, s := range perms {
			ok := true
			for i := range q {
				if in.F[p[i]]+in.G[s[i]] != in.H[i] {
					ok = false
					break
				}
			}
			if ok {
				return Solution{Pi: append([]int(nil), p...), Sigma: append([]int(nil), s...)}, true, nil
			}
		}
	}
	return Solution{}, false, nil
}
