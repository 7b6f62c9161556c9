package study

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/fluid/ratsim"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// TightnessKind is the sweep kind of the tightness study.
const TightnessKind = "study/tightness"

// TightnessConfig parameterises the tightness study. Cells are every
// (α, ε, n) of the Cor 4 family followed by every (β, n) of the Cor 6
// family (n odd is skipped for Cor 4, which needs n even).
type TightnessConfig struct {
	Alphas []float64 `json:"alphas"`
	Eps    []float64 `json:"eps"`
	Betas  []float64 `json:"betas"`
	Ns     []int     `json:"ns"`
	// Exact names a registered exact method (for example "search") run
	// when n ≤ ExactMaxN; "" runs none. ExactRational ("rational")
	// instead simulates the policy (package ratsim), runs the
	// alternative order (rational.PriorityOrder) and proves OPT
	// (ratsearch.Solve) in rational arithmetic, on the family's sizes
	// read as the decimals they print as: the ratios are then fractions.
	Exact     string `json:"exact"`
	ExactMaxN int    `json:"exact_max_n"`
	TimeLimit string `json:"time_limit"`
}

// DefaultTightness is the configuration of 'mrsched study tightness'.
func DefaultTightness() TightnessConfig {
	return TightnessConfig{
		Alphas: []float64{1.5, 3, 10}, Eps: []float64{0.01, 0.2}, Betas: []float64{1.5, 3, 10},
		Ns:    []int{2, 4, 6, 8, 10, 20, 50, 100, 200, 500, 1000},
		Exact: "", ExactMaxN: 8, TimeLimit: "60s",
	}
}

// ExactRational is the TightnessConfig.Exact value that works in rational
// arithmetic.
const ExactRational = "rational"

type tightCell struct {
	Family string  // "cor4" or "cor6"
	Alpha  float64 // cor4
	Eps    float64 // cor4
	Beta   float64 // cor6
	N      int
}

func (c TightnessConfig) cells() []tightCell {
	var out []tightCell
	for _, a := range c.Alphas {
		for _, e := range c.Eps {
			if !(e > 0 && e < a-1) {
				continue // the paper's condition 0 < ε < α − 1
			}
			for _, n := range c.Ns {
				if n >= 2 && n%2 == 0 {
					out = append(out, tightCell{Family: "cor4", Alpha: a, Eps: e, N: n})
				}
			}
		}
	}
	for _, b := range c.Betas {
		for _, n := range c.Ns {
			if n >= 2 {
				out = append(out, tightCell{Family: "cor6", Beta: b, N: n})
			}
		}
	}
	return out
}

// check refuses values that could never form a cell instead of dropping
// them silently (found by the bad-input QA, docs/cli.md, "Bad input": --alphas 1
// printed only the Cor. 6 rows, --betas 0 and --ns 10^9 panicked).
func (c TightnessConfig) check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("study: tightness: "+format, a...)
	}
	fin := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	for _, a := range c.Alphas {
		if !fin(a) || a <= 1 {
			return bad("--alphas %v: want a finite α > 1", a)
		}
		ok := false
		for _, e := range c.Eps {
			ok = ok || (e > 0 && e < a-1)
		}
		if !ok {
			return bad("--alphas %v: no --eps value ε with 0 < ε < α − 1 = %v (eps %v)", a, a-1, c.Eps)
		}
	}
	for _, e := range c.Eps {
		if !fin(e) || e <= 0 {
			return bad("--eps %v: want a finite ε > 0", e)
		}
	}
	for _, b := range c.Betas {
		if !fin(b) || b <= 1 {
			return bad("--betas %v: want a finite β > 1", b)
		}
	}
	for _, n := range c.Ns {
		if n < 2 || n > tight.MaxN {
			return bad("--ns %d: want 2 ≤ n ≤ %d", n, tight.MaxN)
		}
	}
	return nil
}

func (t tightCell) key() string {
	if t.Family == "cor4" {
		return fmt.Sprintf("cor4 alpha=%s eps=%s n=%d", tabular.Float(t.Alpha), tabular.Float(t.Eps), t.N)
	}
	return fmt.Sprintf("cor6 beta=%s n=%d", tabular.Float(t.Beta), t.N)
}

