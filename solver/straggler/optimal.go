package straggler

import (
	"fmt"
	"math"
	"sort"
)

// mstGrad returns the MST of group rates lg and the per-node partial
// derivatives g_k = ∂MST/∂λ_i for a node i of class k. Differentiating
// MST = ∫₀^∞ (1 − Π_j F_j(t)) dt under the integral sign, with
// F_k(t) = 1 − e^{−γ_k(t−T_k)}, γ_k = μ_k − λ_k and T_k = Dλ_k/μ_k,
//
//	g_k = ∫ Π_{j≠k} F_j(t) · e^{−γ_k(t−T_k)} ((t − T_k) + γ_k D/μ_k) dt,
//
// (the factor Π_{j≠k} F_j counts every other node, including the other
// members of class k). The integral is taken with the Kronrod rule on the
// mesh that the MST integral converged on, plus the closed-form tail
// beyond t_hi where Π_{j≠k} F_j ≈ 1.
func (g rateGroups) mstGrad(lg []float64, m Model, opt IntegralOptions) (Result, []float64, error) {
	K := len(lg)
	d := make([]DelayedExp, K)
	for k := range lg {
		if !(lg[k] < g.mu[k]) {
			return Result{}, nil, fmt.Errorf("%w: node class μ = %v gets λ = %v ≥ μ", ErrUnstable, g.mu[k], lg[k])
		}
		d[k] = m.Response(lg[k], g.mu[k])
	}
	res, mesh, thi, err := mstDelayedExpMesh(d, g.count, int(g.n()), opt)
	if err != nil {
		return res, nil, err
	}
	grad := make([]float64, K)
	e := make([]float64, K*21)
	lf := make([]float64, K*21)
	var x, w, S [21]float64
	for _, p := range mesh {
		c, h := 0.5*(p[0]+p[1]), 0.5*(p[1]-p[0])
		for k := 0; k < 10; k++ {
			x[2*k], x[2*k+1] = c-h*gk21x[k], c+h*gk21x[k]
			w[2*k], w[2*k+1] = h*gk21wk[k], h*gk21wk[k]
		}
		x[20], w[20] = c, h*gk21wk[10]
		S = [21]float64{}
		for k := 0; k < K; k++ {
			for j := 0; j < 21; j++ {
				z := d[k].Rate * (x[j] - d[k].Offset)
				if z > 0 {
					ej := math.Exp(-z)
					e[k*21+j] = ej
					lf[k*21+j] = logOneMinusExp(z)
				} else {
					e[k*21+j] = 1
					lf[k*21+j] = math.Inf(-1)
				}
				S[j] += g.count[k] * lf[k*21+j]
			}
		}
		for k := 0; k < K; k++ {
			tp := m.D / g.mu[k]
			for j := 0; j < 21; j++ {
				l := lf[k*21+j]
				if math.IsInf(l, -1) {
					continue
				}
				others := math.Exp(S[j] - l) // Π_{i≠k} F_i
				grad[k] += w[j] * others * e[k*21+j] * ((x[j] - d[k].Offset) + d[k].Rate*tp)
			}
		}
	}
	for k := 0; k < K; k++ {
		gam, T := d[k].Rate, d[k].Offset
		if thi > T {
			grad[k] += math.Exp(-gam*(thi-T)) * ((thi-T)/gam + 1/(gam*gam) + m.D/g.mu[k])
		}
	}
	return res, grad, nil
}

