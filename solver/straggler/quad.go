package straggler

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/mrsched/mrsched/internal/pq"
)

// Adaptive Gauss–Kronrod quadrature.
//
// gonum's integrate/quad offers fixed rules (quad.Fixed with Legendre or
// Hermite points) without an error estimate and without adaptivity, and
// the MST integral needs both: an error estimate to certify 1e-9 relative
// accuracy, and subdivision where the integrand 1 − Π F_i(t) turns from 1
// to 0. So this file implements QUADPACK's QAG strategy (Piessens et al.,
// 1983) with the 21-point Kronrod extension of the 10-point Gauss rule and
// QUADPACK's error estimate, driven by a heap of panels (the one with the
// largest error is bisected first). The integrand is evaluated a whole
// panel (21 abscissae) at a time so that the MST integrand can make one
// pass over 10^5 nodes per panel instead of 21.

// ErrQuad reports that an integral did not reach the requested accuracy.
var ErrQuad = errors.New("straggler: quadrature did not converge")

// Kronrod abscissae x_k (descending, positive half; the last is the
// centre) and weights of the 21-point rule, and the weights of the embedded
// 10-point Gauss rule at the odd-indexed abscissae (QUADPACK qk21).
var (
	gk21x = [11]float64{
		0.995657163025808080735527280689003,
		0.973906528517171720077964012084452,
		0.930157491355708226001207180059508,
		0.865063366688984510732096688423493,
		0.780817726586416897063717578345042,
		0.679409568299024406234327365114874,
		0.562757134668604683339000099272694,
		0.433395394129247190799265943165784,
		0.294392862701460198131126603103866,
		0.148874338981631210884826001129720,
		0,
	}
	gk21wk = [11]float64{
		0.011694638867371874278064396062192,
		0.032558162307964727478818972459390,
		0.054755896574351996031381300244580,
		0.075039674810919952767043140916190,
		0.093125454583697605535065465083366,
		0.109387158802297641899210590325805,
		0.123491976262065851077600525031690,
		0.134709217311473325928054001771707,
		0.142775938577060080797094273138717,
		0.147739104901338491374841515972068,
		0.149445554002916905664936468389821,
	}
	gk21wg = [5]float64{ // at gk21x[1], gk21x[3], ..., gk21x[9]
		0.066671344308688137593568809893332,
		0.149451349150580593145776339657697,
		0.219086362515982043995534934228163,
		0.269266719309996355091226921569469,
		0.295524224714752870173892994651338,
	}
)

// batchFunc evaluates an integrand at every x[k], writing y[k].
type batchFunc func(x, y []float64)

// panel is one subinterval with its Kronrod estimate and error.
type panel struct {
	a, b     float64
	val, err float64
}

// panelFirst puts the panel with the largest error first.
func panelFirst(p, q panel) bool {
	if p.err != q.err {
		return p.err > q.err
	}
	return p.a < q.a // deterministic tie-break
}

// gkRule holds scratch space for one 21-point panel evaluation.
type gkRule struct {
	x, y [21]float64
}

// eval applies the Gauss–Kronrod pair on [a, b] and returns the Kronrod
// value and QUADPACK's error estimate.
func (r *gkRule) eval(f batchFunc, a, b float64) (val, err float64) {
	c := 0.5 * (a + b)
	h := 0.5 * (b - a)
	for k := 0; k < 10; k++ {
		r.x[2*k] = c - h*gk21x[k]
		r.x[2*k+1] = c + h*gk21x[k]
	}
	r.x[20] = c
	f(r.x[:], r.y[:])
	fc := r.y[20]
	resk := gk21wk[10] * fc
	resg := 0.0
	resabs := math.Abs(resk)
	for k := 0; k < 10; k++ {
		s := r.y[2*k] + r.y[2*k+1]
		resk += gk21wk[k] * s
		resabs += gk21wk[k] * (math.Abs(r.y[2*k]) + math.Abs(r.y[2*k+1]))
		if k%2 == 1 {
			resg += gk21wg[k/2] * s
		}
	}
	mean := 0.5 * resk
	resasc := gk21wk[10] * math.Abs(fc-mean)
	for k := 0; k < 10; k++ {
		resasc += gk21wk[k] * (math.Abs(r.y[2*k]-mean) + math.Abs(r.y[2*k+1]-mean))
	}
	val = resk * h
	err = math.Abs((resk - resg) * h)
	resasc *= math.Abs(h)
	resabs *= math.Abs(h)
	if resasc != 0 && err != 0 {
		err = resasc * math.Min(1, math.Pow(200*err/resasc, 1.5))
	}
	const epmach = 2.220446049250313e-16
	if resabs > math.SmallestNonzeroFloat64/(50*epmach) {
		err = math.Max(epmach*50*resabs, err)
	}
	return val, err
}

