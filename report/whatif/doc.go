// Package whatif measures how a plan and the policies fare when the job
// sizes a plan was made on are estimates. A plan is a completion order of
// an instance's jobs (the order of a schedule's completion times, or one
// given); the noise model (LogNormalNoise) multiplies each job's map and
// shuffle sizes x_i, y_i of the overlapping tandem queue (Lin, Wierman,
// Zhang and Tan, model (1), §2.1) by independent log-normal factors with
// median 1. Each replication draws the true sizes, replays the plan's order
// as a list schedule (orderls.Evaluate: both stations serve the jobs one
// after another in that order) and as a fixed preemptive priority order
// (fluid.Order: work-conserving, §2.1 like FIFO), and runs MaxSRPT (§4.1),
// SplitSRPT (§4.2; both by Smith's ratio on a weighted instance), FIFO
// and PS on the same sizes. Run reports, per method, the mean and the
// 5 %, 50 % and 95 % quantiles of the weighted objective Σ w_j (C_j − r_j)
// and, when the instance has deadlines, each job's probability of
// finishing after its deadline. Replication r draws from its own stream rand.NewPCG(seed, r),
// so the output for a seed does not depend on how many workers run the
// replications. The user guide is docs/report.md, "Plans under estimation
// errors".
package whatif
