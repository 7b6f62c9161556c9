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
package mipform
