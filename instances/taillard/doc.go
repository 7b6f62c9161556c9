// Package taillard implements E. Taillard's public random generator of
// flow-shop benchmark instances ("Benchmarks for basic scheduling problems",
// European Journal of Operational Research 64 (1993) 278–285, §2 and the
// appendix) and a reader and writer for the usual ".fsp" text layout.
//
// The generator is Lehmer's multiplicative congruential generator
// seed ← 16807·seed mod (2^31 − 1), evaluated with Schrage's split
// (b = 127773, c = 2836) so that no intermediate exceeds 2^31 − 1; each
// processing time is 1 + ⌊u·99⌋ with u = seed/(2^31 − 1), drawn in
// machine-major order (all jobs of machine 1, then machine 2, …). The first
// instance of the 20-job × 5-machine set (seed 873654221) begins with the
// machine row 54 83 15 71 77 36 (Taillard 1993, instance ta001).
//
// A tandem instance (package instances) takes the first two machines as the
// map and shuffle sizes (ToTandem).
package taillard
