// Package priority finds good preemptive schedules of overlapping tandem
// queue instances with release dates or dependencies (Lin, Wierman, Zhang
// and Tan, model (1), §2.1) by local search over static priority orders.
//
// A priority order defines a preemptive schedule (fluid.Order, simulated
// exactly by package fluid): at every instant both stations serve the
// present jobs by the order, work-conserving, the shuffle never ahead of
// the map progress; a job with predecessors is present from the last
// one's completion, so every order is feasible. Unlike the list schedules
// of package orderls, a large job released early (or waiting for a
// predecessor) no longer blocks the small ones behind it, which is what
// MaxSRPT (§4.1) and SplitSRPT (§4.2) get right with release dates. The
// two stations may also follow two orders (fluid.Orders): SplitSRPT serves
// a map-heavy job at the map station while a shuffle-heavy one holds the
// shuffle station, which no single order expresses — on the SWIM FB-2010
// day (24,033 jobs) its completion order as one priority order costs
// 666,141, its map completion order at the map station with its
// completion order at the shuffle station 249,095, SplitSRPT itself
// 231,843.
//
// Solve starts from the completion orders of MaxSRPT and SplitSRPT (each
// alone, and with the policy's map completion order at the map station)
// and from the static order of max(x_j/μ_m, y_j/μ_c)/w_j, keeps the best,
// and improves it by random insertion moves (a job moved up or down by a
// log-uniform number of places up to Options.Window, by default a quarter
// of the jobs: the jobs that compete in a long busy period lie far apart
// in a completion order), each evaluated by a full simulation and kept
// when it lowers Σ w_j (C_j − r_j). A move whose job is never present
// together with any job it passes changes nothing (their relative priority
// enters no allocation) and is skipped unsimulated: on the SWIM FB-2010
// day the search kept 69 instead of 34 moves in 20 s. From a start with one order, the
// moves keep one order until the search stalls; with two orders (or after
// the stall) a move shifts a job in both orders, or in one station's
// order alone. The search is deterministic for a seed until the deadline
// stops it; every schedule it returns is a fluid simulation, which package
// validate accepts. No optimality proof: the bounds of package bounds
// certify the gap.
package priority
