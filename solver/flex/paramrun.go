package flex

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// MapSetup is the whole parameter map: the coarse grid, the levels,
// repetitions, seed and workload of both passes, and how many best points
// the fine pass refines (Refine).
type MapSetup struct {
	Grid     MapGrid
	Levels   []int
	Reps     int
	Seed     uint64
	Workload sharedscan.GenSpec
	Top      int
}

// DefaultMapSetup is the map of docs/flex.md: DefaultMap's coarse pass and
// a fine pass around its 3 best points and its 3 best points with a
// rising concurrency.
func DefaultMapSetup() MapSetup {
	c := DefaultMap()
	return MapSetup{Grid: DefaultMapGrid(), Levels: c.Levels, Reps: c.Reps, Seed: c.Seed, Workload: c.Workload, Top: 3}
}

// Coarse returns the coarse pass.
func (s MapSetup) Coarse() MapConfig {
	return MapConfig{Pass: "coarse", Points: s.Grid.Points(), Levels: s.Levels, Reps: s.Reps, Seed: s.Seed, Workload: s.Workload}
}

// MapRunOptions control RunMap.
type MapRunOptions struct {
	Dir string // cells go to Dir/coarse and Dir/fine
	// Pass is "coarse" or "fine" for one pass (required with a shard), or
	// "" or "both" for the whole map: the coarse pass, the fine pass, the
	// report.
	Pass    string
	Shard   sweep.Spec
	Workers int
	// Merge names shard cells files of one pass, merged (sweep.Merge)
	// into that pass's cells file before anything runs.
	Merge []string
	// Progress, when set, gets a line "flex map PASS: DONE/TOTAL cells" at
	// the start, every 500 cells and at the end of each pass.
	Progress func(line string)
}

// MapReport is what RunMap did.
type MapReport struct {
	Cells        []string // cells files written or found complete
	Notices      []string
	Coarse, Fine []MapResult       // set when the pass is complete
	Files        map[string][]byte // map.md and map.csv, when the whole map ran
	Setup        MapSetup
}

func passPath(dir, pass string, sp sweep.Spec) string {
	if sp.Whole() {
		return filepath.Join(dir, pass, "cells.jsonl")
	}
	return filepath.Join(dir, pass, fmt.Sprintf("cells-%d-of-%d.jsonl", sp.I, sp.N))
}

// RunMap runs (or resumes after a kill) the parameter map of setup into
// opt.Dir: any shard of either pass, or the whole map with its report.
// The fine pass is derived from the complete coarse pass, so every shard
// of it needs the merged coarse cells. The output depends only on the
// setup, never on shards or workers.
func RunMap(ctx context.Context, setup MapSetup, opt MapRunOptions) (*MapReport, error) {
	rep := &MapReport{Setup: setup}
	if opt.Pass == "both" {
		opt.Pass = ""
	}
	if opt.Pass != "" && opt.Pass != "coarse" && opt.Pass != "fine" {
		return nil, fmt.Errorf("%w: pass %q (want coarse or fine)", ErrInput, opt.Pass)
	}
	if opt.Pass == "" && !opt.Shard.Whole() {
		return nil, fmt.Errorf("%w: a shard runs one pass (coarse or fine)", ErrInput)
	}
	if err := mergeMap(opt, rep); err != nil {
		return nil, err
	}
	run := func(cfg MapConfig, sp sweep.Spec) (*sweep.Set, error) {
		sw, err := cfg.Sweep()
		if err != nil {
			return nil, err
		}
		path := passPath(opt.Dir, cfg.Pass, sp)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		var progress func(int, int)
		if opt.Progress != nil {
			progress = func(d, t int) {
				if d%500 == 0 || d == t {
					opt.Progress(fmt.Sprintf("flex map %s: %d/%d cells", cfg.Pass, d, t))
				}
			}
		}
		set, err := sweep.Run(ctx, sw, sweep.Options{Shard: sp, Workers: opt.Workers, Path: path, Progress: progress})
		if err != nil {
			return nil, err
		}
		rep.Cells = append(rep.Cells, path)
		rep.Notices = append(rep.Notices, set.Notices...)
		return set, nil
	}
	coarse := setup.Coarse()
	if opt.Pass == "coarse" {
		_, err := run(coarse, opt.Shard)
		return rep, err
	}
	sp := opt.Shard
	if opt.Pass == "fine" {
		sp = sweep.Spec{}
	}
	if opt.Pass == "fine" && !opt.Shard.Whole() {
		// A fine shard reads the merged coarse pass; it never computes it.
		set, err := sweep.ReadFile(passPath(opt.Dir, "coarse", sweep.Spec{}))
		if err != nil {
			return nil, fmt.Errorf("flex: the fine pass needs the complete coarse pass (merge its shards first): %w", err)
		}
		if err := sameConfig(set, coarse); err != nil {
			return nil, err
		}
		if rep.Coarse, _, err = SummariseMap(set); err != nil {
			return nil, err
		}
	} else {
		set, err := run(coarse, sp)
		if err != nil {
			return nil, err
		}
		if rep.Coarse, _, err = SummariseMap(set); err != nil {
			return nil, err
		}
	}
	fine := Refine(rep.Coarse, coarse, setup.Grid, setup.Top)
	if len(fine.Points) == 0 {
		return nil, fmt.Errorf("%w: the fine pass has no new points (grid too small to refine)", ErrInput)
	}
	set, err := run(fine, opt.Shard)
	if err != nil || !opt.Shard.Whole() {
		return rep, err
	}
	if rep.Fine, _, err = SummariseMap(set); err != nil {
		return nil, err
	}
	if opt.Pass == "" {
		rep.Files, err = RenderMap(rep)
	}
	return rep, err
}

