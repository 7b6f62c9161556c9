// Package fastlp evaluates the fixed-completion-order linear program of
// the overlapping tandem queue (Lin, Wierman, Zhang and Tan, model (1);
// docs/appendix/exact.md, "The fixed-order LP (package orderlp): derivation") for batch
// instances, one to two orders of
// magnitude faster than handing the LP of package orderlp to an engine.
// It is the default evaluator of the exact search and of polish.
//
// # The slice formulation
//
// Normalise sizes by the capacities (x_j = map_j/μ_m, y_j = shuffle_j/μ_c,
// both stations then have rate 1). Fix the completion order π; interval k
// (k = 1..n) ends at the k-th completion C_k, has length d_k ≥ 0, and job
// π(p) may be served in intervals 1..p. The LP of package orderlp is
//
//	min Σ_k (n−k+1) d_k   s.t. per-interval capacities, totals, and the
//	progress rule  v_jk ≤ u_jk  (cumulative shuffle fraction ≤ map fraction
//	at every interval end).
//
// Cut each job into infinitesimal slices s ∈ (0,1] (its map work x_j ds and
// shuffle work y_j ds). For a solution of the LP, slice s of job j is
// "mapped" in κ(s) = min{k : u_jk ≥ s} and "shuffled" in κ'(s) = min{k :
// v_jk ≥ s}; v ≤ u gives κ(s) ≤ κ'(s). With z_j(k,k') the measure of the
// slices with (κ, κ') = (k, k'), Σ_k' z_j(k,k') = u_jk − u_j,k−1 and
// Σ_k z_j(k,k') = v_jk' − v_j,k'−1, so the loads of every interval are
// unchanged. Conversely any z ≥ 0 with Σ z_j = 1 and pairs k ≤ k' ≤ e_j
// (e_j the position of j) gives cumulative fractions u_jk = Σ_{k”≤k} Σ_k'
// z_j(k”,k') ≥ Σ_{k”≤k'≤k} z_j(k”,k') = v_jk, i.e. an LP solution. So
// the LP equals the *slice LP*
//
//	min Σ_k w_k d_k,   w_k = n−k+1
//	s.t. Σ_{k≤k'≤e_j} z_j(k,k') = 1                       (one row per job)
//	     Σ_j x_j Σ_k' z_j(k,k') − d_k ≤ 0                   (map, per k)
//	     Σ_j y_j Σ_k  z_j(k,k') − d_k ≤ 0                   (shuffle, per k)
//	     z, d ≥ 0,
//
// which has only 3n rows (O(n³) columns). Its dual is
//
//	max Σ_j min_{k≤k'≤e_j} (x_j α_k + y_j β_k')   s.t. α, β ≥ 0, α_k + β_k ≤ w_k:
//
// at map price α_k and shuffle price β_k each job buys its cheapest slice
// pair. The columns are therefore priced implicitly in O(e_j) per job (a
// running minimum of α), and the LP is solved by a revised primal simplex
// with a dense 3n × 3n basis inverse, Dantzig pricing over the implicit
// columns and Bland's rule after a run of degenerate pivots (anti-cycling).
// The starting basis serves the jobs one after the other (z_j(e_j,e_j) = 1).
// Solver and Release run the same simplex kernel (kernel.go: basis,
// pricing, ratio test, pivot, re-inversion, duals); each supplies only its
// interval, slack and artificial columns and what to do at an optimum.
//
// # Certificate
//
// Each answer is certified by weak duality: the primal value is recomputed
// from the cleaned slice solution (z clipped at 0 and renormalised per job,
// d_k = max(map load, shuffle load)), so it is the value of a feasible
// schedule; the dual prices are clipped to α, β ≥ 0 and scaled into
// α_k + β_k ≤ w_k, so the dual objective is a valid lower bound. Value
// returns the primal value only when the two agree to CertRel (relative);
// otherwise it re-inverts the basis and continues, and reports ErrNumerical
// if that does not help. The answers are therefore exact to ~1e-9 relative
// (the engines' LP answers are accurate to ~1e-7).
//
// The LP of the first k positions of an order alone (the other jobs
// removed) is a lower bound on Σ_{i≤k} C_i for every schedule whose order
// starts with them (removing jobs relaxes every constraint); package search
// uses it for prefix bounds.
//
// Weights and dependencies (Solver.Weight, Solver.After; Value, Solve and
// Release take them from the instance): interval k costs the total weight
// of the positions k..n instead of n−k+1, and a job's slice pairs start
// after its last predecessor's position (k ≥ f_j), which is the orderlp
// rule that a job has no columns up to that completion; the dual is the
// same with the minimum over f_j ≤ k ≤ k' ≤ e_j. With Release the first
// sub-interval of a position is moved after its predecessors' completion
// sub-intervals. Neither changes the rows, so the cold and warm bases and
// the certificate are unchanged.
//
// Release dates: Release (release.go) solves the fixed-plan LP of package
// orderlp with release periods — the same slice reformulation per
// sub-interval, period-length rows, two phases with a Farkas certificate
// of infeasibility (docs/appendix/exact.md, "The release-date slice LP").
package fastlp
