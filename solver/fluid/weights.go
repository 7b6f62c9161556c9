package fluid

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
//   - SplitSRPT (Algorithm 2) has no weighted form here: its capacity split
//     μ1, μ2 comes from Theorem 5's unweighted analysis, so a weighted
//     instance is refused with ErrPolicy rather than run unweighted.

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
		v := la * s.e.weightOf(b)
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
