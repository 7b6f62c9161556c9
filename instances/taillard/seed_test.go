package taillard

import "testing"

// TestSeed: seeds 1 and 10 of the 20 × 5 set are Taillard's published
// 873654221 and 88325120 (Taillard 1993, Table 1 — Seeds20x5); k = 0 (or
// out of the set) keeps the given seed.
func TestSeed(t *testing.T) {
	for _, tc := range []struct {
		seed int64
		k    int
		want int64
	}{{42, 1, 873654221}, {42, 10, 88325120}, {42, 0, 42}, {7, 11, 7}} {
		if got := Seed(tc.seed, tc.k); got != tc.want {
			t.Errorf("Seed(%d, %d) = %d, want %d", tc.seed, tc.k, got, tc.want)
		}
	}
}
