// Package pseudocode transcribes the three algorithms of appendix B of
// Wolf et al., "CIRCUMFLEX" (B.1 Generalized Smith's Rule, B.2 Backwards
// Dynamic Programming, B.3 Ready List Malleable Packing) line by line,
// with their repeated rescans. It is the baseline of the benchmarks and a
// second implementation for the tests of package flex; nothing else
// should use it.
package pseudocode

import "math"

// GSR is B.1: while subjobs remain, compute for every chain d and every κ
// in [K_d^0, K_d^1] the partial ratio Σ_{k=K_d^0}^{κ} p / Σ w (line 7),
// find the minimum (line 8; the first found on ties), schedule that
// prefix (line 9) and remove it (line 10). 0/0 counts as 0 and p/0 as +∞.
func GSR(chains [][]int, p, w []float64) []int {
	k0 := make([]int, len(chains)) // K_d^0 (0-based)
	var order []int
	left := 0
	for _, c := range chains {
		left += len(c)
	}
	for left > 0 {
		bd, bk, br := -1, -1, math.Inf(1)
		for d, c := range chains {
			sp, sw := 0.0, 0.0
			for k := k0[d]; k < len(c); k++ {
				sp += p[c[k]]
				sw += w[c[k]]
				r := sp / sw
				if sp == 0 {
					r = 0
				} else if sw == 0 {
					r = math.Inf(1)
				}
				if bd < 0 || r < br {
					bd, bk, br = d, k, r
				}
			}
		}
		order = append(order, chains[bd][k0[bd]:bk+1]...)
		left -= bk + 1 - k0[bd]
		k0[bd] = bk + 1
	}
	return order
}

// BDP is B.2 with the set J' recomputed from scratch in every iteration
// (lines 2 and 6) as the remaining jobs with no remaining successor, and
// line 4's argmin of F_j(Σ_{j∈J} p_j) over J' (ties to the larger index).
// It returns the forward sequence; succ lists immediate successors.
func BDP(p []float64, succ [][]int, F func(j int, t float64) float64) []int {
	n := len(p)
	in := make([]bool, n)
	for j := range in {
		in[j] = true
	}
	seq := make([]int, n)
	for pos := n - 1; pos >= 0; pos-- {
		P := 0.0
		for j := 0; j < n; j++ {
			if in[j] {
				P += p[j]
			}
		}
		best, bv := -1, math.Inf(1)
		for j := 0; j < n; j++ { // J' and the argmin
			if !in[j] {
				continue
			}
			free := true
			for _, s := range succ[j] {
				if in[s] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			v := F(j, P)
			if best < 0 || v < bv || (v == bv && j > best) {
				best, bv = j, v
			}
		}
		seq[pos] = best
		in[best] = false
	}
	return seq
}

// Pack is B.3 with the normalisation of package flex (c = min(1, S/Σ m)
// over the ready subjobs in each interval). Each iteration allocates the
// minima to the ready list L1 (line 5), walks it in priority order handing
// out the slack (lines 6–12), finds the first subjob to complete (line 13,
// ties in priority order), removes it and adds its newly ready successors
// (lines 14–16) and, as line 17 is printed, recomputes the remaining work
// of every job of the list 𝓛 (ready or not; a job that is not ready has no
// slots and keeps its work). It returns the completion times.
func Pack(S float64, work, lo, hi []float64, preds [][]int, order []int) []float64 {
	n := len(work)
	rank := make([]int, n)
	for r, j := range order {
		rank[j] = r
	}
	succ := make([][]int, n)
	left := make([]int, n)
	for j, ps := range preds {
		left[j] = len(ps)
		for _, q := range ps {
			succ[q] = append(succ[q], j)
		}
	}
	rem := append([]float64(nil), work...)
	done := make([]bool, n)
	comp := make([]float64, n)
	var L1 []int // ready, in priority order
	insert := func(j int) {
		k := len(L1)
		for k > 0 && rank[L1[k-1]] > rank[j] {
			k--
		}
		L1 = append(L1, 0)
		copy(L1[k+1:], L1[k:])
		L1[k] = j
	}
	for _, j := range order {
		if left[j] == 0 {
			insert(j)
		}
	}
	t := 0.0
	alloc := make([]float64, n)
	for it := 0; it < n; it++ {
		// Zero-work ready subjobs complete at once.
		k := -1
		for i, j := range L1 {
			if rem[j] <= 0 {
				k = i
				break
			}
		}
		if k < 0 {
			sum := 0.0
			for _, j := range L1 {
				sum += lo[j]
			}
			c := 1.0
			if sum > S {
				c = S / sum
			}
			s := S - c*sum
			if c < 1 || s < 0 {
				s = 0
			}
			for _, j := range L1 {
				alloc[j] = c * lo[j]
			}
			for _, j := range L1 {
				if s <= 0 {
					break
				}
				e := math.Min(s, hi[j]-lo[j])
				if e <= 0 {
					continue
				}
				alloc[j] += e
				s -= e
			}
			tau := math.Inf(1)
			for i, j := range L1 {
				if alloc[j] > 0 {
					if v := rem[j] / alloc[j]; v < tau {
						tau, k = v, i
					}
				}
			}
			for j := 0; j < n; j++ { // line 17: every job of 𝓛
				if !done[j] {
					rem[j] -= alloc[j] * tau
				}
			}
			for _, j := range L1 {
				alloc[j] = 0
			}
			t += tau
		}
		j := L1[k]
		L1 = append(L1[:k], L1[k+1:]...)
		done[j] = true
		rem[j] = 0
		comp[j] = t
		for _, s := range succ[j] {
			if left[s]--; left[s] == 0 {
				insert(s)
			}
		}
	}
	return comp
}
