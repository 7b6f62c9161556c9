// Package exact answers "how good can a schedule of this overlapping tandem
// queue instance be?" (Lin, Wierman, Zhang and Tan, model (1), §3–5) with
// one uniform Answer — status, best schedule, best lower bound and gap —
// whatever the method:
//
//   - "mip": the exact batch or release-date MIP (package mipform);
//   - "search": branch-and-bound over completion orders (package search);
//   - "order-lp": the optimum for a given completion order (package orderlp);
//   - "polish": heuristic start + LP re-optimisation + local search
//     (package polish);
//   - a policy name of package fluid (fifo, ps, klps, maxsrpt, splitsrpt):
//     that policy's schedule.
//
// The lower bound of every answer is the best of the method's own proven
// bound and the instance bounds of package bounds (Counting, which is at
// least the §5.1 bound, and for batches of at most 20 jobs the subset bound
// h(∅) of package search). Gap = (objective − lower bound)/objective; an
// answer whose bound meets its objective is reported as optimal.
// Every returned schedule passes validate.Check (the tests check it).
package exact
