package instances

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestLogNormalSourceStream checks the streaming generator against the
// draws of gonum's distuv (the second implementation: Exponential.Rand for
// the gap, LogNormal.Rand for the map size and the ratio, in that order,
// from one source) and the IDs prefix + job number: Next computes them
// without distuv's per-draw rand.New, and its stream must not change.
func TestLogNormalSourceStream(t *testing.T) {
	for _, batch := range []bool{false, true} {
		spec := PaperLogNormal(2000, 0.9, batch)
		src, err := spec.Source(rand.NewPCG(3, 4))
		if err != nil {
			t.Fatal(err)
		}
		ref := rand.NewPCG(3, 4)
		mmu, msig := lognormalParams(spec.MapMean, spec.MapSD)
		rmu, rsig := lognormalParams(spec.RatioMean, spec.RatioSD)
		mapD := distuv.LogNormal{Mu: mmu, Sigma: msig, Src: ref}
		ratioD := distuv.LogNormal{Mu: rmu, Sigma: rsig, Src: ref}
		gap := distuv.Exponential{Rate: spec.ArrivalRate(), Src: ref}
		r := 0.0
		for k := 1; ; k++ {
			j, ok := src.Next()
			if !ok {
				if k != spec.N+1 {
					t.Fatalf("batch %v: %d jobs, want %d", batch, k-1, spec.N)
				}
				break
			}
			if !batch {
				r += gap.Rand()
			}
			x := mapD.Rand()
			want := Job{ID: "J" + strconv.Itoa(k), Release: r, Map: x, Shuffle: x * ratioD.Rand()}
			if !reflect.DeepEqual(j, want) {
				t.Fatalf("batch %v job %d: %+v, want %+v", batch, k, j, want)
			}
		}
	}
}
