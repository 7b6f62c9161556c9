package dominance

import (
	"math/big"

	"github.com/mrsched/mrsched/instances"
)

// Precedes reports whether job i must be completed no later than job j in
// some optimal schedule by the rule of the package comment: exact
// comparisons of the instance's numbers (math/big for the ratio), with
// identical jobs ordered by index. Capacities cancel from every
// comparison. The rule is proved for unit weights and independent jobs:
// on an instance with weights other than 1 or dependencies
// (instances.Job.Weight, After) it is off and Precedes is false (moving a
// smaller job earlier can delay a heavier one or serve a job before its
// predecessors).
func Precedes(in *instances.Instance, i, j int) bool {
	if i == j || in.HasWeights() || in.HasDependencies() {
		return false
	}
	a, b := in.Jobs[i], in.Jobs[j]
	if a.Map > b.Map || a.Shuffle > b.Shuffle || a.Release > b.Release {
		return false
	}
	if a.Map == b.Map && a.Shuffle == b.Shuffle && a.Release == b.Release {
		return i < j
	}
	// y_i·x_j ≥ y_j·x_i, exactly.
	return productGE(a.Shuffle, b.Map, b.Shuffle, a.Map)
}

// productGE reports p·q ≥ u·v exactly: the product of two float64 values
// fits a 106-bit mantissa, so 128-bit big.Float products are exact.
func productGE(p, q, u, v float64) bool {
	f := func(a, b float64) *big.Float {
		x := new(big.Float).SetPrec(128).SetFloat64(a)
		return x.Mul(x, new(big.Float).SetPrec(128).SetFloat64(b))
	}
	return f(p, q).Cmp(f(u, v)) >= 0
}

// Preds returns, for an instance of at most 64 jobs, the bit mask of the
// jobs that must precede each job (Preds[j] has bit i when Precedes(in,
// i, j)); ok is false for more than 64 jobs.
func Preds(in *instances.Instance) (preds []uint64, ok bool) {
	n := in.N()
	if n > 64 {
		return nil, false
	}
	preds = make([]uint64, n)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			if Precedes(in, i, j) {
				preds[j] |= 1 << i
			}
		}
	}
	return preds, true
}

// Pairs counts the ordered pairs (i, j) with Precedes(in, i, j).
func Pairs(in *instances.Instance) int {
	c := 0
	for i := range in.Jobs {
		for j := range in.Jobs {
			if Precedes(in, i, j) {
				c++
			}
		}
	}
	return c
}