// project returns the projection of z onto {y : Σ n_k y_k = λ,
// 0 ≤ y_k ≤ ub_k} in the metric Σ n_k (·)², which is
// y_k = clip(z_k − ν, 0, ub_k) with ν found by bisection (the "KKT with
// bisection on the multiplier" of the projection subproblem).
func project(z, ub, n []float64, lambda float64) []float64 {
	y := make([]float64, len(z))
	sum := func(nu float64) float64 {
		s := 0.0
		for k := range z {
			y[k] = math.Min(ub[k], math.Max(0, z[k]-nu))
			s += n[k] * y[k]
		}
		return s
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for k := range z {
		lo = math.Min(lo, z[k]-ub[k])
		hi = math.Max(hi, z[k])
	}
	for i := 0; i < 200; i++ {
		m := 0.5 * (lo + hi)
		if m <= lo || m >= hi {
			break
		}
		if sum(m) > lambda {
			lo = m
		} else {
			hi = m
		}
	}
	sum(hi)
	return y
}

// optimise solves eq. (14) with λ_i ∈ [0, μ_i): MST is convex (see KKT),
// the feasible set is a box cut by a hyperplane, and the method is the
// spectral projected gradient method (Birgin, Martínez and Raydan, SIAM J.
// Optim. 10, 2000) — Barzilai–Borwein steps, non-monotone Armijo line
// search, projections by multiplier bisection — started from the M-EP
// mapping. gonum/optimize has no constrained methods, so it is not used
// here. Optimality is certified by checkKKT.
func (g rateGroups) optimise(lambda float64, opt MapOptions) ([]float64, KKT, error) {
	maxIter := opt.MaxIter
	if maxIter <= 0 {
		maxIter = 500
	}
	tol := opt.KKTTol
	if !(tol > 0) {
		tol = 1e-6
	}
	K := len(g.mu)
	ub := make([]float64, K)
	for k, mu := range g.mu {
		ub[k] = mu * (1 - 1e-9)
	}
	// Start from M-EP (feasible, and near-optimal per §V).
	x := g.equalise(lambda, opt, func(level, mu float64) float64 { return opt.Model.lambdaForMean(level, mu) },
		func(mu float64) float64 { return opt.Model.Mean(0, mu) })
	x = project(x, ub, g.count, lambda)
	r, gr, err := g.mstGrad(x, opt.Model, opt.Integral)
	if err != nil {
		return nil, KKT{}, err
	}
	f := r.MST
	hist := []float64{f}
	dot := func(a, b []float64) float64 {
		s := 0.0
		for k := range a {
			s += g.count[k] * a[k] * b[k]
		}
		return s
	}
	// Initial step: a fraction of the distance to the bounds per unit of
	// gradient.
	gmax := 0.0
	for _, v := range gr {
		gmax = math.Max(gmax, math.Abs(v))
	}
	step := 0.01 * minSlice(g.mu) / math.Max(gmax, 1e-300)
	kkt := checkKKT(x, gr, g.mu, tol)
	it := 0
	for ; it < maxIter && !kkt.OK; it++ {
		z := make([]float64, K)
		for k := range z {
			z[k] = x[k] - step*gr[k]
		}
		p := project(z, ub, g.count, lambda)
		dvec := make([]float64, K)
		dmax := 0.0
		for k := range p {
			dvec[k] = p[k] - x[k]
			dmax = math.Max(dmax, math.Abs(dvec[k])/g.mu[k])
		}
		if dmax < 1e-15 {
			break
		}
		gd := dot(gr, dvec)
		fmax := hist[0]
		for _, v := range hist {
			fmax = math.Max(fmax, v)
		}
		t := 1.0
		var xn, grn []float64
		var fn float64
		for {
			xn = make([]float64, K)
			for k := range xn {
				xn[k] = x[k] + t*dvec[k]
			}
			rn, gn, err := g.mstGrad(xn, opt.Model, opt.Integral)
			if err == nil && rn.MST <= fmax+1e-4*t*gd {
				fn, grn = rn.MST, gn
				break
			}
			t *= 0.5
			if t < 1e-12 {
				return x, kkt, fmt.Errorf("%w: line search failed at iteration %d (KKT residual %.3g)", ErrMapping, it, kkt.MaxInteriorDev)
			}
		}
		s := make([]float64, K)
		y := make([]float64, K)
		for k := range s {
			s[k] = xn[k] - x[k]
			y[k] = grn[k] - gr[k]
		}
		if sy := dot(s, y); sy > 0 {
			step = math.Min(1e12, math.Max(1e-12, dot(s, s)/sy))
		} else {
			step = 1e12
		}
		x, gr, f = xn, grn, fn
		hist = append(hist, f)
		if len(hist) > 10 {
			hist = hist[1:]
		}
		kkt = checkKKT(x, gr, g.mu, tol)
	}
	kkt.Iterations = it
	return x, kkt, nil
}

func minSlice(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

// checkKKT evaluates the optimality conditions of eq. (15) with the bounds
// λ_i ≥ 0: the multiplier α is the median of g over the loaded classes.
func checkKKT(x, grad, mu []float64, tol float64) KKT {
	var interior []float64
	for k := range x {
		if x[k] > 1e-12*mu[k] {
			interior = append(interior, grad[k])
		}
	}
	var k KKT
	if len(interior) == 0 {
		return k
	}
	s := append([]float64(nil), interior...)
	sort.Float64s(s)
	alpha := s[len(s)/2]
	k.Multiplier = alpha
	k.MaxBoundViolate = math.Inf(-1)
	for i := range x {
		if x[i] > 1e-12*mu[i] {
			k.MaxInteriorDev = math.Max(k.MaxInteriorDev, math.Abs(grad[i]-alpha)/alpha)
		} else {
			k.MaxBoundViolate = math.Max(k.MaxBoundViolate, (alpha-grad[i])/alpha)
		}
	}
	if math.IsInf(k.MaxBoundViolate, -1) {
		k.MaxBoundViolate = 0
	}
	k.OK = k.MaxInteriorDev <= tol && k.MaxBoundViolate <= tol
	return k
}
