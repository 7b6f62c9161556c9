package study

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
)

// TestRenderFlex: the FLEX study report holds flex.Render's data files and
// one fig5 and one fig6 figure per metric and format, each with its title
// and axis labels; rendering twice gives the same bytes.
func TestRenderFlex(t *testing.T) {
	c := flex.DefaultStudy()
	c.Theta1, c.Theta2, c.Levels, c.Reps = []float64{1}, []float64{1}, []int{0, 8}, 1
	c.Metrics = []string{"sum-response"}
	c.Workload.Jobs, c.Workload.Horizon = 40, 4
	sw, err := c.Sweep()
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := RenderFlex(set, figures.SVG, figures.PNG)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := range a {
		names = append(names, k)
	}
	sort.Strings(names)
	want := "fig5-sum-response.png fig5-sum-response.svg fig6-sum-response.png fig6-sum-response.svg fig6.csv points.csv summary.json summary.md"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("files %s, want %s", got, want)
	}
	svg := string(a["fig5-sum-response.svg"])
	for _, s := range []string{"Fig. 5 analogue", "correlation level", "ratio to FLEX", "paper CIRCUMFLEX (endpoints)"} {
		if !strings.Contains(svg, s) {
			t.Errorf("fig5 SVG lacks %q", s)
		}
	}
	b, err := RenderFlex(set)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b["fig5-sum-response.png"]; ok {
		t.Error("PNG written without being asked for")
	}
	if !bytes.Equal(a["fig6-sum-response.svg"], b["fig6-sum-response.svg"]) {
		t.Error("two renders of the same cells differ")
	}
}

// TestRunFlexShardsAndResume: the study run in two shards and merged
// writes the same files as the unsharded run; a cells file cut off in its
// last line (a kill during the write) is resumed with a notice.
func TestRunFlexShardsAndResume(t *testing.T) {
	c := flex.DefaultStudy()
	c.Theta1, c.Theta2, c.Levels, c.Reps = []float64{1}, []float64{1}, []int{0, 4, 8}, 1
	c.Metrics = []string{"sum-response"}
	c.Workload.Jobs, c.Workload.Horizon = 30, 3
	whole, shards := t.TempDir(), t.TempDir()
	ctx := context.Background()
	ref, err := RunFlex(ctx, c, sweep.Spec{}, 2, whole, nil)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for i := 1; i <= 2; i++ {
		r, err := RunFlex(ctx, c, sweep.Spec{I: i, N: 2}, 1, shards, nil)
		if err != nil || len(r.Files) != 0 {
			t.Fatalf("shard %d: %v, files %v", i, err, r.Files)
		}
		paths = append(paths, r.Cells)
	}
	merged, err := MergeFlex(paths, shards)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(merged.Files, " ") != strings.Join(ref.Files, " ") {
		t.Fatalf("files %v, want %v", merged.Files, ref.Files)
	}
	for _, f := range append(ref.Files, "cells.jsonl") {
		a, _ := os.ReadFile(filepath.Join(whole, f))
		b, _ := os.ReadFile(filepath.Join(shards, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between the unsharded run and the merged shards", f)
		}
	}
	// Cut the last line of the finished cells file and run again.
	cells := filepath.Join(whole, "cells.jsonl")
	data, _ := os.ReadFile(cells)
	if err := os.WriteFile(cells, data[:len(data)-10], 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := RunFlex(ctx, c, sweep.Spec{}, 1, whole, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Set.Notices) != 1 || !strings.Contains(again.Set.Notices[0], "cut-off last line") {
		t.Errorf("notices %q", again.Set.Notices)
	}
	if b, _ := os.ReadFile(cells); !bytes.Equal(b, data) {
		t.Error("resumed cells file differs from the uninterrupted run")
	}
}
