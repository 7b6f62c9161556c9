package bruteforce

import (
	"errors"
	"math"
)

// errInfeasible and errUnbounded are the outcomes of simplex other than an
// optimum.
var (
	errInfeasible = errors.New("bruteforce: LP infeasible")
	errUnbounded  = errors.New("bruteforce: LP unbounded")
)

const pivTol = 1e-9

// infeasTol is the phase-1 optimum (sum of artificials on rows scaled to
// a largest coefficient of 1) above which an LP is infeasible: a relative
// infeasibility of 1e-6. Rounding in the tableau reaches a few 1e-7 on the
// sequences with sizes of 1000:1 and dependencies that confine a job's work
// to one interval.
const infeasTol = 1e-6

// simplex minimises cᵀx subject to A x = b, x ≥ 0 (A dense, row-major, m×n)
// with a two-phase tableau method (Dantzig's rule, Bland's rule against
// cycling). It
// is written for the tiny LPs of the brute force (tens of rows), where
// robustness matters more than speed.
func simplex(c []float64, A [][]float64, b []float64) (float64, error) {
	t := newTableau(A, b, len(c))
	m, n, w := t.m, t.n, t.w
	// Phase 1: minimise the sum of artificials.
	obj := t.T[m]
	for j := range obj {
		obj[j] = 0
	}
	for i := 0; i < m; i++ {
		for j := 0; j < w; j++ {
			if j < n || j == w-1 {
				obj[j] -= t.T[i][j]
			}
		}
	}
	if err := t.run(n); err != nil {
		return 0, err
	}
	if -t.T[m][w-1] > infeasTol {
		return 0, errInfeasible
	}
	t.driveOutArtificials()
	t.setPhase2Objective(c)
	// Artificial columns are never allowed to re-enter (allowed = n); rows
	// whose artificial stayed basic are redundant (all-zero structural part).
	if err := t.run(n); err != nil {
		return 0, err
	}
	return t.checkedValue(c, A, b)
}

// tableau is the dense simplex tableau of simplex: m rows of n structural
// columns, m artificials and the rhs (width w), and the reduced-cost row
// T[m].
type tableau struct {
	T       [][]float64
	basis   []int
	m, n, w int
}

// newTableau scales each row of A x = b by its largest coefficient (sign
// making the rhs non-negative) and starts from the artificial basis.
func newTableau(A [][]float64, b []float64, n int) *tableau {
	m := len(A)
	w := n + m + 1
	T := make([][]float64, m+1)
	for i := 0; i < m; i++ {
		T[i] = make([]float64, w)
		// Row scaling: divide the row by its largest coefficient so that
		// sizes of 1000 and 0.001 in one model keep the tolerances
		// meaningful.
		sgn := 1.0 / math.Max(maxAbs(A[i]), 1e-300)
		if b[i] < 0 {
			sgn = -sgn
		}
		for j := 0; j < n; j++ {
			T[i][j] = sgn * A[i][j]
		}
		T[i][n+i] = 1
		T[i][w-1] = sgn * b[i]
	}
	basis := make([]int, m)
	for i := range basis {
		basis[i] = n + i
	}
	T[m] = make([]float64, w) // reduced-cost row
	return &tableau{T: T, basis: basis, m: m, n: n, w: w}
}

// pivot makes column col basic in row r.
func (t *tableau) pivot(r, col int) {
	T := t.T
	p := T[r][col]
	for j := range T[r] {
		T[r][j] /= p
	}
	for i := 0; i <= t.m; i++ {
		if i == r {
			continue
		}
		f := T[i][col]
		if f == 0 {
			continue
		}
		for j := range T[i] {
			T[i][j] -= f * T[r][j]
		}
	}
	t.basis[r] = col
}

