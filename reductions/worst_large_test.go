package reductions

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/sweep/sweeptest"
	"github.com/mrsched/mrsched/tolerance"
)

func smallWorstConfig() WorstExactConfig {
	return WorstExactConfig{Policies: []string{"maxsrpt", "splitsrpt"}, Ns: []int{4, 5}, Restarts: 2, Steps: 8, AlphaMax: 4, Seed: 3,
		Seeds: map[string][]instances.Job{"maxsrpt": {{ID: "a", Map: 1, Shuffle: 3}, {ID: "b", Map: 3, Shuffle: 1}, {ID: "c", Map: 2, Shuffle: 2}, {ID: "d", Map: 1, Shuffle: 1}}}}
}

// TestWorstExactSharded: two shards merged give the bytes of the unsharded
// run (the cells are deterministic without a solve limit), and every best
// cell's ratio re-checks: the policy's total from the simulator over OPT
// from an independent exact solve of the saved instance.
func TestWorstExactSharded(t *testing.T) {
	sw, err := WorstExactSweep(smallWorstConfig())
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := sweeptest.Sharded(t, sw, 2)
	cells, err := WorstExactCells(whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 8 || cells[0].Start != worstcase.StartExtend || cells[1].Start != worstcase.StartFamily {
		t.Fatalf("%d cells, starts %s %s; want 8, extend then family", len(cells), cells[0].Start, cells[1].Start)
	}
	best := WorstExactBest(cells)
	if len(best) != 4 || len(WorstExactTable(best).Rows) != 4 {
		t.Fatalf("%d best cells, want 4 (2 policies × 2 n)", len(best))
	}
	for _, c := range best {
		re, err := worstcase.Certify(context.Background(), c.Instance(), c.Policy, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Proven || !re.Proven || !tolerance.Eq(re.RatioLow, c.RatioLow) || c.RatioLow > c.Guarantee {
			t.Errorf("%s n=%d: cell ratio %g (%s), re-check %g (%s), guarantee %g", c.Policy, c.N, c.RatioLow, c.Status, re.RatioLow, re.Status, c.Guarantee)
		}
	}
}

func TestWorstExactConfigErrors(t *testing.T) {
	for name, mod := range map[string]func(*WorstExactConfig){
		"policy":    func(c *WorstExactConfig) { c.Policies = []string{"fifo"} },
		"n":         func(c *WorstExactConfig) { c.Ns = []int{worstcase.MaxClimbN + 1} },
		"restarts":  func(c *WorstExactConfig) { c.Restarts = 0 },
		"alpha_max": func(c *WorstExactConfig) { c.AlphaMax = 1 },
		"empty":     func(c *WorstExactConfig) { c.Ns = nil },
	} {
		c := smallWorstConfig()
		mod(&c)
		if _, err := WorstExactSweep(c); !errors.Is(err, ErrOption) {
			t.Errorf("%s: err = %v, want ErrOption", name, err)
		}
	}
	if _, err := WorstExactCells(&sweep.Set{Header: sweep.Header{Kind: "report"}}); !errors.Is(err, ErrOption) {
		t.Errorf("wrong kind: err = %v", err)
	}
}

func TestWorstExactSeeds(t *testing.T) {
	dir := t.TempDir()
	good := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}})
	good.Metadata = map[string]any{"policy": "splitsrpt"}
	bad := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}})
	for name, in := range map[string]*instances.Instance{"good.json": good, "bad.json": bad} {
		if err := instances.WriteFile(filepath.Join(dir, name), in); err != nil {
			t.Fatal(err)
		}
	}
	s, err := WorstExactSeeds([]string{filepath.Join(dir, "good.json")})
	if err != nil || len(s["splitsrpt"]) != 1 {
		t.Errorf("seeds = %v, %v", s, err)
	}
	if _, err := WorstExactSeeds([]string{filepath.Join(dir, "bad.json")}); !errors.Is(err, ErrOption) {
		t.Errorf("no policy: err = %v, want ErrOption", err)
	}
	if _, err := WorstExactSeeds([]string{filepath.Join(dir, "missing.json")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: err = %v", err)
	}
}

// FuzzWorstExactCells: decoding a cells file never panics; what decodes
// renders as a table. Seeded with a valid file of two cells.
func FuzzWorstExactCells(f *testing.F) {
	sw, err := WorstExactSweep(WorstExactConfig{Policies: []string{"maxsrpt"}, Ns: []int{3}, Restarts: 2, Steps: 2, AlphaMax: 2, Seed: 1})
	if err != nil {
		f.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		f.Fatal(err)
	}
	var b bytes.Buffer
	if err := set.Write(&b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := sweep.Read(bytes.NewReader(data), "cells.jsonl")
		if err != nil {
			return
		}
		cells, err := WorstExactCells(s)
		if err != nil {
			return
		}
		WorstExactTable(WorstExactBest(cells))
	})
}
