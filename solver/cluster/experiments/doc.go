// Package study runs the experiments of the two cluster-scheduling papers
// on the simulator of package solver/cluster and returns their tables and
// figure data (package report/figures draws them, through Env.Render): LsPS
// Table II and Fig. 1 of Yao et al. §III (per-user mean response of FIFO,
// Fair and LsPS with 95 % Student-t intervals) and the map of its factors
// over the parameters the paper leaves unstated (LsPSMap); H-PFSP Fig. 2–5
// of Li et al. §IV and the protectiveness report against fluid PS, Fair and
// job-level Fair in units of the indivisible-task yardstick B; and the SWIM
// Facebook traces through every policy. Independent runs execute on up to
// Workers goroutines and are merged in a fixed order, so output is
// byte-identical for any worker count (docs/cluster.md).
package experiments
