package study

import (
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// Fig7Kind is the sweep kind of the Fig. 7 study.
const Fig7Kind = "study/fig7"

// TraceID names a trace by base name and content.
type TraceID struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// Fig7Config parameterises the Fig. 7 study. Cells: every trace × variant
// (original sizes, then cube-root balanced) × load.
type Fig7Config struct {
	Traces   []TraceID `json:"traces"`
	Loads    []float64 `json:"loads"`
	Policies []string  `json:"policies"` // fluid policy names: klps, maxsrpt, splitsrpt, …
	K        int       `json:"k"`        // k of k-LPS (§5.1: 100)
	Variants []string  `json:"variants"` // "original", "cuberoot"
	MaxJobs  int       `json:"max_jobs"` // 0: all
	paths    []string
}

// DefaultLoads is 0.05, 0.10, …, 0.75 (§5.2: loads in (0, 0.75)).
func DefaultLoads() []float64 {
	var out []float64
	for k := 1; k <= 15; k++ {
		out = append(out, float64(k)*5/100)
	}
	return out
}

// NewFig7Config fingerprints the trace files.
func NewFig7Config(paths []string, loads []float64, maxJobs int) (Fig7Config, error) {
	cfg := Fig7Config{Loads: loads, Policies: []string{"klps", "maxsrpt", "splitsrpt"}, K: fluid.DefaultK,
		Variants: []string{"original", "cuberoot"}, MaxJobs: maxJobs, paths: paths}
	if len(paths) == 0 {
		return cfg, fmt.Errorf("study: fig7: no trace files")
	}
	for _, p := range paths {
		sum, err := fileio.SumText(p)
		if err != nil {
			return cfg, fmt.Errorf("study: fig7: %w", err)
		}
		cfg.Traces = append(cfg.Traces, TraceID{Name: filepath.Base(p), SHA256: hex.EncodeToString(sum[:])})
	}
	for _, l := range loads {
		if !(l > 0) || math.IsInf(l, 0) {
			return cfg, fmt.Errorf("study: fig7: load %v must be positive", l)
		}
	}
	return cfg, nil
}

// Fig7Policy is one policy in one cell.
type Fig7Policy struct {
	Policy       string      `json:"policy"`
	MeanResponse tabular.Num `json:"mean_response"`
	// Relative is E[T] / (best lower bound / n), the best lower bound being
	// the larger of the §5.1 bound and the counting bound (which dominates
	// it: package bounds).
	Relative tabular.Num `json:"relative_et_ratio"`
	// Relative51 uses the §5.1 bound itself, as the paper does.
	Relative51 tabular.Num `json:"relative_et_lb51_ratio"`
}

// Fig7Result is one cell.
type Fig7Result struct {
	Trace    string       `json:"trace"`
	Variant  string       `json:"variant"`
	Load     float64      `json:"load"`
	N        int          `json:"n"`
	LB51     tabular.Num  `json:"lb51_mean"`
	LBCount  tabular.Num  `json:"lbcount_mean"`
	Best     string       `json:"best_lower_bound"`
	Policies []Fig7Policy `json:"policies"`
}

type fig7Cell struct {
	trace   int
	variant string
	load    float64
}

func (cfg Fig7Config) cells() []fig7Cell {
	var out []fig7Cell
	for t := range cfg.Traces {
		for _, v := range cfg.Variants {
			for _, l := range cfg.Loads {
				out = append(out, fig7Cell{t, v, l})
			}
		}
	}
	return out
}

// Fig7Sweep returns the sweep of the Fig. 7 study.
func Fig7Sweep(cfg Fig7Config) (sweep.Sweep, error) {
	if len(cfg.paths) != len(cfg.Traces) {
		return sweep.Sweep{}, fmt.Errorf("study: fig7: use NewFig7Config")
	}
	var pols []fluid.Policy
	for _, p := range cfg.Policies {
		pol, err := fluid.ParsePolicy(p, cfg.K, nil)
		if err != nil {
			return sweep.Sweep{}, fmt.Errorf("study: fig7: %w", err)
		}
		pols = append(pols, pol)
	}
	_ = pols
	cells := cfg.cells()
	keys := make([]string, len(cells))
	for i, c := range cells {
		keys[i] = fmt.Sprintf("%s %s load=%s", cfg.Traces[c.trace].Name, c.variant, tabular.Float(c.load))
	}
	return sweep.Sweep{Kind: Fig7Kind, Config: cfg, Keys: keys, Compute: func(ctx context.Context, i int) (any, error) {
		c := cells[i]
		recs, err := swim.ReadFile(cfg.paths[c.trace])
		if err != nil {
			return nil, err
		}
		in, err := report.SWIMInstance(recs, cfg.paths[c.trace], c.load, cfg.MaxJobs, c.variant == "cuberoot")
		if err != nil {
			return nil, err
		}
		return runFig7Cell(ctx, in, cfg.Traces[c.trace].Name, c.variant, c.load, cfg.Policies, cfg.K)
	}}, nil
}

func writeFig7(set *sweep.Set, f tabular.Format, w io.Writer) error {
	rs, err := decodeAll[Fig7Result](set, Fig7Kind)
	if err != nil {
		return err
	}
	if f == tabular.JSON {
		return tabular.WriteJSON(w, map[string]any{"cells": rs})
	}
	t := &tabular.Table{
		Title: "Fig. 7 on SWIM: relative E[T] = mean response / (best lower bound / n); best bound = max(§5.1, counting)",
		Header: []string{"trace", "variant", "load", "n", "policy", "mean_response", "relative_et_ratio", "relative_et_lb51_ratio",
			"lb51_mean", "lbcount_mean", "best_lower_bound"},
		RightAlign: []bool{false, false, true, true, false, true, true, true, true, true, false},
	}
	fm := hum
	if f == tabular.CSV {
		fm = mach
	}
	for _, r := range rs {
		for _, p := range r.Policies {
			t.Add(r.Trace, r.Variant, tabular.Float(r.Load), strconv.Itoa(r.N), p.Policy, fm(p.MeanResponse), fm(p.Relative), fm(p.Relative51),
				fm(r.LB51), fm(r.LBCount), r.Best)
		}
	}
	return t.Write(w, f)
}

func fig7Figures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	rs, err := decodeAll[Fig7Result](set, Fig7Kind)
	if err != nil {
		return nil, err
	}
	type key struct{ trace, variant string }
	var keys []key
	groups := map[key][]Fig7Result{}
	for _, r := range rs {
		k := key{r.Trace, r.Variant}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	var files []string
	for _, k := range keys {
		g := groups[k]
		by := map[string][]figures.XY{}
		var names []string
		for _, r := range g {
			for _, p := range r.Policies {
				if _, ok := by[p.Policy]; !ok {
					names = append(names, p.Policy)
				}
				by[p.Policy] = append(by[p.Policy], figures.XY{X: r.Load, Y: float64(p.Relative)})
			}
		}
		var series []figures.Series
		for _, n := range names {
			series = append(series, figures.Series{Name: n, Points: by[n]})
		}
		variant := "original sizes (Fig. 7a)"
		if k.variant == "cuberoot" {
			variant = "size ratio → cube root (Fig. 7b)"
		}
		p, err := figures.Lines(series, figures.LineOptions{
			Title: strings.TrimSuffix(k.trace, ".tsv") + ": " + variant,
			X:     "load ρ (offered work ÷ capacity)", Y: "relative E[T] (÷ best lower bound)", HMarks: []figures.Mark{{At: 1, Label: "lower bound"}}})
		if err != nil {
			return nil, err
		}
		fs, err := figures.Save(p, 9, 4.5, filepath.Join(dir, "fig7_"+strings.TrimSuffix(k.trace, ".tsv")+"_"+k.variant), formats...)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}
