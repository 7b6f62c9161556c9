package study

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// Fig9Kind is the sweep kind of the Fig. 9 study.
const Fig9Kind = "study/fig9"

// Fig9Config parameterises the Fig. 9 study: for each load, policy and
// replication, one independent run of Jobs jobs of the §5.3 log-normal
// workload (Poisson arrivals); all policies of a replication see the same
// jobs (seed Seed + replication). Jobs are bucketed by L = max(x, y)
// into Buckets equal buckets on [0, MaxSize].
type Fig9Config struct {
	Loads    []float64 `json:"loads"`
	Policies []string  `json:"policies"`
	K        int       `json:"k"`
	Jobs     int       `json:"jobs_per_replication"`
	Reps     int       `json:"replications"`
	Seed     uint64    `json:"seed"`
	Buckets  int       `json:"buckets"`
	MaxSize  float64   `json:"max_size"`
}

// DefaultFig9 is the configuration of 'mrsched study fig9': 8 × 500 000
// jobs per load and policy (the paper used 5·10^7; shard to go further).
func DefaultFig9() Fig9Config {
	return Fig9Config{Loads: []float64{0.75, 0.9}, Policies: []string{"klps", "maxsrpt", "splitsrpt"}, K: fluid.DefaultK,
		Jobs: 500000, Reps: 8, Seed: 1, Buckets: 400, MaxSize: 100}
}

// Fig9Result is one replication of one policy at one load.
type Fig9Result struct {
	Load          float64   `json:"load"`
	Policy        string    `json:"policy"`
	Rep           int       `json:"replication"`
	Jobs          int       `json:"jobs"`
	TotalResponse float64   `json:"total_response"`
	SumSlowdown   float64   `json:"sum_slowdown"`
	Count         []int64   `json:"bucket_count"`
	SumSlow       []float64 `json:"bucket_sum_slowdown"`
	Beyond        int64     `json:"beyond_max_size"`
}

type fig9Cell struct {
	load   float64
	policy string
	rep    int
}

func (cfg Fig9Config) cells() []fig9Cell {
	var out []fig9Cell
	for _, l := range cfg.Loads {
		for _, p := range cfg.Policies {
			for r := 0; r < cfg.Reps; r++ {
				out = append(out, fig9Cell{l, p, r})
			}
		}
	}
	return out
}

