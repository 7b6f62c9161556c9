// Package orderlp solves the overlapping tandem queue (Lin, Wierman, Zhang
// and Tan, model (1)) exactly for a fixed completion order — and, with
// release dates, a fixed interleaving of completions with release times —
// by a linear program, and turns its solution into a schedule that passes
// the independent validator (package validate).
//
// # The linear program (issue 4, formulation 1)
//
// Let ρ_0 < ρ_1 < … < ρ_{m−1} be the distinct release times (a batch has
// m = 1, ρ_0 = 0). A Plan gives the completion order π and, for each
// position k, the release period l(k) (ρ_l ≤ C_k ≤ ρ_{l+1}) in which π(k)
// completes. Time is cut into sub-intervals, in time order: inside period l,
// one sub-interval ends at each completion placed in l, and (for l < m−1) a
// trailing one ends at ρ_{l+1}. With d_q ≥ 0 the length of sub-interval q:
//
//	minimise   Σ_k C_k − Σ_j r_j,   C_k = ρ_{l(k)} + Σ_{q ≤ q(k), q in period l(k)} d_q
//	subject to Σ_{q in period l} d_q = ρ_{l+1} − ρ_l                 (l < m−1)
//	           Σ_j a_jq ≤ μ_m d_q,   Σ_j b_jq ≤ μ_c d_q              (capacities)
//	           Σ_q a_jq = x_j,       Σ_q b_jq = y_j                  (totals)
//	           (1/y_j) Σ_{q'≤q} b_jq' ≤ (1/x_j) Σ_{q'≤q} a_jq'        (progress, x_j, y_j > 0)
//	           a_jq, b_jq ≥ 0, defined only for the sub-intervals q after
//	           job j's release period and up to the one ending at its completion.
//
// Inside a sub-interval the rates are constant, so cumulative work is linear
// in time and the progress rule of model (1) holds throughout a sub-interval
// when it holds at both ends; conversely averaging any feasible schedule's
// rates over the sub-intervals keeps every constraint, so the LP optimum is
// the best total response time among schedules with this completion order
// (and interleaving). The map station need not follow the completion order:
// for jobs (10,1), (1,10) completing in that order the optimum, 22, maps the
// second job first (issue 4).
//
// # What "fixed order" means
//
// A completion order π is the constraint C_π(1) ≤ C_π(2) ≤ … ≤ C_π(n) on the
// completion times as the validator computes them (the first instant at
// which both of a job's totals are done; ties allowed). Every schedule with
// that order, averaged over the sub-intervals its completions cut, is a
// feasible LP point with the same total, so the LP optimum is a lower bound
// on, and (shrinking a small share of each job's work into the end of its
// sub-interval) the infimum of, the totals of such schedules. In an LP
// solution a job may finish its work before the end of its sub-interval —
// a zero-map job, say, done in the first one (issue 12: total 38 for an
// order whose optimum is 50): that schedule is another order's. Solve
// returns it as it is (the exact methods want the best schedule);
// SolveOrder, for a user's order, fixes the optimal interval lengths and
// re-solves for the schedule in which every job works until its completion
// (Result.OrderKept). The exact MIPs (package mipform) and package fastlp
// use the same rows (AddWorkRows) and the same notion: their optimum over
// all plans is OPT either way.
//
// Solving is delegated to a mip.Engine. The solution is repaired into a
// schedule whose totals are exact and whose progress rule holds exactly
// (cumulative shuffle fractions are clipped to the map fractions), and
// segments whose load exceeds a capacity by the engine's feasibility
// tolerance are stretched; the resulting total response time can therefore
// exceed the LP value by about the engine tolerance (1e-7 relative).
package orderlp
