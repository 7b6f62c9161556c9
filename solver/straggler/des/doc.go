// Package des simulates the datacenter of Farhat et al., "Modeling and
// Optimization of Straggling Mappers" (§III and the CSIM set-up of §VI):
// jobs arrive as a Poisson(Λ) stream and fork one task to every mapper
// node; node i is a single FIFO server whose task service times follow the
// delayed exponential distribution of Definition 1 (eq. 1–4) with its own
// rate γ_i and offset T_i; a job leaves when its last task completes, so its
// sojourn is the maximum of its tasks' response times (Definition 2). Because
// every node is a work-conserving FIFO single server without preemption, a
// task's departure obeys Lindley's recursion D = max(A, D_prev) + S, which
// the simulator evaluates job by job in arrival order (one single-threaded
// pass, exactly equivalent to an event-heap loop over arrivals and
// departures). Statistics come from independent replications, each with its
// own PCG stream (seed, replication index); the first Warmup jobs of every
// replication are discarded and 95 % Student-t intervals are taken over the
// replication means.
package des
