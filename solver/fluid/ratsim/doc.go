// Package ratsim simulates MaxSRPT (Algorithm 1, §4.1), SplitSRPT
// (Algorithm 2, §4.2), FIFO and PS (§2.2) on batches of the overlapping
// tandem queue of Lin, Wierman, Zhang and Tan (model (1) of §2.1) in exact
// rational arithmetic (math/big.Rat). It is the event loop of package fluid
// with every number a fraction: each policy's rates are constant between
// events (a map completion, a shuffle buffer draining, two priority keys
// crossing), every rate is a rational function of the sizes and
// capacities, and so is every event time, computed in closed form with no
// rounding and no snapping. The policies follow package fluid's
// definitions and tie-breaks (keys, then arrival; an overtaking job ranks
// ahead at equal keys), so the float simulator's results are this
// package's fractions rounded.
//
// API: Simulate(in, policy) → *Result (Completion, Total, Schedule, Events)
// for a rational.Instance (rational.ReadFile reads JSON decimals exactly,
// rational.FromInstance converts a float instance exactly); every schedule
// returned passed rational.Verify. Result.View is the answer for people and
// programs (numbers as "p" or "p/q" strings, as 'mrsched solve --exact'
// writes them) and ratsearch.ScheduleJSON writes the schedule in the exact
// schedule file that 'mrsched validate' checks. Batches only: jobs released
// at different times are refused (ErrUnsupported), and so are weights and
// dependencies (rational refuses them when reading).
package ratsim
