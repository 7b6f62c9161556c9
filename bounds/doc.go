// Package bounds computes, for an overlapping tandem queue instance (Lin,
// Wierman, Zhang and Tan, "Joint Optimization of Overlapping Phases in
// MapReduce", model (1)), the approximation guarantees of the paper's two
// policies and lower bounds on the optimal total response time Σ (C_i − r_i).
//
// Guarantees (sizes normalised by the capacities, x_i/μ_m and y_i/μ_c, as
// the paper normalises μ_m = μ_c = 1 in §2.1):
//   - α = max_i max(x_i/y_i, y_i/x_i) (Theorem 3, Corollary 4): MaxSRPT is
//     2α/(1+α)-speed 1-competitive and, for batches, a 2α/(1+α)
//     approximation. A job with a zero size has an infinite ratio (α = ∞,
//     guarantee 2, the limit).
//   - β (Theorem 5, Corollary 6): Algorithm 2 defines β(t) as the minimum of
//     max(x_i/y_i, y_i/x_i) over the jobs in the system at time t, and
//     Theorem 5 uses β = min_t β(t). Every job is in the system at some
//     time, so β = min_i max(x_i/y_i, y_i/x_i), which is exactly the batch
//     definition of Corollary 6 (the extracted text prints both as "min").
//     SplitSRPT is (1 + 1/β)-speed 1-competitive and a (1 + 1/β)
//     approximation for batches. β = ∞ (every job has a zero size) gives 1.
//
// Lower bounds on OPT = min Σ (C_i − r_i):
//   - Paper51: the bound of §5.1: two single-server systems A (sizes x_i/μ_m)
//     and B (sizes y_i/μ_c) run SRPT; the time axis is cut where both are
//     idle, and each group of jobs contributes the larger of its SRPT total
//     response times in A and in B.
//   - PrefixBatch (batch only): the k-th completion is no
//     earlier than the sum X_(k)/μ_m of the k smallest map sizes, nor than
//     Y_(k)/μ_c, so OPT ≥ Σ_k max(X_(k)/μ_m, Y_(k)/μ_c).
//   - Counting (any releases): the number of jobs the
//     tandem has completed by time t is at most min(N_A(t), N_B(t)), the
//     completion counts of SRPT in A and B (SRPT maximises the number of
//     completions by every time t on one server: Schrage 1968, Smith 1978),
//     so OPT ≥ ∫ (arrived(t) − min(N_A(t), N_B(t))) dt. With d_k the k-th
//     smallest SRPT completion in A and e_k in B this integral has the
//     closed form Σ_k max(d_k, e_k) − Σ_i r_i; for a batch it equals
//     PrefixBatch.
//   - Mixed, Exclusion, BusyPeriods (any releases): the mixed-station
//     counting bound (one server of speed 1 for the sizes α·x + (1−α)·y,
//     per rank the best α), the same with, below each threshold t, the
//     jobs whose standalone completion is ≥ t removed, and the sum of
//     either (or the subset bound) over the busy periods of the
//     single-server relaxations; each proved in its doc comment.
//   - Weighted, CriticalPath, Precedence (weights and dependencies, on
//     Σ w_i (C_i − r_i)): the mean-busy-time bound of preemptive WSPT on the
//     mixed server (Goemans 1997), the longest chain of work before each
//     job, and the Lagrangian relaxation of the precedence constraints
//     C_j ≥ C_p + max(x_j/μ_m, y_j/μ_c) in the first (van de Velde 1995).
//   - RankBatch, DeadlineProof: the rank-by-rank bound on batches (with
//     a Lagrangian relaxation of the nesting of the ranks' sets up to
//     RankNestMaxN jobs), and certificates that no schedule meets the
//     deadlines.
//
// The LP relaxation of the exact MIP, which needs an LP engine, is
// mipform.LPRelaxation; package exact (exact.InstanceBounds) gathers every bound
// with its source.
//
// Dominance (proved in the comments of PrefixBatch and Counting and checked
// by the tests): PrefixBatch ≥ Paper51 on batches and Counting ≥ Paper51 on
// every instance.
package bounds
