// Package flex implements CIRCUMFLEX and FLEX, the shared-scan planners of
// Wolf et al., "CIRCUMFLEX: A Scheduling Optimizer for MapReduce Workloads
// Involving Shared Scans" (§2–4, appendices A–B), and the BATCH baseline of
// §4: subjobs by cyclic piggybacking (§2.2, §3.1), their order by the
// Generalized Smith's Rule (GSR, §3.2, B.1) or backwards dynamic
// programming (BDP, §3.2, B.2), Ready List Malleable Packing (Pack, §3.3,
// B.3) with an independent checker (Validate), the 16 metrics of A.2, one
// instant's plan (MakePlan, PlanAt), the epoch simulation of §4 / A.4
// (Simulate), the §4 study (Fig. 5–6) as a sweep, and the parameter map
// of the study's unstated parameters against Fig. 5 (RunMap: m_j, M_j,
// the BATCH window and the scan block time). docs/flex.md has the
// package map and the derivations; the package never prints.
package flex
