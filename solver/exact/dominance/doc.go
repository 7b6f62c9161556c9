// Package dominance implements a provable completion-order dominance rule
// for the overlapping tandem queue (Lin, Wierman, Zhang and Tan, model (1)):
// for jobs i, j with
//
//	x_i ≤ x_j,  y_i ≤ y_j,  r_i ≤ r_j  and  y_i·x_j ≥ y_j·x_i
//
// (i is no larger than j in either phase, released no later, and at least
// as shuffle-heavy), some optimal schedule completes i no later than j.
// Jobs identical in all three numbers are ordered by index. Package search
// explores only completion orders that respect the rule (Precedes), which
// also strengthens its subset bound.
//
// # Proof (exchange argument)
//
// Normalise the capacities to 1. Let σ be an optimal schedule with C_j <
// C_i. Let M(t) and S(t) be the map and shuffle work done on i and j
// together by time t under σ, and m_i, m_j, s_i, s_j the parts of each job
// (s_i ≤ ρ_i m_i, s_j ≤ ρ_j m_j with ρ = y/x, the progress rule). Build σ'
// equal to σ on every other job; on i and j, serve the combined rates of σ
// to i first: i gets M_i = min(M, x_i) map work and S_i = min(S, y_i)
// shuffle work, j the rest, M_j = M − M_i and S_j = S − S_i. Capacities are
// those of σ. Releases hold: before r_j, M = m_i ≤ x_i and S = s_i ≤ y_i,
// so j gets nothing. Progress of i: S ≤ ρ_i m_i + ρ_j m_j ≤ ρ_i M because
// ρ_j ≤ ρ_i, so min(S, y_i) ≤ min(ρ_i M, ρ_i x_i) = ρ_i M_i. Progress of
// j: if M ≤ x_i then S ≤ ρ_i M ≤ y_i and S_j = 0; otherwise
// S − y_i ≤ ρ_i(m_i − x_i) + ρ_j m_j ≤ ρ_j(m_i − x_i) + ρ_j m_j = ρ_j M_j
// (m_i − x_i ≤ 0 and ρ_j ≤ ρ_i). At C_j, M ≥ x_j ≥ x_i and S ≥ y_j ≥ y_i,
// so i completes by C_j in σ', and j by C_i. The sum of the two
// completions does not grow, so σ' is optimal. Zero sizes follow from the
// same inequalities written without division (a job with x = 0 has no
// progress constraint).
//
// Applied to all pairs at once: fix a linear extension L of the relation
// (it is acyclic, since a cycle would need identical jobs, which are
// ordered by index). Exchanging a pair i ≺ j completed in the order j, i
// swaps their positions in the completion order, which strictly decreases
// the number of inversions with respect to L; so after finitely many
// exchanges an optimal schedule respects every pair.
//
// The rule without the ratio condition is false in general as an exchange
// (the combined shuffle can run ahead of i's own progress when i is the
// map-heavier job), so it is not applied; the tests check the rule against
// brute force over all completion orders.
//
// The proof uses unit weights and independent jobs. With weights other
// than 1 or dependencies (instances.Job.Weight, After) the rule is switched
// off: Precedes is false (an exchange that completes a smaller job first
// can delay a heavier one, or serve a job before its predecessors).
package dominance
