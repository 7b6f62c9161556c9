package fastlp

import (
	"fmt"
	"math"
)

// entry is one nonzero (row, value) of a sparse column.
type entry struct {
	r int
	v float64
}

// lp is the part of a slice LP that the kernel does not know: the columns
// below kernel.zbase (interval lengths, slacks, artificials), their costs
// and what to do at an optimum. Solver (batch) and Release implement it.
type lp interface {
	// fixedColumn fills the kernel's col with the sparse column id <
	// zbase and returns its cost.
	fixedColumn(id int) float64
	// priceFixed calls the kernel's consider for every column id < zbase
	// with its reduced cost under the duals y.
	priceFixed(y []float64)
	// optimal is called when no column prices in: done ends iterate; not
	// done continues it (the basis was re-inverted).
	optimal() (done bool, err error)
}

// kernel is the revised primal simplex shared by the batch and the
// release-date slice LPs (doc.go): a dense m × m basis inverse, Dantzig
// pricing over the implicit slice columns with Bland's rule after a run
// of degenerate pivots, the product-form pivot and a periodic
// re-inversion. The slice column z(p, q, q') of position p (first[p] ≤ q ≤
// q' ≤ last[p]) has id zbase + (p·nq + q)·nq + q' and the entries 1 in
// job row p, px[p] in map row mapRow+q and py[p] in shuffle row
// shufRow+q'; the columns below zbase belong to the LP (type lp).
type kernel struct {
	prob lp
	m    int // rows

	npos, nq, zbase int
	mapRow, shufRow int
	px, py          []float64 // scaled sizes by position
	first, last     []int     // interval range of each position's slices
	rhs             []float64 // right-hand side b (x_B = B⁻¹·b)
	// fcost holds the cost of each column below zbase (the slice columns
	// cost 0); the LP keeps it current (Release: per phase).
	fcost []float64

	basic []int  // column id per basis row
	isBas []bool // by column id
	binv  []float64
	lu    []float64
	xb    []float64
	dual  []float64
	alpha []float64
	tmp   []float64
	col   [3]entry
	ncol  int

	tol float64 // a reduced cost below −tol prices a column in
	// artLo ≤ id < artHi are artificial columns; with holdArt an
	// artificial basic at 0 blocks any step that would make it grow.
	artLo, artHi int
	holdArt      bool

	// pivots counts the pivots of iterate; since those since the last
	// periodic re-inversion (set by the caller). blandSteps counts, over
	// the kernel's life, the iterations priced by Bland's rule.
	pivots, since, blandSteps int

	// Pricing state of one iteration (consider).
	enter int
	best  float64
	bland bool
}

// zid returns the id of the slice column z(p, q, q2).
func (k *kernel) zid(p, q, q2 int) int { return k.zbase + (p*k.nq+q)*k.nq + q2 }

// decode inverts zid.
func (k *kernel) decode(id int) (p, q, q2 int) {
	id -= k.zbase
	q2 = id % k.nq
	id /= k.nq
	return id / k.nq, id % k.nq, q2
}

// column fills k.col with the sparse column of id and returns its cost.
func (k *kernel) column(id int) float64 {
	if id < k.zbase {
		return k.prob.fixedColumn(id)
	}
	p, q, q2 := k.decode(id)
	k.col[0] = entry{p, 1}
	k.ncol = 1
	if k.px[p] != 0 {
		k.col[k.ncol] = entry{k.mapRow + q, k.px[p]}
		k.ncol++
	}
	if k.py[p] != 0 {
		k.col[k.ncol] = entry{k.shufRow + q2, k.py[p]}
		k.ncol++
	}
	return 0
}

// add appends the entry (r, v) to k.col.
func (k *kernel) add(r int, v float64) {
	k.col[k.ncol] = entry{r, v}
	k.ncol++
}

func (k *kernel) isArt(id int) bool { return id >= k.artLo && id < k.artHi }

