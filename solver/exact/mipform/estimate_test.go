package mipform

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// EstimateNonzeros bounds the built model's nonzeros from above within a
// factor 4, for batches and release dates of several sizes (the count of
// the built model is the reference).
func TestEstimateNonzeros(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		n     int
		batch bool
	}{{4, true}, {12, true}, {30, true}, {4, false}, {8, false}, {14, false}} {
		jobs := make([]instances.Job, tc.n)
		for j := range jobs {
			r := 0.0
			if !tc.batch {
				r = float64(rng.IntN(3 * tc.n))
			}
			jobs[j] = instances.Job{ID: fmt.Sprint(j), Release: r, Map: 1 + rng.Float64()*4, Shuffle: 1 + rng.Float64()*4}
		}
		in := instances.New(jobs)
		f, err := Build(in, false)
		if err != nil {
			t.Fatal(err)
		}
		nz := 0
		for _, r := range f.Model.Rows {
			nz += len(r.Ind)
		}
		est := EstimateNonzeros(in, false)
		if est < float64(nz) || est > 4*float64(nz) {
			t.Errorf("n=%d batch=%v: estimate %.0f, built %d nonzeros (want built ≤ estimate ≤ 4·built)", tc.n, tc.batch, est, nz)
		}
	}
}
