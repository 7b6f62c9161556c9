// Package study holds the studies of the overlapping tandem queue paper
// (Lin, Wierman, Zhang and Tan) as sharded sweeps (package shard), each
// with a renderer registered in package report so that 'mrsched merge'
// reproduces the unsharded output byte for byte:
//
//   - Tightness (§4, after Corollaries 4 and 6): on the tight families,
//     MaxSRPT (SplitSRPT) over OPT — exact where an exact method is
//     registered and n is small, bracketed otherwise between the ratio to
//     the paper's alternative schedule (an upper bound on OPT, so a lower
//     bound on the ratio) and the ratio to the best lower bound — against n,
//     approaching 2α/(1+α) (1 + 1/β).
//   - Fig7 (§5.2, Fig. 7a and 7b) on the SWIM Facebook traces: relative
//     E[T] = mean response time / (best lower bound / n) against load for
//     k-LPS, MaxSRPT and SplitSRPT, with the original sizes and with the
//     cube-root balancing of the size ratio.
//   - Fig9 (§5.3, Fig. 9): conditional mean slowdown by stand-alone size
//     max(x, y), 400 buckets on [0, 100], for the log-normal workload at
//     loads 0.75 and 0.9, over independent replications.
//   - Nightly: a planner's view of one batch (embedded default instance):
//     heuristics, polish and exact methods when registered, bounds, gap,
//     Gantt charts and load figures, and the one-page HTML report
//     (SweepOutput.Page, package onepage).
package study
