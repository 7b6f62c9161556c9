package fastlp

import (
	"math/rand/v2"
	"testing"
)

// TestSolveAllocatesNothing checks that a cold ValueNorm and a warm
// ValueNormAppend allocate nothing once the Solver's and the Basis's
// buffers have grown to the order's length: the search runs millions of
// them (docs/appendix/exact.md, "Warm-started prefix LPs"). The expected count, 0,
// is the point of the buffers certML, certSL and certSlices; before them
// certify allocated three slices per solve.
func TestSolveAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	const n = 12
	x, y := warmSizes(rng, n)
	order := rng.Perm(n)
	var s Solver
	var b Basis
	// Grow every buffer once: a cold solve of the longest order, the
	// parent's solve and its saved basis, and a warm append.
	if _, err := s.ValueNorm(x, y, order); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ValueNorm(x, y, order[:n-1]); err != nil {
		t.Fatal(err)
	}
	s.SaveBasis(&b)
	if _, err := s.ValueNormAppend(&b, x, y, order); err != nil {
		t.Fatal(err)
	}
	cold := testing.AllocsPerRun(20, func() {
		if _, err := s.ValueNorm(x, y, order); err != nil {
			t.Fatal(err)
		}
	})
	if cold != 0 {
		t.Errorf("cold ValueNorm: %v allocations per solve, want 0", cold)
	}
	if _, err := s.ValueNorm(x, y, order[:n-1]); err != nil {
		t.Fatal(err)
	}
	s.SaveBasis(&b)
	warm := testing.AllocsPerRun(20, func() {
		if _, err := s.ValueNormAppend(&b, x, y, order); err != nil {
			t.Fatal(err)
		}
	})
	if warm != 0 {
		t.Errorf("warm ValueNormAppend: %v allocations per solve, want 0", warm)
	}
	if s.WarmStarts == 0 {
		t.Error("no warm start was taken; the test measures only the cold path")
	}
}
