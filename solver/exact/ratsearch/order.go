package ratsearch

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/mrsched/mrsched/reductions/rational"
)

// Sentinel errors.
var (
	// ErrInput: the instance is invalid, has release dates that differ
	// between jobs (only batches are solved), too many jobs, or an order
	// that is not a permutation or completes a job before one of its
	// predecessors.
	ErrInput = errors.New("ratsearch: invalid input")
	// ErrLP: the exact simplex failed an internal check (a bug, never a
	// property of the input).
	ErrLP = errors.New("ratsearch: exact LP failed")
	// ErrStopped: the context was cancelled or the time limit passed
	// during an exact LP.
	ErrStopped = errors.New("ratsearch: stopped")
	// ErrCheck: an answer failed Check's independent re-verification.
	ErrCheck = errors.New("ratsearch: answer does not check")
)

// OrderResult is the exact optimum of the fixed-order LP of one completion
// order.
type OrderResult struct {
	// Value is the LP optimum Σ_k w_k (C_k − r): the least weighted total
	// response time of a schedule completing the jobs in the order (ties
	// allowed; each job served only after its predecessors complete),
	// certified by an exactly dual-feasible basis of equal value.
	Value *big.Rat
	// Schedule is the LP's schedule; it passed rational.Verify, and
	// Schedule.Completion holds the completions Verify computed.
	Schedule *rational.Schedule
	// Total is Verify's exact weighted total response time of Schedule
	// (≤ Value; equal unless a job finishes before its interval's end).
	Total *big.Rat
	// Pivots counts the simplex pivots.
	Pivots int
}

// batch checks in and returns the common release date and the sizes
// normalised by the capacities.
func batch(in *rational.Instance) (r0 *big.Rat, x, y []*big.Rat, err error) {
	if err := in.Validate(); err != nil {
		return nil, nil, nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	r0 = in.Jobs[0].Release
	for i, j := range in.Jobs {
		if j.Release.Cmp(r0) != 0 {
			return nil, nil, nil, fmt.Errorf("%w: jobs[%d].release = %s differs from jobs[0].release = %s (the exact search handles batches only: every job released at the same time)",
				ErrInput, i, j.Release.RatString(), r0.RatString())
		}
	}
	x, y = make([]*big.Rat, len(in.Jobs)), make([]*big.Rat, len(in.Jobs))
	for i, j := range in.Jobs {
		x[i] = new(big.Rat).Quo(j.Map, in.MapCapacity)
		y[i] = new(big.Rat).Quo(j.Shuffle, in.ShuffleCapacity)
	}
	return r0, x, y, nil
}

// checkOrder checks that order is a permutation of the jobs of in that
// places every job after its predecessors.
func checkOrder(in *rational.Instance, order []int) error {
	if err := checkPerm(order, len(in.Jobs)); err != nil {
		return err
	}
	_, err := orderDAG(in, order)
	return err
}

// orderDAG returns, for each position of order (a subset of the jobs, a
// prefix of a completion order), the first interval in which it may be
// served: one past the position of its last predecessor in order (nil
// without dependencies). A predecessor placed after the job is an error;
// one absent from order is ignored (the LP of those jobs alone).
func orderDAG(in *rational.Instance, order []int) ([]int, error) {
	if !in.HasDependencies() {
		return nil, nil
	}
	pos := make([]int, len(in.Jobs))
	for j := range pos {
		pos[j] = -1
	}
	for p, j := range order {
		pos[j] = p
	}
	lo := make([]int, len(order))
	for p, j := range order {
		for _, i := range in.Jobs[j].After {
			switch q := pos[i]; {
			case q > p:
				return nil, fmt.Errorf("%w: order places job %q (position %d) before its predecessor %q (position %d)", ErrInput, in.Jobs[j].ID, p, in.Jobs[i].ID, q)
			case q >= 0:
				lo[p] = max(lo[p], q+1)
			}
		}
	}
	return lo, nil
}

// orderWeights returns the weights of order's jobs by position (nil when
// every weight is 1).
func orderWeights(in *rational.Instance, order []int) []*big.Rat {
	if !in.HasWeights() {
		return nil
	}
	pw := make([]*big.Rat, len(order))
	for p, j := range order {
		pw[p] = in.W(j)
	}
	return pw
}

func checkPerm(order []int, n int) error {
	if len(order) != n {
		return fmt.Errorf("%w: order of length %d for %d jobs", ErrInput, len(order), n)
	}
	seen := make([]bool, n)
	for i, j := range order {
		if j < 0 || j >= n || seen[j] {
			return fmt.Errorf("%w: order[%d] = %d: not a permutation of 0..%d", ErrInput, i, j, n-1)
		}
		seen[j] = true
	}
	return nil
}

// SolveOrder solves the fixed-order LP of a batch (every job released at
// the same time) for the completion order (job indices; every job after
// its predecessors) exactly, builds its schedule and verifies it with
// rational.Verify. The objective is Σ w_j (C_j − r).
func SolveOrder(ctx context.Context, in *rational.Instance, order []int) (*OrderResult, error) {
	r0, x, y, err := batch(in)
	if err != nil {
		return nil, err
	}
	if err := checkOrder(in, order); err != nil {
		return nil, err
	}
	return solveOrder(in, r0, x, y, order, ctxStop(ctx))
}

func ctxStop(ctx context.Context) func() error {
	return func() error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w: %w", ErrStopped, err)
		}
		return nil
	}
}

func solveOrder(in *rational.Instance, r0 *big.Rat, x, y []*big.Rat, order []int, stop func() error) (*OrderResult, error) {
	m := len(order)
	px, py := make([]*big.Rat, m), make([]*big.Rat, m)
	for p, j := range order {
		px[p], py[p] = x[j], y[j]
	}
	lo, err := orderDAG(in, order)
	if err != nil {
		return nil, err
	}
	v, lp, err := solveOrderLP(px, py, orderWeights(in, order), lo, stop)
	if err != nil {
		return nil, err
	}
	if err := lp.certify(); err != nil {
		return nil, err
	}
	d, z := lp.solution()
	s := &rational.Schedule{Completion: make([]*big.Rat, len(in.Jobs))}
	t := new(big.Rat).Set(r0)
	for k := range m {
		if d[k].Sign() == 0 {
			continue
		}
		end := new(big.Rat).Add(t, d[k])
		seg := rational.Segment{Start: new(big.Rat).Set(t), End: end}
		for p := k; p < m; p++ {
			mf, sf := new(big.Rat), new(big.Rat)
			for k2 := k; k2 <= p; k2++ {
				mf.Add(mf, z[p][k][k2])
			}
			for k1 := 0; k1 <= k; k1++ {
				sf.Add(sf, z[p][k1][k])
			}
			j := order[p]
			mr := new(big.Rat).Mul(mf, in.Jobs[j].Map)
			mr.Quo(mr, d[k])
			sr := new(big.Rat).Mul(sf, in.Jobs[j].Shuffle)
			sr.Quo(sr, d[k])
			if mr.Sign() != 0 || sr.Sign() != 0 {
				seg.Rates = append(seg.Rates, rational.Rate{Job: j, Map: mr, Shuffle: sr})
			}
		}
		s.Segments = append(s.Segments, seg)
		t = end
	}
	rep, _, err := rational.Verify(in, s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrLP, err)
	}
	if err := rep.Err(); err != nil {
		return nil, fmt.Errorf("%w: schedule of the exact LP: %w (internal error)", ErrLP, err)
	}
	copy(s.Completion, rep.Completion)
	return &OrderResult{Value: v, Schedule: s, Total: rep.Total, Pivots: lp.pivots}, nil
}
