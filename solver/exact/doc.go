// Package exact answers "how good can a schedule of this overlapping tandem
// queue instance be?" (Lin, Wierman, Zhang and Tan, model (1), §3–5) with
// one Answer whatever the method — "mip" (package mipform), "search"
// (package search), "order-lp" (package orderlp), "polish" (package
// polish) or a policy of package fluid — built by one finaliser: the
// objective is the validator's total of the best schedule found (labelled
// ScheduleSource), the lower bound the best proven bound the toolkit knows
// (the method's own, the §5.1, counting, prefix and subset bounds and, for
// the exact methods, the LP relaxation of the MIP; labelled BoundSource,
// one of the mip.Source constants), the gap mip.Gap of the two, and the
// status is "optimal" exactly when that bound meets the objective under
// the tolerance policy (package tolerance) — never on an engine's or a
// method's word. Answer embeds mip.Answer, the part it shares with the
// results of packages search, portfolio and mipform. A time limit covers the whole call (Deadline, from
// Options.Start); a method that cannot answer in time is replaced by the
// best fluid heuristic, with status "time limit" and a note. See
// docs/exact.md.
package exact
