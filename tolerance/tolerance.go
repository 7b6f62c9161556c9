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

// Representable instances. A simulator or solver computes event times as
// t + d, where t is at most the instance's time scale T (the horizon: the
// largest release plus every job's map and shuffle duration) and d is one
// job's duration (a size divided by its capacity). In float64 the sum is
// rounded to the nearest multiple of ulp(t) ≤ 2^-52·T, an error of at most
// u·T with unit roundoff u = 2^-53. For d to keep k significant bits after
// the addition, that error must stay below 2^-k·d:
//
//	2^-53·T ≤ 2^-k·d   ⇔   T/d ≤ 2^(53−k).
//
// With k = DurationBits = 8 (every duration within 0.4 % of its size at
// the last event of the horizon) the ratio of the time scale to the
// smallest non-zero duration must not exceed MaxTimeRatio = 2^45 ≈
// 3.5·10^13. A release of 1e200 with sizes 1 (ratio 1e200, r + x == r),
// or sizes 1e-20 next to a horizon of 1, breaks it; the log-normal
// workload of 10^6 jobs (ratio about 1.6·10^12) keeps it. The stricter
// bound Rel/u ≈ 9·10^6, which would keep every single duration within Rel,
// is not required: tolerance comparisons are made on totals and rates,
// whose relative rounding error is that of the largest terms.
//
// Durations must also be normal numbers (at least MinNormal): a subnormal
// value has fewer than 53 significant bits, and one that underflows to 0
// turns a job into one of size 0.
const (
	// DurationBits is k above: the significant bits a job's duration keeps
	// when it is added to a time of the instance's time scale.
	DurationBits = 8
	// MaxTimeRatio is 2^(53−DurationBits) = 2^45: the largest admissible
	// ratio of an instance's time scale to its smallest non-zero duration.
	MaxTimeRatio = 1 << (53 - DurationBits)
	// MinNormal is the smallest positive normal float64, 2^-1022 ≈
	// 2.2·10^-308: non-zero sizes, capacities and durations below it are
	// refused.
	MinNormal = 0x1p-1022
)
