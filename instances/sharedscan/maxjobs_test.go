package sharedscan

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestGenerateRefusesHugeJobCounts: 'gen sharedscan --jobs 2000000000'
// died out of memory; counts above MaxJobs are now refused
// before the workload is allocated.
func TestGenerateRefusesHugeJobCounts(t *testing.T) {
	spec := DefaultGenSpec()
	for _, n := range []int{MaxJobs + 1, 2_000_000_000} {
		spec.Jobs = n
		if _, err := Generate(spec, rand.NewPCG(1, 1)); !errors.Is(err, ErrSpec) {
			t.Errorf("Generate with %d jobs: err %v, want ErrSpec", n, err)
		}
	}
}
