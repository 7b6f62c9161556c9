package reductions

import (
	"bytes"
	"context"
	"testing"

	"github.com/mrsched/mrsched/sweep/sweeptest"
	"github.com/mrsched/mrsched/tabular"
)

// TestSeparationSweepSharded: the separation study as a sweep, on the 15
// q = 2 instances with values ≤ 2 (both constructions, 30 cells) and an
// exact search of 300 nodes, so that some rows stop on the budget: three
// shards merged give the bytes of the unsharded run, the decoded rows
// render the same Markdown as RunStudy (the unsharded library entry point)
// with the same configuration, and both node-limited and optimal rows
// occur (a budget, unlike a time limit, makes every row reproducible).
func TestSeparationSweepSharded(t *testing.T) {
	cfg := StudyConfig{Q: []int{2}, EnumMax: []int{2}, Random: []int{0},
		Constructions: []string{ConstructionAppendixA, ConstructionRepaired}, Options: SeparationOptions{ExactNodes: 300}}
	sw, err := SeparationSweep(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Keys) != 30 || sw.Keys[0] != "appendix-a/q=2/0" || sw.Keys[15] != "repaired/q=2/0" {
		t.Fatalf("%d keys, first %q, 16th %q", len(sw.Keys), sw.Keys[0], sw.Keys[15])
	}
	_, merged := sweeptest.Sharded(t, sw, 3)
	studies, err := SeparationStudies(merged)
	if err != nil {
		t.Fatal(err)
	}
	direct, err := RunStudy(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ms, ds bytes.Buffer
	if err := StudyView(studies).Write(&ms, tabular.Markdown); err != nil {
		t.Fatal(err)
	}
	if err := StudyView(direct).Write(&ds, tabular.Markdown); err != nil {
		t.Fatal(err)
	}
	if ms.String() != ds.String() {
		t.Errorf("sweep renders\n%s\nRunStudy renders\n%s", ms.String(), ds.String())
	}
	status := map[string]int{}
	for _, s := range studies {
		for _, r := range s.Rows {
			status[r.Search]++
		}
	}
	if len(studies) != 2 || status["node limit"] == 0 || status["optimal"] == 0 || status["node limit"]+status["optimal"] != 30 {
		t.Errorf("%d studies, exact search statuses %v: want both node limit and optimal, 30 rows", len(studies), status)
	}
	if _, err := SeparationSweep(StudyConfig{Q: []int{2}, EnumMax: []int{2}, Random: []int{0}, Constructions: []string{ConstructionRepaired},
		Options: SeparationOptions{ExactNodes: -1}}); err == nil {
		t.Error("negative node budget accepted")
	}
}
