// Package straggler implements the straggling-mapper model of Farhat, Zad
// Tootaghaj, Sivasubramaniam, Kandemir and Das, "Modeling and Optimization
// of Straggling Mappers": the delayed exponential distribution (Definition
// 1, eq. 1–4) and its fits (§III-D), mapper node response times (§III-B,
// §III-C), the mean sojourn time MST = E[max_i R_i] of Definition 2 by
// Lemma 3's closed form (eq. 10), the integral of eq. (8) and Monte Carlo
// (Eval), fork-join bounds and simulation, the mapping policies of §V-A
// (eq. 12–24) with a KKT certificate, the optimal node count (Lemma 4) and
// the data of the paper's Fig. 3–11 (PaperFigures). docs/straggler.md has
// the package map and derivations; random draws come from an injected
// rand.Source.
package straggler