func sameConfig(set *sweep.Set, cfg MapConfig) error {
	want, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	var a, b bytes.Buffer
	if err := json.Compact(&a, want); err != nil {
		return err
	}
	if err := json.Compact(&b, set.Header.Config); err != nil {
		return err
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		return fmt.Errorf("%w: the %s cells file holds another map configuration than this run's", sweep.ErrMismatch, cfg.Pass)
	}
	return nil
}

// mergeMap merges opt.Merge into the cells file of their pass.
func mergeMap(opt MapRunOptions, rep *MapReport) error {
	if len(opt.Merge) == 0 {
		return nil
	}
	var sets []*sweep.Set
	for _, p := range opt.Merge {
		s, err := sweep.ReadFile(p)
		if err != nil {
			return err
		}
		sets = append(sets, s)
	}
	set, err := sweep.Merge(sets, opt.Merge)
	if err != nil {
		return err
	}
	var cfg MapConfig
	if set.Header.Kind != MapKind {
		return fmt.Errorf("%w: %s is a %q sweep, not %q", ErrInput, opt.Merge[0], set.Header.Kind, MapKind)
	}
	if err := json.Unmarshal(set.Header.Config, &cfg); err != nil || (cfg.Pass != "coarse" && cfg.Pass != "fine") {
		return fmt.Errorf("%w: %s: map configuration without a coarse or fine pass", ErrInput, opt.Merge[0])
	}
	path := passPath(opt.Dir, cfg.Pass, sweep.Spec{})
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := set.Write(&b); err != nil {
		return err
	}
	rep.Cells = append(rep.Cells, path)
	return instances.AtomicWrite(path, b.Bytes())
}

func floatsText(x []float64) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = tabular.Float(v)
	}
	return strings.Join(s, ", ")
}

func intsText(x []int) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}

// MapTable is a table of map results (pass, parameters, endpoints,
// distances, what matches).
func MapTable(title string, rs []MapResult) *tabular.Table {
	tb := &tabular.Table{Title: title,
		Header:     []string{"pass", "M_j", "m_j", "W", "b", "circ 0", "circ 8", "batch 0", "batch 8", "conc 0", "conc 8", "d circ", "d batch", "d conc", "matches"},
		RightAlign: []bool{false, true, true, true, true, true, true, true, true, true, true, true, true, true, false}}
	for _, r := range rs {
		p := r.Point
		tb.Add(r.Pass, strconv.Itoa(p.MaxSlots), strconv.Itoa(p.MinSlots), tabular.Float(p.Window), tabular.Float(p.BlockTime),
			f3(r.Circ[0]), f3(r.Circ[1]), f3(r.Bat[0]), f3(r.Bat[1]), tabular.Fixed(r.Conc[0], 2), tabular.Fixed(r.Conc[1], 2),
			f3(r.DCirc), f3(r.DBatch), f3(r.DConc), r.Matches())
	}
	return tb
}

// best returns the n results with the smallest score among those kept.
func best(rs []MapResult, n int, keep func(MapResult) bool, score func(MapResult) float64) []MapResult {
	var out []MapResult
	for _, r := range rs {
		if keep(r) {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return score(out[a]) < score(out[b]) })
	return out[:min(n, len(out))]
}

