package ratsearch

import (
	"math"
	"math/big"
)

// intSizes holds the normalised sizes over one common denominator q:
// x_j = px_j/q, y_j = py_j/q (q = 1 for integer sizes and capacities), so
// that dual bounds are evaluated in integer arithmetic (big.Int, no gcd per
// operation).
type intSizes struct {
	q      *big.Int
	px, py []*big.Int
}

func newIntSizes(x, y []*big.Rat) *intSizes {
	q := big.NewInt(1)
	g := new(big.Int)
	for _, v := range append(append([]*big.Rat(nil), x...), y...) {
		d := v.Denom()
		g.GCD(nil, nil, q, d)
		q.Mul(q, new(big.Int).Quo(d, g)) // lcm
	}
	s := &intSizes{q: q, px: make([]*big.Int, len(x)), py: make([]*big.Int, len(y))}
	num := func(v *big.Rat) *big.Int {
		n := new(big.Int).Mul(v.Num(), q)
		return n.Quo(n, v.Denom())
	}
	for j := range x {
		s.px[j], s.py[j] = num(x[j]), num(y[j])
	}
	return s
}

// tinyPrice: a price below this fraction of the largest one is set to 0
// (lowering a price keeps the dual feasible and bounds the integers'
// length; the bound loses at most Σ_j (x_j + y_j)·tinyPrice·(largest
// price)).
const tinyPrice = 0x1p-64

// feasiblePrices turns float prices into dyadic ones that satisfy the dual
// constraints of the slice LP exactly: α_k, β_k ≥ 0 (negative and
// non-finite values become 0) and α_k + β_k ≤ W_k (the cost of d_k: the
// weight of the positions k..m−1, m−k with unit weights; 0-based k), by
// scaling a pair down in float and stepping it towards 0 until the exact
// sum fits.
func feasiblePrices(alpha, beta []float64, W []*big.Rat) (a, b []float64) {
	m := len(alpha)
	a, b = make([]float64, m), make([]float64, m)
	clean := func(v float64) float64 {
		if v > 0 && !math.IsInf(v, 0) {
			return v
		}
		return 0
	}
	sum := new(big.Rat)
	exact := func(u, v float64) *big.Rat {
		return sum.Add(new(big.Rat).SetFloat64(u), new(big.Rat).SetFloat64(v))
	}
	for k := range m {
		ak, bk := clean(alpha[k]), clean(beta[k])
		w := W[k]
		if exact(ak, bk).Cmp(w) > 0 {
			wf, _ := w.Float64()
			f := wf / (ak + bk)
			ak, bk = ak*f, bk*f
			for exact(ak, bk).Cmp(w) > 0 {
				ak, bk = math.Nextafter(ak, 0), math.Nextafter(bk, 0)
			}
		}
		a[k], b[k] = ak, bk
	}
	return a, b
}

// bound returns Σ_p min_{lo_p≤k≤k'≤p} (x_p α_k + y_p β_k') over the
// positions p of order, with the prices made exactly feasible
// (feasiblePrices against the interval costs W; prices below tinyPrice of
// the largest dropped to 0); lo_p is the first interval position p may be
// served in (nil: 0). It is the objective of a feasible solution of the
// dual of the slice LP of order (its jobs alone, weighted, with their
// dependencies: the dual has one constraint per column, and position p has
// columns only for k ≥ lo_p), so by weak duality it is a lower bound on
// that LP, which bounds the weighted completions of those jobs in any
// schedule completing them first, in this order. All prices are dyadic,
// so with a common power of two 2^e they are integers A_k·2^e, and every
// term is an integer over q·2^−e.
func (s *intSizes) bound(order []int, alpha, beta []float64, W []*big.Rat, lo []int) *big.Rat {
	m := len(order)
	if len(alpha) != m || len(beta) != m {
		return nil
	}
	a, b := feasiblePrices(alpha, beta, W)
	top := 0.0
	for k := range m {
		top = math.Max(top, math.Max(a[k], b[k]))
	}
	if top == 0 {
		return new(big.Rat)
	}
	// Every kept price is ≥ top·tinyPrice, so its exponent (with a 53-bit
	// integer mantissa) is at least e.
	_, te := math.Frexp(top)
	e := te - 64 - 53
	toInt := func(v float64) *big.Int {
		if v < top*tinyPrice {
			return new(big.Int)
		}
		fr, ex := math.Frexp(v)
		mant := int64(fr * (1 << 53))
		return new(big.Int).Lsh(big.NewInt(mant), uint(ex-53-e))
	}
	A, B := make([]*big.Int, m), make([]*big.Int, m)
	for k := range m {
		A[k], B[k] = toInt(a[k]), toInt(b[k])
	}
	total := new(big.Int)
	v, mina, best := new(big.Int), new(big.Int), new(big.Int)
	for p, j := range order {
		k0 := 0
		if lo != nil {
			k0 = lo[p]
		}
		for k := k0; k <= p; k++ {
			v.Mul(s.px[j], A[k])
			if k == k0 || v.Cmp(mina) < 0 {
				mina.Set(v)
			}
			v.Mul(s.py[j], B[k])
			v.Add(v, mina)
			if k == k0 || v.Cmp(best) < 0 {
				best.Set(v)
			}
		}
		total.Add(total, best)
	}
	// total · 2^e / q
	r := new(big.Rat).SetInt(total)
	pow := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(absInt(e))))
	if e >= 0 {
		r.Mul(r, pow)
	} else {
		r.Quo(r, pow)
	}
	return r.Quo(r, new(big.Rat).SetInt(s.q))
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
