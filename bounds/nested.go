package bounds

import "math"

// RankNestMaxN is the largest batch on which RankBatch runs its nesting
// stage. An iteration solves every rank's branch and bound again, O(n² ·
// nodes) time, and the multipliers take n² numbers: at 100 jobs of
// Taillard's generator an iteration takes about a third of a second and
// the stage raises the bound by 0.06 % of the objective in a minute
// (0.08 % when it converges), at 50 jobs by 0.29 %.
const RankNestMaxN = 150

// RankNestIterations is the default cap on the nesting stage's
// subgradient iterations.
const RankNestIterations = 400

// Nesting-stage constants: the per-rank node budget of each iteration
// (large enough that the ranks close: with 300 nodes the stage ended
// 0.1 % lower on Taillard's 50 jobs), the iterations without a better
// value after which the step halves, and the smallest step factor.
const (
	nestNodes = 3000
	// nestBisections is the number of bisection steps of a node bound in
	// the stage (RankBatch's passes take rankBisections): the mixing
	// weight to within 2⁻²⁰. On Taillard's 50 jobs 100 iterations reach
	// the same value as with 40 steps (50006.48) in 9.5 s instead of
	// 12.7 s; on the 100-job instance 40 iterations take 13.9 s instead of
	// 20.7 s.
	nestBisections = 20
	nestStall      = 10
	nestMinStep    = 1.0 / 1024
	// nestTarget is the Polyak target above the best value so far, as a
	// fraction of it: on Taillard's 100 jobs 80 iterations reach 186342
	// with 0.002 or 0.001, 186312 with 0.005 and 186264 with 0.01 (50
	// jobs, 200 iterations: 50013 with each of 0.005 and 0.002).
	nestTarget = 0.002
)

// nestRanks is the nesting stage of RankBatch: a Lagrangian relaxation of
// the nesting of the prefix sets of a completion order.
//
// Let S_1 ⊂ S_2 ⊂ … ⊂ S_n be the sets of the first k jobs to complete in
// an optimal schedule and T_k the rank's term of RankBatch (Mixed's or the
// per-rank minimum, both lower bounds on C_(k)). Then C_(k) ≥ f_k(S_k) =
// max(A(S_k), B(S_k), T_k), so OPT ≥ min over nested chains of Σ_k
// f_k(S_k). RankBatch's value drops the nesting (each S_k chosen alone).
// Relaxing the constraints [j ∈ S_k] ≤ [j ∈ S_{k+1}] with multipliers
// μ_{jk} ≥ 0 (k < n) gives, for every μ,
//
//	L(μ) = Σ_k min_{|S|=k} [f_k(S) + Σ_{j∈S} (μ_{jk} − μ_{j,k−1})]
//
// (μ_{j0} = μ_{jn} = 0), and L(μ) ≤ the nested minimum ≤ OPT: on a
// nested chain the added terms sum to −Σ_j μ_{j,p_j−1} ≤ 0, where p_j is
// the first rank holding j. Each rank's minimum is bounded below by the
// branch and bound of RankBatch with the modifiers added to the jobs'
// weights (and the floor T_k + the smallest modifiers as a second node
// bound), so every L(μ) evaluated is a valid bound; L(0) = Σ_k T_k. The
// multipliers follow projected subgradient steps (Held, Wolfe and
// Crowder 1974; for the positional relaxation of flow-shop flowtime, Van
// de Velde 1990) with the sets found: g_{jk} = [j ∈ S_k] − [j ∈ S_{k+1}],
// Polyak steps towards a target a little above the best value, halved
// after nestStall iterations without a better one.
//
// It returns the best L(μ) evaluated (at least Σ_k T_k) and the number of
// iterations; improved receives each better value. stop is checked
// before each rank. The result depends only on the instance, T and iters
// unless stop ends the work.
func nestRanks(rb *rankBB, terms []float64, iters int, stop func() bool, improved func(float64)) (best float64, done int) {
	n := len(terms)
	best = sum(terms)
	if n < 2 || iters <= 0 {
		return best, 0
	}
	mu := make([]float64, (n-1)*n) // μ_{jk} at (k−1)·n + j, k = 1..n−1
	sets := make([][]int, n)       // the set found at rank k+1
	member := make([]bool, n*n)    // [j ∈ S_{k+1}] at k·n + j
	rb.c, rb.bisections = make([]float64, n), nestBisections
	defer func() { rb.c, rb.floor, rb.bisections = nil, math.Inf(-1), rankBisections }()
	rule := polyak{theta: 1, best: best, limit: nestStall}
	for it := 0; it < iters && rule.theta >= nestMinStep; it++ {
		value := 0.0
		for k := 1; k <= n; k++ {
			if stop() {
				return best, done
			}
			for j := range n {
				c := 0.0
				if k < n {
					c += mu[(k-1)*n+j]
				}
				if k > 1 {
					c -= mu[(k-2)*n+j]
				}
				rb.c[j] = c
			}
			rb.floor = terms[k-1]
			v, _ := rb.solveFrom(k, nestNodes, sets[k-1])
			value += v
			sets[k-1] = append(sets[k-1][:0], rb.best...)
			row := member[(k-1)*n : k*n]
			clear(row)
			for _, j := range sets[k-1] {
				row[j] = true
			}
		}
		done++
		if rule.observe(value) {
			best = value
			improved(best)
		}
		// The subgradient, projected on μ ≥ 0.
		norm := 0.0
		for k := 1; k < n; k++ {
			for j := range n {
				g := subgradient(member, n, k, j)
				if g > 0 || mu[(k-1)*n+j] > 0 {
					norm += g * g
				}
			}
		}
		if norm == 0 {
			// The sets found are nested: the relaxation is solved.
			return best, done
		}
		t := rule.step(best*(1+nestTarget), value, norm)
		for k := 1; k < n; k++ {
			for j := range n {
				i := (k-1)*n + j
				mu[i] = math.Max(0, mu[i]+t*subgradient(member, n, k, j))
			}
		}
	}
	return best, done
}

// subgradient is [j ∈ S_k] − [j ∈ S_{k+1}].
func subgradient(member []bool, n, k, j int) float64 {
	g := 0.0
	if member[(k-1)*n+j] {
		g++
	}
	if member[k*n+j] {
		g--
	}
	return g
}
