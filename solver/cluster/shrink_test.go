package cluster

import (
	"errors"
	"math/rand/v2"
	"testing"

	cw "github.com/mrsched/mrsched/instances/cluster"
)

// TestDdmin: the failure needs items 3 and 7 together (a classic ddmin
// example): the result is exactly {3, 7}, which is 1-minimal.
func TestDdmin(t *testing.T) {
	got := ddmin(20, func(idx []int) bool {
		has := map[int]bool{}
		for _, i := range idx {
			has[i] = true
		}
		return has[3] && has[7]
	})
	if len(got) != 2 || got[0] != 3 || got[1] != 7 {
		t.Fatalf("ddmin = %v, want [3 7]", got)
	}
}

// TestShrinkSynthetic: a predicate that needs a job of user "b" with at
// least 3 map tasks of ≥ 3 s and at least 2 nodes shrinks to exactly that:
// one job, 3 map tasks, no reduce task, 2 nodes with 1 slot each.
func TestShrinkSynthetic(t *testing.T) {
	rnd := rand.New(rand.NewPCG(19, 6))
	w := randomWorkload(rnd, 40, 3, true)
	w.Nodes = 4
	for i := range w.Jobs {
		if w.Jobs[i].User == "B" {
			w.Jobs[i].User = "b"
		}
	}
	bad := func(c *cw.Workload) bool {
		if c.Nodes < 2 {
			return false
		}
		for _, j := range c.Jobs {
			n := 0
			for _, d := range j.Map {
				if d >= 3 {
					n++
				}
			}
			if j.User == "b" && n >= 3 {
				return true
			}
		}
		return false
	}
	if !bad(w) {
		t.Fatal("the seeded workload has no such job")
	}
	s, err := Shrink(w, bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Jobs) != 1 || len(s.Jobs[0].Map) != 3 || len(s.Jobs[0].Reduce) != 0 || s.Nodes != 2 || s.MapSlots != 1 || s.ReduceSlots != 1 {
		t.Fatalf("shrunk to %d jobs, %d+%d tasks, %d nodes × %d+%d slots", len(s.Jobs), len(s.Jobs[0].Map), len(s.Jobs[0].Reduce), s.Nodes, s.MapSlots, s.ReduceSlots)
	}
	if _, err := Shrink(w, func(*cw.Workload) bool { return false }); !errors.Is(err, ErrNotFailing) {
		t.Fatalf("err %v, want ErrNotFailing", err)
	}
}
