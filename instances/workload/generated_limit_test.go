package workload

import (
	"errors"
	"testing"
)

// TestCheckGenerated: job counts and task totals beyond the documented
// limits are refused before allocation ('gen cluster --n
// 2000000000' died with "fatal error: out of memory"); the bounds
// themselves are accepted. Task counts: ⌈inputMB/SplitMB⌉ per job.
func TestCheckGenerated(t *testing.T) {
	for _, tc := range []struct {
		n       int
		inputMB float64
		ok      bool
	}{
		{1, 0, true},
		{MaxGeneratedJobs, 0, true},
		{MaxGeneratedJobs + 1, 0, false},
		{2_000_000_000, 0, false},
		{0, 0, false},
		{-3, 0, false},
		{1, MaxTotalTasks * SplitMB, true},
		{2, MaxTotalTasks * SplitMB, false},
		{5, 1e15, false},
	} {
		err := CheckGenerated("n", tc.n, tc.inputMB)
		if (err == nil) != tc.ok {
			t.Errorf("CheckGenerated(%d, %g) = %v, want ok %v", tc.n, tc.inputMB, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("CheckGenerated(%d, %g): %v does not wrap ErrInvalid", tc.n, tc.inputMB, err)
		}
	}
}
