// Package portfolio solves the overlapping tandem queue (Lin, Wierman, Zhang
// and Tan, model (1); §3) exactly by running two exact methods side by side
// on the two cores of a planner's machine: the branch-and-bound search of
// package search and the MIP of package mipform on a MIP engine chosen by
// ChooseMIP from measurements (docs/appendix/exact.md, "Engine choice"): the cbc
// program (package solver/cbccli) for batches, glpsol (package solver/glpk)
// with release dates. The MIP proves log-normal batches the search cannot,
// while the search wins on Taillard instances. The MIP's proven bound is handed to the search, which
// stops as soon as its incumbent meets it; when the search proves
// optimality first, the MIP is cancelled.
//
// The answer does not depend on which method finished first. The search
// alone decides the schedule: a bound from the MIP stops it but never
// steers it, and its incumbents improve by more than its pruning tolerance,
// so at most one of them meets a bound (package search, Options.Bound).
// Only when the limit ends with the MIP's schedule better than the
// search's (the MIP proved optimality, or found a better schedule, and the
// search did not catch up) is the MIP's schedule returned — a case where
// the time limit is hit. The lower bound is the best of the search's proof
// (open nodes or exhaustion) and the MIP's best bound, and "optimal" is
// reported only when it equals the objective within package tolerance.
package portfolio
