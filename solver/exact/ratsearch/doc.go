// Package ratsearch computes exact optima of the overlapping tandem queue
// (Lin, Wierman, Zhang and Tan, model (1) of §2.1; batches: every job
// released at the same time) in rational arithmetic (math/big), for
// instances whose decisive differences lie below floating-point resolution,
// such as the Theorem 1 reductions of package reductions (appendix A).
// It is the exact search of package search
// (docs/exact.md) with every decision exact: the fixed-order LP in its slice
// form (package fastlp) solved by a revised primal simplex over big.Rat
// whose final basis is certified exactly (basic values ≥ 0, every reduced
// cost ≥ 0, dual value = primal value); branch-and-bound over completion
// orders with the subset bound h(S) tabulated exactly, node bounds from the
// float prefix LP's dual prices made exactly feasible and summed in integer
// arithmetic (weak duality, so a float error can only weaken a bound, never
// invalidate it), and the dominance rule of package dominance compared
// exactly; a float search only proposes the first incumbent order. Every
// schedule returned passed rational.Verify, and Status is mip.Optimal
// exactly when the proven lower bound equals the objective as rationals.
//
// API: Solve(ctx, in, Options) → *Result (Status, Objective, LowerBound,
// BoundSource, Order, Schedule, Stats; Options: TimeLimit/Start, NodeLimit, Progress,
// Orders to seed incumbents); SolveOrder(ctx, in, order) → the exact LP
// optimum of one completion order and its verified schedule;
// Result.View and ScheduleJSON for output (exact numbers as "p" or "p/q"
// strings). Instances come from rational.ReadFile (JSON decimals read
// exactly) or reductions.Reduction.Rational. Method, certificates, limits
// and timings: docs/exact.md, "Exact rational mode".
package ratsearch
