package ratsearch

import (
	"fmt"
	"math/big"
)

// orderLP is the slice form of the fixed-order LP (package fastlp's
// formulation, docs/exact.md "Exact rational mode") for m jobs in a fixed
// completion order, solved by a revised primal simplex in exact rational
// arithmetic with a dense basis inverse.
//
// Rows (3m): row p (job at position p) Σ_{k≤k'≤p} z_p(k,k') = 1; row m+k
// (map, interval k) Σ_p X_p Σ_k' z_p(k,k') − d_k + sm_k = 0; row 2m+k
// (shuffle) Σ_p Y_p Σ_k z_p(k,k') − d_k + ss_k = 0. Columns, by id: d_k
// (k), sm_k (m+k), ss_k (2m+k), z_p(k,k') (3m + (p·m+k)·m + k'). The
// objective is Σ_k W_k·d_k with W_k the total weight of the positions
// k..m−1 (0-based k; m−k with unit weights), the weighted sum of the m
// completion times. With dependencies, position p has no column
// z_p(k,k') with k < lo_p, lo_p being one past its last predecessor's
// position: it is served only after its predecessors complete.
type orderLP struct {
	m     int
	x, y  []*big.Rat // normalised sizes by position (size / capacity)
	w     []*big.Rat // W_k, the cost of d_k
	lo    []int      // first interval in which each position may be served
	rows  int
	basis []int        // column id per row of the basis
	inv   [][]*big.Rat // B⁻¹
	xb    []*big.Rat   // basic values B⁻¹b
	// stop is polled once per pivot; a non-nil error ends the solve.
	stop   func() error
	pivots int
}

type entry struct {
	row int
	val *big.Rat
}

var (
	ratOne      = big.NewRat(1, 1)
	ratMinusOne = big.NewRat(-1, 1)
)

func (lp *orderLP) zid(p, k, k2 int) int { return 3*lp.m + (p*lp.m+k)*lp.m + k2 }

// column returns the non-zero entries of column id.
func (lp *orderLP) column(id int) []entry {
	m := lp.m
	switch {
	case id < m:
		return []entry{{m + id, ratMinusOne}, {2*m + id, ratMinusOne}}
	case id < 2*m:
		return []entry{{id, ratOne}}
	case id < 3*m:
		return []entry{{id, ratOne}}
	}
	r := id - 3*m
	p, k, k2 := r/(m*m), (r/m)%m, r%m
	out := []entry{{p, ratOne}}
	if lp.x[p].Sign() != 0 {
		out = append(out, entry{m + k, lp.x[p]})
	}
	if lp.y[p].Sign() != 0 {
		out = append(out, entry{2*m + k2, lp.y[p]})
	}
	return out
}

// cost returns the objective coefficient of column id (nil: 0).
func (lp *orderLP) cost(id int) *big.Rat {
	if id < lp.m {
		return lp.w[id]
	}
	return nil
}

// intervalCosts returns W_k = Σ_{p≥k} pw_p (pw nil: every weight 1, W_k =
// m−k).
func intervalCosts(m int, pw []*big.Rat) []*big.Rat {
	w := make([]*big.Rat, m)
	acc := new(big.Rat)
	for k := m - 1; k >= 0; k-- {
		if pw == nil {
			acc.Add(acc, ratOne)
		} else {
			acc.Add(acc, pw[k])
		}
		w[k] = new(big.Rat).Set(acc)
	}
	return w
}

// solveOrderLP solves the LP of m = len(x) jobs in the given order (x, y
// normalised sizes, pw weights by position, nil for unit weights; lo the
// first interval of each position, nil for none later than 0) exactly. It
// returns the optimal value and the solver, whose basis gives the
// solution (values).
func solveOrderLP(x, y, pw []*big.Rat, lo []int, stop func() error) (*big.Rat, *orderLP, error) {
	m := len(x)
	if lo == nil {
		lo = make([]int, m)
	}
	lp := &orderLP{m: m, x: x, y: y, w: intervalCosts(m, pw), lo: lo, rows: 3 * m, stop: stop}
	// Starting basis: the jobs one after the other, z_p(p,p) = 1 and
	// d_p = max(X_p, Y_p), the slack of the station that is not saturated
	// (allowed: a position's predecessors are before it, so lo_p ≤ p).
	lp.basis = make([]int, 0, lp.rows)
	for p := range m {
		lp.basis = append(lp.basis, lp.zid(p, p, p), p)
		if x[p].Cmp(y[p]) >= 0 {
			lp.basis = append(lp.basis, 2*m+p)
		} else {
			lp.basis = append(lp.basis, m+p)
		}
	}
	if err := lp.reinvert(); err != nil {
		return nil, nil, err
	}
	if err := lp.iterate(); err != nil {
		return nil, nil, err
	}
	return lp.value(), lp, nil
}

