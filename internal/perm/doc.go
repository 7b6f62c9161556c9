// Package perm holds the one next-permutation helper of the module (used by
// the NMTS brute-force oracle in reductions/nmts and the exhaustive searches
// of reductions/worstcase): Narayana Pandita's algorithm, which steps through
// the permutations of a sequence in lexicographic order (Knuth, TAOCP 4A,
// §7.2.1.2, Algorithm L).
package perm
