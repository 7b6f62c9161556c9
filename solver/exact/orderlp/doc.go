// Package orderlp solves the overlapping tandem queue (Lin, Wierman, Zhang
// and Tan, model (1)) exactly for a fixed completion order — and, with
// release dates, a fixed interleaving of completions with release times —
// by a linear program over the sub-intervals the completions cut, and turns its solution into a schedule that passes the
// independent validator (package validate). A fixed order means C_π(1) ≤
// C_π(2) ≤ … on the validator's completion times: the LP optimum is the
// infimum over such schedules; Solve may return a better schedule of
// another order (a job done before its slot), SolveOrder one that keeps
// the order (Result.OrderKept). The derivation, the meaning of a fixed
// order and the repair of engine tolerances are in docs/exact.md.
//
// Weights and dependencies (instances.Job.Weight, After): the objective is
// Σ w_j (C_j − r_j) (the d_q of a sub-interval costs the total weight of
// the completions of its period at or after it); a plan must complete
// every job after its predecessors (Plan.Check rejects one that does
// not), and a job has no map or shuffle column in the sub-intervals up to
// its last predecessor's completion, so every decoded schedule serves it
// only after that predecessor completes. An optimal schedule completes a
// successor strictly after its predecessors (it has positive work, all
// done after them), so the minimum over the plans that respect the
// dependencies is the optimum.
package orderlp
