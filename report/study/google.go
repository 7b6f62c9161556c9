package study

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/google"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// ErrGoogle is wrapped by the errors of the Google study.
var ErrGoogle = errors.New("study: google")

// The size statistics Lin et al. quote for their 29-day Google trace
// (§5.1, Fig. 6; §5.3 for the ratio's log-normal fit).
const (
	PaperMapStd     = 3.65  // §5.1: map sizes, mean 1
	PaperShuffleStd = 12.95 // §5.1: shuffle sizes, mean 1
	PaperRatioStd   = 3.65  // §5.1: ratio of map and shuffle size (§5.3 fits γ = y/x with sd 3.28)
	PaperPeakPerH   = 300   // §5.1: peak submission rate, jobs per hour (mean 110)
)

// GoogleConfig parameterises the Google study: Fig. 7 cells for every
// variant × load, each with every policy.
type GoogleConfig struct {
	Loads    []float64 // offered loads ρ (§5.2: (0, 0.75))
	Policies []string  // fluid policy names
	K        int       // k of k-LPS (§5.1: 100)
	Variants []string  // "original", "cuberoot"
}

// DefaultGoogleConfig is the Fig. 7 setup of §5.2, as the SWIM study's.
func DefaultGoogleConfig() GoogleConfig {
	return GoogleConfig{Loads: DefaultLoads(), Policies: []string{"klps", "maxsrpt", "splitsrpt"}, K: fluid.DefaultK,
		Variants: []string{"original", "cuberoot"}}
}

// Validate names the first invalid field.
func (c GoogleConfig) Validate() error {
	for _, l := range c.Loads {
		if !(l > 0) || math.IsInf(l, 0) {
			return fmt.Errorf("%w: loads: %v must be a positive number", ErrGoogle, l)
		}
	}
	for _, v := range c.Variants {
		if v != "original" && v != "cuberoot" {
			return fmt.Errorf("%w: variants: %q is not original or cuberoot", ErrGoogle, v)
		}
	}
	for _, p := range c.Policies {
		if _, err := fluid.ParsePolicy(p, c.K, nil); err != nil {
			return fmt.Errorf("%w: policies: %w", ErrGoogle, err)
		}
	}
	return nil
}

// RateBin is one bin of Fig. 5.
type RateBin struct {
	Start   float64 `json:"start_s"`  // seconds since the window start
	Length  float64 `json:"length_s"` // the last bin may be shorter (end of the window)
	Jobs    int     `json:"jobs"`
	PerHour float64 `json:"per_hour"`
	Rel     float64 `json:"relative"` // per hour ÷ the peak bin's
}

// SizeStat is one row of the Fig. 6 table.
type SizeStat struct {
	Quantity   string  `json:"quantity"`
	Std        float64 `json:"std"`       // population standard deviation, mean 1
	PaperStd   float64 `json:"paper_std"` // Lin et al. §5.1
	MaxOverMin float64 `json:"max_over_min"`
	PaperRange string  `json:"paper_max_over_min"`
}

// GoogleResult is the study on one imported Google instance.
type GoogleResult struct {
	Trace    string       `json:"trace"`
	Credit   string       `json:"credit"`
	N        int          `json:"n"`
	Window   float64      `json:"window_s"`
	Hourly   []RateBin    `json:"hourly"`
	TenMin   []RateBin    `json:"ten_minutes"`
	Stats    []SizeStat   `json:"size_stats"`
	MapHeavy float64      `json:"map_heavy_fraction"` // jobs with x > y (mean-1 sizes); §5.1: > 80 %
	Fig7     []Fig7Result `json:"fig7"`
	// sorted mean-1 samples for the CDFs
	mapS, shfS, ratioS []float64
}

// Google runs Figs. 5, 6 and 7 of Lin et al. §5.1–5.2 on an instance made
// by google.Import (sizes with mean 1, releases in seconds since the window
// start; the window length is read from its metadata, else the last
// release). Fig. 7 cells run in a fixed order on one goroutine; each cell
// scales time to its load and optionally balances sizes by the cube root
// exactly as the SWIM study does (report.SWIMInstance).
func Google(ctx context.Context, in *instances.Instance, name string, cfg GoogleConfig) (*GoogleResult, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrGoogle, name, err)
	}
	r := &GoogleResult{Trace: name, Credit: google.Credit, N: in.N(), Window: windowOf(in)}
	r.Hourly = rateBins(in, r.Window, 3600)
	r.TenMin = rateBins(in, r.Window, 600)
	if err := r.sizes(in); err != nil {
		return nil, err
	}
	recs := make([]swim.Record, in.N())
	for i, j := range in.Jobs {
		recs[i] = swim.Record{ID: j.ID, Submit: j.Release, MapBytes: j.Map, ShuffleBytes: j.Shuffle}
	}
	for _, v := range cfg.Variants {
		for _, load := range cfg.Loads {
			cell, err := report.SWIMInstance(recs, name, load, 0, v == "cuberoot")
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrGoogle, err)
			}
			res, err := runFig7Cell(ctx, cell, name, v, load, cfg.Policies, cfg.K)
			if err != nil {
				return nil, fmt.Errorf("%w: %s load %v: %w", ErrGoogle, v, load, err)
			}
			r.Fig7 = append(r.Fig7, *res)
		}
	}
	return r, nil
}

