// Package cluster is a discrete-event, slot-level simulator of a shared
// Hadoop-1-style MapReduce cluster and the schedulers of two papers:
//
//   - FIFO and Fair (Hadoop's default and fair schedulers as described in
//     both papers: equal shares among active users, then among a user's
//     jobs, each free slot to the largest deficit);
//   - LsPS of Yao, Tai, Sheng and Mi, "Scheduling Heterogeneous MapReduce
//     Jobs for Efficiency Improvement in Enterprise Clusters" (Algorithm 1,
//     Welford statistics eq. 1–6, size-based user shares eq. 7–10, the
//     per-user FIFO/Fair switch of §II-C) — lsps.go;
//   - H-PFSP and Parallel PFSP of Li, Lin, Ren and Geng, "H-PFSP: Efficient
//     Hybrid Parallel PFSP Protected Scheduling for MapReduce System" (the
//     virtual PS queue and slack system eq. 6–10, incremental re-estimation
//     eq. 11–17, EWMA task times eq. 1–5, defaults eq. 18, Algorithms 1–4)
//     — slack.go and hpfsp.go;
//   - the fluid processor-sharing reference against which protectiveness is
//     checked — fluid.go.
//
// # Model and assumptions
//
// The simulator (sim.go) keeps one event heap (container/heap) of task
// completions and periodic ticks; job arrivals are merged from the
// workload sorted by (submission time, index). All events at the same
// instant are applied first (completions, then arrivals, then ticks), then
// every free slot is offered to the policy at once (or only at heartbeat
// instants k·h when Options.Heartbeat = h > 0). Map slots are filled before
// reduce slots, each time the lowest-numbered free slot first. Tasks are
// never preempted. A job's tasks of one phase start in index order.
//
// Shuffle assumption: a job's reduce tasks become runnable only when all of
// its map tasks have finished (no slow start), and the shuffle is part of
// the reduce-task duration. A job finishes when its last reduce task does
// (its last map task for a map-only job).
//
// Slowdown is the response time divided by the response time of the job
// alone on the whole cluster (Alone: its map tasks list-scheduled in index
// order on all map slots, then its reduce tasks on all reduce slots — what
// every work-conserving policy here does with a single job).
package cluster
