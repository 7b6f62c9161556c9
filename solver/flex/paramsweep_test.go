package flex

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/sweep"
	"gonum.org/v1/gonum/floats/scalar"
)

// smallMap is a map of 60-arrival workloads (T = 6 min, §4's rate).
func smallMap() MapSetup {
	s := DefaultMapSetup()
	s.Grid = MapGrid{MaxSlots: []int{10, 50}, MinFrac: []float64{0, 1}, Window: []float64{2}, BlockTime: []float64{0, 1}}
	s.Reps, s.Top = 2, 1
	s.Workload.Jobs, s.Workload.Horizon = 60, 6
	return s
}

// TestMapCellsEqualStudyCells: a map cell (point, level, rep) is, byte for
// byte, the cell (1, 1, level, rep) of the §4 study with the point's
// parameters; for b = 0 that study is the one 'mrsched flex study
// --theta1 1 --theta2 1 --levels 0,8 --metrics sum-response --reps R
// --jobs J --horizon T --max-slots M --min-slots m --window W' builds
// (flexStudyConfig: DefaultStudy with those fields set).
func TestMapCellsEqualStudyCells(t *testing.T) {
	s := smallMap()
	cfg := s.Coarse()
	cfg.Points = []MapPoint{{MaxSlots: 10, MinSlots: 1, Window: 2}, {MaxSlots: 50, MinSlots: 25, Window: 1, BlockTime: 1}}
	msw, err := cfg.Sweep()
	if err != nil {
		t.Fatal(err)
	}
	mset, err := sweep.Run(context.Background(), msw, sweep.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]json.RawMessage{}
	for _, c := range mset.Cells {
		var mc struct {
			Point MapPoint        `json:"point"`
			Cell  json.RawMessage `json:"cell"`
		}
		if err := json.Unmarshal(c.Result, &mc); err != nil {
			t.Fatal(err)
		}
		got[mc.Point.key()+"/"+string(mc.Cell)] = mc.Cell
	}
	for _, p := range cfg.Points {
		st := cfg.Study(p)
		if p.BlockTime == 0 {
			cli := DefaultStudy()
			cli.Theta1, cli.Theta2, cli.Levels, cli.Metrics = []float64{1}, []float64{1}, []int{0, 8}, []string{"sum-response"}
			cli.Reps, cli.Window, cli.Seed = s.Reps, p.Window, s.Seed
			cli.Workload.Jobs, cli.Workload.Horizon, cli.Workload.MaxSlots, cli.Workload.MinSlots = s.Workload.Jobs, s.Workload.Horizon, p.MaxSlots, p.MinSlots
			if !reflect.DeepEqual(st, cli) {
				t.Fatalf("Study(%s) = %+v, want the flex study CLI's %+v", p.key(), st, cli)
			}
		}
		ssw, err := st.Sweep()
		if err != nil {
			t.Fatal(err)
		}
		sset, err := sweep.Run(context.Background(), ssw, sweep.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(sset.Cells) != 4 {
			t.Fatalf("%s: %d study cells, want 2 levels × 2 reps", p.key(), len(sset.Cells))
		}
		for _, c := range sset.Cells {
			if _, ok := got[p.key()+"/"+string(c.Result)]; !ok {
				t.Errorf("%s: study cell %s = %s is not a map cell", p.key(), c.Key, c.Result)
			}
		}
	}
	if len(got) != 8 {
		t.Errorf("%d distinct map cells, want 8", len(got))
	}
}

func readAll(t *testing.T, dir string, files map[string][]byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	for k, v := range files {
		out[k] = string(v)
	}
	for _, p := range []string{"coarse", "fine"} {
		b, err := os.ReadFile(filepath.Join(dir, p, "cells.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// TestMapShardsAndWorkersByteIdentical: the whole map with one worker, and
// the same map as 3 coarse shards and 2 fine shards with other worker
// counts, merged, give byte-identical cells and report files.
func TestMapShardsAndWorkersByteIdentical(t *testing.T) {
	s := smallMap()
	ctx := context.Background()
	a := t.TempDir()
	whole, err := RunMap(ctx, s, MapRunOptions{Dir: a, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Coarse) != 8 || len(whole.Fine) == 0 || whole.Files["map.md"] == nil {
		t.Fatalf("whole map: %d coarse, %d fine points, files %v", len(whole.Coarse), len(whole.Fine), len(whole.Files))
	}
	want := readAll(t, a, whole.Files)
	b := t.TempDir()
	var shards []string
	for i := 1; i <= 3; i++ {
		r, err := RunMap(ctx, s, MapRunOptions{Dir: b, Pass: "coarse", Shard: sweep.Spec{I: i, N: 3}, Workers: 1 + i%2})
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, r.Cells...)
	}
	if _, err := RunMap(ctx, s, MapRunOptions{Dir: b, Pass: "fine", Shard: sweep.Spec{I: 1, N: 2}}); err == nil {
		t.Fatal("a fine shard ran before the coarse shards were merged")
	}
	if _, err := RunMap(ctx, s, MapRunOptions{Dir: b, Pass: "coarse", Merge: shards}); err != nil {
		t.Fatal(err)
	}
	shards = nil
	for i := 1; i <= 2; i++ {
		r, err := RunMap(ctx, s, MapRunOptions{Dir: b, Pass: "fine", Shard: sweep.Spec{I: i, N: 2}, Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, r.Cells[len(r.Cells)-1])
	}
	merged, err := RunMap(ctx, s, MapRunOptions{Dir: b, Pass: "both", Merge: shards, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	got := readAll(t, b, merged.Files)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s differs between the whole run and the merged shards", k)
		}
	}
	if _, err := RunMap(ctx, s, MapRunOptions{Dir: b, Shard: sweep.Spec{I: 1, N: 2}}); !errors.Is(err, ErrInput) {
		t.Errorf("a shard of both passes: err = %v, want ErrInput", err)
	}
}

// TestRefine: around the single best point (M_j = 20, φ = 1, b = 0) of
// the grid M_j ∈ {10, 20, 40}, φ ∈ {0, 1}, b ∈ {0, 1}, the fine pass is
// M_j ∈ {15, 20, 30} × φ ∈ {0.5, 1} × b ∈ {0, 0.5} (value and midpoints to
// the grid neighbours) at W = 2, minus the coarse point itself: 11 points.
// No coarse point has a rising concurrency, so no second centre.
func TestRefine(t *testing.T) {
	g := MapGrid{MaxSlots: []int{10, 20, 40}, MinFrac: []float64{0, 1}, Window: []float64{2}, BlockTime: []float64{0, 1}}
	var coarse []MapResult
	for _, p := range g.Points() {
		r := MapResult{Point: p, DCirc: 1, DBatch: 1}
		if p == (MapPoint{MaxSlots: 20, MinSlots: 20, Window: 2}) {
			r.DCirc, r.DBatch = 0.2, 0.3
		}
		coarse = append(coarse, r)
	}
	fine := Refine(coarse, MapConfig{Pass: "coarse", Reps: 3}, g, 1)
	if fine.Pass != "fine" || fine.Reps != 3 || len(fine.Points) != 11 {
		t.Fatalf("fine pass %q, %d reps, %d points %v; want fine, 3 reps, 11 points", fine.Pass, fine.Reps, len(fine.Points), fine.Points)
	}
	has := map[MapPoint]bool{}
	for _, p := range fine.Points {
		has[p] = true
	}
	for _, p := range []MapPoint{{15, 8, 2, 0}, {30, 15, 2, 0.5}, {20, 10, 2, 0}, {15, 15, 2, 0.5}, {20, 20, 2, 0.5}} {
		if !has[p] {
			t.Errorf("fine pass lacks %s", p.key())
		}
	}
	if has[MapPoint{20, 20, 2, 0}] {
		t.Error("fine pass repeats the coarse point")
	}
}

// mapSet builds a complete pass whose cells have the given ratios to FLEX
// (FLEX = 1) and concurrency values per (point index, level, rep).
func mapSet(t *testing.T, pts []MapPoint, val func(p, level, rep int) (circ, batch, conc float64)) *sweep.Set {
	t.Helper()
	cfg := MapConfig{Pass: "coarse", Points: pts, Levels: []int{0, 8}, Reps: 2}
	raw, _ := json.Marshal(cfg)
	set := &sweep.Set{Header: sweep.Header{Format: sweep.FormatName, Kind: MapKind, Config: raw, Cells: len(pts) * 4}}
	for i, p := range pts {
		for _, l := range cfg.Levels {
			for r := 0; r < 2; r++ {
				c, b, k := val(i, l, r)
				mc := MapCell{Point: p, Cell: CellResult{Theta1: 1, Theta2: 1, Level: l, Rep: r, Runs: []MetricRuns{{Metric: "sum-response",
					Flex: SchemeStats{Value: 1}, Circumflex: SchemeStats{Value: c, MaxConcurrent: k}, Batch: SchemeStats{Value: b}}}}}
				res, _ := json.Marshal(mc)
				set.Cells = append(set.Cells, sweep.Cell{Cell: len(set.Cells), Key: fmt.Sprint(len(set.Cells)), Result: res})
			}
		}
	}
	return set
}

// TestSummariseMapCriterion: distances and matches by hand. Point 0:
// CIRCUMFLEX 5 % above the paper at both levels (d = 0.05, match), BATCH
// 20 % above at level 8 (d = 0.2, no match), concurrency 2 → 3 in both
// repetitions (rise 1, standard error 0: a trend). Point 1: concurrency
// {2, 3} → {2.5, 3.5}: rise 0.5, standard error √(0.5/2 + 0.5/2) ≈ 0.71,
// under 2 SE: not a trend (a plain "level 8 > level 0" would call it one).
func TestSummariseMapCriterion(t *testing.T) {
	pts := []MapPoint{{10, 1, 2, 0}, {20, 1, 2, 0}}
	set := mapSet(t, pts, func(p, level, rep int) (float64, float64, float64) {
		e := level / 8
		c, b := paperCirc[e]*1.05, paperBat[e]
		if e == 1 {
			b *= 1.2
		}
		k := []float64{2, 3}[e]
		if p == 1 {
			k = [][]float64{{2, 3}, {2.5, 3.5}}[e][rep]
		}
		return c, b, k
	})
	rs, _, err := SummariseMap(set)
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if !scalar.EqualWithinAbs(r.DCirc, 0.05, 1e-12) || !scalar.EqualWithinAbs(r.DBatch, 0.2, 1e-12) || !r.CircOK || r.BatchOK || !r.RiseOK || r.Matches() != "circ+rise" {
		t.Errorf("point 0: d circ %v, d batch %v, matches %q; want 0.05, 0.2, circ+rise", r.DCirc, r.DBatch, r.Matches())
	}
	if r = rs[1]; r.RiseOK || !scalar.EqualWithinAbs(r.Conc[1]-r.Conc[0], 0.5, 1e-12) || !scalar.EqualWithinAbs(r.ConcRiseSE*r.ConcRiseSE, 0.5, 1e-12) {
		t.Errorf("point 1: rise %v ± %v, RiseOK %v; want 0.5 ± √0.5, no trend", r.Conc[1]-r.Conc[0], r.ConcRiseSE, r.RiseOK)
	}
	set.Cells = set.Cells[:7]
	if _, _, err := SummariseMap(set); !errors.Is(err, ErrInput) {
		t.Errorf("incomplete pass: err = %v, want ErrInput", err)
	}
}

// TestLimitSlotsByBlocks: datasets of 10 and 0.3 slot-minutes with b = 1
// have 10 and 1 blocks: M_j = min(100, 10) and min(100, max(1, 1)), m_j
// capped at the new M_j.
func TestLimitSlotsByBlocks(t *testing.T) {
	w := &sharedscan.Workload{Slots: 100, Datasets: []sharedscan.Dataset{{ID: "a", Size: 10}, {ID: "b", Size: 0.3}},
		Jobs: []sharedscan.Job{{ID: "j1", Datasets: []string{"a"}, Weight: 1, MinSlots: 50, MaxSlots: 100, ScanFraction: 1},
			{ID: "j2", Arrival: 1, Datasets: []string{"b"}, Weight: 1, MinSlots: 1, MaxSlots: 100, ScanFraction: 1}}}
	if err := LimitSlotsByBlocks(w, 1); err != nil {
		t.Fatal(err)
	}
	got := [2][2]int{{w.Jobs[0].MinSlots, w.Jobs[0].MaxSlots}, {w.Jobs[1].MinSlots, w.Jobs[1].MaxSlots}}
	if got != [2][2]int{{10, 10}, {1, 1}} {
		t.Errorf("(m_j, M_j) = %v, want [[10 10] [1 1]]", got)
	}
	if err := LimitSlotsByBlocks(w, 0); !errors.Is(err, ErrInput) {
		t.Errorf("b = 0: err = %v, want ErrInput", err)
	}
}

// FuzzSummariseMap: any cells file is summarised or refused, never a
// panic. Seeded with a complete small pass.
func FuzzSummariseMap(f *testing.F) {
	cfg := smallMap().Coarse()
	cfg.Points = cfg.Points[:1]
	cfg.Reps = 1
	sw, err := cfg.Sweep()
	if err != nil {
		f.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		f.Fatal(err)
	}
	var b strings.Builder
	if err := set.Write(&b); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(b.String()))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := sweep.Read(strings.NewReader(string(data)), "fuzz.jsonl")
		if err != nil {
			return
		}
		if rs, _, err := SummariseMap(s); err == nil && len(rs) == 0 {
			t.Error("SummariseMap accepted a pass without results")
		}
	})
}
