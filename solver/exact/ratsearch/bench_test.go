package ratsearch

import (
	"context"
	"testing"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
)

// q3 reads testdata/theorem1-q3-yes.json, the Theorem 1 reduction of the
// NMTS yes-instance f = {3,4,5}, g = {1,4,4}, h = {9,4,8} (11 jobs; written
// by `mrsched reduce nmts` — reductions.TestRatsearchFixture checks that
// it equals reductions.Reduce's output), and its certificate order
// F3 G2 H1 F1 G1 H2 F2 G3 H3 E1 E2 (the file's metadata) as job indices.
// Read from a file because package reductions imports this package.
func q3(b *testing.B) (*rational.Instance, []int) {
	in, err := rational.ReadFile("testdata/theorem1-q3-yes.json")
	if err != nil {
		b.Fatal(err)
	}
	return in, []int{2, 4, 6, 0, 3, 7, 1, 5, 8, 9, 10}
}

// BenchmarkOrderLP: one fixed-order LP of the q = 3 reduction (certificate
// order), exact (big.Rat simplex, certified, schedule verified) and float
// (fastlp), side by side.
func BenchmarkOrderLP(b *testing.B) {
	in, ord := q3(b)
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
	in, ord := q3(b)
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
