// Package study runs the experiments of the two cluster-scheduling papers
// on the simulator of package solver/cluster and renders their tables and
// figures:
//
//   - LsPS (Yao et al., §III, Table II and Fig. 1): per-user and overall
//     mean response time of FIFO, Fair and LsPS over many seeds, with 95%
//     Student-t confidence intervals;
//   - H-PFSP (Li et al., §IV, Fig. 2–5): mean flow time against the number
//     of identical WordCount jobs (Fig. 2) and against TeraSort job size
//     (Fig. 3), mean slowdown against FAIR_LIMIT with fixed (Fig. 4) and
//     normally distributed (Fig. 5) task times, and the protectiveness
//     report (fraction of jobs finishing later than under fluid PS and than
//     under the slot-level Fair scheduler, and the worst excess);
//   - the SWIM Facebook trace through every policy.
//
// Independent runs execute on up to Workers goroutines; results are merged
// in a fixed order, so output is byte-identical for any worker count.
package study