// consider offers column id with reduced cost rc to the pricing of the
// current iteration: Dantzig (most negative) or, in a degenerate run,
// Bland (lowest id).
func (k *kernel) consider(id int, rc float64) {
	if rc >= -k.tol || k.isBas[id] {
		return
	}
	if k.bland {
		if k.enter < 0 || id < k.enter {
			k.enter, k.best = id, rc
		}
		return
	}
	if rc < k.best {
		k.enter, k.best = id, rc
	}
}

// priceSlices prices the slice columns implicitly: for each position and
// each shuffle interval q' the cheapest map interval q ≤ q' is a running
// minimum, so a position costs O(last−first). The Dantzig loop keeps the
// best reduced cost in a local and hoists the slices it reads: it is the
// inner loop of every iteration.
func (k *kernel) priceSlices(y []float64) {
	if k.bland {
		k.priceSlicesBland(y)
		return
	}
	nq, np := k.nq, k.npos
	ym, ys := y[k.mapRow:k.mapRow+nq], y[k.shufRow:k.shufRow+nq]
	px, py, first, last := k.px[:np], k.py[:np], k.first[:np], k.last[:np]
	isBas := k.isBas
	best := k.best
	for p := range px {
		// min over first ≤ q ≤ q' ≤ last of −x_p y[map_q] − y_p y[shuf_q'].
		xp, yp := px[p], py[p]
		base := -y[p]
		lo, hi := first[p], last[p]
		zp := k.zbase + p*nq*nq // zid(p, 0, 0)
		bq, bv := lo, math.Inf(1)
		for q2 := lo; q2 <= hi; q2++ {
			if a := -xp * ym[q2]; a < bv {
				bq, bv = q2, a
			}
			rc := base + bv - yp*ys[q2]
			if !(rc < best) {
				continue
			}
			if id := zp + bq*nq + q2; !isBas[id] {
				k.consider(id, rc)
			} else {
				// The best pair is basic (rc ≈ 0 then); scan the row.
				for q := lo; q <= q2; q++ {
					k.consider(zp+q*nq+q2, base-xp*ym[q]-yp*ys[q2])
				}
			}
			best = k.best
		}
	}
}

// priceSlicesBland offers every slice column to consider: Bland's rule
// needs the lowest-index candidate, not the running minimum.
func (k *kernel) priceSlicesBland(y []float64) {
	mr, sr := k.mapRow, k.shufRow
	for p := 0; p < k.npos; p++ {
		xp, yp := k.px[p], k.py[p]
		base := -y[p]
		lo, hi := k.first[p], k.last[p]
		for q2 := lo; q2 <= hi; q2++ {
			for q := lo; q <= q2; q++ {
				k.consider(k.zid(p, q, q2), base-xp*y[mr+q]-yp*y[sr+q2])
			}
		}
	}
}

// iterate runs primal simplex pivots from the basis in basic, binv, xb
// (primal feasible) until no column prices in and the LP's optimal says
// done.
func (k *kernel) iterate() error {
	m := k.m
	maxIter := 200*m + 1000
	degen := 0
	for iter := 0; ; iter++ {
		if iter > maxIter {
			return fmt.Errorf("%w: %d pivots", ErrNumerical, iter)
		}
		k.duals()
		k.bland = degen >= degenerateRun
		if k.bland {
			k.blandSteps++
		}
		k.enter, k.best = -1, -k.tol
		k.prob.priceFixed(k.dual)
		k.priceSlices(k.dual)
		if k.enter < 0 {
			done, err := k.prob.optimal()
			if err != nil {
				return err
			}
			if done {
				return nil
			}
			continue
		}
		enter := k.enter
		k.ftran(enter)
		leave, theta := k.ratio()
		if leave < 0 {
			// Unbounded cannot happen (costs ≥ 0); numerical trouble.
			return fmt.Errorf("%w: no leaving row", ErrNumerical)
		}
		if theta <= 1e-13 {
			degen++
		} else {
			degen = 0
		}
		k.pivot(leave, enter, theta)
		k.pivots++
		k.since++
		if k.since%reinvertEvery == 0 {
			if err := k.reinvert(); err != nil {
				return err
			}
		}
	}
}

