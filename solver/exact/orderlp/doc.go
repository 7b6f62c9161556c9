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
package orderlp