// TightResult is one cell of the tightness study.
type TightResult struct {
	Family string      `json:"family"`
	Alpha  tabular.Num `json:"alpha"`
	Eps    tabular.Num `json:"eps"`
	Beta   tabular.Num `json:"beta"`
	N      int         `json:"n"`
	Policy string      `json:"policy"`
	Total  tabular.Num `json:"policy_total"`
	Alt    tabular.Num `json:"alternative_total"`
	OPT    tabular.Num `json:"opt"`
	// OPTProof says how OPT was proven ("float search", "MIP", "float
	// bound": exact.ProofKind); empty without OPT.
	OPTProof string      `json:"opt_proof,omitempty"`
	Lower    tabular.Num `json:"lower_bound"`
	// RatioToAlt = policy / alternative ≤ policy / OPT (alternative ≥ OPT).
	RatioToAlt tabular.Num `json:"ratio_to_alternative"`
	// RatioToOPT when an exact method proved OPT.
	RatioToOPT tabular.Num `json:"ratio_to_opt"`
	// RatioToLower = policy / lower bound ≥ policy / OPT.
	RatioToLower tabular.Num `json:"ratio_to_lower_bound"`
	// PaperLimit is the paper's asymptotic ratio of policy to the
	// alternative: (2α − 3ε/2)/(1 + α) for Cor 4, 1 + 1/β for Cor 6.
	PaperLimit tabular.Num `json:"paper_limit_ratio"`
	Guarantee  tabular.Num `json:"guarantee_ratio"`
	Check      string      `json:"guarantee_check"`
	// Conflicts lists contradictions between methods (an exact method's
	// optimum or bound above a validated schedule): bugs, flagged loudly.
	Conflicts []string `json:"conflicts,omitempty"`
	// Exact holds the fractions ("p" or "p/q") of Exact = "rational";
	// nil otherwise.
	Exact *TightExact `json:"exact,omitempty"`
}

// TightExact is a tightness cell in rational arithmetic: the policy's and
// the alternative's totals, OPT when proven (empty otherwise) and the
// ratios, each a string "p" or "p/q".
type TightExact struct {
	Total      string `json:"policy_total"`
	Alt        string `json:"alternative_total"`
	OPT        string `json:"opt,omitempty"`
	RatioToAlt string `json:"ratio_to_alternative"`
	RatioToOPT string `json:"ratio_to_opt,omitempty"`
}

// tightRational fills r.Exact and, when the search proves it, r.OPT for
// the family fam of policy: the sizes are read as the shortest decimals
// that print them (1.49, not the binary fraction nearest to it).
func tightRational(ctx context.Context, r *TightResult, fam *tight.Family, tl time.Duration) error {
	var buf bytes.Buffer
	if err := instances.WriteJSON(&buf, fam.Instance); err != nil {
		return err
	}
	in, err := rational.ReadJSON(&buf, "tight family")
	if err != nil {
		return err
	}
	ps, err := ratsim.Simulate(in, r.Policy)
	if err != nil {
		return err
	}
	alt, err := rational.PriorityOrder(in, fam.Alternative)
	if err != nil {
		return err
	}
	altTotal := alt.Total(in)
	x := &TightExact{Total: ps.Total.RatString(), Alt: altTotal.RatString(), RatioToAlt: new(big.Rat).Quo(ps.Total, altTotal).RatString()}
	res, err := ratsearch.Solve(ctx, in, ratsearch.Options{TimeLimit: tl})
	if err != nil {
		return err
	}
	if res.Status == mip.Optimal {
		x.OPT = res.Objective.RatString()
		x.RatioToOPT = new(big.Rat).Quo(ps.Total, res.Objective).RatString()
		opt, _ := res.Objective.Float64()
		r.OPT, r.OPTProof = tabular.Num(opt), exact.ProofRational
	}
	r.Exact = x
	return nil
}

