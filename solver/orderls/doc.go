// Package orderls finds good schedules of large overlapping tandem queue
// instances (Lin, Wierman, Zhang and Tan, model (1), §2.1) — hundreds to
// a hundred thousand jobs, where the exact methods of package exact do not
// reach — by local search over job orders.
//
// An order defines a list schedule (Evaluate, Build): both stations serve
// the jobs one after another in that order, the map station at full
// capacity from max(release, previous map end), the shuffle station from
// max(release, previous shuffle end, the job's map start) at the constant
// rate that ends it at C = max(start + y/μ_c, map end); the shuffle never
// runs ahead of the map progress (the last constraint of model (1)), and
// the schedule, O(n) segments of at most two rates, passes package
// validate. Solve starts from list dispatch by mixed sizes and from the
// completion orders of MaxSRPT (§4.1) and SplitSRPT (§4.2), improves the
// best by insertion moves in windows of growing width, then by iterated
// local search (random kicks in a block, a descent around it, kept when
// better). Each move is evaluated incrementally: the positions between the
// job's old and new places, then the following ones only until both
// stations' free times meet the stored ones. Memory is O(n); the search
// is deterministic for a seed until the deadline stops it. The schedules
// come with no optimality proof: the bounds of package bounds (Mixed)
// certify their gap.
package orderls
