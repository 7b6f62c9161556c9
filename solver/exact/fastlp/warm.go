package fastlp

import (
	"fmt"
	"math"
)

// Basis is the final basis of a certified ValueNorm solve (basic column
// ids, the basis inverse, x_B and the scale), kept so that the LP of the
// same order extended by one job can start from it (ValueNormAppend).
// The zero value holds no basis. Its buffers grow to the largest order
// saved and are then reused: saving allocates nothing once they have.
type Basis struct {
	order []int
	scale float64
	since int
	basic []int
	binv  []float64
	xb    []float64
	ok    bool
	// atStart: the basis is the cold starting basis of order (its
	// matrices are not copied).
	atStart bool
}

// Reset marks b as holding no basis.
func (b *Basis) Reset() { b.ok = false }

// SaveBasis copies the basis of the last solve into b: its order, scale
// and, when the last solve was certified (scale > 0), its basis (only a
// mark when it is the cold starting basis). A b that is not given a basis
// is Reset.
func (s *Solver) SaveBasis(b *Basis) {
	b.ok = false
	if !s.solved || s.scale == 0 || s.n == 0 {
		return
	}
	b.order = append(b.order[:0], s.order...)
	b.scale, b.since, b.ok, b.atStart = s.scale, s.since, true, s.atStart
	if s.atStart {
		return
	}
	m := s.m
	b.basic = append(b.basic[:0], s.basic[:m]...)
	b.binv = append(b.binv[:0], s.binv[:m*m]...)
	b.xb = append(b.xb[:0], s.xb[:m]...)
}

// ValueNormAppend is ValueNorm of order, warm-started from b when b holds
// the certified basis of order[:len(order)−1] (the same x, y): the
// parent's basis stays primal feasible (feasibility does not depend on the
// costs w_k, which all change with the prefix length), and with the new
// position's cold block — z_K(K,K) = 1, d_K and the slack of its less
// loaded row, which have zeros in the parent's rows, as the parent's basic
// columns have in the three new rows — the basis matrix is block diagonal,
// so its inverse is the parent's plus that 3 × 3 block (startInverse) and
// is written without a re-inversion. The rows and columns are renumbered
// for the longer order (rows: jobs, then map rows, then shuffle rows) and,
// when the new job raises the scale by 1/c, the inverse is rescaled
// (B' = D·B·E with D = c on the map and shuffle rows and E = 1/c on the
// d and slack columns, so B'⁻¹ = E⁻¹·B⁻¹·D⁻¹ and x_B' = E⁻¹·x_B). Phase 2
// then runs from there and the answer is certified exactly as ValueNorm's
// (doc.go). When b does not hold that basis the solve is cold; when the
// warm solve fails numerically it is repeated cold (WarmFailures).
func (s *Solver) ValueNormAppend(b *Basis, x, y []float64, order []int) (float64, error) {
	K := len(order) - 1
	if !b.ok || K < 1 || len(b.order) != K || (!b.atStart && len(b.basic) != 3*K) {
		return s.ValueNorm(x, y, order)
	}
	for p, j := range b.order {
		if order[p] != j {
			return s.ValueNorm(x, y, order)
		}
	}
	if b.atStart {
		// The parent's optimum was its cold starting basis, so its
		// extension is the cold starting basis of order: start there.
		v, err := s.ValueNorm(x, y, order)
		if err == nil {
			s.Warm = true
			s.WarmStarts++
		}
		return v, err
	}
	j := order[K]
	if j < 0 || j >= len(x) || j >= len(y) {
		return 0, fmt.Errorf("%w: index %d out of range", ErrOrder, j)
	}
	if !(x[j] >= 0) || !(y[j] >= 0) || math.IsInf(x[j], 0) || math.IsInf(y[j], 0) {
		return 0, fmt.Errorf("%w: sizes (%v, %v) of job %d", ErrSize, x[j], y[j], j)
	}
	if err := s.warmStart(b, x, y, order); err != nil {
		return 0, err
	}
	v, lo, err := s.iterate()
	if err != nil {
		s.WarmFailures++
		return s.ValueNorm(x, y, order)
	}
	s.Warm = true
	s.WarmStarts++
	return s.finish(v, lo, nil)
}

