package study

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/tolerance"
)

// renderAll renders a finished set in every format with its registered
// renderer.
func renderAll(t *testing.T, set *sweep.Set) map[tabular.Format]string {
	t.Helper()
	r, err := RendererFor(set.Header.Kind)
	if err != nil {
		t.Fatal(err)
	}
	out := map[tabular.Format]string{}
	for _, f := range []tabular.Format{tabular.Text, tabular.Markdown, tabular.CSV, tabular.JSON} {
		var b bytes.Buffer
		if err := r.Write(set, f, &b); err != nil {
			t.Fatal(err)
		}
		out[f] = b.String()
	}
	return out
}

// checkShardInvariance runs sw whole with 1 and 3 workers and as 3 merged
// shards, and requires identical output in every format.
func checkShardInvariance(t *testing.T, sw sweep.Sweep) *sweep.Set {
	t.Helper()
	whole, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := renderAll(t, whole)
	w3, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	var sets []*sweep.Set
	for i := 1; i <= 3; i++ {
		s, err := sweep.Run(context.Background(), sw, sweep.Options{Shard: sweep.Spec{I: i, N: 3}, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s)
	}
	merged, err := sweep.Merge(sets, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, set := range map[string]*sweep.Set{"3 workers": w3, "merged shards": merged} {
		got := renderAll(t, set)
		for f := range want {
			if got[f] != want[f] {
				t.Fatalf("%s: %v output differs from the 1-worker run", name, f)
			}
		}
	}
	return whole
}

func TestTightness(t *testing.T) {
	cfg := TightnessConfig{Alphas: []float64{3}, Eps: []float64{0.5, 2.5}, Betas: []float64{2}, Ns: []int{2, 3, 8, 400}, TimeLimit: "1s"}
	sw, err := TightnessSweep(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Cor 4: n ∈ {2, 8, 400} (3 is odd) × ε ∈ {0.5} (2.5 ≥ α − 1 is skipped); Cor 6: 4 sizes.
	if len(sw.Keys) != 3+4 {
		t.Fatalf("cells %v", sw.Keys)
	}
	set := checkShardInvariance(t, sw)
	rs, err := decodeAll[TightResult](set, TightnessKind)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		var wantP, wantA float64
		if r.Family == "cor4" {
			wantP, wantA = tight.MaxSRPTCost(r.N, 3, 0.5), tight.MaxAltCost(r.N, 3, 0.5)
		} else {
			wantP, wantA = tight.SplitSRPTCost(r.N, 2), tight.SplitAltCost(r.N, 2)
		}
		// Closed forms of package tight (derived from the paper's §4 text).
		if math.Abs(float64(r.Total)-wantP) > 1e-9*wantP || math.Abs(float64(r.Alt)-wantA) > 1e-9*wantA {
			t.Errorf("%s n=%d: policy %v alt %v, closed forms %v %v", r.Family, r.N, r.Total, r.Alt, wantP, wantA)
		}
		if !(float64(r.RatioToAlt) <= float64(r.RatioToLower)) || r.Check == report.CheckViolation {
			t.Errorf("%s n=%d: ratio to alternative %v, to lower bound %v, check %s", r.Family, r.N, r.RatioToAlt, r.RatioToLower, r.Check)
		}
		if r.N == 400 {
			// Large n: the ratio to the alternative is near the paper's limit
			// (2α − 3ε/2)/(1+α) = 5.25/4 for Cor 4, 1 + 1/β = 1.5 for Cor 6
			// (the O(1/n) terms of the closed forms are below 1%).
			if math.Abs(float64(r.RatioToAlt)-float64(r.PaperLimit)) > 0.01*float64(r.PaperLimit) {
				t.Errorf("%s n=400: ratio %v, paper limit %v", r.Family, r.RatioToAlt, r.PaperLimit)
			}
		}
	}
	if Violations(set) != 0 {
		t.Error("violations")
	}
	files, err := tightnessFigures(set, t.TempDir(), figures.SVG, figures.PNG)
	if err != nil || len(files) != 4 {
		t.Fatalf("figures %v %v", files, err)
	}
}

func TestTightnessExactOPT(t *testing.T) {
	if testing.Short() {
		t.Skip("LP engine")
	}
	cfg := TightnessConfig{Alphas: []float64{3}, Eps: []float64{0.5}, Betas: []float64{2}, Ns: []int{4}, Exact: "mip", ExactMaxN: 4, TimeLimit: "60s"}
	sw, err := TightnessSweep(cfg)
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := decodeAll[TightResult](set, TightnessKind)
	for _, r := range rs {
		// OPT between the lower bound and the alternative; the policy ratio
		// to OPT between the ratio to the alternative and the guarantee.
		if math.IsNaN(float64(r.OPT)) || float64(r.OPT) > float64(r.Alt)*(1+1e-7) || float64(r.OPT) < float64(r.Lower)*(1-1e-7) {
			t.Errorf("%s: OPT %v, alternative %v, lower bound %v", r.Family, r.OPT, r.Alt, r.Lower)
		}
		if float64(r.RatioToOPT) < float64(r.RatioToAlt)*(1-1e-7) || r.Check != report.CheckOK {
			t.Errorf("%s: ratio to OPT %v < ratio to alternative %v or check %s", r.Family, r.RatioToOPT, r.RatioToAlt, r.Check)
		}
	}
}

func TestFig7(t *testing.T) {
	path := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0.tsv")
	cfg, err := NewFig7Config([]string{path}, []float64{0.1, 0.5}, 300)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := Fig7Sweep(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Keys) != 4 {
		t.Fatalf("cells %v", sw.Keys)
	}
	set := checkShardInvariance(t, sw)
	rs, _ := decodeAll[Fig7Result](set, Fig7Kind)
	for _, r := range rs {
		if r.N != 300 || r.Best != "lbcount" {
			t.Errorf("%s %v: n %d best bound %s", r.Variant, r.Load, r.N, r.Best)
		}
		for _, p := range r.Policies {
			// The lower bound is ≤ OPT ≤ every policy: relative E[T] ≥ 1;
			// the counting bound dominates §5.1 (package bounds), so the
			// ratio to §5.1 is the larger.
			if !(float64(p.Relative) >= 1-1e-9) || !(float64(p.Relative51) >= float64(p.Relative)-1e-12) {
				t.Errorf("%s %v %s: relative %v, to §5.1 %v", r.Variant, r.Load, p.Policy, p.Relative, p.Relative51)
			}
		}
	}
	files, err := fig7Figures(set, t.TempDir(), figures.SVG, figures.PNG)
	if err != nil || len(files) != 4 {
		t.Fatalf("figures %v %v", files, err)
	}
	if _, err := NewFig7Config([]string{path}, []float64{0}, 0); err == nil {
		t.Error("load 0 accepted")
	}
}

func TestFig9(t *testing.T) {
	cfg := DefaultFig9()
	cfg.Jobs, cfg.Reps = 3000, 2
	sw, err := Fig9Sweep(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Keys) != 2*3*2 {
		t.Fatalf("cells %d", len(sw.Keys))
	}
	set := checkShardInvariance(t, sw)
	rs, _ := decodeAll[Fig9Result](set, Fig9Kind)
	for _, r := range rs {
		var n int64
		for _, c := range r.Count {
			n += c
		}
		if int(n+r.Beyond) != r.Jobs || r.Jobs != cfg.Jobs {
			t.Errorf("%v %s: %d in buckets + %d beyond ≠ %d jobs", r.Load, r.Policy, n, r.Beyond, r.Jobs)
		}
	}
	// Same jobs for every policy of a replication (common random numbers):
	// the bucket counts agree.
	for _, a := range rs {
		for _, b := range rs {
			if a.Load == b.Load && a.Rep == b.Rep && a.Count[3] != b.Count[3] {
				t.Fatalf("replication %d at load %v: policies saw different jobs", a.Rep, a.Load)
			}
		}
	}
	files, err := fig9Figures(set, t.TempDir(), figures.SVG, figures.PNG)
	if err != nil || len(files) != 4 {
		t.Fatalf("figures %v %v", files, err)
	}
	for _, bad := range []func(*Fig9Config){func(c *Fig9Config) { c.Loads = []float64{1} }, func(c *Fig9Config) { c.Jobs = 0 }, func(c *Fig9Config) { c.Policies = []string{"nosuch"} }} {
		c := DefaultFig9()
		bad(&c)
		if _, err := Fig9Sweep(c); err == nil {
			t.Errorf("accepted %+v", c)
		}
	}
}

// TestNightly: the embedded default night is a pipeline with
// dependencies, two priority levels, deadlines and clock times; the study
// renders it in every format (identically whole and sharded), with its
// plan, and draws a Gantt chart per schedule.
func TestNightly(t *testing.T) {
	in, err := DefaultNightly()
	if err != nil {
		t.Fatal(err)
	}
	weights := map[float64]bool{}
	for j := range in.Jobs {
		weights[in.Weight(j)] = true
	}
	// The brief of the default: 16–40 jobs, dependencies, two weights, a
	// few deadlines, a night start (read from nightly.csv).
	if in.N() < 16 || in.N() > 40 || !in.HasDependencies() || len(weights) != 2 || !in.HasDeadlines() || !instances.ClockOf(in.Metadata).IsSet() {
		t.Fatalf("embedded night: %d jobs, dependencies %v, weights %v, deadlines %v", in.N(), in.HasDependencies(), weights, in.HasDeadlines())
	}
	methods := "fifo,maxsrpt,splitsrpt,lbcount,lbprefix"
	if !testing.Short() {
		methods = "fifo,maxsrpt,splitsrpt,reopt,lbcount,lbprefix"
	}
	sw, err := NightlySweep(report.InstanceSource("nightly-default", "embedded", in), methods, 10*time.Second, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	set := checkShardInvariance(t, sw)
	out := renderAll(t, set)
	for _, want := range []string{"Nightly batch nightly-default: " + strconv.Itoa(in.N()) + " jobs", "Recommended plan", "best lower bound", "gap",
		"weighted total response", "guarantees none", "lbcount does not apply: ", "deadlines: "} {
		if !strings.Contains(out[tabular.Text], want) {
			t.Errorf("text output lacks %q:\n%s", want, out[tabular.Text])
		}
	}
	dir := t.TempDir()
	files, err := nightlyFigures(set, dir, figures.SVG, figures.PNG)
	if err != nil {
		t.Fatal(err)
	}
	// A Gantt chart (SVG + PNG) per schedule (fifo, maxsrpt and
	// splitsrpt: reopt refuses the dependencies), the two load figures of
	// the best schedule and the totals bar chart.
	nsched := 3
	if len(files) != 2*nsched+2*2+2 {
		t.Errorf("files %v", files)
	}
}

// wrongOPT claims an optimum twice the alternative's total: the tightness
// study must report the conflict.
type wrongOPT struct{}

func (wrongOPT) Name() string      { return "test-wrong-opt" }
func (wrongOPT) Kind() report.Kind { return report.Exact }
func (wrongOPT) Run(_ context.Context, in *instances.Instance, _ report.Env) (report.Outcome, error) {
	// 2·(sum of releases + total work) exceeds any sensible schedule here.
	w := 0.0
	for _, j := range in.Jobs {
		w += j.Map + j.Shuffle
	}
	return report.Outcome{Method: "test-wrong-opt", Kind: report.Exact, Status: "optimal", Optimal: true, Total: 10 * w * float64(in.N()), Lower: 10 * w * float64(in.N())}, nil
}

func init() {
	report.Register("test-wrong-opt", "test only", func(string) (report.Method, error) { return wrongOPT{}, nil })
}

func TestTightnessConflict(t *testing.T) {
	sw, err := TightnessSweep(TightnessConfig{Alphas: []float64{3}, Eps: []float64{0.5}, Ns: []int{4}, Exact: "test-wrong-opt", ExactMaxN: 4, TimeLimit: "1s"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := Violations(set); n != 2 {
		t.Errorf("%d violations, want 2 (optimum and bound above the alternative)", n)
	}
	out := renderAll(t, set)[tabular.Text]
	if !strings.Contains(out, "CONFLICT(S)") {
		t.Errorf("conflict not flagged:\n%s", out)
	}
}

// TestTightnessBadConfig: found by the bad-input QA (docs/cli.md, "Bad input").
// --betas 0 and --ns 10^9 panicked (the family's error was checked after
// its nil instance was used); --alphas 1 silently dropped every Cor. 4 row;
// NaN failed in JSON encoding of the config.
func TestTightnessBadConfig(t *testing.T) {
	ok := TightnessConfig{Alphas: []float64{2}, Eps: []float64{0.1}, Betas: []float64{2}, Ns: []int{2}, TimeLimit: "1s"}
	cases := []struct {
		mod  func(*TightnessConfig)
		want string
	}{
		{func(c *TightnessConfig) { c.Betas = []float64{0} }, "--betas 0: want a finite β > 1"},
		{func(c *TightnessConfig) { c.Ns = []int{1000000000} }, "--ns 1000000000: want 2 ≤ n ≤ 2000"},
		{func(c *TightnessConfig) { c.Ns = []int{2, 0} }, "--ns 0: want 2 ≤ n"},
		{func(c *TightnessConfig) { c.Alphas = []float64{1} }, "--alphas 1: want a finite α > 1"},
		{func(c *TightnessConfig) { c.Alphas = []float64{math.NaN()} }, "--alphas NaN"},
		{func(c *TightnessConfig) { c.Alphas = []float64{1.05} }, "--alphas 1.05: no --eps value"},
		{func(c *TightnessConfig) { c.Eps = []float64{-1} }, "no --eps value"},
	}
	for _, c := range cases {
		cfg := ok
		c.mod(&cfg)
		if _, err := TightnessSweep(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want …%s…", cfg, err, c.want)
		}
	}
	if _, err := TightnessSweep(ok); err != nil {
		t.Errorf("valid config: %v", err)
	}
}

// TestTightnessRational: with Exact = "rational" the totals, OPT and the
// ratios are fractions that equal, as floats, the float study's values
// with the float search's OPT (the second solver) within tolerance; on
// Cor 6 with β = 3, n = 2 (jobs (3, 1) and (1, 3)) the alternative order
// totals 3 + 6 = 9 and the other order 3 + 4 = 7 (by hand), which the
// rational search proves optimal.
func TestTightnessRational(t *testing.T) {
	run := func(exact string) ([]TightResult, error) {
		sw, err := TightnessSweep(TightnessConfig{Alphas: []float64{1.5}, Eps: []float64{0.2}, Betas: []float64{3}, Ns: []int{2, 4},
			Exact: exact, ExactMaxN: 4, TimeLimit: "60s"})
		if err != nil {
			t.Fatal(err)
		}
		set, err := sweep.Run(context.Background(), sw, sweep.Options{})
		if err != nil {
			return nil, err
		}
		return decodeAll[TightResult](set, TightnessKind)
	}
	rat, err := run(ExactRational)
	if err != nil || len(rat) != 4 {
		t.Fatalf("%d cells, want 4: %v", len(rat), err)
	}
	for _, r := range rat {
		if x := r.Exact; x == nil || x.OPT == "" || r.OPTProof != "rational" {
			t.Fatalf("%s n=%d: no exact OPT: %+v", r.Family, r.N, r)
		}
		if x := r.Exact; r.Family == "cor6" && r.N == 2 && (x.Alt != "9" || x.OPT != "7") {
			t.Errorf("cor6 β=3 n=2: alternative %s, OPT %s; want 9 and 7 (by hand)", x.Alt, x.OPT)
		}
	}
	flt, err := run("search")
	if errors.Is(err, engine.ErrUnavailable) {
		testenv.MissingCase(t, "an LP/MIP engine (the float search compared with)", "make setup", err)
		return
	}
	if err != nil || len(flt) != 4 {
		t.Fatalf("float study: %d cells: %v", len(flt), err)
	}
	val := func(s string) float64 {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("%q is not a fraction", s)
		}
		v, _ := r.Float64()
		return v
	}
	for i, r := range rat {
		f, x := flt[i], r.Exact
		for _, c := range []struct {
			name string
			frac string
			want tabular.Num
		}{{"policy total", x.Total, f.Total}, {"alternative", x.Alt, f.Alt}, {"OPT", x.OPT, f.OPT},
			{"ratio to alternative", x.RatioToAlt, f.RatioToAlt}, {"ratio to OPT", x.RatioToOPT, f.RatioToOPT}} {
			if !tolerance.Eq(val(c.frac), float64(c.want)) {
				t.Errorf("%s n=%d: %s %s ≈ %v, float study %v", r.Family, r.N, c.name, c.frac, val(c.frac), c.want)
			}
		}
	}
}
