// Package cluster defines the slot-level cluster workload simulated by
// package solver/cluster: a Hadoop-1-style cluster of identical nodes, each
// with a fixed number of map slots and reduce slots, and users who submit
// MapReduce jobs. A job is a list of map-task durations and a list of
// reduce-task durations (seconds of one slot each); its reduce tasks become
// runnable when its last map task finishes (the shuffle is folded into the
// reduce-task durations, see package solver/cluster).
//
// This is the model of both Yao, Tai, Sheng and Mi, "Scheduling
// Heterogeneous MapReduce Jobs for Efficiency Improvement in Enterprise
// Clusters" (LsPS, §II and the EC2 set-up of §III: 11 nodes × 2 map + 2
// reduce slots) and Li, Lin, Ren and Geng, "H-PFSP: Efficient Hybrid
// Parallel PFSP Protected Scheduling for MapReduce System" (§II–IV: N(S)_M
// map slots, N(S)_R reduce slots, N(T)_Mi map tasks and N(T)_Ri reduce tasks
// per job).
//
// The package reads and writes workloads as JSON (numbers in the shortest
// round-trip form, so a round trip is exact), validates them with errors
// naming the file and JSON path (for example "jobs[3].map[2]"), and builds
// the workloads of both papers' experiments (gen.go: LsPS Table II, H-PFSP
// Fig. 2–5, a synthetic benchmark workload) and workloads from the SWIM
// Facebook traces (swim.go: 64 MB input splits and a documented reduce-task
// rule).
package workload