// windowOf is the metadata's window_length_s, else the last release.
func windowOf(in *instances.Instance) float64 {
	w := 0.0
	for _, j := range in.Jobs {
		w = max(w, j.Release)
	}
	switch v := in.Metadata["window_length_s"].(type) {
	case float64:
		w = max(w, v)
	case json.Number:
		if f, err := v.Float64(); err == nil {
			w = max(w, f)
		}
	}
	return w
}

// rateBins counts releases in bins of width seconds over [0, window]; the
// last bin ends at the window's end and its rate uses its own length.
func rateBins(in *instances.Instance, window, width float64) []RateBin {
	nb := max(1, int(math.Ceil(window/width)))
	bins := make([]RateBin, nb)
	for i := range bins {
		bins[i].Start = float64(i) * width
		bins[i].Length = min(width, window-bins[i].Start)
		if bins[i].Length <= 0 {
			bins[i].Length = width
		}
	}
	for _, j := range in.Jobs {
		bins[min(nb-1, int(j.Release/width))].Jobs++
	}
	peak := 0.0
	for i := range bins {
		bins[i].PerHour = float64(bins[i].Jobs) * 3600 / bins[i].Length
		peak = max(peak, bins[i].PerHour)
	}
	for i := range bins {
		bins[i].Rel = bins[i].PerHour / peak
	}
	return bins
}

// meanOne returns v divided by its mean, sorted.
func meanOne(v []float64) []float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x / (s / float64(len(v)))
	}
	slices.Sort(out)
	return out
}

func stdOf(v []float64) float64 {
	m, s := 0.0, 0.0
	for _, x := range v {
		m += x
	}
	m /= float64(len(v))
	for _, x := range v {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(v)))
}

func (r *GoogleResult) sizes(in *instances.Instance) error {
	var xs, ys, rs []float64
	heavy := 0
	for _, j := range in.Jobs {
		if j.Map <= 0 || j.Shuffle <= 0 {
			return fmt.Errorf("%w: job %s has map %v, shuffle %v: the Google import keeps only jobs with both positive", ErrGoogle, j.ID, j.Map, j.Shuffle)
		}
		xs, ys, rs = append(xs, j.Map), append(ys, j.Shuffle), append(rs, j.Shuffle/j.Map)
		if j.Map > j.Shuffle {
			heavy++
		}
	}
	r.mapS, r.shfS, r.ratioS = meanOne(xs), meanOne(ys), meanOne(rs)
	r.MapHeavy = float64(heavy) / float64(len(xs))
	add := func(q string, s []float64, paper float64, rng string) {
		r.Stats = append(r.Stats, SizeStat{Quantity: q, Std: stdOf(s), PaperStd: paper, MaxOverMin: s[len(s)-1] / s[0], PaperRange: rng})
	}
	add("map size", r.mapS, PaperMapStd, "> 10^3")
	add("shuffle size", r.shfS, PaperShuffleStd, "> 10^5")
	add("ratio shuffle/map", r.ratioS, PaperRatioStd, "-")
	return nil
}

// CDFs returns the Fig. 6 series: empirical CDFs (x = size with mean 1,
// y = fraction of jobs ≤ x) of the map size, the shuffle size and their
// ratio.
func (r *GoogleResult) CDFs() []figures.Series {
	cdf := func(name string, v []float64) figures.Series {
		pts := make([]figures.XY, len(v))
		for i, x := range v {
			pts[i] = figures.XY{X: x, Y: float64(i+1) / float64(len(v))}
		}
		return figures.Series{Name: name, Points: pts, LineOnly: true}
	}
	return []figures.Series{cdf("map size", r.mapS), cdf("shuffle size", r.shfS), cdf("ratio shuffle/map", r.ratioS)}
}

// RateSeries returns the Fig. 5 series: relative submission rate per hour
// and per 10 minutes against the hour of the window (bin midpoints).
func (r *GoogleResult) RateSeries() []figures.Series {
	s := func(name string, bins []RateBin) figures.Series {
		var pts []figures.XY
		for _, b := range bins {
			pts = append(pts, figures.XY{X: (b.Start + b.Length/2) / 3600, Y: b.Rel})
		}
		return figures.Series{Name: name, Points: pts}
	}
	return []figures.Series{s("per hour", r.Hourly), s("per 10 minutes", r.TenMin)}
}

// Fig7Series returns the relative E[T] series of one variant, one per
// policy, against load.
func (r *GoogleResult) Fig7Series(variant string) []figures.Series {
	by := map[string][]figures.XY{}
	var names []string
	for _, c := range r.Fig7 {
		if c.Variant != variant {
			continue
		}
		for _, p := range c.Policies {
			if _, ok := by[p.Policy]; !ok {
				names = append(names, p.Policy)
			}
			by[p.Policy] = append(by[p.Policy], figures.XY{X: c.Load, Y: float64(p.Relative)})
		}
	}
	var out []figures.Series
	for _, n := range names {
		out = append(out, figures.Series{Name: n, Points: by[n]})
	}
	return out
}