// reinvert computes B⁻¹ and B⁻¹b by Gauss–Jordan elimination.
func (lp *orderLP) reinvert() error {
	n := lp.rows
	a := make([][]*big.Rat, n)
	inv := make([][]*big.Rat, n)
	for i := range n {
		a[i] = make([]*big.Rat, n)
		inv[i] = make([]*big.Rat, n)
		for j := range n {
			a[i][j], inv[i][j] = new(big.Rat), new(big.Rat)
		}
		inv[i][i].SetInt64(1)
	}
	for c, id := range lp.basis {
		for _, e := range lp.column(id) {
			a[e.row][c].Set(e.val)
		}
	}
	tmp := new(big.Rat)
	for c := range n {
		piv := -1
		for r := c; r < n; r++ {
			if a[r][c].Sign() != 0 {
				piv = r
				break
			}
		}
		if piv < 0 {
			return fmt.Errorf("%w: singular basis (internal error)", ErrLP)
		}
		a[c], a[piv] = a[piv], a[c]
		inv[c], inv[piv] = inv[piv], inv[c]
		f := new(big.Rat).Inv(a[c][c])
		for j := range n {
			a[c][j].Mul(a[c][j], f)
			inv[c][j].Mul(inv[c][j], f)
		}
		for r := range n {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			g := new(big.Rat).Set(a[r][c])
			for j := range n {
				if a[c][j].Sign() != 0 {
					a[r][j].Sub(a[r][j], tmp.Mul(g, a[c][j]))
				}
				if inv[c][j].Sign() != 0 {
					inv[r][j].Sub(inv[r][j], tmp.Mul(g, inv[c][j]))
				}
			}
		}
	}
	// inv is now B⁻¹ with rows in basis order (row c of B⁻¹ belongs to
	// basis column c).
	lp.inv = inv
	lp.xb = make([]*big.Rat, n)
	for i := range n {
		v := new(big.Rat)
		for p := range lp.m { // b = 1 on the job rows, 0 elsewhere
			v.Add(v, inv[i][p])
		}
		lp.xb[i] = v
	}
	return nil
}

// duals returns π = c_Bᵀ B⁻¹.
func (lp *orderLP) duals() []*big.Rat {
	pi := make([]*big.Rat, lp.rows)
	for r := range pi {
		pi[r] = new(big.Rat)
	}
	tmp := new(big.Rat)
	for i, id := range lp.basis {
		cr := lp.cost(id)
		if cr == nil || cr.Sign() == 0 {
			continue
		}
		for r := range lp.rows {
			if lp.inv[i][r].Sign() != 0 {
				pi[r].Add(pi[r], tmp.Mul(cr, lp.inv[i][r]))
			}
		}
	}
	return pi
}

// price returns the entering column (−1 when the basis is optimal): the
// most negative reduced cost (Dantzig), or with bland the smallest id with
// a negative reduced cost. Reduced costs are exact, so "optimal" means
// every reduced cost is ≥ 0 exactly: the duals are feasible.
func (lp *orderLP) price(pi []*big.Rat, bland bool) int {
	m := lp.m
	best, bestRC := -1, new(big.Rat)
	consider := func(id int, rc *big.Rat) bool {
		if rc.Sign() >= 0 {
			return false
		}
		if bland {
			if best < 0 || id < best {
				best = id
				bestRC.Set(rc)
			}
			return true
		}
		if best < 0 || rc.Cmp(bestRC) < 0 || (rc.Cmp(bestRC) == 0 && id < best) {
			best = id
			bestRC.Set(rc)
		}
		return true
	}
	rc := new(big.Rat)
	for k := range m {
		// d_k: W_k + π_map,k + π_shuffle,k; slacks: −π.
		rc.Set(lp.w[k])
		rc.Add(rc, pi[m+k])
		rc.Add(rc, pi[2*m+k])
		consider(k, rc)
	}
	for k := range m {
		consider(m+k, rc.Neg(pi[m+k]))
	}
	for k := range m {
		consider(2*m+k, rc.Neg(pi[2*m+k]))
	}
	a := make([]*big.Rat, m)
	b := make([]*big.Rat, m)
	for p := range m {
		for k := 0; k <= p; k++ {
			a[k] = new(big.Rat).Mul(lp.x[p], pi[m+k])
			b[k] = new(big.Rat).Mul(lp.y[p], pi[2*m+k])
		}
		for k := lp.lo[p]; k <= p; k++ {
			for k2 := k; k2 <= p; k2++ {
				rc.Add(a[k], b[k2])
				rc.Add(rc, pi[p])
				rc.Neg(rc)
				if consider(lp.zid(p, k, k2), rc) && bland {
					break
				}
			}
		}
	}
	return best
}