// RenderMap writes the map's report: map.md (the grid, the criterion, how
// many points match which curves, the best points per combination) and
// map.csv (every point of both passes).
func RenderMap(rep *MapReport) (map[string][]byte, error) {
	all := append(append([]MapResult(nil), rep.Coarse...), rep.Fine...)
	s := rep.Setup
	var md bytes.Buffer
	fmt.Fprintf(&md, "# Parameter map of the §4 study against Fig. 5 (θ1 = θ2 = 1, average response time)\n\n")
	fmt.Fprintf(&md, "Coarse grid: M_j ∈ {%s}; m_j = max(1, round(φ·M_j)), φ ∈ {%s}; W ∈ {%s} min; block time b ∈ {%s} slot-min (0: no block limit; else M_j ≤ ⌈W_j/b⌉). "+
		"%d points; fine pass: %d points around the %d best and the %d best with rising concurrency (every parameter at its value and the midpoints to its grid neighbours). "+
		"Levels %s, %d repetitions, %d jobs, S = %d, T = %s, ρ = %s, seed %d.\n\n",
		intsText(s.Grid.MaxSlots), floatsText(s.Grid.MinFrac), floatsText(s.Grid.Window), floatsText(s.Grid.BlockTime),
		len(rep.Coarse), len(rep.Fine), s.Top, s.Top, intsText(s.Levels), s.Reps, s.Workload.Jobs, s.Workload.Slots,
		tabular.Float(s.Workload.Horizon), tabular.Float(s.Workload.Rho), s.Seed)
	fmt.Fprintf(&md, "Criterion: a ratio curve matches when both endpoints are within ±%s %% of the paper's (CIRCUMFLEX/FLEX %s → %s, BATCH/FLEX %s → %s); "+
		"the concurrency trend matches when the average maximum number of concurrent CIRCUMFLEX subjobs rises from the first to the last level (paper %s → %s). "+
		"d = max over the two endpoints of |ours/paper − 1|.\n\n",
		tabular.Float(100*MapTolerance), tabular.Float(paperCirc[0]), tabular.Float(paperCirc[1]), tabular.Float(paperBat[0]), tabular.Float(paperBat[1]),
		tabular.Float(paperConc[0]), tabular.Float(paperConc[1]))
	count := &tabular.Table{Title: "Points matching (both passes)", Header: []string{"reproduced", "points"}, RightAlign: []bool{false, true}}
	combos := []struct {
		name string
		keep func(MapResult) bool
	}{
		{"CIRCUMFLEX/FLEX", func(r MapResult) bool { return r.CircOK }},
		{"BATCH/FLEX", func(r MapResult) bool { return r.BatchOK }},
		{"concurrency rises", func(r MapResult) bool { return r.RiseOK }},
		{"CIRCUMFLEX/FLEX + BATCH/FLEX", func(r MapResult) bool { return r.CircOK && r.BatchOK }},
		{"CIRCUMFLEX/FLEX + rise", func(r MapResult) bool { return r.CircOK && r.RiseOK }},
		{"BATCH/FLEX + rise", func(r MapResult) bool { return r.BatchOK && r.RiseOK }},
		{"all three", func(r MapResult) bool { return r.CircOK && r.BatchOK && r.RiseOK }},
	}
	for _, c := range combos {
		n := 0
		for _, r := range all {
			if c.keep(r) {
				n++
			}
		}
		count.Add(c.name, strconv.Itoa(n))
	}
	tables := []*tabular.Table{count,
		MapTable("Best 10 points by max(d circ, d batch)", best(all, 10, func(MapResult) bool { return true }, MapResult.Score)),
		MapTable("Best 5 points with rising concurrency, by max(d circ, d batch)", best(all, 5, func(r MapResult) bool { return r.RiseOK }, MapResult.Score)),
		MapTable("Best 5 points with rising concurrency, by d circ", best(all, 5, func(r MapResult) bool { return r.RiseOK }, func(r MapResult) float64 { return r.DCirc })),
		MapTable("Best 5 points with rising concurrency, by d batch", best(all, 5, func(r MapResult) bool { return r.RiseOK }, func(r MapResult) float64 { return r.DBatch })),
		MapTable("Best 5 points by d circ", best(all, 5, func(MapResult) bool { return true }, func(r MapResult) float64 { return r.DCirc })),
		MapTable("Best 5 points by d batch", best(all, 5, func(MapResult) bool { return true }, func(r MapResult) float64 { return r.DBatch })),
	}
	for _, tb := range tables {
		if err := tb.Write(&md, tabular.Markdown); err != nil {
			return nil, err
		}
		md.WriteString("\n")
	}
	csv := MapTable("", all)
	var c bytes.Buffer
	if err := csv.Write(&c, tabular.CSV); err != nil {
		return nil, err
	}
	return map[string][]byte{"map.md": md.Bytes(), "map.csv": c.Bytes()}, nil
}
