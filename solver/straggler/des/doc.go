// Package des simulates the datacenter of Farhat et al., "Modeling and
// Optimization of Straggling Mappers" (§III and the CSIM set-up of §VI):
// jobs arrive as a Poisson(Λ) stream and fork one task to every mapper
// node; node i is a single FIFO server whose task service times follow the
// delayed exponential distribution of Definition 1 (eq. 1–4) with its own
// rate γ_i and offset T_i; a job leaves when its last task completes, so its
// sojourn is the maximum of its tasks' response times (Definition 2).
// Two engines compute a replication from the same random draws in the same
// order (Config.Engine). EventHeap is the reference discrete-event
// simulation: one thread pops arrival and departure events from a typed
// binary heap (ordered by time, then scheduling order), keeps a FIFO queue
// and a busy flag per node and, per job, the number of tasks still out and
// their largest response, and records the job's sojourn when its last task
// departs. Lindley, the default, is the fast path: a work-conserving FIFO
// single server without preemption starts a task when it arrives or when
// its predecessor leaves, whichever is later, so departures obey Lindley's
// recursion D_j = max(A_j, D_{j−1}) + S_j exactly, and since every node
// receives its tasks in job order one pass over the jobs yields the very
// timestamps the event loop produces (the same floating-point operations on
// the same values: TestEnginesIdentical checks every task and sojourn bit
// for bit) without a heap. Statistics come from independent replications,
// each with its own PCG stream (seed, replication index), run Config.Workers
// at a time and combined in replication order, so the output does not
// depend on the worker count; the first Warmup jobs of every replication
// are discarded and 95 % Student-t intervals are taken over the
// replication means.
package des
