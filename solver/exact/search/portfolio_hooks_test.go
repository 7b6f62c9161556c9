package search

import (
	"context"
	"math"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
)

// The dominance rule (package dominance) removes nodes without changing the
// optimum: the search with and without it agrees (the second run is the
// reference), and the rule's run explores fewer nodes. Both runs are
// without the window tail (windows.go), which proves this instance in 17
// nodes with or without the rule.
func TestDominancePrunes(t *testing.T) {
	eng := engine(t)
	in := lnBatch(t, 10, 3)
	with, err := Solve(context.Background(), eng, in, Options{NoWindowTail: true})
	if err != nil {
		t.Fatal(err)
	}
	without, err := Solve(context.Background(), eng, in, Options{NoDominance: true, NoWindowTail: true})
	if err != nil {
		t.Fatal(err)
	}
	if with.Status != without.Status || !scalar.EqualWithinAbsOrRel(with.Objective, without.Objective, tolerance.Engine, tolerance.Engine) {
		t.Fatalf("with the rule %v %v, without %v %v", with.Status, with.Objective, without.Status, without.Objective)
	}
	if with.Stats.Nodes >= without.Stats.Nodes {
		t.Fatalf("nodes with the rule %d, without %d", with.Stats.Nodes, without.Stats.Nodes)
	}
	t.Logf("nodes %d → %d", without.Stats.Nodes, with.Stats.Nodes)
}

// A bound proved elsewhere stops the search as soon as its incumbent meets
// it, with the same incumbent as the search alone (the bound does not steer
// the search); a weaker bound proves nothing by itself.
func TestExternalBound(t *testing.T) {
	eng := engine(t)
	in := lnBatch(t, 10, 1)
	alone, err := Solve(context.Background(), eng, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if alone.BoundProof != "search" || !math.IsInf(alone.ExternalBound, -1) {
		t.Fatalf("alone: proof %q", alone.BoundProof)
	}
	for _, c := range []struct {
		name  string
		bound float64
		proof string
	}{
		{"the optimum", alone.Objective, "external"},     // proves the incumbent as soon as it is found
		{"0.9·optimum", 0.9 * alone.Objective, "search"}, // too weak: the search proves by itself
	} {
		res, err := Solve(context.Background(), eng, in, Options{Bound: func() float64 { return c.bound }})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != alone.Status || res.Objective != alone.Objective || res.BoundProof != c.proof {
			t.Errorf("%s: %v %v proof %q, alone %v %v", c.name, res.Status, res.Objective, res.BoundProof, alone.Status, alone.Objective)
		}
		if c.proof == "external" && res.Stats.Nodes >= alone.Stats.Nodes {
			t.Errorf("%s: %d nodes, alone %d", c.name, res.Stats.Nodes, alone.Stats.Nodes)
		}
	}
}
