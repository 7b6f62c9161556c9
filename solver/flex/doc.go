// Package flex implements CIRCUMFLEX and FLEX, the shared-scan planners of
// Wolf et al., "CIRCUMFLEX: A Scheduling Optimizer for MapReduce Workloads
// Involving Shared Scans" (§2–4, appendices A–B), with the BATCH baseline
// of §4.
//
//   - Build: cyclic piggybacking (§2.2, Fig. 3) turns the active jobs and
//     how far each has scanned into subjobs (d,1)…(d,K_d) with remaining
//     work, concurrency level K_d − k + 1, chain precedence (§3.1) and
//     slot limits per A.1; semi-shared scans (Fig. 4) become Venn regions
//     with precedence from more to less overlapped (§3.3).
//   - GSR: the Generalized Smith's Rule for chains (§3.2, B.1), optimal for
//     1|chains|ΣwC — minisum response, weighted response and stretch.
//   - BDP: Backwards Dynamic Programming, Lawler's rule (§3.2, B.2), optimal
//     for 1|prec|f_max with any non-decreasing penalties — the 8 minimax
//     metrics, on chains or any DAG.
//   - Pack: Ready List Malleable Packing (§3.3, B.3) and Validate, an
//     independent checker of malleable schedules.
//   - Metrics: the 16 FLEX metrics of A.2 (11 optimised with chains, 8 with
//     semi-shared scans; documented heuristic or ErrUnsupported otherwise).
//   - MakePlan: the two CIRCUMFLEX steps for one instant.
//   - Simulate: the epoch-based simulation of §4 / A.4 for FLEX (no
//     sharing), CIRCUMFLEX and BATCH (windows of length W per dataset,
//     offset evenly, FLEX on the batches).
//   - Study: the 225-point × repetitions experiment of §4 (Fig. 5–6),
//     shardable through package sweep.
//
// FLEX, CIRCUMFLEX and BATCH share one code path: a job's scan of a dataset
// is a Copy in a sharing group; CIRCUMFLEX puts every job in one group per
// dataset, FLEX gives every job its own, BATCH one per batch. FLEX is then
// exactly the CIRCUMFLEX machinery on unshared copies (each job a chain of
// one subjob), which is what FLEX [7] computes.
//
// The package never prints; the command "mrsched flex" wraps it.
package flex
