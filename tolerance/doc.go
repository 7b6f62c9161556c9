// Package tolerance is mrsched's single floating-point tolerance policy.
//
// Every comparison of computed quantities (work done against a job size,
// rates against a capacity, a claimed completion time against the one a
// schedule implies) uses Eq, LE or GE from this package with the named
// tolerances below, never an ad-hoc epsilon. A tolerance is mixed
// absolute/relative: two values agree when |a−b| ≤ Abs + Rel·max(|a|,|b|),
// so that it is meaningful both for sizes near 1 (the normalised workloads)
// and for the huge integers of the NMTS reduction.
//
// Where a certificate must be trusted regardless of rounding (the NMTS
// reduction's threshold, see package reductions) the check is done in exact
// rational arithmetic with math/big instead.
package tolerance