// TightnessSweep returns the sweep of the tightness study.
func TightnessSweep(cfg TightnessConfig) (sweep.Sweep, error) {
	if err := cfg.check(); err != nil {
		return sweep.Sweep{}, err
	}
	cells := cfg.cells()
	if len(cells) == 0 {
		return sweep.Sweep{}, fmt.Errorf("study: tightness: no cells (need α > 1 + ε, ε > 0, β > 1, n ≥ 2)")
	}
	tl, err := time.ParseDuration(cfg.TimeLimit)
	if err != nil {
		return sweep.Sweep{}, fmt.Errorf("study: tightness: time limit: %w", err)
	}
	if cfg.Exact != "" && cfg.Exact != ExactRational {
		if _, err := report.Resolve(cfg.Exact); err != nil {
			return sweep.Sweep{}, fmt.Errorf("study: tightness: exact method: %w", err)
		}
	}
	keys := make([]string, len(cells))
	for i, c := range cells {
		keys[i] = c.key()
	}
	return sweep.Sweep{Kind: TightnessKind, Config: cfg, Keys: keys, Compute: func(ctx context.Context, i int) (any, error) {
		return tightnessCell(ctx, cells[i], cfg, tl)
	}}, nil
}

func tightnessCell(ctx context.Context, c tightCell, cfg TightnessConfig, tl time.Duration) (*TightResult, error) {
	nan := tabular.Num(math.NaN())
	var fam *tight.Family
	var err error
	r := &TightResult{Family: c.Family, N: c.N, Alpha: nan, Eps: nan, Beta: nan, OPT: nan, RatioToOPT: nan}
	var pol fluid.Policy
	if c.Family == "cor4" {
		fam, err = tight.MaxSRPTFamily(c.N, c.Alpha, c.Eps)
		if err != nil {
			return nil, err
		}
		r.Alpha, r.Eps, r.Policy, pol = tabular.Num(c.Alpha), tabular.Num(c.Eps), "maxsrpt", fluid.MaxSRPT()
		r.PaperLimit = tabular.Num((2*c.Alpha - 1.5*c.Eps) / (1 + c.Alpha))
		r.Guarantee = tabular.Num(bounds.MaxSRPTGuarantee(bounds.Alpha(fam.Instance)))
	} else {
		fam, err = tight.SplitSRPTFamily(c.N, c.Beta)
		if err != nil {
			return nil, err
		}
		r.Beta, r.Policy, pol = tabular.Num(c.Beta), "splitsrpt", fluid.SplitSRPT()
		r.PaperLimit = tabular.Num(1 + 1/c.Beta)
		r.Guarantee = tabular.Num(bounds.SplitSRPTGuarantee(bounds.Beta(fam.Instance)))
	}
	if err != nil {
		return nil, err
	}
	in := fam.Instance
	// Validate the schedules on small instances (the validator is
	// quadratic-ish in segments × jobs; the closed forms of package tight
	// cover the large ones in its tests).
	check := c.N <= 200
	pr, err := fluid.Simulate(in, pol, fluid.Options{Record: check})
	if err != nil {
		return nil, err
	}
	ar, err := fluid.Simulate(in, fluid.Order(fam.Alternative), fluid.Options{Record: check})
	if err != nil {
		return nil, err
	}
	if check {
		for _, x := range []struct {
			s *schedule.Schedule
			t float64
		}{{pr.Schedule, pr.TotalResponse}, {ar.Schedule, ar.TotalResponse}} {
			if err := validateTotal(in, x.s, x.t); err != nil {
				return nil, err
			}
		}
	}
	r.Total, r.Alt = tabular.Num(pr.TotalResponse), tabular.Num(ar.TotalResponse)
	lb, err := bounds.PrefixBatch(in)
	if err != nil {
		return nil, err
	}
	lb = math.Max(lb, bounds.Counting(in))
	upper := math.Min(pr.TotalResponse, ar.TotalResponse)
	if cfg.Exact == ExactRational && c.N <= cfg.ExactMaxN {
		if err := tightRational(ctx, r, fam, tl); err != nil {
			return nil, fmt.Errorf("study: tightness: %s: %w", c.key(), err)
		}
		if opt := float64(r.OPT); !math.IsNaN(opt) {
			r.RatioToOPT = tabular.Num(pr.TotalResponse / opt)
			lb = math.Max(lb, opt)
			if opt > upper*(1+1e-9) {
				r.Conflicts = append(r.Conflicts, fmt.Sprintf("rational OPT %v above the validated schedule of total %v", opt, upper))
			}
		}
	} else if cfg.Exact != "" && c.N <= cfg.ExactMaxN {
		ms, err := report.Resolve(cfg.Exact)
		if err != nil {
			return nil, err
		}
		o, err := ms[0].Run(ctx, in, report.Env{TimeLimit: tl, Validate: true})
		if err != nil {
			return nil, err
		}
		if o.Optimal {
			r.OPT, r.OPTProof = tabular.Num(o.Total), o.Proof
			r.RatioToOPT = tabular.Num(pr.TotalResponse / o.Total)
			if o.Total > upper*(1+1e-9) {
				r.Conflicts = append(r.Conflicts, fmt.Sprintf("%s claims OPT %v above the validated schedule of total %v", cfg.Exact, o.Total, upper))
			}
		}
		if !math.IsNaN(o.Lower) {
			if o.Lower > upper*(1+1e-9) {
				r.Conflicts = append(r.Conflicts, fmt.Sprintf("%s lower bound %v above the validated schedule of total %v", cfg.Exact, o.Lower, upper))
			}
			lb = math.Max(lb, o.Lower)
		}
		if !math.IsNaN(o.Total) {
			upper = math.Min(upper, o.Total)
		}
	}
	r.Lower = tabular.Num(lb)
	r.RatioToAlt = tabular.Num(pr.TotalResponse / ar.TotalResponse)
	r.RatioToLower = tabular.Num(pr.TotalResponse / lb)
	g := float64(r.Guarantee)
	switch {
	case !math.IsNaN(float64(r.OPT)):
		r.Check = checkWord(pr.TotalResponse <= g*float64(r.OPT)*(1+1e-9))
	case pr.TotalResponse <= g*lb*(1+1e-9):
		r.Check = report.CheckOK
	case pr.TotalResponse > g*upper*(1+1e-9):
		r.Check = report.CheckViolation
	default:
		r.Check = report.CheckUnknown
	}
	return r, nil
}

