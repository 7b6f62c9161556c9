package flex

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/internal/pq"
)

// BDP is the Backwards Dynamic Program of §3.2 and appendix B.2 (Lawler's
// rule for 1|prec|f_max): with P the total processing time of the
// unscheduled jobs, repeatedly put last, among the jobs none of whose
// successors is unscheduled, one with the smallest F_j(P), and remove it.
// It is optimal for every non-decreasing F_j and every precedence DAG
// (Lawler 1973). n jobs, processing times p, immediate predecessors preds,
// penalties F(j, t). It returns the forward sequence.
//
// The paper's line 2 reads "∄ j' ∈ J, j' ≺ j" (no predecessor); Lawler's
// rule needs jobs without unscheduled successors (we read the garbled
// symbol as j ≺ j'). B.2 recomputes that set from scratch in each
// iteration, O(n·(n+E)); here the set is kept with successor counters. When
// key != nil the penalties are a shift family F_j(t) = φ(t − key_j) with a
// common non-decreasing φ (unweighted response, tardiness, lateness): the
// largest key then minimises F_j(P) for every P, and a heap gives
// O((n+E) log n). Otherwise the eligible set sits in a heap keyed by lower
// bounds F_j(P_low) ≤ F_j(P), valid while P ≥ P_low, and each step
// evaluates F only for the entries whose bound does not exceed the best
// value found (bdpLazy); P_low is lowered and the bounds recomputed about
// every bdpRefresh steps. The answer is the one of the plain scan of the
// eligible set (bdpScan): when F turns out NaN or decreasing in t, the
// scan is run instead. Ties go to the larger index.
func BDP(p []float64, preds [][]int, F func(j int, t float64) float64, key []float64) ([]int, error) {
	n := len(p)
	succLeft := make([]int, n)
	for j, ps := range preds {
		for _, q := range ps {
			if q < 0 || q >= n || q == j {
				return nil, fmt.Errorf("%w: predecessor %d of %d out of range", ErrInput, q, j)
			}
			succLeft[q]++
		}
	}
	P := 0.0
	for _, v := range p {
		P += v
	}
	if key != nil {
		seq := make([]int, n)
		var ids []int
		for j := 0; j < n; j++ {
			if succLeft[j] == 0 {
				ids = append(ids, j)
			}
		}
		// Largest key first, ties to the larger index.
		h := pq.From(func(a, b int) bool {
			if key[a] != key[b] {
				return key[a] > key[b]
			}
			return a > b
		}, ids)
		for pos := n - 1; pos >= 0; pos-- {
			if h.Len() == 0 {
				return nil, fmt.Errorf("%w: precedence has a cycle", ErrInput)
			}
			j := h.Pop()
			seq[pos] = j
			for _, q := range preds[j] {
				if succLeft[q]--; succLeft[q] == 0 {
					h.Push(q)
				}
			}
		}
		return seq, nil
	}
	if seq, ok := bdpLazy(p, preds, F, append([]int(nil), succLeft...), P); ok {
		return seq, nil
	}
	return bdpScan(p, preds, F, succLeft, P)
}

// bdpRefresh is the mean number of BDP steps between two recomputations of
// the lower bounds: P_low = P − bdpRefresh·mean(p). It trades the cost of a
// recomputation (one F call per eligible subjob) against looser bounds (more
// F calls per step); it changes the speed, never the answer.
const bdpRefresh = 64

// bdpLazy runs Lawler's rule with a heap of lower bounds. It reports false
// when F returned NaN or a value below its bound (F not non-decreasing): the
// lazy order could then differ from the scan's, and the caller runs bdpScan.
// succLeft is consumed.
func bdpLazy(p []float64, preds [][]int, F func(j int, t float64) float64, succLeft []int, P float64) ([]int, bool) {
	n := len(p)
	seq := make([]int, n)
	delta := 0.0
	if n > 0 {
		delta = bdpRefresh * P / float64(n)
	}
	lb := make([]float64, n)
	var ids []int
	for j := 0; j < n; j++ {
		if succLeft[j] == 0 {
			ids = append(ids, j)
		}
	}
	// Smallest bound first, ties to the larger index (the scan's tie rule).
	h := pq.From(func(a, b int) bool {
		if lb[a] != lb[b] {
			return lb[a] < lb[b]
		}
		return a > b
	}, nil)
	pLow := P - delta
	refresh := func() bool {
		pLow = P - delta
		for _, j := range h.Items() {
			if lb[j] = F(j, pLow); lb[j] != lb[j] {
				return false
			}
		}
		h.Init()
		return true
	}
	for _, j := range ids {
		h.Push(j)
	}
	if !refresh() {
		return nil, false
	}
	var popped []int
	for pos := n - 1; pos >= 0; pos-- {
		best, bv := -1, math.Inf(1)
		popped = popped[:0]
		for h.Len() > 0 {
			j := h.Top()
			if best >= 0 && lb[j] > bv {
				break
			}
			h.Pop()
			v := F(j, P)
			if v != v || v < lb[j] {
				return nil, false
			}
			popped = append(popped, j)
			if best < 0 || v < bv || (v == bv && j > best) {
				best, bv = j, v
			}
		}
		if best < 0 {
			return nil, false // a cycle: the scan reports it
		}
		for _, j := range popped {
			if j != best {
				h.Push(j)
			}
		}
		seq[pos] = best
		P -= p[best]
		stale := !(P >= pLow)
		for _, q := range preds[best] {
			if succLeft[q]--; succLeft[q] == 0 {
				if !stale {
					if lb[q] = F(q, pLow); lb[q] != lb[q] {
						return nil, false
					}
				}
				h.Push(q)
			}
		}
		if stale && !refresh() {
			return nil, false
		}
	}
	return seq, true
}

// bdpScan is Lawler's rule with a scan of the eligible set at each step,
// O(n·chains) calls of F; bdpLazy gives the same order with far fewer calls.
// succLeft is consumed.
func bdpScan(p []float64, preds [][]int, F func(j int, t float64) float64, succLeft []int, P float64) ([]int, error) {
	n := len(p)
	seq := make([]int, n)
	elig := []int{}
	where := make([]int, n) // position in elig, −1 if absent
	for j := 0; j < n; j++ {
		where[j] = -1
		if succLeft[j] == 0 {
			where[j] = len(elig)
			elig = append(elig, j)
		}
	}
	for pos := n - 1; pos >= 0; pos-- {
		if len(elig) == 0 {
			return nil, fmt.Errorf("%w: precedence has a cycle", ErrInput)
		}
		best, bv := -1, math.Inf(1)
		for _, j := range elig {
			v := F(j, P)
			if best < 0 || v < bv || (v == bv && j > best) {
				best, bv = j, v
			}
		}
		seq[pos] = best
		P -= p[best]
		k := where[best]
		last := elig[len(elig)-1]
		elig[k] = last
		where[last] = k
		elig = elig[:len(elig)-1]
		where[best] = -1
		for _, q := range preds[best] {
			if succLeft[q]--; succLeft[q] == 0 {
				where[q] = len(elig)
				elig = append(elig, q)
			}
		}
	}
	return seq, nil
}
