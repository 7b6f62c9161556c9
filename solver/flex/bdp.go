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
// O((n+E) log n). Otherwise each step scans the eligible set (as many
// entries as there are chains in the CIRCUMFLEX case). Ties go to the
// larger index.
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
	seq := make([]int, n)
	if key != nil {
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