// ftran sets alpha = B⁻¹·a for the column a of id.
func (k *kernel) ftran(id int) {
	m := k.m
	k.column(id)
	col := k.col[:k.ncol]
	binv, alpha := k.binv, k.alpha[:m]
	for i := range alpha {
		row := binv[i*m : i*m+m]
		v := 0.0
		for _, e := range col {
			v += row[e.r] * e.v
		}
		alpha[i] = v
	}
}

// ratio is the ratio test on alpha: the leaving basis row (−1: none) and
// the step; ties go to the larger |alpha| (Bland: the lower column id).
func (k *kernel) ratio() (int, float64) {
	m := k.m
	alpha, xb, basic := k.alpha[:m], k.xb[:m], k.basic[:m]
	holdArt, bland := k.holdArt, k.bland
	leave, theta := -1, math.Inf(1)
	for i, a := range alpha {
		t := 0.0
		switch {
		case a > pivTol:
			t = max(xb[i], 0) / a
		case holdArt && a < -pivTol && k.isArt(basic[i]):
			// An artificial left in the basis at 0 must not grow.
			t = 0
		default:
			continue
		}
		switch {
		case leave < 0 || t < theta-1e-12:
			leave, theta = i, t
		case t <= theta+1e-12:
			if bland {
				if basic[i] < basic[leave] {
					leave, theta = i, min(theta, t)
				}
			} else if math.Abs(a) > math.Abs(alpha[leave]) {
				leave, theta = i, min(theta, t)
			}
		}
	}
	return leave, theta
}

// duals computes y = c_B·B⁻¹ (the slice columns cost 0).
func (k *kernel) duals() {
	m := k.m
	y := k.dual[:m]
	binv, fcost := k.binv, k.fcost[:k.zbase]
	clear(y)
	for i, id := range k.basic[:m] {
		if id >= len(fcost) {
			continue
		}
		c := fcost[id]
		if c == 0 {
			continue
		}
		// y += c·row, four entries a step (the same operations per
		// entry as a plain loop, a quarter of the loop tests).
		src := binv[i*m : i*m+m]
		dst := y[:len(src)]
		r := 0
		for ; r+4 <= len(src); r += 4 {
			s, d := src[r:r+4:r+4], dst[r:r+4:r+4]
			d[0] += c * s[0]
			d[1] += c * s[1]
			d[2] += c * s[2]
			d[3] += c * s[3]
		}
		for ; r < len(src); r++ {
			dst[r] += c * src[r]
		}
	}
}

func (k *kernel) pivot(leave, enter int, theta float64) {
	pivotInverse(k.binv, k.xb, k.alpha, k.m, leave, theta)
	k.isBas[k.basic[leave]] = false
	k.basic[leave] = enter
	k.isBas[enter] = true
}

// reinvert recomputes B⁻¹ from the basic columns (Gauss–Jordan with
// partial pivoting) and x_B = B⁻¹·b.
func (k *kernel) reinvert() error {
	m := k.m
	B := k.lu
	clear(B)
	for i, id := range k.basic {
		k.column(id)
		for c := 0; c < k.ncol; c++ {
			B[k.col[c].r*m+i] = k.col[c].v
		}
	}
	inv := k.binv
	if err := invert(B, inv, m); err != nil {
		return err
	}
	// Rows of B were the constraint rows, columns the basis positions, so
	// inv = B⁻¹ maps a column in row space to basis positions: x_B =
	// inv·b (the zeros of b skipped: adding ±0 changes no sum).
	for i := 0; i < m; i++ {
		v := 0.0
		for r, br := range k.rhs {
			if br == 0 {
				continue
			}
			v += inv[i*m+r] * br
		}
		k.xb[i] = v
	}
	return nil
}

