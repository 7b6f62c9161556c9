package reductions

import (
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/validate"
)

// BenchmarkCertificate compares, side by side, building the q = 6
// certificate exactly (rational priority order), verifying it exactly, and
// validating its float form with validate.Check.
func BenchmarkCertificate(b *testing.B) {
	src, sol, err := nmts.Spec{Q: 6, MaxF: 9, MaxG: 60}.YesInstance(rand.NewPCG(1, 1))
	if err != nil {
		b.Fatal(err)
	}
	r, err := Reduce(src, Options{})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := r.Certificate(sol)
	tin, _ := r.Tandem(&sol)
	fs, _ := s.Float()
	b.Run("build-exact", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.Certificate(sol); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("verify-exact", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := rational.Verify(r.Rational(), s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("validate-float", func(b *testing.B) {
		for b.Loop() {
			if _, err := validate.Check(tin, fs); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkNMTSSolve: backtracking vs brute force on q = 5 no-instances
// (the hardest case for both: the whole space is explored).
func BenchmarkNMTSSolve(b *testing.B) {
	in, err := nmts.Spec{Q: 5, MaxF: 6, MaxG: 6}.NoInstance(rand.NewPCG(2, 2))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("backtracking", func(b *testing.B) {
		for b.Loop() {
			nmts.Solve(in)
		}
	})
	b.Run("brute-force", func(b *testing.B) {
		for b.Loop() {
			nmts.BruteForce(in)
		}
	})
}
