package fastlp

// Prices returns dual prices (α_k, β_k), k = 1..n, of the map and shuffle
// rows of the last ValueNorm or Value solve: the simplex's duals clipped to
// α, β ≥ 0 and scaled into α_k + β_k ≤ w_k = n−k+1 (with Solver.Weight:
// the total weight of positions k..n), as in the certificate (doc.go). Any
// such prices give the lower bound Σ_j min_{f_j≤k≤k'≤e_j} (x_j α_k + y_j
// β_k') on the LP (f_j = 1 without Solver.After, else the position after
// j's last predecessor) (weak duality; x, y the
// normalised sizes). The prices are floats: a caller that needs a proven
// bound re-checks the constraints and evaluates the sum in exact
// arithmetic (package ratsearch).
func (s *Solver) Prices() (alpha, beta []float64) {
	n := s.n
	alpha, beta = make([]float64, n), make([]float64, n)
	if s.scale == 0 {
		return alpha, beta
	}
	for k := 0; k < n; k++ {
		a, b := max(0, -s.dual[n+k]), max(0, -s.dual[2*n+k])
		if a+b > s.w[k] {
			f := s.w[k] / (a + b)
			a, b = a*f, b*f
		}
		alpha[k], beta[k] = a, b
	}
	return alpha, beta
}
