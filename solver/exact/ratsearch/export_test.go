package ratsearch

import (
	"math/big"

	"github.com/mrsched/mrsched/reductions/rational"
)

// PrefixBoundForBench returns, for the external benchmarks, the exact
// node bound of a prefix (prefixBound) and the float prefix LP alone.
func PrefixBoundForBench(in *rational.Instance) (exact func([]int) *big.Rat, float func([]int) error, err error) {
	_, x, y, err := batch(in)
	if err != nil {
		return nil, nil, err
	}
	s := &searcher{x: x, y: y, ints: newIntSizes(x, y)}
	s.fx, s.fy = make([]float64, len(x)), make([]float64, len(x))
	for j := range x {
		s.fx[j], _ = x[j].Float64()
		s.fy[j], _ = y[j].Float64()
	}
	return s.prefixBound, func(p []int) error { _, err := s.pfast.ValueNorm(s.fx, s.fy, p); return err }, nil
}
