package perm

import (
	"fmt"
	"slices"
	"testing"
)

func TestAllCountsAndOrder(t *testing.T) {
	// n! permutations (0! = 1: the empty one), strictly increasing in
	// lexicographic order, each a permutation of 0..n-1.
	fact := 1
	for n := 0; n <= 6; n++ {
		if n > 0 {
			fact *= n
		}
		all := All(n)
		if len(all) != fact {
			t.Fatalf("n=%d: %d permutations, want %d", n, len(all), fact)
		}
		for k := 1; k < len(all); k++ {
			if slices.Compare(all[k-1], all[k]) >= 0 {
				t.Fatalf("n=%d: %v not before %v", n, all[k-1], all[k])
			}
		}
		for _, p := range all {
			s := slices.Clone(p)
			slices.Sort(s)
			if !slices.Equal(s, Identity(n)) {
				t.Fatalf("%v is not a permutation", p)
			}
		}
	}
}

func TestNextRepeated(t *testing.T) {
	// Multiset {0,0,1,1}: 4!/(2!·2!) = 6 distinct arrangements.
	p := []int{0, 0, 1, 1}
	count := 1
	for Next(p) {
		count++
	}
	if count != 6 || !slices.Equal(p, []int{1, 1, 0, 0}) {
		t.Fatalf("%d arrangements, last %v; want 6, [1 1 0 0]", count, p)
	}
}

func ExampleNext() {
	p := []int{0, 1, 2}
	for ok := true; ok; ok = Next(p) {
		fmt.Println(p)
	}
	// Output:
	// [0 1 2]
	// [0 2 1]
	// [1 0 2]
	// [1 2 0]
	// [2 0 1]
	// [2 1 0]
}
