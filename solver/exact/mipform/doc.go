// Package mipform builds and solves the exact mixed-integer programs of the
// overlapping tandem queue (Lin, Wierman, Zhang and Tan, model (1); the
// problem is strongly NP-hard even for batches, §3.1, Theorem 1): the
// batch MIP (completion positions with assignment binaries) and the release-date MIP (completion slots interleaved
// with the release times, formulation 3), both sharing the capacity, total
// and progress rows of the fixed-order LP (orderlp.AddWorkRows), with valid
// tie-breaking rows for identical jobs; Solve decodes the MIP's plan and
// re-solves it with package orderlp for a validated schedule, and
// LPRelaxation gives the relaxation's optimum as a lower bound. The
// derivation, the proof that the optimum is OPT and the tie rows are in
// docs/exact.md.
//
// Weights and dependencies (instances.Job.Weight, After): the release-date
// MIP's completion columns cost w_j (offset −Σ w_j r_j); the batch MIP
// keeps its interval costs n−k without weights and otherwise moves the
// objective onto completion columns C_j with big-M rows from its slot
// (addWeightedCompletions); both get precedence rows — a job's slot after
// each predecessor's and no service before that slot — (addPrecedenceRows),
// and identical jobs for the tie rows also share weight, predecessors and
// successors. LPRelaxation relaxes the same model.
package mipform
