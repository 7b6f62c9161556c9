// Package mipform builds and solves the exact mixed-integer programs of the
// overlapping tandem queue (Lin, Wierman, Zhang and Tan, model (1); §3.1
// proves the problem strongly NP-hard even for batches, Theorem 1), for
// batches and with release dates (issue 4, formulations 2 and 3).
//
// # Batch MIP (every r_j = 0)
//
// Completion positions k = 0…n−1, each filled by exactly one job:
// z_jk ∈ {0,1}, Σ_k z_jk = 1, Σ_j z_jk = 1. Interval k has length d_k ≥ 0,
// C_k = Σ_{k'≤k} d_k' and the objective is Σ_k C_k = Σ_k (n−k)·d_k. Job j
// receives map work a_jk and shuffle work b_jk in interval k; capacities,
// totals and the progress rule at interval ends are those of package
// orderlp. The link between positions and work is
//
//	a_jk ≤ x_j·(1 − Σ_{k'<k} z_jk'),   b_jk ≤ y_j·(1 − Σ_{k'<k} z_jk'),
//
// i.e. no work after the job's own position. The big-M constants are x_j and
// y_j: valid because a_jk ≤ Σ_k a_jk = x_j (work is non-negative), and the
// smallest valid ones. Every assignment z gives exactly the fixed-order LP
// of that completion order, so the MIP optimum is min over orders = OPT.
// Valid inequalities added to tighten the relaxation (they hold for every
// schedule, so they cut no optimum): C_k ≥ X_(k+1)/μ_m and C_k ≥ Y_(k+1)/μ_c
// (sums of the k+1 smallest sizes; package bounds, PrefixBatch), and
// μ_m·C_k ≥ Σ_j x_j Σ_{k'≤k} z_jk' (the map work of the jobs placed at
// positions ≤ k is done by C_k), likewise for the shuffle station.
//
// Both MIPs make identical jobs (same r, x, y) complete in index order
// (addTieRows; valid because relabelling identical jobs preserves
// feasibility and cost). Without these rows HiGHS 1.15.1's symmetry
// handling returned a sub-optimal 129.556 as Optimal on the Cor. 4
// instance n = 6, α = 10, ε = 0.2, whose optimum is 129.
//
// # Release-date MIP
//
// Let ρ_0 < … < ρ_{m−1} be the distinct release times and H = ρ_{m−1} +
// Σ_j x_j/μ_m + Σ_j y_j/μ_c. Each period [ρ_l, ρ_{l+1}] (the last one
// [ρ_{m−1}, H]) holds S_l slot sub-intervals (S_l = number of jobs released
// by ρ_l, the most that can complete in it) followed, for l < m−1, by a
// trailing sub-interval; their lengths d_q add up to ρ_{l+1} − ρ_l, and the
// last period's to at most H − ρ_{m−1}. Binary z_jq places job j's
// completion at the end of slot q (only slots of periods at or after j's
// release period); Σ_q z_jq = 1, at most one job per slot, and filled slots
// come first in their period (symmetry breaking). Work variables exist only
// for sub-intervals at or after the job's release period — releases are
// enforced structurally, without big-M — and are linked to z as in the batch
// MIP. With T_q = ρ_l + Σ_{q'≤q in period l} d_q' the end of slot q and
// L_j = r_j + max(x_j/μ_m, y_j/μ_c) ≤ C_j,
//
//	C_j ≥ T_q − M_jq·(1 − z_jq),  M_jq = max(0, U_q − L_j),
//
// with U_q = ρ_{l+1} (U_q = H in the last period) an upper bound on T_q, so
// the row is slack when z_jq = 0 (T_q − M_jq ≤ L_j ≤ C_j) and is C_j ≥ T_q
// when z_jq = 1. The objective is Σ_j C_j − Σ_j r_j.
//
// Exactness. (i) Every MIP solution is a schedule: constant rates in each
// sub-interval respect the capacities, work starts no earlier than the
// period that contains the job's release, the progress rule holds at every
// sub-interval end and hence throughout (cumulative work is linear inside a
// sub-interval), and job j finishes by T_q ≤ C_j for its slot q. (ii) Some
// optimal schedule is a MIP solution: H bounds the makespan of every
// optimal schedule, because after ρ_{m−1} (all jobs released) an instant at
// which both stations run below capacity before the last completion could
// be removed by speeding the whole schedule up on a short interval around
// it (the progress rule constrains cumulative work, which a time change
// preserves), which would strictly lower every later completion; so until
// the last completion at least one station is saturated at every instant
// after ρ_{m−1}, which takes at most Σ x_j/μ_m + Σ y_j/μ_c. Placing each job
// in the period containing its completion (a completion at ρ_{l+1} in period
// l), in completion order, and averaging the schedule's rates over the
// resulting sub-intervals gives a feasible MIP point of the same cost. So
// the MIP optimum is OPT. The tests check this against brute force over all
// completion orders and interleavings with release times.
package mipform