// Fig9Sweep returns the sweep of the Fig. 9 study.
func Fig9Sweep(cfg Fig9Config) (sweep.Sweep, error) {
	if cfg.Jobs < 1 || cfg.Reps < 1 || cfg.Buckets < 1 || !(cfg.MaxSize > 0) {
		return sweep.Sweep{}, fmt.Errorf("study: fig9: need jobs, replications, buckets ≥ 1 and max size > 0")
	}
	if err := sweep.CheckCells(len(cfg.Loads), len(cfg.Policies), cfg.Reps); err != nil {
		return sweep.Sweep{}, fmt.Errorf("study: fig9: loads × policies × replications: %w", err)
	}
	for _, l := range cfg.Loads {
		if !(l > 0 && l < 1) {
			return sweep.Sweep{}, fmt.Errorf("study: fig9: load %v must be in (0, 1) for a stable queue", l)
		}
	}
	for _, p := range cfg.Policies {
		if _, err := fluid.ParsePolicy(p, cfg.K, nil); err != nil {
			return sweep.Sweep{}, fmt.Errorf("study: fig9: %w", err)
		}
	}
	cells := cfg.cells()
	keys := make([]string, len(cells))
	for i, c := range cells {
		keys[i] = fmt.Sprintf("load=%s %s rep=%d", tabular.Float(c.load), c.policy, c.rep)
	}
	width := cfg.MaxSize / float64(cfg.Buckets)
	return sweep.Sweep{Kind: Fig9Kind, Config: cfg, Keys: keys, Compute: func(ctx context.Context, i int) (any, error) {
		c := cells[i]
		spec := instances.PaperLogNormal(cfg.Jobs, c.load, false)
		seed := cfg.Seed + uint64(c.rep)
		src, err := spec.Source(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		if err != nil {
			return nil, err
		}
		pol, err := fluid.ParsePolicy(c.policy, cfg.K, nil)
		if err != nil {
			return nil, err
		}
		r := &Fig9Result{Load: c.load, Policy: c.policy, Rep: c.rep, Count: make([]int64, cfg.Buckets), SumSlow: make([]float64, cfg.Buckets)}
		sum, err := fluid.SimulateStream(src, 1, 1, pol, fluid.Options{Context: ctx}, func(j fluid.JobResult) {
			r.SumSlowdown += j.Slowdown
			L := math.Max(j.Map, j.Shuffle) // unit capacities: z = max(x, y), §5.3
			b := int(L / width)
			if b >= cfg.Buckets {
				r.Beyond++
				return
			}
			r.Count[b]++
			r.SumSlow[b] += j.Slowdown
		})
		if err != nil {
			return nil, err
		}
		r.Jobs, r.TotalResponse = sum.N, sum.TotalResponse
		return r, nil
	}}, nil
}

// fig9Agg aggregates the replications of one (load, policy).
type fig9Agg struct {
	Load, Mean, MeanSlow float64
	Policy               string
	Jobs                 int
	Count                []int64
	SumSlow              []float64
	Beyond               int64
}

func aggregateFig9(rs []Fig9Result) []*fig9Agg {
	var out []*fig9Agg
	idx := map[string]*fig9Agg{}
	for _, r := range rs {
		k := tabular.Float(r.Load) + " " + r.Policy
		a, ok := idx[k]
		if !ok {
			a = &fig9Agg{Load: r.Load, Policy: r.Policy, Count: make([]int64, len(r.Count)), SumSlow: make([]float64, len(r.SumSlow))}
			idx[k] = a
			out = append(out, a)
		}
		a.Jobs += r.Jobs
		a.Mean += r.TotalResponse
		a.MeanSlow += r.SumSlowdown
		a.Beyond += r.Beyond
		for b := range r.Count {
			a.Count[b] += r.Count[b]
			a.SumSlow[b] += r.SumSlow[b]
		}
	}
	for _, a := range out {
		a.Mean /= float64(a.Jobs)
		a.MeanSlow /= float64(a.Jobs)
	}
	return out
}

// quantileL returns the q-quantile of L from bucket counts (bucket upper
// edge; +Inf when it lies beyond the last bucket).
func (a *fig9Agg) quantileL(q, width float64) float64 {
	target := q * float64(a.Jobs)
	cum := 0.0
	for b, c := range a.Count {
		cum += float64(c)
		if cum >= target {
			return float64(b+1) * width
		}
	}
	return math.Inf(1)
}

// Paper values of §5.3 (mean response times under the log-normal workload).
var fig9Paper = map[string]float64{
	"0.75 klps": 6.50, "0.75 maxsrpt": 3.32, "0.75 splitsrpt": 3.55,
	"0.9 klps": 16.28, "0.9 maxsrpt": 5.58, "0.9 splitsrpt": 5.66,
}

func writeFig9(set *sweep.Set, f tabular.Format, w io.Writer) error {
	rs, err := decodeAll[Fig9Result](set, Fig9Kind)
	if err != nil {
		return err
	}
	var cfg Fig9Config
	if err := jsonUnmarshal(set.Header.Config, &cfg); err != nil {
		return err
	}
	aggs := aggregateFig9(rs)
	width := cfg.MaxSize / float64(cfg.Buckets)
	if f == tabular.JSON {
		type js struct {
			Load         float64          `json:"load"`
			Policy       string           `json:"policy"`
			Jobs         int              `json:"jobs"`
			MeanResponse float64          `json:"mean_response"`
			PaperMean    tabular.Num      `json:"paper_mean_response"`
			MeanSlowdown float64          `json:"mean_slowdown"`
			P90          tabular.Num      `json:"p90_size"`
			P99          tabular.Num      `json:"p99_size"`
			Beyond       int64            `json:"jobs_beyond_max_size"`
			Buckets      []map[string]any `json:"buckets"`
		}
		var out []js
		for _, a := range aggs {
			x := js{Load: a.Load, Policy: a.Policy, Jobs: a.Jobs, MeanResponse: a.Mean, MeanSlowdown: a.MeanSlow, Beyond: a.Beyond,
				PaperMean: paperMean(a), P90: tabular.Num(a.quantileL(0.9, width)), P99: tabular.Num(a.quantileL(0.99, width))}
			for b, c := range a.Count {
				ms := tabular.Num(math.NaN())
				if c > 0 {
					ms = tabular.Num(a.SumSlow[b] / float64(c))
				}
				x.Buckets = append(x.Buckets, map[string]any{"lo": float64(b) * width, "hi": float64(b+1) * width, "jobs": c, "mean_slowdown": ms})
			}
			out = append(out, x)
		}
		return tabular.WriteJSON(w, map[string]any{"config": cfg, "results": out})
	}
	if f == tabular.CSV {
		t := &tabular.Table{Header: []string{"load", "policy", "bucket_lo", "bucket_hi", "jobs", "mean_slowdown"}}
		for _, a := range aggs {
			for b, c := range a.Count {
				ms := ""
				if c > 0 {
					ms = tabular.Float(a.SumSlow[b] / float64(c))
				}
				t.Add(tabular.Float(a.Load), a.Policy, tabular.Float(float64(b)*width), tabular.Float(float64(b+1)*width), strconv.FormatInt(c, 10), ms)
			}
		}
		return t.Write(w, f)
	}
	sum := &tabular.Table{
		Title:      fmt.Sprintf("Fig. 9 / §5.3: log-normal workload, %d × %d jobs per load and policy (paper: 5·10^7)", cfg.Reps, cfg.Jobs),
		Header:     []string{"load", "policy", "jobs", "mean_response", "paper_mean_response", "mean_slowdown", "p90_size", "p99_size", "beyond_100"},
		RightAlign: []bool{true, false, true, true, true, true, true, true, true},
	}
	for _, a := range aggs {
		sum.Add(tabular.Float(a.Load), a.Policy, strconv.Itoa(a.Jobs), tabular.Fixed(a.Mean, 3), hum(paperMean(a)), tabular.Fixed(a.MeanSlow, 3),
			tabular.Fixed(a.quantileL(0.9, width), 2), tabular.Fixed(a.quantileL(0.99, width), 2), strconv.FormatInt(a.Beyond, 10))
	}
	// Conditional mean slowdown at a few sizes (the curve is in the
	// figure and the CSV).
	sel := &tabular.Table{
		Title:      "Conditional mean slowdown E[S(z)] by z = max(x, y), selected buckets (jobs in bucket in parentheses)",
		Header:     []string{"load", "policy"},
		RightAlign: []bool{true, false},
	}
	points := []float64{0.5, 1, 3, 10, 19, 50, 99}
	for _, z := range points {
		sel.Header = append(sel.Header, "z≈"+tabular.Float(z))
		sel.RightAlign = append(sel.RightAlign, true)
	}
	for _, a := range aggs {
		row := []string{tabular.Float(a.Load), a.Policy}
		for _, z := range points {
			b := int(z / width)
			if b >= len(a.Count) || a.Count[b] == 0 {
				row = append(row, "-")
				continue
			}
			row = append(row, fmt.Sprintf("%.3g (%d)", a.SumSlow[b]/float64(a.Count[b]), a.Count[b]))
		}
		sel.Add(row...)
	}
	if err := sum.Write(w, f); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	return sel.Write(w, f)
}

func paperMean(a *fig9Agg) tabular.Num {
	if v, ok := fig9Paper[tabular.Float(a.Load)+" "+a.Policy]; ok {
		return tabular.Num(v)
	}
	return tabular.Num(math.NaN())
}

func fig9Figures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	rs, err := decodeAll[Fig9Result](set, Fig9Kind)
	if err != nil {
		return nil, err
	}
	var cfg Fig9Config
	if err := jsonUnmarshal(set.Header.Config, &cfg); err != nil {
		return nil, err
	}
	width := cfg.MaxSize / float64(cfg.Buckets)
	aggs := aggregateFig9(rs)
	var files []string
	for _, load := range cfg.Loads {
		var series []figures.Series
		p99 := 0.0
		for _, a := range aggs {
			if a.Load != load {
				continue
			}
			var pts []figures.XY
			for b, c := range a.Count {
				// Buckets with few jobs are noise; the paper's 5·10^7 jobs
				// fill them, ours may not.
				if c >= 20 {
					pts = append(pts, figures.XY{X: (float64(b) + 0.5) * width, Y: a.SumSlow[b] / float64(c)})
				}
			}
			series = append(series, figures.Series{Name: a.Policy, Points: pts})
			p99 = math.Max(p99, a.quantileL(0.99, width))
		}
		if len(series) == 0 {
			continue
		}
		var vm []figures.Mark
		if !math.IsInf(p99, 0) {
			vm = []figures.Mark{{At: p99, Label: "99th percentile of z"}}
		}
		p, err := figures.Lines(series, figures.LineOptions{
			Title: fmt.Sprintf("Fig. 9: mean slowdown by size, load %s (buckets with ≥ 20 jobs)", tabular.Float(load)),
			X:     "job size z = max(x, y) (time units)", Y: "mean slowdown E[S(z)] (response ÷ size)", VMarks: vm})
		if err != nil {
			return nil, err
		}
		fs, err := figures.Save(p, 9, 4.5, filepath.Join(dir, "fig9_load"+tabular.Float(load)), formats...)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}

func jsonUnmarshal(b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("study: configuration: %w", err)
	}
	return nil
}