func checkWord(ok bool) string {
	if ok {
		return report.CheckOK
	}
	return report.CheckViolation
}

func decodeAll[T any](set *sweep.Set, kind string) ([]T, error) {
	if set.Header.Kind != kind {
		return nil, fmt.Errorf("study: cells of kind %q, want %q", set.Header.Kind, kind)
	}
	out := make([]T, len(set.Cells))
	for i, c := range set.Cells {
		if err := json.Unmarshal(c.Result, &out[i]); err != nil {
			return nil, fmt.Errorf("study: cell %d (%s): %w", c.Cell, c.Key, err)
		}
	}
	return out, nil
}

func hum(x tabular.Num) string {
	v := float64(x)
	if math.IsNaN(v) {
		return "-"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func mach(x tabular.Num) string {
	if math.IsNaN(float64(x)) {
		return ""
	}
	return tabular.Float(float64(x))
}

func writeTightness(set *sweep.Set, f tabular.Format, w io.Writer) error {
	rs, err := decodeAll[TightResult](set, TightnessKind)
	if err != nil {
		return err
	}
	if f == tabular.JSON {
		return tabular.WriteJSON(w, map[string]any{"cells": rs})
	}
	t := &tabular.Table{
		Title: "Tightness of Cor. 4 (MaxSRPT) and Cor. 6 (SplitSRPT): policy/alternative ≤ policy/OPT ≤ policy/lower bound",
		Header: []string{"family", "alpha", "eps", "beta", "n", "policy", "policy_total", "alternative_total", "opt", "opt_proof", "lower_bound",
			"ratio_to_alternative", "ratio_to_opt", "ratio_to_lower_bound", "paper_limit_ratio", "guarantee_ratio", "guarantee_check"},
		RightAlign: []bool{false, true, true, true, true, false, true, true, true, false, true, true, true, true, true, true, false},
	}
	fm := hum
	if f == tabular.CSV {
		fm = mach
	}
	viol := 0
	var conflicts []string
	for _, r := range rs {
		if r.Check == report.CheckViolation {
			viol++
		}
		for _, c := range r.Conflicts {
			conflicts = append(conflicts, r.Family+" n="+strconv.Itoa(r.N)+" α="+hum(r.Alpha)+" ε="+hum(r.Eps)+" β="+hum(r.Beta)+": "+c)
		}
		total, alt, opt, toAlt, toOPT := fm(r.Total), fm(r.Alt), fm(r.OPT), fm(r.RatioToAlt), fm(r.RatioToOPT)
		if x := r.Exact; x != nil {
			// Fractions where the rational mode computed them.
			total, alt, toAlt = x.Total, x.Alt, x.RatioToAlt
			if x.OPT != "" {
				opt, toOPT = x.OPT, x.RatioToOPT
			}
		}
		t.Add(r.Family, fm(r.Alpha), fm(r.Eps), fm(r.Beta), strconv.Itoa(r.N), r.Policy, total, alt, opt, r.OPTProof, fm(r.Lower),
			toAlt, toOPT, fm(r.RatioToLower), fm(r.PaperLimit), fm(r.Guarantee), r.Check)
	}
	if err := t.Write(w, f); err != nil {
		return err
	}
	if viol > 0 && f != tabular.CSV {
		_, err = fmt.Fprintf(w, "\n!!! %d GUARANTEE VIOLATION(S) — a bug in the policy, the bound or the paper\n", viol)
	}
	if len(conflicts) > 0 && f != tabular.CSV && err == nil {
		_, err = fmt.Fprintf(w, "\n!!! %d CONFLICT(S) between methods — a bug in one of them:\n!!! %s\n", len(conflicts), strings.Join(conflicts, "\n!!! "))
	}
	return err
}

func tightnessFigures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	rs, err := decodeAll[TightResult](set, TightnessKind)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, fam := range []string{"cor4", "cor6"} {
		// String keys: α, ε, β hold NaN where they do not apply, and NaN
		// never equals itself as a map key.
		type key struct{ a, e, b float64 }
		groups := map[string][]TightResult{}
		var keys []key
		for _, r := range rs {
			if r.Family != fam {
				continue
			}
			k := key{float64(r.Alpha), float64(r.Eps), float64(r.Beta)}
			ks := mach(r.Alpha) + "/" + mach(r.Eps) + "/" + mach(r.Beta)
			if _, ok := groups[ks]; !ok {
				keys = append(keys, k)
			}
			groups[ks] = append(groups[ks], r)
		}
		if len(keys) == 0 {
			continue
		}
		var series []figures.Series
		var marks []figures.Mark
		seenG := map[float64]bool{}
		for i, k := range keys {
			g := groups[mach(tabular.Num(k.a))+"/"+mach(tabular.Num(k.e))+"/"+mach(tabular.Num(k.b))]
			sort.Slice(g, func(a, b int) bool { return g[a].N < g[b].N })
			var alt, opt []figures.XY
			for _, r := range g {
				alt = append(alt, figures.XY{X: float64(r.N), Y: float64(r.RatioToAlt)})
				if !math.IsNaN(float64(r.RatioToOPT)) {
					opt = append(opt, figures.XY{X: float64(r.N), Y: float64(r.RatioToOPT)})
				}
			}
			name := fmt.Sprintf("α=%s ε=%s", tabular.Float(k.a), tabular.Float(k.e))
			if fam == "cor6" {
				name = fmt.Sprintf("β=%s", tabular.Float(k.b))
			}
			col := figures.Palette[i%len(figures.Palette)]
			series = append(series, figures.Series{Name: name, Points: alt, Color: col})
			if len(opt) > 0 {
				series = append(series, figures.Series{Points: opt, Color: col, Dashed: true})
			}
			gv := float64(g[0].Guarantee)
			if !seenG[gv] {
				seenG[gv] = true
				lbl := ""
				if len(marks) == 0 {
					lbl = "guarantees 2α/(1+α)"
					if fam == "cor6" {
						lbl = "guarantees 1+1/β"
					}
				}
				marks = append(marks, figures.Mark{At: gv, Label: lbl})
			}
		}
		title := "Cor. 4: MaxSRPT ÷ alternative (solid) ≤ MaxSRPT ÷ OPT (dashed, exact) ≤ 2α/(1+α)"
		if fam == "cor6" {
			title = "Cor. 6: SplitSRPT ÷ alternative (solid) ≤ SplitSRPT ÷ OPT (dashed, exact) ≤ 1+1/β"
		}
		p, err := figures.Lines(series, figures.LineOptions{Title: title, X: "n (jobs, log scale)", Y: "ratio (total response ÷ reference)", LogX: true, HMarks: marks})
		if err != nil {
			return nil, err
		}
		fs, err := figures.Save(p, 10, 5.5, filepath.Join(dir, "tightness_"+fam), formats...)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}

// validateTotal checks a schedule with the independent validator.
func validateTotal(in *instances.Instance, s *schedule.Schedule, total float64) error {
	return report.CheckSchedule(in, s, total)
}
