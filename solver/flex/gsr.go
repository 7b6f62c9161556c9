package flex

import (
	"math"
	"sort"
)

// block is a maximal initial segment [start, end) of what remains of a
// chain, with its processing and weight sums.
type block struct {
	chain, start, end int
	p, w              float64
}

func ratio(p, w float64) float64 {
	switch {
	case p == 0:
		return 0
	case w == 0:
		return math.Inf(1)
	}
	return p / w
}

// GSR is the Generalized Smith's Rule for chains (§3.2, appendix B.1): it
// returns a sequence of all subjobs minimising Σ w_j C_j on one machine
// subject to chain precedence (1|chains|ΣwC), which is the priority order
// CIRCUMFLEX feeds to the packing for minisum response time, weighted
// response time and stretch.
//
// B.1 repeatedly rescans every chain for the initial segment with the
// smallest ratio Σp/Σw and schedules it, O(n²) in the worst case. This
// implementation computes the same segments in O(n log n): each chain is
// decomposed once into blocks of strictly increasing ratio by a stack (push each subjob as a block; merge the top two while
// the top's ratio is ≤ the one below — the ρ-maximal initial segments of
// Conway, Maxwell and Miller / Sidney), and the blocks of all chains are
// merged in ratio order. A block of ratio ρ never precedes a block of its
// own chain with a smaller ratio, so the merged order is the order in
// which B.1's rescans pick the segments (up to ties). Ratios are p/w with
// 0/0 = 0 and p/0 = +∞; ties go to the lower chain index, then position.
func GSR(chains [][]int, p, w []float64) []int {
	var blocks []block
	for ci, c := range chains {
		st := []block{}
		for k, id := range c {
			b := block{chain: ci, start: k, end: k + 1, p: p[id], w: w[id]}
			for len(st) > 0 && ratio(b.p, b.w) <= ratio(st[len(st)-1].p, st[len(st)-1].w) {
				top := st[len(st)-1]
				st = st[:len(st)-1]
				b = block{chain: ci, start: top.start, end: b.end, p: top.p + b.p, w: top.w + b.w}
			}
			st = append(st, b)
		}
		blocks = append(blocks, st...)
	}
	sort.SliceStable(blocks, func(i, j int) bool {
		ri, rj := ratio(blocks[i].p, blocks[i].w), ratio(blocks[j].p, blocks[j].w)
		if ri != rj {
			return ri < rj
		}
		if blocks[i].chain != blocks[j].chain {
			return blocks[i].chain < blocks[j].chain
		}
		return blocks[i].start < blocks[j].start
	})
	order := make([]int, 0, len(p))
	for _, b := range blocks {
		order = append(order, chains[b.chain][b.start:b.end]...)
	}
	return order
}
