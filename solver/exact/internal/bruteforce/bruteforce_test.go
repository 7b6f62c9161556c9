package bruteforce

import (
	"fmt"
	"math"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// The oracle itself on values worked by hand: the two-job example and Lin et al. §2.1.
func TestKnownValues(t *testing.T) {
	// KnownOrders, worked by hand in its comments.
	for _, c := range KnownOrders() {
		v, err := BatchValue(c.In, c.Order)
		if err != nil || math.Abs(v-c.Value) > 1e-9 {
			t.Errorf("%s: order %v: %v (err %v), want %v", c.Name, c.Order, v, err, c.Value)
		}
	}
	two := TwoJobs()
	r, err := Solve(two)
	if err != nil || math.Abs(r.Value-21) > 1e-9 || r.LPs != 2 {
		t.Fatalf("Solve: %+v %v", r, err)
	}
	// A release: job b (0, 1) released at 5 after a (2, 2): a completes at
	// 2, b at 6; total (2 − 0) + (6 − 5) = 3.
	rel := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 2}, {ID: "b", Release: 5, Map: 0, Shuffle: 1}})
	r, err = Solve(rel)
	if err != nil || math.Abs(r.Value-3) > 1e-9 {
		t.Fatalf("release: %+v %v", r, err)
	}
}

// The fixtures of KnownOptima: Solve finds the optimum each one states
// (worked by hand in their comments).
func TestKnownOptima(t *testing.T) {
	for _, k := range KnownOptima() {
		r, err := Solve(k.In)
		if err != nil || math.Abs(r.Value-k.Opt) > 1e-9 {
			t.Errorf("%s: %+v %v, want %v", k.Name, r, err, k.Opt)
		}
	}
}

// Weights and dependencies on hand cases.
func TestWeightedDAG(t *testing.T) {
	// b after a: a alone completes at 10 (its shuffle 1 keeps pace with
	// its map 10), then b (map 1, shuffle 10) takes 10 more: C = (10, 20),
	// weighted 3·10 + 0.5·20 = 40; the only linear extension is (a, b).
	dag := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1, Weight: 3}, {ID: "b", Map: 1, Shuffle: 10, Weight: 0.5, After: []int{0}}})
	r, err := Solve(dag)
	if err != nil || math.Abs(r.Value-40) > 1e-9 || r.LPs != 1 {
		t.Fatalf("dag: %+v %v, want 40 from one LP", r, err)
	}
	// Without the dependency the order (b, a) is allowed too. With weight
	// 3 on a: (b, a) completes b at 10 (its shuffle keeps pace with its
	// map) and a at 11 (map 1 + 10), 3·11 + 10 = 43 (21
	// unweighted, TestKnownValues); (a, b) either completes a at 10, so b's shuffle starts
	// at 10 and ends at 20 (3·10 + 20 = 50), or maps b first and completes
	// both at 11 (3·11 + 11 = 44), the LP mixing the two (cost linear in
	// between): 43 is the optimum.
	free := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1, Weight: 3}, {ID: "b", Map: 1, Shuffle: 10}})
	r, err = Solve(free)
	if err != nil || math.Abs(r.Value-43) > 1e-9 || r.LPs != 2 {
		t.Fatalf("weighted: %+v %v, want 43 from two LPs", r, err)
	}
}

// Permutations visits n! distinct permutations (closed form), each of
// 0, …, n−1, the identity first.
func TestPermutations(t *testing.T) {
	fact := 1
	for n := 0; n <= 5; n++ {
		if n > 0 {
			fact *= n
		}
		seen := map[string]bool{}
		Permutations(n, func(order []int) {
			if len(seen) == 0 {
				for i, j := range order {
					if i != j {
						t.Errorf("n=%d: first permutation %v, want the identity", n, order)
						break
					}
				}
			}
			used := make([]bool, n)
			for _, j := range order {
				if j < 0 || j >= n || used[j] {
					t.Fatalf("n=%d: %v is not a permutation", n, order)
				}
				used[j] = true
			}
			seen[fmt.Sprint(order)] = true
		})
		if len(seen) != fact {
			t.Errorf("n=%d: %d distinct permutations, want %d", n, len(seen), fact)
		}
	}
}
