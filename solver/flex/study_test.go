package flex

import (
	"bytes"
	"context"
	"path/filepath"
	"sort"
	"testing"

	"github.com/mrsched/mrsched/sweep"
)

func smallStudy() StudyConfig {
	c := DefaultStudy()
	c.Theta1 = []float64{0, 1}
	c.Theta2 = []float64{1}
	c.Levels = []int{0, 8}
	c.Reps = 2
	c.Workload.Jobs = 60
	c.Workload.Horizon = 6
	return c
}

func renderAll(t *testing.T, set *sweep.Set) map[string][]byte {
	t.Helper()
	files, err := Render(set)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := set.Write(&b); err != nil {
		t.Fatal(err)
	}
	files["cells.jsonl"] = b.Bytes()
	return files
}

func TestStudyShardedMergeIsByteIdentical(t *testing.T) {
	cfg := smallStudy()
	sw, err := cfg.Sweep()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := renderAll(t, whole)
	dir := t.TempDir()
	var sets []*sweep.Set
	for i := 1; i <= 3; i++ {
		sp := sweep.Spec{I: i, N: 3}
		path := filepath.Join(dir, "part.jsonl"+sp.String()[:1])
		s, err := sweep.Run(context.Background(), sw, sweep.Options{Shard: sp, Workers: 1 + i%2, Path: path})
		if err != nil {
			t.Fatal(err)
		}
		// resume: a second run of a finished shard computes nothing new
		again, err := sweep.Run(context.Background(), sw, sweep.Options{Shard: sp, Path: path})
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		s.Write(&a)
		again.Write(&b)
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatal("resumed shard differs")
		}
		sets = append(sets, s)
	}
	merged, err := sweep.Merge([]*sweep.Set{sets[2], sets[0], sets[1]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := renderAll(t, merged)
	var names []string
	for k := range want {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !bytes.Equal(want[k], got[k]) {
			t.Errorf("%s differs between the unsharded run and the merged shards", k)
		}
	}
	if len(got) != len(want) || len(want) != 5 { // summary.json, summary.md, points.csv, fig6.csv, cells.jsonl
		t.Errorf("%d files vs %d", len(got), len(want))
	}
	s, _ := Summarise(merged)
	for _, p := range s.Points {
		// Sharing never costs work: CIRCUMFLEX and BATCH work ratios ≤ 1.
		if p.CircumflexWork.Mean > 1+1e-12 || p.BatchWork.Mean > 1+1e-12 || p.Reps != 2 {
			t.Errorf("point %+v", p)
		}
	}
}