// warmStart sets up s for order (checked: b's order and one valid job)
// with the basis of b extended by the new position's block (the parent's
// basic slice columns stay valid: appending a job changes no earlier
// position's first interval).
func (s *Solver) warmStart(b *Basis, x, y []float64, order []int) error {
	K := len(order) - 1
	j := order[K]
	scale := max(b.scale, max(x[j], y[j]))
	s.Warm, s.solved = false, false
	s.order = append(s.order[:0], order...)
	s.resize(K + 1)
	if err := s.dag(len(x), order); err != nil {
		return err
	}
	s.scale = scale
	for p, i := range order {
		s.px[p], s.py[p] = x[i]/scale, y[i]/scale
	}
	s.warmBasis(b)
	return nil
}

// warmBasis writes the basis of b (order K = s.n−1) extended by the cold
// block of position K into s, in the row and column numbering of s.n.
func (s *Solver) warmBasis(b *Basis) {
	n, m := s.n, s.m
	K := n - 1
	pm := 3 * K
	// row maps a row (or basis position) of the parent to the child's.
	row := func(r int) int {
		switch {
		case r < K:
			return r
		case r < 2*K:
			return r + 1
		}
		return r + 2
	}
	c := b.scale / s.scale
	// Every entry of the rows of the parent's positions is written below
	// (the new rows' columns K, n+K, 2n+K are 0); the new rows are cleared.
	for _, r := range [3]int{K, n + K, 2*n + K} {
		clear(s.binv[r*m : r*m+m])
	}
	for i := 0; i < pm; i++ {
		id := b.basic[i]
		ei := 1.0 // E⁻¹ of the basis position
		switch {
		case id < K: // d_k
			ei = c
		case id < pm: // slack of row id
			id, ei = row(id), c
		default:
			id -= pm
			k2 := id % K
			id /= K
			id = s.zid(id/K, id%K, k2)
		}
		ci := row(i)
		s.basic[ci] = id
		s.isBas[id] = true
		s.xb[ci] = b.xb[i] * ei
		src := b.binv[i*pm : i*pm+pm]
		dst := s.binv[ci*m : ci*m+m]
		dst[K], dst[n+K], dst[2*n+K] = 0, 0, 0
		if c == 1 {
			copy(dst[:K], src[:K])
			copy(dst[K+1:2*K+1], src[K:2*K])
			copy(dst[2*K+2:3*K+2], src[2*K:])
			continue
		}
		// Row r of the parent is row(r) here; D⁻¹ = 1/c on the map and
		// shuffle rows.
		f := ei / c
		for r, v := range src[:K] {
			dst[r] = v * ei
		}
		for r, v := range src[K : 2*K] {
			dst[K+1+r] = v * f
		}
		for r, v := range src[2*K:] {
			dst[2*K+2+r] = v * f
		}
	}
	// The new position's block (startInverse).
	p := K
	cr, mr, sr := p, n+p, 2*n+p
	xp, yp := s.px[p], s.py[p]
	s.basic[cr], s.basic[mr] = s.zid(p, p, p), p
	s.binv[cr*m+cr] = 1
	if xp >= yp {
		s.basic[sr] = sr
		s.binv[mr*m+cr], s.binv[mr*m+mr] = xp, -1
		s.binv[sr*m+cr], s.binv[sr*m+mr], s.binv[sr*m+sr] = xp-yp, -1, 1
	} else {
		s.basic[sr] = mr
		s.binv[mr*m+cr], s.binv[mr*m+sr] = yp, -1
		s.binv[sr*m+cr], s.binv[sr*m+mr], s.binv[sr*m+sr] = yp-xp, 1, -1
	}
	s.isBas[s.basic[cr]], s.isBas[s.basic[mr]], s.isBas[s.basic[sr]] = true, true, true
	s.xb[cr], s.xb[mr], s.xb[sr] = 1, max(xp, yp), math.Abs(xp-yp)
	s.since = b.since
}
