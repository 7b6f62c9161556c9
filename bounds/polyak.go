package bounds

// polyak is the step rule of this package's subgradient ascents
// (Precedence's multipliers, RankBatch's nesting stage): Polyak's step
// θ·(target − value)/‖g‖² (Polyak 1969; Held, Wolfe and Crowder 1974),
// with θ halved after stall values in a row that do not beat the best.
type polyak struct {
	theta float64 // the step factor
	best  float64 // the best value observed
	stall int     // values in a row without a better best
	limit int     // the stall count at which θ halves
}

// observe records the value at the current multipliers and reports
// whether it is the best so far.
func (p *polyak) observe(v float64) bool {
	if v > p.best {
		p.best, p.stall = v, 0
		return true
	}
	if p.stall++; p.stall >= p.limit {
		p.theta, p.stall = p.theta/2, 0
	}
	return false
}

// step is the step length towards target from value v along a
// subgradient of squared norm norm (> 0).
func (p *polyak) step(target, v, norm float64) float64 {
	return p.theta * (target - v) / norm
}