// run pivots until no column below allowed has a negative reduced cost:
// Dantzig's rule (most negative reduced cost), switching to Bland's rule
// (which cannot cycle) after a run of degenerate pivots.
func (t *tableau) run(allowed int) error {
	T, m := t.T, t.m
	stall := 0
	for iter := 0; iter < 100000; iter++ {
		col := -1
		bland := stall > 50
		most := -pivTol
		for j := 0; j < allowed; j++ {
			if T[m][j] < most {
				col, most = j, T[m][j]
				if bland {
					break
				}
			}
		}
		if col < 0 {
			return nil
		}
		r, best := t.ratioTest(col, bland)
		if r < 0 {
			if T[m][col] > -1e-7 {
				// A reduced cost at rounding level: treat as optimal.
				T[m][col] = 0
				continue
			}
			return errUnbounded
		}
		if best <= 1e-12 {
			stall++
		} else {
			stall = 0
		}
		t.pivot(r, col)
	}
	return errors.New("bruteforce: simplex iteration limit")
}

// ratioTest is the two-pass (Harris) ratio test for entering column col:
// the smallest ratio with slack 1e-9, then among rows within it the
// largest pivot element (ties by basis index, as Bland's rule asks). It
// returns the leaving row (−1: none, the column is unbounded) and its
// step.
func (t *tableau) ratioTest(col int, bland bool) (r int, best float64) {
	T, m, w, basis := t.T, t.m, t.w, t.basis
	best = math.Inf(1)
	for i := 0; i < m; i++ {
		if T[i][col] > pivTol {
			best = math.Min(best, (math.Max(T[i][w-1], 0)+1e-9)/T[i][col])
		}
	}
	r = -1
	for i := 0; i < m; i++ {
		if T[i][col] > pivTol && math.Max(T[i][w-1], 0)/T[i][col] <= best {
			if r < 0 || T[i][col] > T[r][col]*(1+1e-9) || (bland && T[i][col] >= T[r][col]*(1-1e-9) && basis[i] < basis[r]) {
				r = i
			}
		}
	}
	if r >= 0 {
		best = math.Max(T[r][w-1], 0) / T[r][col]
	}
	return r, best
}

// driveOutArtificials pivots basic artificials out of the basis where a
// structural column of their row is non-zero.
func (t *tableau) driveOutArtificials() {
	for i := 0; i < t.m; i++ {
		if t.basis[i] < t.n {
			continue
		}
		for j := 0; j < t.n; j++ {
			if math.Abs(t.T[i][j]) > 1e-9 {
				t.pivot(i, j)
				break
			}
		}
	}
}

// setPhase2Objective sets the reduced-cost row to c priced out by the
// current basis.
func (t *tableau) setPhase2Objective(c []float64) {
	T, m, n := t.T, t.m, t.n
	for j := range T[m] {
		T[m][j] = 0
	}
	for j := 0; j < n; j++ {
		T[m][j] = c[j]
	}
	for i := 0; i < m; i++ {
		if bj := t.basis[i]; bj < n && c[bj] != 0 {
			f := c[bj]
			for j := range T[m] {
				T[m][j] -= f * T[i][j]
			}
		}
	}
}

// checkedValue returns cᵀx of the basic solution after verifying it
// against the original rows: a simplex that lost accuracy must fail
// loudly, never return a wrong optimum.
func (t *tableau) checkedValue(c []float64, A [][]float64, b []float64) (float64, error) {
	x := make([]float64, t.n)
	for i, bj := range t.basis {
		if bj < t.n {
			x[bj] = t.T[i][t.w-1]
		}
	}
	val := 0.0
	for j := range x {
		if x[j] < -1e-7 {
			return 0, errors.New("bruteforce: simplex lost accuracy (negative variable)")
		}
		val += c[j] * x[j]
	}
	for i := range A {
		s := -b[i]
		scale := math.Abs(b[i])
		for j := range x {
			s += A[i][j] * x[j]
			scale = math.Max(scale, math.Abs(A[i][j]*x[j]))
		}
		if math.Abs(s) > 1e-7*math.Max(1, scale) {
			return 0, errors.New("bruteforce: simplex lost accuracy (row residual)")
		}
	}
	return val, nil
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}
