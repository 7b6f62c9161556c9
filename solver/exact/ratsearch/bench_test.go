package ratsearch

import (
	"context"
	"testing"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
)

// q3 is the Theorem 1 reduction of the NMTS yes-instance of
// `mrsched gen nmts --q 3 --answer yes --seed 1` (f = {3,4,5}, g = {1,4,4},
// h = {9,4,8}; 11 jobs) and its certificate order.
func q3(b *testing.B) (*reductions.Reduction, []int) {
	src := &nmts.Instance{F: []int64{3, 4, 5}, G: []int64{1, 4, 4}, H: []int64{9, 4, 8}}
	r, err := reductions.Reduce(src, reductions.Options{})
	if err != nil {
		b.Fatal(err)
	}
	sol, ok, _, _ := nmts.Solve(src)
	if !ok {
		b.Fatal("not a yes-instance")
	}
	ord, err := r.CertificateOrder(sol)
	if err != nil {
		b.Fatal(err)
	}
	return r, ord
}

// BenchmarkOrderLP: one fixed-order LP of the q = 3 reduction (certificate
// order), exact (big.Rat simplex, certified, schedule verified) and float
// (fastlp), side by side.
func BenchmarkOrderLP(b *testing.B) {
	r, ord := q3(b)
	in := r.Rational()
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			if _, err := SolveOrder(context.Background(), in, ord); err != nil {
				b.Fatal(err)
			}
		}
	})
	fin, _ := in.Float()
	var fs fastlp.Solver
	b.Run("fastlp", func(b *testing.B) {
		for b.Loop() {
			if _, err := fs.Value(fin, ord); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPrefixBound: the exact node bound of a 6-job prefix of the
// q = 3 certificate order (float prefix LP + exact evaluation of its
// prices) against the float prefix LP alone.
func BenchmarkPrefixBound(b *testing.B) {
	r, ord := q3(b)
	in := r.Rational()
	_, x, y, err := batch(in)
	if err != nil {
		b.Fatal(err)
	}
	s := &searcher{x: x, y: y, ints: newIntSizes(x, y)}
	s.fx, s.fy = make([]float64, len(x)), make([]float64, len(x))
	for j := range x {
		s.fx[j], _ = x[j].Float64()
		s.fy[j], _ = y[j].Float64()
	}
	prefix := ord[:6]
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			if s.prefixBound(prefix) == nil {
				b.Fatal("no bound")
			}
		}
	})
	b.Run("float", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.pfast.ValueNorm(s.fx, s.fy, prefix); err != nil {
				b.Fatal(err)
			}
		}
	})
}
