package fastlp

import (
	"errors"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// Weights and dependencies, batch: the LP of a random linear extension of
// random dependencies with random weights equals the brute force's
// independent LP of that sequence; the schedule passes the validator
// (which checks precedence) with the same weighted total, and the dual
// bound agrees; the warm-started prefix chain gives the cold values.
func TestWeightedDAGAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	dags := 0
	for trial := 0; trial < 150; trial++ {
		n := 2 + rng.IntN(5)
		in := bruteforce.RandomDAG(rng, n, false)
		if in.HasDependencies() || in.HasWeights() {
			dags++
		}
		order := bruteforce.RandomExtension(rng, in)
		want, err := bruteforce.BatchValue(in, order)
		if err != nil {
			t.Fatalf("trial %d: brute force: %v", trial, err)
		}
		checkSchedule(t, "trial", in, order, want)
		// Prefix chain, warm and cold.
		var warm, cold Solver
		warm.Weight, warm.After = dagOf(in)
		cold.Weight, cold.After = warm.Weight, warm.After
		x, y := normalised(in)
		var b Basis
		for k := 1; k <= n; k++ {
			vw, err := warm.ValueNormAppend(&b, x, y, order[:k])
			if err != nil {
				t.Fatalf("trial %d: warm prefix %d: %v", trial, k, err)
			}
			warm.SaveBasis(&b)
			vc, err := cold.ValueNorm(x, y, order[:k])
			if err != nil {
				t.Fatalf("trial %d: cold prefix %d: %v", trial, k, err)
			}
			if !scalar.EqualWithinAbsOrRel(vw, vc, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d prefix %d: warm %v, cold %v", trial, k, vw, vc)
			}
		}
	}
	if dags < 100 {
		t.Fatalf("only %d instances with weights or dependencies", dags)
	}
}

// Weights and dependencies with releases: every random plan of a linear
// extension equals the brute force (or both find it infeasible).
func TestReleaseWeightedDAGAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	checked := 0
	for trial := 0; trial < 150; trial++ {
		n := 2 + rng.IntN(4)
		in := bruteforce.RandomDAG(rng, n, true)
		order := bruteforce.RandomExtension(rng, in)
		rho, rel := orderlp.Periods(in)
		p := orderlp.Plan{Order: order, Period: make([]int, n)}
		prev := 0
		for k, j := range order {
			l := max(prev, rel[j])
			if l < len(rho)-1 && rng.IntN(3) == 0 {
				l += rng.IntN(len(rho) - l)
			}
			p.Period[k], prev = l, l
		}
		if p.Check(in) != nil {
			continue
		}
		_, seq := sequence(in, p)
		want, err := bruteforce.SequenceValue(in, rho, seq)
		if err != nil {
			t.Fatalf("trial %d: brute force: %v", trial, err)
		}
		r, err := NewRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Value(p)
		if want > 1e300 {
			if !errors.Is(err, orderlp.ErrInfeasible) {
				t.Errorf("trial %d: brute force infeasible, fastlp %v (%v)", trial, got, err)
			}
			continue
		}
		checked++
		checkRelease(t, "trial", in, p, want)
	}
	if checked < 60 {
		t.Fatalf("only %d feasible plans checked", checked)
	}
}

// An order that completes a job before its predecessor is refused by both
// evaluators.
func TestDAGOrderErrors(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 1, After: []int{0}}})
	var s Solver
	if _, err := s.Value(in, []int{1, 0}); !errors.Is(err, ErrOrder) {
		t.Errorf("Solver.Value: %v, want ErrOrder", err)
	}
	s.Weight, s.After = nil, [][]int{nil, {0}}
	x, y := normalised(in)
	if _, err := s.ValueNorm(x, y, []int{1, 0}); !errors.Is(err, ErrOrder) {
		t.Errorf("ValueNorm: %v, want ErrOrder", err)
	}
	r, err := NewRelease(in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Value(orderlp.BatchPlan([]int{1, 0})); !errors.Is(err, ErrPlan) {
		t.Errorf("Release.Value: %v, want ErrPlan", err)
	}
	if _, err := r.PartialValue(orderlp.BatchPlan([]int{1, 0})); !errors.Is(err, ErrPlan) {
		t.Errorf("Release.PartialValue: %v, want ErrPlan", err)
	}
	// b after a alone: a completes at 1, b at 2 (each (1, 1) at rate 1).
	v, err := s.Value(in, []int{0, 1})
	if err != nil || !scalar.EqualWithinAbsOrRel(v, 3, tolerance.Engine, tolerance.Engine) {
		t.Errorf("Value: %v %v, want 1 + 2 = 3", v, err)
	}
}
