package bounds

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tolerance"
)

// couplingCase is job (1,3) released at 2 and jobs (1,0), (2,0) released
// at 1 (unit capacities). Counting: map SRPT completions 2, 3, 5, shuffle
// 1, 1, 5 → 2 + 3 + 5 − Σr (4) = 6; standalone completions 5, 2, 3 sorted
// give the same 6. The subset relaxation: completing (1,0), (2,0), (1,3)
// costs 2 + 4 + 5 = 11 (the second completion waits for both maps, 4), the
// other orders 12, so 11 − 4 = 7 (OPT is 8 by brute force, package
// search's TestReleaseAgainstBruteForce family).
func couplingCase() *instances.Instance {
	return instances.New([]instances.Job{{ID: "a", Release: 2, Map: 1, Shuffle: 3}, {ID: "b", Release: 1, Map: 1}, {ID: "c", Release: 1, Map: 2}})
}

func TestReleaseBoundsKnown(t *testing.T) {
	opposite := instances.New([]instances.Job{{ID: "a", Map: 10}, {ID: "b", Shuffle: 10}})
	for _, c := range []struct {
		name                    string
		in                      *instances.Instance
		counting, standalone, h float64
	}{
		// (10,0) and (0,10) at 0: SRPT completes one job at 0 and one at 10
		// on each station (Counting 10), but each job alone takes 10
		// (standalone 10 + 10 = 20 = OPT, the stations work in parallel).
		{"opposite", opposite, 10, 20, 20},
		{"coupling", couplingCase(), 6, 6, 7},
		// §2.1 batch (1,2), (3,1), (2,2): Counting is the prefix bound 10
		// (Example); standalone completions 2, 2, 3 against SRPT's
		// max(1,1), max(3,3), max(6,5) give 2 + 3 + 6 = 11; the subset
		// relaxation (the k-th set is the same on both stations) has best
		// order (1,2), (2,2), (3,1): max(1,2,2) + max(3,4) + max(6,5) = 12,
		// which is OPT (§2.1: FIFO's 12).
		{"§2.1", instances.Example21(), 10, 11, 12},
	} {
		if got := Counting(c.in); !tolerance.Eq(got, c.counting) {
			t.Errorf("%s: Counting %v, want %v", c.name, got, c.counting)
		}
		if got := CountingStandalone(c.in); !tolerance.Eq(got, c.standalone) {
			t.Errorf("%s: CountingStandalone %v, want %v", c.name, got, c.standalone)
		}
		got, err := SubsetRelease(c.in)
		if err != nil || !tolerance.Eq(got, c.h) {
			t.Errorf("%s: SubsetRelease %v (%v), want %v", c.name, got, err, c.h)
		}
	}
}

// TestReleaseBoundsDominance: SubsetRelease ≥ CountingStandalone ≥
// Counting ≥ Paper51 on random instances with releases (the proofs in
// release.go and bounds.go); validity against brute force is checked in
// package search (TestReleaseBoundsAgainstBruteForce).
func TestReleaseBoundsDominance(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 7))
	stronger := 0
	for it := 0; it < 500; it++ {
		n := 1 + rng.IntN(9)
		jobs := make([]instances.Job, n)
		for i := range jobs {
			jobs[i] = instances.Job{ID: fmt.Sprint(i), Release: float64(rng.IntN(4)) * rng.Float64() * 3, Map: float64(rng.IntN(4)), Shuffle: float64(rng.IntN(4))}
			if rng.IntN(2) == 0 {
				jobs[i].Map, jobs[i].Shuffle = 10*rng.Float64(), 10*rng.Float64()
			}
			if jobs[i].Map+jobs[i].Shuffle == 0 {
				jobs[i].Shuffle = 1
			}
		}
		in := instances.New(jobs)
		p, c, s := Paper51(in), Counting(in), CountingStandalone(in)
		h, err := SubsetRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		if !tolerance.LE(p, c) || !tolerance.LE(c, s) || !tolerance.LE(s, h) {
			t.Fatalf("instance %d %+v: paper51 %v, counting %v, standalone %v, subset %v", it, jobs, p, c, s, h)
		}
		if h > s*(1+1e-6)+1e-6 {
			stronger++
		}
	}
	if stronger == 0 {
		t.Error("the subset bound never beat CountingStandalone")
	}
}

func TestSubsetReleaseTooLarge(t *testing.T) {
	jobs := make([]instances.Job, SubsetReleaseMaxN+1)
	for i := range jobs {
		jobs[i] = instances.Job{ID: fmt.Sprint(i), Map: 1, Shuffle: 1}
	}
	if _, err := SubsetRelease(instances.New(jobs)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = %d: %v", len(jobs), err)
	}
}
