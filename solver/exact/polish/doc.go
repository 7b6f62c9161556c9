// Package polish is a heuristic for planners: it
// starts from the best of the paper's policies (MaxSRPT §4.1, SplitSRPT
// §4.2) and FIFO/PS as simulated by package fluid, re-optimises the
// schedule of that completion order with the fixed-order LP (package
// orderlp; the LP optimum of a policy's own order is never worse than the
// policy, because the policy's schedule is feasible for it), and then
// improves the order by local search — adjacent swaps, then moving one job
// to another position — with the LP as evaluator, first improvement, until
// no move improves or the time limit is reached. The result is a validated
// schedule and its value; it proves nothing about optimality by itself
// (callers pair it with a lower bound from package bounds).
//
// With release dates a candidate order is turned into a plan by simulating
// the fixed-priority policy fluid.Order on it and placing each completion in
// the release period where that schedule completes it (a feasible plan).
//
// With weights and dependencies (instances.Job.Weight, After) the objective
// is Σ w_j (C_j − r_j) (the weighted LPs of packages fastlp and orderlp),
// a move that completes a job before one of its predecessors is not
// evaluated (orderlp.Plan.Check refuses it), and the starts are the
// policies' weighted forms (package fluid: Smith's ratio for MaxSRPT and
// SplitSRPT, weighted shares for PS; FIFO ignores the weights).
package polish
