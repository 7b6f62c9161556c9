// Package ratsearch computes exact optima of the overlapping tandem queue
// (Lin, Wierman, Zhang and Tan, model (1) of §2.1; batches: every job
// released at the same time) in rational arithmetic (math/big.Rat), for
// instances whose decisive differences lie below floating-point resolution,
// such as the Theorem 1 reductions of package reductions (issue 15, point
// 1). It is the exact search of package search (docs/exact.md) with every
// number a rational: the fixed-order LP in its slice form (package fastlp)
// solved by a revised primal simplex over big.Rat whose final basis is
// certified exactly (primal values ≥ 0, every reduced cost ≥ 0, dual value
// = primal value), branch-and-bound over completion orders with the exact
// subset bound h(S), exact prefix-LP node bounds and the dominance rule of
// package dominance compared exactly, and a floating-point search that only
// proposes the first incumbent order (its value is recomputed exactly).
// Every schedule returned passed rational.Verify; Status is mip.Optimal
// exactly when the proven lower bound equals the objective as rationals.
//
// API: Solve(ctx, in, Options) → *Result (Status, Objective, LowerBound,
// Order, Schedule, Stats); SolveOrder(ctx, in, order) → the exact LP
// optimum of one completion order and its verified schedule. The method,
// what is certified how, and its limits: docs/exact.md, "Exact rational
// mode".
package ratsearch
