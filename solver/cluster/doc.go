// Package cluster is a discrete-event, slot-level simulator of a shared
// Hadoop-1-style MapReduce cluster (one event heap, task completions and
// ticks; map slots then reduce slots; no preemption; reduce tasks runnable
// once the job's maps are done) with the schedulers of two papers: FIFO and
// Fair (equal user shares, then job shares, max-min water-filling, each
// free slot to the largest deficit, in O(log n) per event through fairSet);
// LsPS of Yao, Tai, Sheng and Mi (Algorithm 1, eq. 1–10, §II-C) in
// lsps.go; H-PFSP and Parallel PFSP of Li, Lin, Ren and Geng (slack system
// eq. 6–17 kept in virtual time, O(executed jobs) per interval; estimates
// eq. 1–5 and 18, Algorithms 1–4) in slack.go and hpfsp.go; and the references of the protectiveness claim — fluid PS
// (FluidPS), the exact one-processor Parallel PFSP and H-PFSP of the
// paper's §II-A (FluidPFSP, math/big), the indivisible-task yardstick
// TaskBound and a delta-debugging workload shrinker (Shrink). The model,
// its assumptions, the derivations and the results are in docs/cluster.md.
package cluster
