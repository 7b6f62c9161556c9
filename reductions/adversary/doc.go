// Package adversary plays the online adversary of the proof of Theorem 2
// of Lin, Zhang, Wierman and Tan (appendix A of the overlapping tandem
// queue paper) against a policy of package solver/fluid (Play, Sweep): the
// opening batch of k² type-1 and k type-2 jobs, the proof's two cases, and
// its alternative schedules as validated upper bounds on OPT, so that
// policy/alternative is a lower bound on the competitive ratio that grows
// like n^{1/3} (Table; figures.Adversary draws it).
package adversary
