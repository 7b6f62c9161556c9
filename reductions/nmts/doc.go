// Package nmts implements Numerical Matching with Target Sums (Definition 1
// of the overlapping tandem queue paper, after Garey and Johnson [9]): three
// multisets F, G, H of q positive integers with Σf + Σg = Σh; the question is
// whether permutations π, σ exist with f_π(i) + g_σ(i) = h_i for i = 1..q.
//
// It provides the JSON file format (kind "nmts") with validation errors that
// name the file and the JSON path, seeded generators of yes-instances (by
// construction) and no-instances (a sum-preserving perturbation of a
// yes-instance, confirmed "no" by the exact solver), an exact backtracking
// solver with memoisation of failed states (Solve), and an independent brute
// force over all q!² permutation pairs (BruteForce) used as its oracle.
//
// Indices in Go values are 0-based; π and σ in files and CLI output are
// 1-based like the paper.
package nmts
