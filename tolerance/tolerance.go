package tolerance

import "math"

const (
	// Rel is the relative part of the tolerance: about 2^-30, i.e. roughly
	// 10^6 accumulated rounding errors of float64 arithmetic (unit roundoff
	// 1.1e-16), which covers event-driven simulations of 10^6 jobs whose
	// remaining sizes are updated by subtraction at every event.
	Rel = 1e-9
	// Abs is the absolute part, for quantities that should be exactly zero
	// (remaining work of a finished job, a rate of a job that is not served).
	Abs = 1e-9
	// Engine is the accuracy of values from an LP/MIP engine (HiGHS and CBC
	// work to primal and dual feasibility tolerances of 1e-7) or from the
	// brute force's simplex: tests compare such values with gonum's
	// scalar.EqualWithinAbsOrRel(a, b, Engine, Engine), that is
	// |a−b| ≤ Engine·max(1, |a|, |b|).
	Engine = 1e-6
)

// Slack returns the admissible difference between a and b.
func Slack(a, b float64) float64 {
	return Abs + Rel*math.Max(math.Abs(a), math.Abs(b))
}

// Eq reports whether a and b agree within the tolerance.
func Eq(a, b float64) bool { return math.Abs(a-b) <= Slack(a, b) }

// LE reports whether a ≤ b within the tolerance.
func LE(a, b float64) bool { return a <= b+Slack(a, b) }

// GE reports whether a ≥ b within the tolerance.
func GE(a, b float64) bool { return a+Slack(a, b) >= b }

// Zero reports whether a is zero within the absolute tolerance.
func Zero(a float64) bool { return math.Abs(a) <= Abs }
