// Package fluid is an exact, event-driven simulator of the overlapping tandem
// queue of Lin, Wierman, Zhang and Tan, "Joint Optimization of Overlapping
// Phases in MapReduce" (model (1) of §2.1).
//
// # Model
//
// Job i arrives at r_i with map work x_i and shuffle work y_i. The map
// station has capacity μ_m, the shuffle station μ_c (both multiplied by the
// speed factor s of Theorems 3 and 5). At every instant the fraction of a
// job's shuffle work done may not exceed the fraction of its map work done
// (the last constraint of (1)). The shuffle work a job can be served right
// now is its "available buffer" b_i = y_i(t) − y_i·x_i(t)/x_i (all of y_i(t)
// once the map is done, or from release when x_i = 0). A job whose buffer is
// empty can be shuffled only as fast as its map produces data: at rate
// (y_i/x_i)·p_i where p_i is its map rate (the "inflow" cap). A job with
// y_i = 0 leaves when its map work is done.
//
// # Exactness
//
// Rates are constant between events and every event time is computed in
// closed form: an arrival, a map completion x_i(t) = 0, a shuffle completion,
// a buffer draining to zero (b_i(t) = 0, after which the job's shuffle rate
// is held at its inflow cap and y_i(t) tracks y_i·x_i(t)/x_i exactly), and,
// for the size-based policies, a change of priority (two remaining-size keys
// crossing, solved on the piecewise-linear key functions). There is no time
// step. Completions that coincide up to rounding are snapped together with
// the relative tolerance snapRel. A crossing due less than half an ulp of
// the clock after the current event (tiny remaining works late in a long
// run) cannot move the clock: the jobs are then served for that interval
// without moving it, so that the keys meet (otherwise the same event would
// repeat forever).
//
// # Policies (§2.2, §4, §5)
//
//   - FIFO at both stations (the §2.1 example, Fig. 2): the map station
//     serves the earliest job with map work left; the shuffle station serves
//     jobs in arrival order, each up to its inflow cap when its buffer is
//     empty, passing unused capacity down the order (work-conserving).
//   - PS (§2.2, Fig. 4e): processor sharing at the map station among jobs
//     with map work left; at the shuffle station processor sharing among jobs
//     with available shuffle work, water-filling so that a job limited by its
//     inflow cap gets the cap and the rest is shared by the others.
//   - k-LPS (§5.1, the model of Hadoop's Fair Scheduler): processor sharing
//     at the map station among at most k jobs, the rest waiting in arrival
//     order; PS (water-filling) at the shuffle station. The paper does not
//     say whether a job that finished its map work but is still shuffling
//     keeps one of the k places. KLPS follows Hadoop's job limit
//     (maxRunningJobs counts a job as running until it completes, shuffle and
//     reduce included): a job holds its place until it leaves. KLPSMapOnly
//     frees the place when the map work is done.
//   - MaxSRPT (Algorithm 1, §4.1): priority to the smallest
//     max(x_i(t), y_i(t)) at both stations, with the work-conserving shuffle
//     extension used in §5 (capacity the top job cannot use goes to the next
//     job with available shuffle work).
//   - SplitSRPT (Algorithm 2, §4.2): β(t), μ1 = 1/(1+β), μ2 = β/(1+β)
//     recomputed at arrivals and departures; map-heavy jobs (x ≥ y) by SRPT
//     on remaining map size with μ2 of the map and μ1 of the shuffle
//     capacity, shuffle-heavy jobs by SRPT on remaining shuffle size with μ1
//     and μ2. By default capacity one class cannot use goes to the other
//     (work-conserving, as §4.1 recommends for the experiments of §5);
//     SplitSRPTStrict keeps the split literally.
//   - Order: a fixed priority order (a permutation of job indices) at both
//     stations, work-conserving as FIFO.
//
// Memory is O(jobs in system) with SimulateStream (departed jobs' records
// are reused for later arrivals); Simulate also keeps the per-job results
// and, when Options.Record is set, the whole schedule.
//
// # Speed
//
// Per event the engine touches only the jobs being served (at most two for
// FIFO, Order and MaxSRPT, four for SplitSRPT; all the jobs holding a place
// for PS and k-LPS) plus O(log n) indexed-heap operations; it allocates
// nothing per job or event. BenchmarkRatio and bench/tandemsim measure it
// against a single-server SRPT simulation of the same arrivals.
package fluid