// Write renders the study in format f: the tables of View(f).
func (r *GoogleResult) Write(w io.Writer, f tabular.Format) error { return r.View(f).Write(w, f) }

// View returns the study's tables: Fig. 5 (per hour, per 10 minutes),
// Fig. 6 statistics beside the paper's, Fig. 7 cells.
func (r *GoogleResult) View(f tabular.Format) *tabular.View {
	num := strconv.Itoa
	fl := tabular.Float
	head := fmt.Sprintf("Lin et al. §5.1–5.2 on %s: %d MapReduce jobs in a %.0f s window; data: %s\n", r.Trace, r.N, r.Window, r.Credit)
	rate := func(title string, bins []RateBin) *tabular.Table {
		t := &tabular.Table{Title: title, Header: []string{"start_s", "length_s", "jobs", "jobs_per_hour", "relative_rate"},
			RightAlign: []bool{true, true, true, true, true}}
		for _, b := range bins {
			t.Add(fl(b.Start), fl(b.Length), num(b.Jobs), fl(b.PerHour), fl(b.Rel))
		}
		return t
	}
	st := &tabular.Table{Title: fmt.Sprintf("Fig. 6: job sizes (mean 1); map-heavy jobs (x > y): %.1f %% (paper: > 80 %%)", 100*r.MapHeavy),
		Header:     []string{"quantity", "std", "paper_std", "max_over_min", "paper_max_over_min"},
		RightAlign: []bool{false, true, true, true, true}}
	for _, s := range r.Stats {
		st.Add(s.Quantity, fl(s.Std), fl(s.PaperStd), fl(s.MaxOverMin), s.PaperRange)
	}
	f7 := &tabular.Table{Title: "Fig. 7: relative E[T] = mean response / (best lower bound / n); best bound = max(§5.1, counting)",
		Header:     []string{"variant", "load", "n", "policy", "mean_response", "relative_et_ratio", "relative_et_lb51_ratio", "lb51_mean", "lbcount_mean", "best_lower_bound"},
		RightAlign: []bool{false, true, true, false, true, true, true, true, true, false}}
	fm := hum
	if f == tabular.CSV {
		fm = mach
	}
	for _, c := range r.Fig7 {
		for _, p := range c.Policies {
			f7.Add(c.Variant, fl(c.Load), num(c.N), p.Policy, fm(p.MeanResponse), fm(p.Relative), fm(p.Relative51), fm(c.LB51), fm(c.LBCount), c.Best)
		}
	}
	return &tabular.View{Value: r, Head: head, Tables: []*tabular.Table{
		rate(fmt.Sprintf("Fig. 5: submissions per hour, peak = %.0f jobs/h normalised to 1 (paper: about %d jobs/h)", peakOf(r.Hourly), PaperPeakPerH), r.Hourly),
		rate(fmt.Sprintf("Fig. 5: submissions per 10 minutes, peak = %.0f jobs/h normalised to 1", peakOf(r.TenMin)), r.TenMin),
		st, f7}}
}

func peakOf(bins []RateBin) float64 {
	p := 0.0
	for _, b := range bins {
		p = max(p, b.PerHour)
	}
	return p
}

// GoogleFigures writes Figs. 5, 6, 7a and 7b of r into dir
// (google_fig5, google_fig6, google_fig7_original, google_fig7_cuberoot)
// and returns the files written. Every title credits the trace.
func GoogleFigures(r *GoogleResult, dir string, formats ...figures.Format) ([]string, error) {
	base := func(n string) string { return filepath.Join(dir, n) }
	files, err := figures.GoogleRate(r.RateSeries(), base("google_fig5"), formats...)
	if err != nil {
		return nil, err
	}
	fs, err := figures.GoogleSizes(r.CDFs(), base("google_fig6"), formats...)
	if err != nil {
		return nil, err
	}
	files = append(files, fs...)
	for _, v := range []string{"original", "cuberoot"} {
		if s := r.Fig7Series(v); len(s) > 0 {
			fs, err := figures.GoogleRelativeET(s, v == "cuberoot", base("google_fig7_"+v), formats...)
			if err != nil {
				return nil, err
			}
			files = append(files, fs...)
		}
	}
	return files, nil
}

// GoogleFile runs Google on the instance file at path (named by its base
// name) and, when figDir is not empty, writes its figures there (creating
// the directory).
func GoogleFile(ctx context.Context, path string, cfg GoogleConfig, figDir string, formats ...figures.Format) (*GoogleResult, error) {
	in, err := instances.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := Google(ctx, in, filepath.Base(path), cfg)
	if err != nil || figDir == "" {
		return r, err
	}
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrGoogle, err)
	}
	_, err = GoogleFigures(r, figDir, formats...)
	return r, err
}
