// Package reductions implements the reduction of Theorem 1 of Lin, Zhang,
// Wierman and Tan, "Joint optimization of overlapping phases in MapReduce"
// (the overlapping tandem queue paper, §3.1 and appendix A): from an
// instance of Numerical Matching with Target Sums (NMTS, Definition 1) it
// builds a batch tandem instance and a threshold y on the total response
// time such that some schedule costs at most y if and only if the NMTS
// instance is a yes-instance.
//
// Every number of the reduction (the shift that makes g_i > 3Σf, the
// constants A and M, the job sizes and y) is a math/big integer. The tandem
// instance is written with float64 sizes only when every size is an integer
// of magnitude at most 2^53 (so that it is exactly representable); otherwise
// Tandem returns ErrNotRepresentable.
//
// From a yes-certificate (π, σ) the proof's schedule — both stations serve
// the jobs in the priority order F_π(1), G_σ(1), H_1, F_π(2), …, H_q, E_1,
// E_2 — is built and verified in exact rational arithmetic by package
// reductions/rational, and costs exactly y.
//
// Appendix A's "cost ≤ y ⇒ yes" direction is wrong (no-instances have
// OPT < y; TestTheorem1Gap, testdata/theorem1-counterexamples.json).
// RepairedReduce builds the repaired construction of docs/appendix/hard.md
// (balanced Type-E jobs (M, M), larger A, threshold y_R), whose proof is
// checked inequality by inequality by the tests; Separate and RunStudy
// measure, with exact OPT (package solver/exact/ratsearch) or an exact
// interval per instance, whether OPT separates yes- from no-instances under
// either construction (docs/hard.md, "Theorem 1").
//
// Subpackages: nmts (Definition 1 instances, files, generators and an exact
// solver), rational (exact fluid schedules: priority-order construction and
// verification of model (1)), tight (the tightness families after Cor 4 and
// Cor 6), adversary (the online adversary of Theorem 2) and search (local
// search for bad batch instances, the open question of §6).
package reductions