// QuadResult is the outcome of an adaptive integration.
type QuadResult struct {
	Value  float64 // the integral
	AbsErr float64 // estimated absolute error (sum over panels)
	Evals  int     // integrand evaluations
	Panels int     // final number of panels
	mesh   [][2]float64
}

// sortedMesh returns the final panels ordered by their left ends.
func sortedMesh(ps []panel) [][2]float64 {
	m := make([][2]float64, len(ps))
	for i, p := range ps {
		m[i] = [2]float64{p.a, p.b}
	}
	sort.Slice(m, func(i, j int) bool { return m[i][0] < m[j][0] })
	return m
}

// adaptGK integrates f over the consecutive intervals of the sorted points
// pts (at least two; breakpoints of the integrand should be among them)
// until the summed error estimate is at most max(absTol, relTol·|value|),
// or maxPanels panels have been made. It reports ErrQuad
// when the tolerance is not met.
func adaptGK(f batchFunc, pts []float64, absTol, relTol float64, maxPanels int) (QuadResult, error) {
	var r gkRule
	ps := make([]panel, 0, 64)
	var res QuadResult
	for i := 0; i+1 < len(pts); i++ {
		if !(pts[i+1] > pts[i]) {
			continue
		}
		v, e := r.eval(f, pts[i], pts[i+1])
		res.Evals += 21
		ps = append(ps, panel{pts[i], pts[i+1], v, e})
	}
	h := pq.From(panelFirst, ps)
	total := func() (float64, float64) {
		// The heap order is a deterministic function of the inputs, so
		// this sum is reproducible.
		var v, e float64
		for _, p := range h.Items() {
			v += p.val
			e += p.err
		}
		return v, e
	}
	val, err := total()
	for err > math.Max(absTol, relTol*math.Abs(val)) {
		if h.Len() >= maxPanels {
			res.Value, res.AbsErr, res.Panels = val, err, h.Len()
			return res, fmt.Errorf("%w: error estimate %.3g after %d panels (wanted %.3g)", ErrQuad, err, h.Len(), math.Max(absTol, relTol*math.Abs(val)))
		}
		p := h.Pop()
		m := 0.5 * (p.a + p.b)
		if !(m > p.a && m < p.b) { // cannot bisect further in float64
			res.Value, res.AbsErr, res.Panels = val, err, h.Len()+1
			return res, fmt.Errorf("%w: panel [%g, %g] cannot be bisected (error %.3g)", ErrQuad, p.a, p.b, p.err)
		}
		v1, e1 := r.eval(f, p.a, m)
		v2, e2 := r.eval(f, m, p.b)
		res.Evals += 42
		h.Push(panel{p.a, m, v1, e1})
		h.Push(panel{m, p.b, v2, e2})
		val += v1 + v2 - p.val
		err += e1 + e2 - p.err
		if h.Len()%64 == 0 { // refresh running sums against drift
			val, err = total()
		}
	}
	val, err = total()
	res.Value, res.AbsErr, res.Panels = val, err, h.Len()
	res.mesh = sortedMesh(h.Items())
	return res, nil
}

// scalar adapts a scalar integrand to batchFunc.
func scalar(g func(float64) float64) batchFunc {
	return func(x, y []float64) {
		for k, xk := range x {
			y[k] = g(xk)
		}
	}
}

// integrateToInf returns ∫_a^∞ g(u) du by the substitution
// u = a + s/(1−s), s ∈ [0, 1), du = ds/(1−s)².
func integrateToInf(g func(float64) float64, a, absTol, relTol float64) (QuadResult, error) {
	f := func(s float64) float64 {
		if s >= 1 {
			return 0
		}
		w := 1 - s
		v := g(a + s/w)
		if v == 0 {
			return 0
		}
		return v / (w * w)
	}
	return adaptGK(scalar(f), []float64{0, 0.5, 1}, absTol, relTol, 2000)
}
