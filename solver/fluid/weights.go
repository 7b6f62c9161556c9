package fluid

import "math"

// Weights (instances.Job.Weight, w_j > 0, default 1). An instance whose
// weights are not all 1 runs in the generic event loop with e.weight set
// (indexed by instance index); each policy uses the weight as follows:
//
//   - FIFO and Order ignore weights (their orders are fixed by arrival or
//     by the permutation);
//   - MaxSRPT applies Smith's ratio rule to its key: both stations give
//     priority to the smallest max(x_i(t), y_i(t))/w_i (weighted SRPT;
//     Smith 1956 for one machine, the weighted SRPT rule of the
//     literature), ties to the earlier arrival;
//   - PS and k-LPS become weighted (generalised) processor sharing: the
//     map station gives each job with map work among those served a rate
//     μ_m·w_i/Σw, the shuffle station water-fills with levels proportional
//     to the weights (each job w_i·λ, capped by its inflow while its
//     buffer is empty, λ as large as the capacity allows);
//   - SplitSRPT (Algorithm 2) applies Smith's ratio rule to both class
//     orders as MaxSRPT does to its key: S1 by x/w at the map station and
//     at the shuffle station (map-done jobs first, by y/w), S2 by y/w at
//     both (splitState.weigh); the classes and the capacity split μ1, μ2
//     still come from the original sizes (β of §4.2, which has no weight).

// weightOf returns job j's weight (1 without weights).
func (e *engine) weightOf(j *job) float64 {
	if e.weight == nil {
		return 1
	}
	return e.weight[j.orig]
}

// wkey is MaxSRPT's weighted key max(x, y)/w.
func (e *engine) wkey(j *job) float64 { return maxf(j.x, j.y) / e.weight[j.orig] }

// crossMaxW returns the first τ ≥ 0 at which b's weighted key max(x, y)/w
// drops below a's (a ahead now), solving the piecewise-linear difference
// exactly on the pieces between the kinks where x(t) = y(t) (the kinks of
// the unweighted keys; each piece scaled by its job's 1/w). crossMax is the
// unit-weight case.
func crossMaxW(a, b *job, wa, wb float64) float64 {
	bps := [4]float64{0, inf, inf, inf}
	n := 1
	if d := a.rm - a.rs; d != 0 {
		if k := (a.x - a.y) / d; k > 0 && k < inf {
			bps[n] = k
			n++
		}
	}
	if d := b.rm - b.rs; d != 0 {
		if k := (b.x - b.y) / d; k > 0 && k < inf {
			bps[n] = k
			n++
		}
	}
	if n == 3 && bps[2] < bps[1] {
		bps[1], bps[2] = bps[2], bps[1]
	}
	for i := 0; i < n; i++ {
		p, q := bps[i], bps[i+1]
		la, sa := keyMax(a, p)
		lb, sb := keyMax(b, p)
		la, sa, lb, sb = la/wa, sa/wa, lb/wb, sb/wb
		d := la - lb // ≤ 0 while a is ahead
		if d > 0 {
			return p
		}
		if g := sb - sa; g > 0 {
			if tau := p - d/g; tau < q {
				return maxf(tau, p)
			}
		}
	}
	return inf
}

// flipW is prioState.flip for the weighted keys: b, a hair behind a at the
// crossing, is put level (its larger remaining work set to a's key times
// its weight, a change far below the validator's tolerance).
func (s *prioState) flipW(a, b *job) {
	la, lb := s.e.wkey(a), s.e.wkey(b)
	if lb > la && lb-la <= flipRel*la {
		v := levelW(la, s.e.weightOf(b))
		if b.x >= b.y {
			b.x = minf(b.x, v)
		} else {
			b.y = minf(b.y, v)
		}
		b.bufOK = false
	}
	b.key = s.e.wkey(b)
	b.tie = s.e.nextTie
	s.e.nextTie--
	for _, j := range []*job{a, b} {
		s.hm.fix(j)
		s.hb.fix(j)
	}
}

// levelW returns the size v that puts a job of weight w level with (or a
// rounding ahead of) the key k: k·w, lowered an ulp at a time until
// v/w ≤ k. k·w alone may round so that (k·w)/w > k, and the keys would
// then stay apart however often the crossing is flipped.
func levelW(k, w float64) float64 {
	v := k * w
	for v > 0 && v/w > k {
		v = math.Nextafter(v, 0)
	}
	return v
}

// lessW is the order of SplitSRPT's weighted heaps: the unweighted orders
// (hkS1Map, hkS1Shuffle, hkS2) on the remaining sizes divided by the job's
// weight (Smith's ratio), ties to tie as there.
func (h *jheap) lessW(a, b *job) bool {
	wa, wb := h.w[a.orig], h.w[b.orig]
	switch h.kind {
	case hkS1MapW:
		if ka, kb := a.x/wa, b.x/wb; ka != kb {
			return ka < kb
		}
	case hkS1ShuffleW:
		// Jobs whose map is done first (x/w = 0), by y/w; then the others
		// by x/w as at the map station.
		if ka, kb := a.x/wa, b.x/wb; ka != kb {
			return ka < kb
		}
		if a.x == 0 {
			if ka, kb := a.y/wa, b.y/wb; ka != kb {
				return ka < kb
			}
		}
	default: // hkS2W
		if ka, kb := a.y/wa, b.y/wb; ka != kb {
			return ka < kb
		}
	}
	return a.tie < b.tie
}

// weigh switches SplitSRPT's class heaps to the weighted orders (Smith's
// ratio on each class's key: x/w and y/w in S1, y/w in S2); β and the
// capacity split μ1, μ2 stay those of the original sizes. Called before
// any job arrives.
func (s *splitState) weigh(w []float64) {
	s.w = w
	for c, k := range [2][2]hkind{{hkS1MapW, hkS1ShuffleW}, {hkS2W, hkS2W}} {
		s.hm[c].kind, s.hm[c].w = k[0], w
		s.hb[c].kind, s.hb[c].w = k[1], w
	}
}

// crossingW is splitState.crossing for the weighted keys: S2's map job and
// first buffered job swap when their keys y/w meet; each key falls
// linearly at rate rs/w, so the meeting time is exact.
func (s *splitState) crossingW(m, b *job) (float64, *job, *job) {
	if !s.hm[1].lessW(m, b) {
		m, b = b, m
	}
	wm, wb := s.w[m.orig], s.w[b.orig]
	d := m.y/wm - b.y/wb // ≤ 0: m is ahead
	if d > 0 {
		return 0, m, b
	}
	if g := b.rs/wb - m.rs/wm; g > 0 {
		return -d / g, m, b
	}
	return inf, nil, nil
}

// resolvesW is splitState.resolves on the weighted keys.
func (s *splitState) resolvesW(a, b *job) bool {
	la, lb := a.y/s.w[a.orig], b.y/s.w[b.orig]
	return lb <= la || lb-la <= flipRel*la
}

// flipW is splitState.flip on the weighted keys: b, a hair behind a at
// the crossing, is put level (its y set to a's key times its weight).
func (s *splitState) flipW(a, b *job) {
	la, lb := a.y/s.w[a.orig], b.y/s.w[b.orig]
	if lb > la && lb-la <= flipRel*la {
		b.y, b.bufOK = minf(b.y, levelW(la, s.w[b.orig])), false
		b.key = b.y
	}
	b.tie = s.e.nextTie
	s.e.nextTie--
	for _, j := range []*job{a, b} {
		s.hm[1].fix(j)
		s.hb[1].fix(j)
	}
}
