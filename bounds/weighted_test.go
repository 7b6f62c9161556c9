package bounds

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// meanBusyWSPT on hand cases. Batch: Smith's rule on (p, w) = (2, 1),
// (1, 2): the ratio 2 job first, C = 1 and 3, Σ w C = 2·1 + 1·3 = 5.
// Releases: A (r 0, p 2, w 1), B (r 1, p 1, w 2): A on [0, 1], B preempts
// on [1, 2], A on [2, 3]; mean busy times M_A = (½ + 2½)/2 = 1.5 and
// M_B = 1.5, so Σ w (M + p/2) = 1·2.5 + 2·2 = 6.5 (OPT of 1|r,pmtn|Σ w C
// is that schedule's 1·3 + 2·2 = 7 ≥ 6.5).
func TestMeanBusyWSPTHand(t *testing.T) {
	for _, c := range []struct {
		r, p, w []float64
		want    float64
	}{
		{[]float64{0, 0}, []float64{2, 1}, []float64{1, 2}, 5},
		{[]float64{0, 1}, []float64{2, 1}, []float64{1, 2}, 6.5},
		{[]float64{3}, []float64{0}, []float64{4}, 12}, // zero size: completes at its release
	} {
		if got := meanBusyWSPT(c.r, c.p, c.w, nil); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("r %v p %v w %v: %v, want %v", c.r, c.p, c.w, got, c.want)
		}
	}
}

// CriticalPath on a chain a → b → c with unit capacities, all released at
// 0: L_a = max(2, 1) = 2, L_b = 2 + max(1, 3) = 5, L_c = 5 + max(1, 1) = 6;
// with weights 1, 2, 3: 2 + 10 + 18 = 30. Weighted ≥ it, and Mixed with
// unit weights uses the same L.
func TestCriticalPathHand(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 2, Shuffle: 1},
		{ID: "b", Map: 1, Shuffle: 3, After: []int{0}, Weight: 2},
		{ID: "c", Map: 1, Shuffle: 1, After: []int{1}, Weight: 3},
	})
	if got := CriticalPath(in); got != 30 {
		t.Errorf("CriticalPath = %v, want 30", got)
	}
	if got := Weighted(in); got < 30 {
		t.Errorf("Weighted = %v < CriticalPath 30", got)
	}
	for j := range in.Jobs {
		in.Jobs[j].Weight = 0
	}
	// Unit weights: L = 2, 5, 6 sum to 13, and a chain completes in that
	// order, so Mixed ≥ 13.
	if got := Mixed(in); got < 13 {
		t.Errorf("Mixed = %v < 13", got)
	}
}

// WeightedPrecedence's first value is Weighted's, bit for bit, and its
// second Precedence's, on random weighted DAGs and on instances without
// dependencies (where both are Weighted).
func TestWeightedPrecedenceSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 34))
	for trial := range 200 {
		n := 1 + rng.IntN(30)
		jobs := make([]instances.Job, n)
		for j := range jobs {
			jobs[j] = instances.Job{ID: fmt.Sprintf("j%d", j), Map: rng.ExpFloat64(), Shuffle: rng.ExpFloat64(), Weight: 0.1 + 10*rng.Float64()}
			if trial%2 == 0 {
				jobs[j].Release = 3 * rng.Float64()
			}
			if j > 0 && trial%3 != 0 && rng.IntN(2) == 0 {
				jobs[j].After = []int{rng.IntN(j)}
			}
		}
		in := instances.New(jobs)
		w, p := WeightedPrecedence(context.Background(), in, 0)
		if w != Weighted(in) || p != Precedence(in, 0) {
			t.Errorf("trial %d: (%v, %v), want Weighted %v and Precedence %v", trial, w, p, Weighted(in), Precedence(in, 0))
		}
	}
}
