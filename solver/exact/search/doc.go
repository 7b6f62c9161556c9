// Package search is a specialised exact method for the overlapping tandem
// queue (Lin, Wierman, Zhang and Tan, model (1); strongly NP-hard for
// batches, §3.1 Theorem 1): branch-and-bound over completion orders, with
// the fixed-order LP (package orderlp) evaluating complete orders.
//
// # Batches
//
// Every schedule whose completion order is π has C_k ≥ max(X^π_k/μ_m,
// Y^π_k/μ_c), the prefix sums of map and shuffle sizes along π (the jobs
// completed by C_k have finished both phases). So
//
//	LP(π) ≥ P(π) = Σ_k max(X^π_k/μ_m, Y^π_k/μ_c)
//
// and, because X^π_k and Y^π_k depend only on the *set* S of the first k
// jobs, min_π P(π) is a shortest path in the subset lattice:
// h(S) = min_{j∉S} [max(X_{S+j}, Y_{S+j}) + h(S+j)], h(all) = 0, computed
// for all 2^n sets in O(n·2^n) (n ≤ MaxDPJobs). h(∅) is a lower bound on
// OPT at least as strong as PrefixBatch of package bounds (which relaxes the
// set constraint), and h(S) is the exact completion cost of this relaxation
// below a node whose prefix has set S. A node with ordered prefix P and set
// S is pruned when P-prefix cost + h(S) ≥ incumbent; a complete order is
// evaluated by its LP only when P(π) < incumbent. Children are visited in
// increasing bound. For n > MaxDPJobs the tables hold only the sets closed
// under the dominance rule below (the only ones the search reaches: 10^2–10^5
// of the 2^n on log-normal batches of 20–26 jobs), up to MaxIdeals of them
// (subsets.go); beyond that the tail bound falls back to
// Σ_i max(X_S + (i smallest remaining x), Y_S + (i smallest remaining y)).
//
// Chain bound (chain.go): consecutive completions are coupled through the
// progress rule — shuffle work of the k-th job cannot be done before
// C_{k−1} faster than its map allows — which gives a pairwise bound on
// C_{k−1} + C_k; summed over disjoint pairs it tightens the prefix part of
// node bounds and prunes complete orders before their LP.
//
// Pair tail (pairtail.go): the pair cost depends only on the set before the
// pair and its second job, so the minimum over the tail orders of the
// paired costs of positions |S|+1, |S|+2, … is a second shortest path in the
// subset lattice, T(S) ≥ h(S); the tail of a node is bounded by
// max(T(S), min_j L(S+j) + T(S+j)) (the two pairings). Options.NoPairTail
// keeps h alone, to measure what it removes.
//
// Window tail (windows.go): every position forms a window with the one
// before it, and each completion's weight is split between its two windows
// (θ_e and 1−θ_e); for any such weights the minimum over the tail orders of
// the windows' coupled bounds is a shortest path over the closed sets,
// W(S), and the pairing of T is one choice of weights. The weights are
// chosen by a supergradient ascent of W(∅) towards the incumbent (a fixed
// number of iterations), and the tail bound is the largest of h, T, T1 and
// W (docs/appendix/exact.md, "Window tail"). Options.NoWindowTail keeps the pair
// tail alone.
//
// Pacing bound (pacing.go): a job with a large shuffle and a small map must
// shuffle in the background from early on, so its map runs early and
// delays every earlier completion. With s the slack of the last
// completion over the total shuffle work, C_k ≥ g_s(S_k), a function of
// the set of the first k jobs and of the least map/shuffle ratio after
// them; for each of a few values of s the minimum over the orders is a
// shortest path over the closed sets, and a node's bound is the minimum
// over the intervals of s (docs/appendix/exact.md, "Pacing bound").
// Options.NoPacing turns it off.
//
// Dominance: only completion orders that respect the rule of package
// dominance are explored (a job no larger in both phases, released no
// later and at least as shuffle-heavy as another completes first; identical
// jobs by index), and the subset bound h is the minimum over such orders
// only, which is still a lower bound because some optimal order respects
// the rule (proof in package dominance). Options.NoDominance keeps only the
// ordering of identical jobs, to measure what the rule removes.
//
// Incumbents: the LP re-optimisation of the orders of MaxSRPT (§4.1,
// Algorithm 1), SplitSRPT (§4.2, Algorithm 2), FIFO and PS as simulated by
// package fluid, and of the order minimising P (reconstructed from h); then
// the local search of package polish improves the best of them — for
// batches of PolishFromN jobs or more for a fifth of the time limit, for
// instances with release dates for half of it (or to its local optimum,
// which polish alone also stops at). If an incumbent equals h(∅), it is
// optimal without search.
//
// # Release dates
//
// With releases the search branches over plans (package orderlp): the next
// event is either the completion of a released, unfinished job in the
// current release period or the move to the next period. Complete plans
// are evaluated by fastlp.Release (no engine; Options.UseEngine restores
// the engine). The k-th completion is bounded by the period start, the
// previous completion, the job alone, the k-th SRPT completion per station
// and the single-station makespans of the first k jobs; a completion that
// cannot fit in its period cuts the plan; the unplaced jobs are bounded by
// SRPT ranks with their standalone times and by the subset table of
// bounds.SubsetReleaseTable, by a partition into pairs (each pair's
// optimum) and, while a group of the 7 … 12 largest jobs is unplaced, by
// that group's optimum bounded by a node-limited sub-search (nested
// groups, pairs.go); the LP of the placed jobs alone
// (fastlp.Release.PartialValue) bounds the placed part (release.go;
// proofs in docs/appendix/exact.md, "The release-date search").
//
// # Weights and dependencies
//
// With weights or dependencies (instances.Job.Weight, After) the search
// minimises Σ w_j (C_j − r_j) over the orders that respect the
// dependencies (a job is appended only after its predecessors); the
// subset bound is restated with weighted position costs and critical
// paths, the dominance rule, the chain bound, the pair and window tails
// and the release-date subset, pair and group bounds are switched off
// (dag.go states and proves what is kept).
//
// The answer carries the status (optimal or time limit), the best order and
// its validated schedule, the best lower bound and the gap. The lower bound
// always comes from a proof: the incumbent when the whole tree has been
// explored or pruned against it; when stopped, the smallest bound of a node
// not yet explored (never less than the root bound), or the root bound
// alone when the limit ends before the root's children are recorded. The
// incumbent is never taken as a bound of a search it has not finished.
// Options.Clock injects the clock (tests stop the search after a given
// number of clock reads).
package search