// iterate runs the simplex from the current (feasible) basis to an
// optimal one: Dantzig pricing until more than rows consecutive
// degenerate pivots, then Bland's rule for the rest of the solve, which
// cannot cycle (each non-degenerate pivot lowers the objective, so only a
// degenerate run could repeat a basis, and it is bounded before Bland).
func (lp *orderLP) iterate() error {
	bland := false
	degenerate := 0
	u := make([]*big.Rat, lp.rows)
	for i := range u {
		u[i] = new(big.Rat)
	}
	tmp := new(big.Rat)
	for {
		if lp.stop != nil {
			if err := lp.stop(); err != nil {
				return err
			}
		}
		pi := lp.duals()
		q := lp.price(pi, bland)
		if q < 0 {
			return nil
		}
		col := lp.column(q)
		for i := range lp.rows {
			u[i].SetInt64(0)
			for _, e := range col {
				if lp.inv[i][e.row].Sign() != 0 {
					u[i].Add(u[i], tmp.Mul(lp.inv[i][e.row], e.val))
				}
			}
		}
		leave := -1
		var theta *big.Rat
		ratio := new(big.Rat)
		for i := range lp.rows {
			if u[i].Sign() <= 0 {
				continue
			}
			ratio.Quo(lp.xb[i], u[i])
			if leave < 0 || ratio.Cmp(theta) < 0 || (ratio.Cmp(theta) == 0 && lp.basis[i] < lp.basis[leave]) {
				leave = i
				theta = new(big.Rat).Set(ratio)
			}
		}
		if leave < 0 {
			return fmt.Errorf("%w: unbounded direction (internal error: the LP is bounded below by 0)", ErrLP)
		}
		if theta.Sign() == 0 {
			degenerate++
			if degenerate > lp.rows {
				bland = true
			}
		} else {
			degenerate = 0
		}
		lp.pivot(leave, q, u, theta)
	}
}

// pivot replaces basis row leave by column q (u = B⁻¹A_q).
func (lp *orderLP) pivot(leave, q int, u []*big.Rat, theta *big.Rat) {
	lp.pivots++
	f := new(big.Rat).Inv(u[leave])
	row := lp.inv[leave]
	for j := range row {
		if row[j].Sign() != 0 {
			row[j].Mul(row[j], f)
		}
	}
	tmp := new(big.Rat)
	for i := range lp.rows {
		if i == leave || u[i].Sign() == 0 {
			continue
		}
		for j := range row {
			if row[j].Sign() != 0 {
				lp.inv[i][j].Sub(lp.inv[i][j], tmp.Mul(u[i], row[j]))
			}
		}
		lp.xb[i].Sub(lp.xb[i], tmp.Mul(u[i], theta))
	}
	lp.xb[leave].Set(theta)
	lp.basis[leave] = q
}

// value returns Σ c_B x_B.
func (lp *orderLP) value() *big.Rat {
	v := new(big.Rat)
	tmp := new(big.Rat)
	for i, id := range lp.basis {
		if c := lp.cost(id); c != nil && c.Sign() != 0 {
			v.Add(v, tmp.Mul(c, lp.xb[i]))
		}
	}
	return v
}

// certify checks the final basis exactly: every basic value ≥ 0 (primal
// feasible), every reduced cost ≥ 0 (dual feasible; complementary
// slackness holds by construction of the duals) and the dual objective
// Σ_p π_p equal to the primal value. It is the certificate that value()
// is the LP optimum.
func (lp *orderLP) certify() error {
	for i, v := range lp.xb {
		if v.Sign() < 0 {
			return fmt.Errorf("%w: basic variable %d negative (internal error)", ErrLP, i)
		}
	}
	pi := lp.duals()
	if lp.price(pi, true) >= 0 {
		return fmt.Errorf("%w: final basis not dual feasible (internal error)", ErrLP)
	}
	dual := new(big.Rat)
	for p := range lp.m {
		dual.Add(dual, pi[p])
	}
	if dual.Cmp(lp.value()) != 0 {
		return fmt.Errorf("%w: dual value %s ≠ primal value %s (internal error)", ErrLP, dual.RatString(), lp.value().RatString())
	}
	return nil
}

// solution returns the interval lengths d_k and the slice weights
// z[p][k][k'] of the basis (zero when non-basic).
func (lp *orderLP) solution() (d []*big.Rat, z [][][]*big.Rat) {
	m := lp.m
	d = make([]*big.Rat, m)
	for k := range d {
		d[k] = new(big.Rat)
	}
	z = make([][][]*big.Rat, m)
	for p := range z {
		z[p] = make([][]*big.Rat, m)
		for k := range z[p] {
			z[p][k] = make([]*big.Rat, m)
			for k2 := range z[p][k] {
				z[p][k][k2] = new(big.Rat)
			}
		}
	}
	for i, id := range lp.basis {
		switch {
		case id < m:
			d[id].Set(lp.xb[i])
		case id >= 3*m:
			r := id - 3*m
			z[r/(m*m)][(r/m)%m][r%m].Set(lp.xb[i])
		}
	}
	return d, z
}
