package search

import (
	"context"
	"math"
	"testing"

	"github.com/mrsched/mrsched/solver/mip"
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
	if alone.BoundSource != mip.SourceSearch || !math.IsInf(alone.ExternalBound, -1) {
		t.Fatalf("alone: proof %q", alone.BoundSource)
	}
	for _, c := range []struct {
		name  string
		bound float64
		proof mip.BoundSource
	}{
		{"the optimum", alone.Objective, mip.SourceExternal},     // proves the incumbent as soon as it is found
		{"0.9·optimum", 0.9 * alone.Objective, mip.SourceSearch}, // too weak: the search proves by itself
	} {
		res, err := Solve(context.Background(), eng, in, Options{Bound: func() float64 { return c.bound }})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != alone.Status || res.Objective != alone.Objective || res.BoundSource != c.proof {
			t.Errorf("%s: %v %v proof %q, alone %v %v", c.name, res.Status, res.Objective, res.BoundSource, alone.Status, alone.Objective)
		}
		if c.proof == mip.SourceExternal && res.Stats.Nodes >= alone.Stats.Nodes {
			t.Errorf("%s: %d nodes, alone %d", c.name, res.Stats.Nodes, alone.Stats.Nodes)
		}
	}
}

// A bound within Options.GapLimit of the incumbent stops the search with
// status mip.GapLimit and that bound as its proof; the same bound with no
// gap limit (or a tighter one) does not stop it, and the search proves
// the optimum itself. The bound is OPT·(1 − 10⁻⁴) (OPT from the search
// alone), so the first incumbent within 10⁻³ of it stops the search.
func TestGapLimitStops(t *testing.T) {
	eng := engine(t)
	in := lnBatch(t, 10, 1)
	alone, err := Solve(context.Background(), eng, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := alone.Objective * (1 - 1e-4)
	for _, c := range []struct {
		gap    float64
		status mip.Status
	}{{1e-3, mip.GapLimit}, {0, mip.Optimal}, {1e-6, mip.Optimal}} {
		res, err := Solve(context.Background(), eng, in, Options{Bound: func() float64 { return b }, GapLimit: c.gap})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != c.status {
			t.Errorf("gap limit %g: status %v, want %v", c.gap, res.Status, c.status)
		}
		if c.status == mip.GapLimit && (res.LowerBound != b || res.BoundSource != mip.SourceExternal || res.Gap > 1e-3) {
			t.Errorf("gap limit %g: bound %v (%s), gap %v; want %v, external, ≤ 1e-3", c.gap, res.LowerBound, res.BoundSource, res.Gap, b)
		}
	}
}
