// Package report puts the schedules of heuristics beside optima, lower
// bounds and the guarantees of Lin, Wierman, Zhang and Tan, "Joint
// Optimization of Overlapping Phases in MapReduce" (§4: Theorems 3 and 5,
// Corollaries 4 and 6; §5.1: the lower bound used for "relative E[T]").
//
// A report runs a list of methods on a list of instances. A method is
// resolved by name through a small registry (Register, Resolve) so that new
// solvers plug in without touching the report: the simulator's policies
// (fifo, ps, klps[:k], klps-maponly[:k], maxsrpt, splitsrpt,
// splitsrpt-strict), the lower bounds of package bounds (lb51, lbcount,
// lbprefix), and whatever other packages register (exact optima, polish).
//
// For every instance the report gives each method's total and mean response
// time; OPT when a method proved optimality, otherwise the best lower and
// upper bounds and their gap (UB − LB)/UB; each method's ratio to OPT, or to
// the best lower bound when OPT is unknown (marked ratio_basis
// "lower_bound": such a ratio over-estimates the true one); the instance's
// α = max_i max(x_i/y_i, y_i/x_i) and β = min_i max(x_i/y_i, y_i/x_i) with the
// batch guarantees 2α/(1+α) of MaxSRPT (Corollary 4) and 1 + 1/β of SplitSRPT
// (Corollary 6).
//
// # Guarantee checks
//
// On a batch instance the corollaries say total(MaxSRPT) ≤ 2α/(1+α)·OPT and
// total(SplitSRPT) ≤ (1+1/β)·OPT. The check is rigorous in both directions:
//   - "ok": the ratio to OPT, or to a proven lower bound (≤ OPT), is within
//     the guarantee (tolerance.LE);
//   - "VIOLATION": the total exceeds the guarantee times OPT, or times the
//     best feasible schedule found by any method (≥ OPT) — a proof that the
//     implementation (or the paper) is wrong, flagged loudly;
//   - "unknown": neither can be shown with the bounds at hand;
//   - "n/a": an online instance (the corollaries are for batches; Theorems 3
//     and 5 are speed-augmentation results, not ratios).
//   - "none": an instance with job dependencies or unequal weights
//     (GuaranteesNone): the theorems are about independent jobs and the
//     unweighted total, so there is no guarantee to check and the
//     instance's guarantee ratios are NaN (null in JSON).
//
// The objective of every method is the weighted total response
// Σ w (C − r) (the total response when every weight is 1); a method that
// does not take an instance's weights or dependencies is a row with status
// "not_applicable" and its reason.
//
// Independently of guarantees, a schedule below a proven lower bound, or a
// proven optimum above another method's feasible schedule, is flagged as a
// violation too (one of the two is wrong).
//
// # Determinism
//
// Instances are independent cells of a sweep.Sweep: the runner is parallel
// across instances (a worker pool) and the output is identical for any
// number of workers, for any sharding, and after a kill and resume. Wall
// clock times are never part of the output. Methods with a time limit are
// deterministic only when they finish within it; their status says so.
package report
