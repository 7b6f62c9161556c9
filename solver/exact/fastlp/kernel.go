package fastlp

import (
	"fmt"
	"math"
)

// Tolerances of the simplex (on sizes scaled so that the largest is 1;
// dual prices are then at most n).
const (
	rcTol  = 1e-11 // kernel.tol: rcTol·(1+n) (batch), rcTol·(1+n+nq) (release dates)
	pivTol = 1e-10 // smallest pivot element accepted in the ratio test
	// reinvertEvery pivots the basis inverse is recomputed from scratch.
	reinvertEvery = 64
	// degenerateRun consecutive degenerate pivots switch to Bland's rule.
	degenerateRun = 20
)

// kernel is the revised primal simplex shared by the batch LP (Solver) and
// the release-date LP (Release): a dense m × m basis inverse, Dantzig
// pricing with Bland's rule after a run of degenerate pivots, the ratio
// test, the product-form pivot and the periodic re-inversion. Both LPs are
// slice LPs with the same row layout — n job rows [0, n), nq map rows
// [n, n+nq), nq shuffle rows [n+nq, n+2nq), then the model's own rows —
// and the same slice columns z(p, q, q') = zbase + (p·nq + q)·nq + q' of
// position p, q ≤ q' in [first[p], end[p]] (entries 1 in job row p, px[p]
// in map row q, py[p] in shuffle row q'). The kernel prices the slice
// columns itself (a running minimum over q per q', docs in doc.go); the
// model (the per-LP part) builds every column, gives its cost, prices its
// other columns and sets the right-hand side rhs.
type kernel struct {
	n, nq, m int
	zbase    int
	px, py   []float64 // scaled sizes by position
	first    []int     // first interval of position p's slices (model's)
	end      []int     // last interval of position p's slices (model's)
	// tol: a reduced cost below −tol prices a column in.
	tol float64
	// keepArt: in the ratio test, a basic column with id in
	// [artLo, artHi) (an artificial at 0 in phase 2) must not grow.
	keepArt      bool
	artLo, artHi int
	basic        []int     // column id per basis row
	isBas        []bool    // by column id
	binv, lu     []float64 // m×m row-major inverse; re-inversion scratch
	xb, dual     []float64
	alpha        []float64
	rhs          []float64 // right-hand side b (reinvert's scratch)
	cb           []float64 // cost of the basic column of each basis row
	col          [3]struct {
		r int
		v float64
	}
	ncol int
	// pivots counts the pivots since the model reset it, since those
	// since the last periodic re-inversion (a batch warm start carries it
	// over from the parent's solve).
	pivots, since int
	// iter and degen are the iteration count and the run of degenerate
	// pivots of the current run (restart resets them).
	iter, degen int
	// pr is the pricing pass handed to the model (a field, so that
	// passing it allocates nothing).
	pr pricer
}

// model is the per-LP part of the simplex.
type model interface {
	// column fills the kernel's col with the sparse column of id and
	// returns its cost.
	column(id int) float64
	// costs sets cb[i] to the cost of column basic[i].
	costs(basic []int, cb []float64)
	// rhs writes the right-hand side into b (cleared).
	rhs(b []float64)
	// price offers every column other than the slice columns to pr, in
	// increasing id order, at the duals y.
	price(y []float64, pr *pricer)
}

// pricer collects the entering column of one pricing pass.
type pricer struct {
	enter int
	best  float64
	tol   float64
	bland bool
	isBas []bool
}

// consider offers column id with reduced cost rc: Dantzig (most negative)
// or, under Bland's rule, the lowest id that prices in.
func (pr *pricer) consider(id int, rc float64) {
	if rc >= -pr.tol || pr.isBas[id] {
		return
	}
	if pr.bland {
		if pr.enter < 0 || id < pr.enter {
			pr.enter, pr.best = id, rc
		}
		return
	}
	if rc < pr.best {
		pr.enter, pr.best = id, rc
	}
}

// grow returns b with length k, reallocated when its capacity is short.
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

// resize sizes the kernel for n positions, nq intervals, m rows, slice
// columns from zbase and ncols columns in all; isBas is cleared. The
// caller fills px, py, sets first and end (n entries each), tol and the
// basis.
func (k *kernel) resize(n, nq, m, zbase, ncols int) {
	k.n, k.nq, k.m, k.zbase = n, nq, m, zbase
	k.px, k.py = grow(k.px, n), grow(k.py, n)
	k.binv, k.lu = grow(k.binv, m*m), grow(k.lu, m*m)
	k.xb, k.dual, k.alpha = grow(k.xb, m), grow(k.dual, m), grow(k.alpha, m)
	k.rhs, k.cb = grow(k.rhs, m), grow(k.cb, m)
	k.basic = grow2(k.basic, m)
	if cap(k.isBas) < ncols {
		k.isBas = make([]bool, ncols)
	} else {
		k.isBas = k.isBas[:ncols]
		clear(k.isBas)
	}
}

func (k *kernel) zid(p, q, q2 int) int { return k.zbase + (p*k.nq+q)*k.nq + q2 }

// restart starts a new run of iterate: iteration count and degenerate
// run at 0.
func (k *kernel) restart() { k.iter, k.degen = 0, 0 }