// resize sets the kernel's dimensions (m rows, zbase fixed columns, nc
// columns in all) and grows its buffers; isBas is cleared.
func (k *kernel) resize(m, zbase, nc int) {
	k.m, k.zbase = m, zbase
	k.fcost = grow(k.fcost, zbase)
	k.binv, k.lu = grow(k.binv, m*m), grow(k.lu, m*m)
	k.xb, k.dual, k.alpha, k.tmp = grow(k.xb, m), grow(k.dual, m), grow(k.alpha, m), grow(k.tmp, m)
	k.rhs = grow(k.rhs, m)
	k.basic = grow2(k.basic, m)
	if cap(k.isBas) < nc {
		k.isBas = make([]bool, nc)
	} else {
		k.isBas = k.isBas[:nc]
		clear(k.isBas)
	}
}

// invert sets inv to the inverse of the m×m row-major matrix B by
// Gauss–Jordan elimination with partial pivoting, overwriting B; a pivot
// below 1e-12 in magnitude is ErrNumerical (singular basis).
func invert(B, inv []float64, m int) error {
	clear(inv)
	for i := 0; i < m; i++ {
		inv[i*m+i] = 1
	}
	for c := 0; c < m; c++ {
		piv, pv := -1, 0.0
		for r := c; r < m; r++ {
			if v := math.Abs(B[r*m+c]); v > pv {
				piv, pv = r, v
			}
		}
		if pv < 1e-12 {
			return fmt.Errorf("%w: singular basis", ErrNumerical)
		}
		if piv != c {
			for k := 0; k < m; k++ {
				B[c*m+k], B[piv*m+k] = B[piv*m+k], B[c*m+k]
				inv[c*m+k], inv[piv*m+k] = inv[piv*m+k], inv[c*m+k]
			}
		}
		f := 1 / B[c*m+c]
		for k := 0; k < m; k++ {
			B[c*m+k] *= f
			inv[c*m+k] *= f
		}
		for r := 0; r < m; r++ {
			if r == c {
				continue
			}
			g := B[r*m+c]
			if g == 0 {
				continue
			}
			for k := 0; k < m; k++ {
				B[r*m+k] -= g * B[c*m+k]
				inv[r*m+k] -= g * inv[c*m+k]
			}
		}
	}
	return nil
}

// pivotInverse updates x_B and the m×m row-major B⁻¹ for the entering
// column's B⁻¹·a = a leaving at position leave with step theta (the
// product-form update of the revised simplex method).
func pivotInverse(binv, xb, a []float64, m, leave int, theta float64) {
	for i := 0; i < m; i++ {
		if i == leave {
			continue
		}
		xb[i] -= theta * a[i]
	}
	xb[leave] = theta
	rowL := binv[leave*m : leave*m+m]
	inv := 1 / a[leave]
	for r := range rowL {
		rowL[r] *= inv
	}
	for i := 0; i < m; i++ {
		f := a[i]
		if i == leave || f == 0 {
			continue
		}
		// row i −= f·row leave, four entries a step (as in duals): the
		// innermost loop of every pivot.
		dst := binv[i*m : i*m+m]
		dst = dst[:len(rowL)]
		r := 0
		for ; r+4 <= len(rowL); r += 4 {
			s, d := rowL[r:r+4:r+4], dst[r:r+4:r+4]
			d[0] -= f * s[0]
			d[1] -= f * s[1]
			d[2] -= f * s[2]
			d[3] -= f * s[3]
		}
		for ; r < len(rowL); r++ {
			dst[r] -= f * rowL[r]
		}
	}
}

func grow(b []float64, k int) []float64 {
	if cap(b) < k {
		return make([]float64, k)
	}
	return b[:k]
}

func grow2(b []int, k int) []int {
	if cap(b) < k {
		return make([]int, k)
	}
	return b[:k]
}
