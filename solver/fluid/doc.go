// Package fluid is an exact, event-driven simulator of the overlapping
// tandem queue of Lin, Wierman, Zhang and Tan, "Joint Optimization of
// Overlapping Phases in MapReduce" (model (1) of §2.1: a map and a shuffle
// station, each job's shuffle progress never ahead of its map progress),
// under FIFO and PS (§2.2), k-LPS (§5.1), MaxSRPT (Algorithm 1, §4.1),
// SplitSRPT (Algorithm 2, §4.2) and fixed priority orders (Order: one for
// both stations; Orders: one per station). Rates are
// constant between events and every event time (arrival, map or shuffle
// completion, a buffer draining, two priority keys crossing) is computed in
// closed form, with no time step; Simulate returns per-job results and
// optionally the fluid schedule, SimulateStream runs a stream of arrivals
// in O(jobs in system) memory. PS and k-LPS, which serve every job
// present at every event, run a step specialised to them (psloop.go: the
// jobs' state as parallel slices), and so do MaxSRPT (maxloop.go: its two
// served jobs kept as the minima of contiguous key arrays, the crossing
// test cut short by a lower bound) and SplitSRPT (splitloop.go: each
// class's two served jobs found by one pass over its few jobs at every
// event); all three produce the generic step's results bit for bit. Every
// step runs in one event loop (loop.go: eventLoop owns the clock, the stop
// check, the stall guard and the recording). Instances with dependencies
// or weights other than 1
// (instances.Job.After, Weight) run in the generic loop: a job enters the
// system when its predecessors have completed (deps.go), and the policies
// use weights as weights.go says (Smith's ratio rule, remaining size over
// weight, for MaxSRPT's key and for both of SplitSRPT's class orders;
// weighted processor sharing for PS and k-LPS; none for FIFO and orders);
// instances without them take the paths above unchanged.
// The model, the event types, the
// policies' conventions and the speed measurements are in
// docs/tandem-sim.md.
package fluid