// iterate runs primal simplex pivots of mdl from the basis in basic, binv,
// xb (primal feasible) until no column prices in (the duals of that basis
// are then in dual). The iteration count and the degenerate run carry over
// from the previous call unless restart was called.
func (k *kernel) iterate(mdl model) error {
	n, nq, m := k.n, k.nq, k.m
	tol := k.tol
	maxIter := 200*m + 1000
	mdl.costs(k.basic, k.cb)
	k.pr.tol, k.pr.isBas = tol, k.isBas
	for ; ; k.iter++ {
		if k.iter > maxIter {
			return fmt.Errorf("%w: %d pivots", ErrNumerical, k.iter)
		}
		k.duals()
		y := k.dual
		bland := k.degen >= degenerateRun
		k.pr.enter, k.pr.best, k.pr.bland = -1, -tol, bland
		mdl.price(y, &k.pr)
		enter, best := k.pr.enter, k.pr.best
		isBas := k.isBas
		consider := func(id int, rc float64) {
			if rc >= -tol || isBas[id] {
				return
			}
			if bland {
				if enter < 0 || id < enter {
					enter, best = id, rc
				}
				return
			}
			if rc < best {
				enter, best = id, rc
			}
		}
		px, py, first, end := k.px[:n], k.py[:n], k.first[:n], k.end[:n]
		zp := k.zbase // z(p, q, q') = zp + q·nq + q'
		for p := 0; p < n; p++ {
			// min over q ≤ q' of −x_p y[map_q] − y_p y[shuffle_q'].
			xp, yp := px[p], py[p]
			base := -y[p]
			lo, hi := first[p], end[p]
			bq, bv := lo, math.Inf(1)
			for q2 := lo; q2 <= hi; q2++ {
				if a := -xp * y[n+q2]; a < bv {
					bq, bv = q2, a
				}
				rc := base + bv - yp*y[n+nq+q2]
				if bland {
					// Bland needs the lowest-index candidate: scan all q.
					for q := lo; q <= q2; q++ {
						consider(zp+q*nq+q2, base-xp*y[n+q]-yp*y[n+nq+q2])
					}
					continue
				}
				if rc < best && !isBas[zp+bq*nq+q2] {
					consider(zp+bq*nq+q2, rc)
				} else if rc < best {
					// The best pair is basic (rc ≈ 0 then); scan the row.
					for q := lo; q <= q2; q++ {
						consider(zp+q*nq+q2, base-xp*y[n+q]-yp*y[n+nq+q2])
					}
				}
			}
			zp += nq * nq
		}
		if enter < 0 {
			k.iter++
			return nil
		}
		// FTRAN: alpha = B⁻¹·a.
		c := mdl.column(enter)
		for i := 0; i < m; i++ {
			row := k.binv[i*m : i*m+m]
			v := 0.0
			for j := 0; j < k.ncol; j++ {
				v += row[k.col[j].r] * k.col[j].v
			}
			k.alpha[i] = v
		}
		leave, theta := k.ratio(bland)
		if leave < 0 {
			// Unbounded cannot happen (costs ≥ 0); numerical trouble.
			return fmt.Errorf("%w: no leaving row", ErrNumerical)
		}
		if theta <= 1e-13 {
			k.degen++
		} else {
			k.degen = 0
		}
		k.pivot(leave, enter, theta)
		k.cb[leave] = c
		k.pivots++
		k.since++
		if k.since%reinvertEvery == 0 {
			if err := k.reinvert(mdl); err != nil {
				return err
			}
		}
	}
}

// ratio is the ratio test on alpha: the leaving basis row (−1: none) and
// the step. Ties go to the larger |pivot| (Dantzig) or the lowest basic
// id (Bland).
func (k *kernel) ratio(bland bool) (int, float64) {
	m := k.m
	alpha, xb, basic := k.alpha[:m], k.xb[:m], k.basic[:m]
	keepArt, artLo, artHi := k.keepArt, k.artLo, k.artHi
	leave, theta := -1, math.Inf(1)
	for i, a := range alpha {
		t := 0.0
		if a > pivTol {
			t = max(xb[i], 0) / a
		} else if !keepArt || a >= -pivTol || basic[i] < artLo || basic[i] >= artHi {
			continue
		} // else an artificial left in the basis at 0 must not grow: t = 0.
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

// duals computes y = c_B·B⁻¹.
func (k *kernel) duals() {
	m := k.m
	y := k.dual
	clear(y)
	for i := 0; i < m; i++ {
		c := k.cb[i]
		if c == 0 {
			continue
		}
		row := k.binv[i*m : i*m+m]
		y := y[:len(row)] // one bounds check for the row
		for r, v := range row {
			y[r] += c * v
		}
	}
}

func (k *kernel) pivot(leave, enter int, theta float64) {
	pivotInverse(k.binv, k.xb, k.alpha, k.m, leave, theta)
	k.isBas[k.basic[leave]] = false
	k.basic[leave] = enter
	k.isBas[enter] = true
}

// reinvert recomputes B⁻¹ from mdl's basic columns (Gauss–Jordan with
// partial pivoting) and x_B = B⁻¹·rhs.
func (k *kernel) reinvert(mdl model) error {
	m := k.m
	B := k.lu
	clear(B)
	for i, id := range k.basic {
		mdl.column(id)
		for c := 0; c < k.ncol; c++ {
			B[k.col[c].r*m+i] = k.col[c].v
		}
	}
	inv := k.binv
	if err := invert(B, inv, m); err != nil {
		return err
	}
	// Rows of B were the constraint rows, columns the basis positions, so
	// inv = B⁻¹ maps a column in row space to basis positions: x_B = inv·b.
	clear(k.rhs)
	mdl.rhs(k.rhs)
	for i := 0; i < m; i++ {
		v := 0.0
		for r, b := range k.rhs {
			v += inv[i*m+r] * b
		}
		k.xb[i] = v
	}
	return nil
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
		row := binv[i*m : i*m+m]
		for r, v := range rowL {
			row[r] -= f * v
		}
	}
}
