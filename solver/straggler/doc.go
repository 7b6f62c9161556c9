// Package straggler implements the straggling-mapper model of Farhat,
// Zad Tootaghaj, Sivasubramaniam, Kandemir and Das, "Modeling and
// Optimization of Straggling Mappers" (the paper; text in
// shared/papers/farhat-straggling-mappers.txt).
//
// Contents, with the paper's numbering:
//
//   - DelayedExp: the delayed exponential distribution of Definition 1,
//     eq. (1)–(2), as a gonum stat/distuv-style value type (its random
//     part is gonum's distuv.Exponential shifted by the offset).
//   - Fitting eq. (4) to data (§III-D): the paper's least-squares fit of
//     the rate γ by Newton's method for a given offset T, a joint
//     least-squares fit of (T, γ), and maximum likelihood from samples.
//   - Mapper node response times (§III-B, §III-C): M/M/1 (response
//     Exp(μ−λ)), D/D/1 (deterministic 1/μ), M/G/1 with delayed
//     exponential service computed exactly (Pollaczek–Khinchine transform
//     inverted numerically, and an exact sampler) beside the delayed
//     exponential approximation of Lemma 1, and general response CDFs
//     supplied as functions.
//   - The mean sojourn time MST = E[max_i R_i] of Definition 2: Lemma 3's
//     inclusion–exclusion closed form, eq. (10) (exact; refused beyond
//     MaxClosedFormNodes nodes); the integral of eq. (8) rewritten as
//     ∫₀^∞ (1 − Π_i F_i(t)) dt with an adaptive Gauss–Kronrod rule and an
//     error estimate; and Monte Carlo with a confidence interval.
//   - A discrete-event simulation of a true fork-join queue and the
//     fork-join bounds of the literature (Nelson–Tantawi upper bound
//     H_K/(μ−λ), lower bound (1/μ)[H_K + Σ_j (1/j)ρ/(j−ρ)]).
//   - The mapping policies of §V-A: fair (eq. 12, condition eq. 13),
//     pure-deterministic D-EP (eq. 18, condition eq. 19), pure-stochastic
//     S-EP (eq. 23, migration condition eq. 24), M-EP (equal mean response
//     times), DM-EP (equal derivatives of the means) and the constrained
//     optimum of eq. (14) with a numerical KKT certificate (eq. 15–16).
//   - The optimal number of mapper nodes (Lemma 4's separation, checked by
//     brute force over all class counts).
//
// Everything is deterministic: random draws come from a rand.Source the
// caller injects.
package straggler
