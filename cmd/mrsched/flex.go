package main

// CIRCUMFLEX / FLEX shared-scan planning and simulation (issue 7; Wolf et
// al., "CIRCUMFLEX"). Library code: instances/sharedscan, solver/flex.

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/report/shard"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// flexCommands returns the flex command.
func flexCommands() []*cli.Command { return []*cli.Command{flexCmd()} }

// flexGenCommands returns the "gen" subcommands of shared scans.
func flexGenCommands() []*cli.Command { return []*cli.Command{genSharedScanCmd()} }

// flexImportCommands returns the "import" subcommands of shared scans.
func flexImportCommands() []*cli.Command { return []*cli.Command{importSWIMScansCmd()} }

func flexCmd() *cli.Command {
	return &cli.Command{
		Name:     "flex",
		Category: catFlex,
		Usage:    "CIRCUMFLEX / FLEX / BATCH shared-scan planning, simulation and the §4 study",
		Subcommands: []*cli.Command{
			flexPlanCmd(), flexSimulateCmd(), flexStudyCmd(), flexMergeCmd(), flexMetricsCmd(),
		},
	}
}

func flexWriteOut(c *cli.Context, data []byte) error {
	if p := c.String("out"); p != "" {
		return instances.AtomicWrite(p, data)
	}
	_, err := c.App.Writer.Write(data)
	return err
}

func flexMetricsCmd() *cli.Command {
	return &cli.Command{
		Name:  "metrics",
		Usage: "list the 16 FLEX metrics and which ones CIRCUMFLEX optimises",
		Description: "Prints the metric menu of appendix A.2 with the method CIRCUMFLEX uses for each, with\n" +
			"chain precedence (fully shared scans) and with semi-shared scans.\n\n" +
			"Example:\n  mrsched flex metrics --format md",
		Flags: []cli.Flag{&cli.StringFlag{Name: "format", Value: "table", Usage: "table, md, csv or json"}},
		Action: func(c *cli.Context) error {
			f, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			tb := &tabular.Table{Header: []string{"metric", "aggregate", "chains (fully shared)", "semi-shared"}}
			for _, m := range flex.Metrics {
				agg := "sum (average)"
				if m.Max {
					agg = "max"
				}
				ch, se := "optimal: backwards DP", "optimal: backwards DP"
				if !m.Max {
					se = "refused (no method for general precedence)"
					if m.GSROptimal() {
						ch = "optimal: Generalized Smith's Rule"
					} else {
						ch = "heuristic: Lawler's rule on Σ penalties"
					}
				}
				tb.Add(m.Name(), agg, ch, se)
			}
			return tb.Write(c.App.Writer, f)
		},
	}
}

func flexParseMetricFlag(c *cli.Context) (flex.Metric, error) {
	m, err := flex.ParseMetric(c.String("metric"))
	if err != nil {
		return m, fmt.Errorf("--metric: %w", err)
	}
	return m, nil
}

func flexSubjobLabel(w *sharedscan.Workload, jobs []int, s *flex.Subjob) string {
	if len(s.Pieces) == 1 && s.Chain >= 0 {
		p := s.Pieces[0]
		ds := w.Datasets[p.Dataset].ID
		if p.Group == 0 {
			return fmt.Sprintf("(%s,%d)", ds, s.Pos)
		}
		if len(s.Jobs) == 1 {
			return fmt.Sprintf("(%s,%d)@%s", ds, s.Pos, w.Jobs[jobs[s.Jobs[0]]].ID)
		}
		return fmt.Sprintf("(%s,%d)#batch%d", ds, s.Pos, p.Group)
	}
	ids := make([]string, len(s.Jobs))
	for i, a := range s.Jobs {
		ids[i] = w.Jobs[jobs[a]].ID
	}
	return "{" + strings.Join(ids, ",") + "}"
}

type flexPlanSubjobJSON struct {
	Rank        int      `json:"rank"`
	Label       string   `json:"label"`
	Jobs        []string `json:"jobs"`
	Completes   []string `json:"completes"`
	Concurrency int      `json:"concurrency"`
	Work        float64  `json:"work"`
	Min         float64  `json:"min_slots"`
	Max         float64  `json:"max_slots"`
	Preds       []string `json:"preds"`
	Completion  float64  `json:"completion"`
}

type flexPlanIntervalJSON struct {
	Start float64            `json:"start"`
	End   float64            `json:"end"`
	Slots map[string]float64 `json:"slots"`
}

type flexPlanJSON struct {
	Workload   string                 `json:"workload"`
	Scheme     string                 `json:"scheme"`
	Metric     string                 `json:"metric"`
	At         float64                `json:"at"`
	Method     string                 `json:"method"`
	Optimal    bool                   `json:"optimal_order"`
	Value      float64                `json:"value"`
	Slots      int                    `json:"slots"`
	Subjobs    []flexPlanSubjobJSON   `json:"subjobs"`
	Intervals  []flexPlanIntervalJSON `json:"intervals"`
	Completion map[string]float64     `json:"job_completion"`
}

func flexPlanCmd() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "the CIRCUMFLEX (or FLEX) malleable schedule at one instant",
		UsageText: "mrsched flex plan --workload FILE --metric METRIC [--scheme circumflex|flex] [--at T] [options]",
		Description: "Follows the epoch simulation of the workload up to time --at (default: the last arrival), so the\n" +
			"jobs that arrived earlier are part-way through their scans, then builds the subjobs by cyclic\n" +
			"piggybacking (§2.2; Venn regions for semi-shared scans), orders them by GSR or backwards DP\n" +
			"(§3.2) and packs them (§3.3). Prints the subjobs in priority order with their completion times,\n" +
			"the metric value of the plan, and with --intervals the slot allocations per interval.\n" +
			"--svg FILE draws the allocations over time. The schedule is checked by the validator.\n\n" +
			"Example (from the repository root):\n" +
			"  mrsched gen sharedscan --jobs 12 --datasets 3 --horizon 1 --seed 1 --out /tmp/ss.json\n" +
			"  mrsched flex plan --workload /tmp/ss.json --metric avg-response --intervals\n" +
			"  mrsched flex plan --workload /tmp/ss.json --metric max-stretch --scheme flex --format json --svg /tmp/plan.svg",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "workload", Aliases: []string{"w"}, Required: true, Usage: "shared-scan workload `FILE` (JSON)"},
			&cli.StringFlag{Name: "metric", Aliases: []string{"m"}, Value: "sum-response", Usage: "one of 'mrsched flex metrics' (aliases avg-response, avg-stretch, makespan)"},
			&cli.StringFlag{Name: "scheme", Value: "circumflex", Usage: "circumflex or flex"},
			&cli.Float64Flag{Name: "at", Value: -1, Usage: "plan at this time (default: the last arrival)"},
			&cli.BoolFlag{Name: "intervals", Usage: "also print the intervals with per-subjob slots"},
			&cli.StringFlag{Name: "svg", Usage: "draw the slot allocations over time to `FILE`"},
			&cli.StringFlag{Name: "format", Value: "table", Usage: "table, md, csv or json"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
		},
		Action: func(c *cli.Context) error {
			w, err := sharedscan.ReadFile(c.String("workload"))
			if err != nil {
				return err
			}
			m, err := flexParseMetricFlag(c)
			if err != nil {
				return err
			}
			sc, err := flex.ParseScheme(c.String("scheme"))
			if err != nil || sc == flex.BATCH {
				return fmt.Errorf("--scheme: want circumflex or flex, got %q", c.String("scheme"))
			}
			f, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			at := c.Float64("at")
			if c.IsSet("at") && !(at >= 0 && !math.IsInf(at, 0)) {
				return fmt.Errorf("--at %v: want a finite time ≥ 0 (omit it for the last arrival)", at)
			}
			if at < 0 {
				for _, j := range w.Jobs {
					at = math.Max(at, j.Arrival)
				}
			}
			if at <= 0 {
				at = math.SmallestNonzeroFloat64 // plan at 0 with the jobs arriving at 0
			}
			res, err := flex.Simulate(w, flex.SimOptions{Scheme: sc, Metric: m, StopAt: at})
			if err != nil {
				return err
			}
			fp := res.Final
			if fp == nil || len(fp.Jobs) == 0 {
				return fmt.Errorf("no job is active at time %v", at)
			}
			pl := fp.Plan
			if err := flex.Validate(pl.Input, pl.Schedule); err != nil {
				return exitWith(2, fmt.Errorf("the packed schedule failed validation: %w", err))
			}
			out := flexPlanJSON{Workload: c.String("workload"), Scheme: sc.String(), Metric: m.Name(), At: fp.At, Method: string(pl.Method),
				Optimal: pl.Optimal, Slots: w.Slots, Completion: map[string]float64{}}
			infos := flex.JobInfos(w)
			comp := make([]float64, len(w.Jobs))
			for i := range comp {
				comp[i] = math.NaN()
			}
			for a, j := range fp.Jobs {
				comp[j] = fp.At + pl.JobCompletion[a]
				out.Completion[w.Jobs[j].ID] = comp[j]
			}
			out.Value = m.Value(infos, comp)
			labels := make([]string, len(pl.Subjobs.List))
			for i := range pl.Subjobs.List {
				labels[i] = flexSubjobLabel(w, fp.Jobs, &pl.Subjobs.List[i])
			}
			ids := func(as []int) []string {
				s := make([]string, len(as))
				for i, a := range as {
					s[i] = w.Jobs[fp.Jobs[a]].ID
				}
				return s
			}
			for r, i := range pl.Order {
				s := &pl.Subjobs.List[i]
				ps := []string{}
				for _, p := range s.Preds {
					ps = append(ps, labels[p])
				}
				out.Subjobs = append(out.Subjobs, flexPlanSubjobJSON{Rank: r + 1, Label: labels[i], Jobs: ids(s.Jobs), Completes: ids(s.Completes),
					Concurrency: len(s.Jobs), Work: s.Work, Min: s.Min, Max: s.Max, Preds: ps, Completion: fp.At + pl.Schedule.Completion[i]})
			}
			sch := pl.Schedule
			out.Intervals = make([]flexPlanIntervalJSON, len(sch.Intervals))
			for i, iv := range sch.Intervals {
				out.Intervals[i] = flexPlanIntervalJSON{Start: fp.At + iv.Start, End: fp.At + iv.End, Slots: map[string]float64{}}
			}
			for ri := range sch.Runs {
				r := &sch.Runs[ri]
				for i := r.From; i < r.To; i++ {
					out.Intervals[i].Slots[labels[r.Subjob]] = sch.SlotsIn(r, i)
				}
			}
			if p := c.String("svg"); p != "" {
				b, err := flexPlanFigure(&out, labels, pl)
				if err != nil {
					return err
				}
				if err := instances.AtomicWrite(p, b); err != nil {
					return err
				}
			}
			var buf bytes.Buffer
			if f == tabular.JSON {
				if err := tabular.WriteJSON(&buf, out); err != nil {
					return err
				}
				return flexWriteOut(c, buf.Bytes())
			}
			opt := "optimal for this metric"
			if !out.Optimal {
				opt = "a heuristic for this metric"
			}
			tb := &tabular.Table{Title: fmt.Sprintf("%s plan at t = %s for %s: value %s (method %s, %s)", sc, tabular.Float(out.At), m.Name(), tabular.Float(out.Value), out.Method, opt),
				Header:     []string{"rank", "subjob", "concurrency", "work", "min", "max", "completion", "completes", "preds"},
				RightAlign: []bool{true, false, true, true, true, true, true, false, false}}
			for _, s := range out.Subjobs {
				tb.Add(strconv.Itoa(s.Rank), s.Label, strconv.Itoa(s.Concurrency), tabular.Float(s.Work), tabular.Float(s.Min), tabular.Float(s.Max),
					tabular.Float(s.Completion), strings.Join(s.Completes, " "), strings.Join(s.Preds, " "))
			}
			if err := tb.Write(&buf, f); err != nil {
				return err
			}
			if c.Bool("intervals") {
				buf.WriteString("\n")
				it := &tabular.Table{Title: "intervals (slots per subjob)", Header: []string{"start", "end", "allocations"}, RightAlign: []bool{true, true, false}}
				for _, iv := range out.Intervals {
					keys := make([]string, 0, len(iv.Slots))
					for k := range iv.Slots {
						keys = append(keys, k)
					}
					sort.Strings(keys)
					parts := make([]string, len(keys))
					for i, k := range keys {
						parts[i] = k + "=" + tabular.Float(iv.Slots[k])
					}
					it.Add(tabular.Float(iv.Start), tabular.Float(iv.End), strings.Join(parts, " "))
				}
				if err := it.Write(&buf, f); err != nil {
					return err
				}
			}
			return flexWriteOut(c, buf.Bytes())
		},
	}
}

// flexPlanFigure stacks, in every interval, the subjobs' slots in priority
// order (one colour per subjob).
func flexPlanFigure(out *flexPlanJSON, labels []string, pl *flex.Plan) ([]byte, error) {
	cells := 0
	for _, iv := range out.Intervals {
		cells += len(iv.Slots)
	}
	if cells > 20000 {
		return nil, fmt.Errorf("--svg: %d rectangles is too many for a figure (plan fewer jobs)", cells)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s plan for %s at t = %s: slots per subjob", out.Scheme, out.Metric, tabular.Float(out.At))
	p.X.Label.Text = "time"
	p.Y.Label.Text = "slots"
	rank := map[string]int{}
	for r, i := range pl.Order {
		rank[labels[i]] = r
	}
	legend := map[string]bool{}
	for _, iv := range out.Intervals {
		keys := make([]string, 0, len(iv.Slots))
		for k := range iv.Slots {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(a, b int) bool { return rank[keys[a]] < rank[keys[b]] })
		y := 0.0
		for _, k := range keys {
			v := iv.Slots[k]
			poly, err := plotter.NewPolygon(plotter.XYs{{X: iv.Start, Y: y}, {X: iv.End, Y: y}, {X: iv.End, Y: y + v}, {X: iv.Start, Y: y + v}})
			if err != nil {
				return nil, err
			}
			poly.Color = plotutil.Color(rank[k])
			poly.LineStyle.Width = vg.Points(0.3)
			p.Add(poly)
			if !legend[k] && len(legend) < 12 {
				legend[k] = true
				p.Legend.Add(k, poly)
			}
			y += v
		}
	}
	p.Y.Min, p.Y.Max = 0, float64(out.Slots)
	p.Legend.Top = true
	wt, err := p.WriterTo(20*vg.Centimeter, 11*vg.Centimeter, "svg")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func flexSimulateCmd() *cli.Command {
	return &cli.Command{
		Name:      "simulate",
		Usage:     "epoch-based simulation of FLEX, CIRCUMFLEX and BATCH (§4, A.4)",
		UsageText: "mrsched flex simulate --workload FILE --metric METRIC [--scheme all|flex|circumflex|batch] [--window W]",
		Description: "Re-plans at every arrival (BATCH: every batch release) and follows the plan until the next one;\n" +
			"the last plan runs to completion. One row per scheme: average response time, average and\n" +
			"maximum stretch, the simulated metric, the work done and its ratio to FLEX, the re-plans and the\n" +
			"average over datasets of the largest number of concurrent subjobs (CIRCUMFLEX), batch (BATCH)\n" +
			"or active jobs (FLEX). --jobs prints one row per job instead.\n\n" +
			"Example (from the repository root):\n" +
			"  mrsched gen sharedscan --seed 3 --out /tmp/ss.json\n" +
			"  mrsched flex simulate --workload /tmp/ss.json --metric avg-response\n" +
			"  mrsched flex simulate --workload /tmp/ss.json --metric max-stretch --scheme circumflex --jobs --format csv",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "workload", Aliases: []string{"w"}, Required: true, Usage: "shared-scan workload `FILE` (JSON)"},
			&cli.StringFlag{Name: "metric", Aliases: []string{"m"}, Value: "sum-response", Usage: "one of 'mrsched flex metrics'"},
			&cli.StringFlag{Name: "scheme", Value: "all", Usage: "all, flex, circumflex or batch"},
			&cli.Float64Flag{Name: "window", Value: 2, Usage: "BATCH window W per dataset (time units of the workload)"},
			&cli.BoolFlag{Name: "jobs", Usage: "one row per job"},
			&cli.StringFlag{Name: "format", Value: "table", Usage: "table, md, csv or json"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
		},
		Action: func(c *cli.Context) error {
			w, err := sharedscan.ReadFile(c.String("workload"))
			if err != nil {
				return err
			}
			m, err := flexParseMetricFlag(c)
			if err != nil {
				return err
			}
			f, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			schemes := flex.Schemes
			if s := c.String("scheme"); s != "all" {
				sc, err := flex.ParseScheme(s)
				if err != nil {
					return fmt.Errorf("--scheme: %w", err)
				}
				schemes = []flex.Scheme{sc}
			}
			type row struct {
				Scheme        string    `json:"scheme"`
				AvgResponse   float64   `json:"avg_response"`
				AvgStretch    float64   `json:"avg_stretch"`
				MaxStretch    float64   `json:"max_stretch"`
				Value         float64   `json:"value"`
				Work          float64   `json:"work"`
				WorkRatio     float64   `json:"work_ratio_to_unshared"`
				Replans       int       `json:"replans"`
				MaxConcurrent float64   `json:"max_concurrent"`
				Completion    []float64 `json:"completion,omitempty"`
			}
			var rows []row
			var results []*flex.SimResult
			for _, s := range schemes {
				r, err := flex.Simulate(w, flex.SimOptions{Scheme: s, Metric: m, Window: c.Float64("window")})
				if err != nil {
					return err
				}
				results = append(results, r)
				rows = append(rows, row{s.String(), r.AvgResponse, r.AvgStretch, r.MaxStretch, r.Value, r.Work, r.Work / r.UnsharedWork, r.Replans, r.MaxConcurrent, nil})
			}
			var buf bytes.Buffer
			if c.Bool("jobs") {
				tb := &tabular.Table{Header: []string{"job", "arrival", "datasets"}}
				for _, s := range schemes {
					tb.Header = append(tb.Header, s.String()+"_completion", s.String()+"_response")
				}
				for j, job := range w.Jobs {
					cells := []string{job.ID, tabular.Float(job.Arrival), strings.Join(job.Datasets, " ")}
					for _, r := range results {
						cells = append(cells, tabular.Float(r.Completion[j]), tabular.Float(r.Completion[j]-job.Arrival))
					}
					tb.Add(cells...)
				}
				if err := tb.Write(&buf, f); err != nil {
					return err
				}
				return flexWriteOut(c, buf.Bytes())
			}
			if f == tabular.JSON {
				for i := range rows {
					rows[i].Completion = results[i].Completion
				}
				if err := tabular.WriteJSON(&buf, map[string]any{"workload": c.String("workload"), "metric": m.Name(), "window": c.Float64("window"), "schemes": rows}); err != nil {
					return err
				}
				return flexWriteOut(c, buf.Bytes())
			}
			tb := &tabular.Table{Title: fmt.Sprintf("%s: %d jobs, %d datasets, S = %d, metric %s", c.String("workload"), len(w.Jobs), len(w.Datasets), w.Slots, m.Name()),
				Header:     []string{"scheme", "avg response", "avg stretch", "max stretch", m.Name(), "work", "work/unshared", "replans", "max concurrent"},
				RightAlign: []bool{false, true, true, true, true, true, true, true, true}}
			for _, r := range rows {
				tb.Add(r.Scheme, tabular.Fixed(r.AvgResponse, 4), tabular.Fixed(r.AvgStretch, 4), tabular.Fixed(r.MaxStretch, 4), tabular.Float(r.Value),
					tabular.Fixed(r.Work, 3), tabular.Fixed(r.WorkRatio, 4), strconv.Itoa(r.Replans), tabular.Fixed(r.MaxConcurrent, 2))
			}
			if err := tb.Write(&buf, f); err != nil {
				return err
			}
			return flexWriteOut(c, buf.Bytes())
		},
	}
}

func flexParseFloats(s string) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", p)
		}
		out = append(out, v)
	}
	return out, nil
}

func flexParseInts(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", p)
		}
		out = append(out, v)
	}
	return out, nil
}

func flexStudyFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "out-dir", Value: "results/flex", Usage: "write cells and report files under `DIR`"},
		&cli.StringFlag{Name: "shard", Usage: "compute only shard `i/N` of the cells (then 'mrsched flex merge')"},
		&cli.IntFlag{Name: "workers", Value: 2, Usage: "parallel cells (output is identical for any number)"},
		&cli.IntFlag{Name: "reps", Value: 10, Usage: "repetitions per point"},
		&cli.StringFlag{Name: "theta1", Value: "0,0.25,0.5,0.75,1", Usage: "popularity Zipf parameters"},
		&cli.StringFlag{Name: "theta2", Value: "0,0.25,0.5,0.75,1", Usage: "size Zipf parameters"},
		&cli.StringFlag{Name: "levels", Value: "0,1,2,3,4,5,6,7,8", Usage: "correlation levels (0 negative … 4 random … 8 positive)"},
		&cli.StringFlag{Name: "metrics", Value: "sum-response,sum-stretch,max-stretch", Usage: "metrics to simulate"},
		&cli.IntFlag{Name: "jobs", Value: 1000, Usage: "arrivals per workload"},
		&cli.Float64Flag{Name: "horizon", Value: 100, Usage: "T in minutes (arrivals in [0,T))"},
		&cli.IntFlag{Name: "max-slots", Value: 100, Usage: "M_j of every job"},
		&cli.IntFlag{Name: "min-slots", Value: 1, Usage: "m_j of every job"},
		&cli.Float64Flag{Name: "window", Value: 2, Usage: "BATCH window W in minutes"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "base seed"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on stderr"},
	}
}

func flexStudyConfig(c *cli.Context) (flex.StudyConfig, error) {
	cfg := flex.DefaultStudy()
	var err error
	if cfg.Theta1, err = flexParseFloats(c.String("theta1")); err != nil {
		return cfg, fmt.Errorf("--theta1: %w", err)
	}
	if cfg.Theta2, err = flexParseFloats(c.String("theta2")); err != nil {
		return cfg, fmt.Errorf("--theta2: %w", err)
	}
	if cfg.Levels, err = flexParseInts(c.String("levels")); err != nil {
		return cfg, fmt.Errorf("--levels: %w", err)
	}
	cfg.Metrics = strings.Split(c.String("metrics"), ",")
	for i, m := range cfg.Metrics {
		x, err := flex.ParseMetric(m)
		if err != nil {
			return cfg, fmt.Errorf("--metrics: %w", err)
		}
		cfg.Metrics[i] = x.Name()
	}
	cfg.Reps, cfg.Window, cfg.Seed = c.Int("reps"), c.Float64("window"), c.Uint64("seed")
	cfg.Workload.Jobs, cfg.Workload.Horizon = c.Int("jobs"), c.Float64("horizon")
	cfg.Workload.MaxSlots, cfg.Workload.MinSlots = c.Int("max-slots"), c.Int("min-slots")
	return cfg, cfg.Check()
}

func flexRenderStudy(c *cli.Context, dir string, set *shard.Set) error {
	files, err := flex.Render(set)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for k := range files {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := instances.AtomicWrite(filepath.Join(dir, k), files[k]); err != nil {
			return err
		}
	}
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s/{%s}\n", dir, strings.Join(names, ","))
	}
	_, err = c.App.Writer.Write(files["summary.md"])
	return err
}

func flexStudyCmd() *cli.Command {
	return &cli.Command{
		Name:      "study",
		Usage:     "the §4 study: FLEX vs CIRCUMFLEX vs BATCH over θ1, θ2, correlation and repetitions",
		UsageText: "mrsched flex study [--out-dir DIR] [--shard i/N] [--workers K] [--reps R] [grid options]",
		Description: "Each cell (θ1, θ2, correlation level, repetition) draws a §4 workload and simulates FLEX,\n" +
			"CIRCUMFLEX and BATCH for every metric. Cells are JSON lines in DIR/cells.jsonl (format of\n" +
			"package report/shard: a header line, then {\"cell\",\"key\",\"result\"} per cell); a killed run\n" +
			"resumes from its journal. Unsharded, the run also writes the report: summary.md, summary.json,\n" +
			"points.csv, fig6.csv, fig5-*.svg, fig6-*.svg. With --shard i/N only that shard's cells are\n" +
			"computed, into DIR/cells-i-of-N.jsonl; 'mrsched flex merge' combines the shards into output\n" +
			"byte-identical to the unsharded run. The full default study is 2250 cells (minutes of CPU).\n\n" +
			"Example (from the repository root; a reduced grid):\n" +
			"  mrsched flex study --out-dir /tmp/fs --theta1 1 --theta2 1 --levels 0,4,8 --reps 2 --jobs 200 --horizon 20\n" +
			"  mrsched flex study --out-dir /tmp/fs2 --theta1 1 --theta2 1 --levels 0,4,8 --reps 2 --jobs 200 --horizon 20 --shard 1/2\n" +
			"  mrsched flex study --out-dir /tmp/fs2 --theta1 1 --theta2 1 --levels 0,4,8 --reps 2 --jobs 200 --horizon 20 --shard 2/2\n" +
			"  mrsched flex merge --out-dir /tmp/fs2 /tmp/fs2/cells-1-of-2.jsonl /tmp/fs2/cells-2-of-2.jsonl\n" +
			"  cmp /tmp/fs/cells.jsonl /tmp/fs2/cells.jsonl",
		Flags: flexStudyFlags(),
		Action: func(c *cli.Context) error {
			cfg, err := flexStudyConfig(c)
			if err != nil {
				return err
			}
			sp, err := shard.Parse(c.String("shard"))
			if err != nil {
				return fmt.Errorf("--shard: %w", err)
			}
			if w := c.Int("workers"); w < 1 {
				return fmt.Errorf("--workers %d: want ≥ 1", w)
			}
			sw, err := cfg.Sweep()
			if err != nil {
				return err
			}
			dir := c.String("out-dir")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			path := filepath.Join(dir, "cells.jsonl")
			if !sp.Whole() {
				path = filepath.Join(dir, fmt.Sprintf("cells-%d-of-%d.jsonl", sp.I, sp.N))
			}
			opt := shard.Options{Shard: sp, Workers: c.Int("workers"), Path: path}
			if !c.Bool("quiet") {
				last := -1
				opt.Progress = func(done, total int) {
					if pct := 100 * done / max(total, 1); pct/5 != last/5 || done == total {
						last = pct
						fmt.Fprintf(c.App.ErrWriter, "flex study %s: %d/%d cells\n", sp, done, total)
					}
				}
			}
			set, err := shard.Run(context.Background(), sw, opt)
			if err != nil {
				return err
			}
			if !sp.Whole() {
				fmt.Fprintf(c.App.ErrWriter, "wrote %s; merge all shards with 'mrsched flex merge --out-dir %s FILES…'\n", path, dir)
				return nil
			}
			return flexRenderStudy(c, dir, set)
		},
	}
}

func flexMergeCmd() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "merge shard cells files of 'mrsched flex study' and write the report",
		UsageText: "mrsched flex merge --out-dir DIR FILE...",
		Description: "Checks that the files belong to the same study (configuration and cell count) and together hold\n" +
			"every cell, writes DIR/cells.jsonl and renders the report exactly as the unsharded run does.\n\n" +
			"Example: see 'mrsched flex study --help'.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out-dir", Value: "results/flex", Usage: "output `DIR`"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on stderr"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return fmt.Errorf("merge: name the shard files")
			}
			var sets []*shard.Set
			for _, p := range c.Args().Slice() {
				s, err := shard.ReadFile(p)
				if err != nil {
					return err
				}
				sets = append(sets, s)
			}
			set, err := shard.Merge(sets, c.Args().Slice())
			if err != nil {
				return err
			}
			dir := c.String("out-dir")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			var b bytes.Buffer
			if err := set.Write(&b); err != nil {
				return err
			}
			if err := instances.AtomicWrite(filepath.Join(dir, "cells.jsonl"), b.Bytes()); err != nil {
				return err
			}
			return flexRenderStudy(c, dir, set)
		},
	}
}

func genSharedScanCmd() *cli.Command {
	d := sharedscan.DefaultGenSpec()
	return &cli.Command{
		Name:     "sharedscan",
		Category: catFlex,
		Usage:    "a §4 shared-scan workload (CIRCUMFLEX paper): Zipf-like popularity and size, κ correlation",
		Description: "Draws the workload of Wolf et al. §4: --jobs Poisson arrivals in [0, T) on --datasets datasets,\n" +
			"popularity Zipf-like with θ1, sizes Zipf-like with θ2 assigned by the κ procedure at --correlation\n" +
			"level 0 (perfectly negative) … 4 (random) … 8 (perfectly positive), sizes scaled so the unshared\n" +
			"utilisation is ρ. Same seed, byte-identical file.\n\n" +
			"Example:\n  mrsched gen sharedscan --theta1 1 --theta2 1 --correlation 8 --seed 7 --out /tmp/ss.json",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "jobs", Value: d.Jobs, Usage: "arrivals"},
			&cli.IntFlag{Name: "datasets", Value: d.Datasets, Usage: "D"},
			&cli.Float64Flag{Name: "theta1", Value: d.Theta1, Usage: "popularity Zipf-like parameter in [0,1]"},
			&cli.Float64Flag{Name: "theta2", Value: d.Theta2, Usage: "size Zipf-like parameter in [0,1]"},
			&cli.IntFlag{Name: "correlation", Value: d.Correlation, Usage: "κ level 0…8"},
			&cli.IntFlag{Name: "slots", Value: d.Slots, Usage: "S"},
			&cli.Float64Flag{Name: "horizon", Value: d.Horizon, Usage: "T (minutes)"},
			&cli.Float64Flag{Name: "rho", Value: d.Rho, Usage: "utilisation on unshared map work"},
			&cli.Float64Flag{Name: "f", Value: d.ScanFraction, Usage: "scan fraction of map work in (0,1]"},
			&cli.IntFlag{Name: "min-slots", Value: d.MinSlots, Usage: "m_j"},
			&cli.IntFlag{Name: "max-slots", Value: d.MaxSlots, Usage: "M_j (capped at S)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
		},
		Action: func(c *cli.Context) error {
			spec := sharedscan.GenSpec{Jobs: c.Int("jobs"), Datasets: c.Int("datasets"), Theta1: c.Float64("theta1"), Theta2: c.Float64("theta2"),
				Correlation: c.Int("correlation"), Slots: c.Int("slots"), Horizon: c.Float64("horizon"), Rho: c.Float64("rho"),
				ScanFraction: c.Float64("f"), MinSlots: c.Int("min-slots"), MaxSlots: min(c.Int("max-slots"), c.Int("slots"))}
			w, err := sharedscan.Generate(spec, rand.NewPCG(c.Uint64("seed"), 0x5ca9))
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := sharedscan.WriteJSON(&b, w); err != nil {
				return err
			}
			return flexWriteOut(c, b.Bytes())
		},
	}
}

func importSWIMScansCmd() *cli.Command {
	d := sharedscan.DefaultSWIMSpec()
	return &cli.Command{
		Name:     "swim-scans",
		Category: catFlex,
		Usage:    "a shared-scan workload from the SWIM trace with input paths",
		Description: "Jobs on the same input path scan the same dataset. A dataset's size is the largest map input\n" +
			"read from its path, in 64 MiB blocks times --block-minutes slot-minutes; a job's M_j is its number\n" +
			"of map tasks (blocks), capped at S; m_j = min(--min-slots, M_j); arrivals in minutes from the\n" +
			"first kept job; jobs without map input are dropped (counted in the metadata).\n\n" +
			"Example (from the repository root):\n" +
			"  mrsched import swim-scans --trace ../shared/data/swim/FB-2010_samples_24_times_1hr_withInputPaths_0.tsv --limit 300 --out /tmp/swim-scans.json\n" +
			"  mrsched flex simulate --workload /tmp/swim-scans.json --metric avg-response",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "trace", Required: true, Usage: "SWIM trace `FILE` (withInputPaths TSV)"},
			&cli.IntFlag{Name: "slots", Value: d.Slots, Usage: "S"},
			&cli.Float64Flag{Name: "block-mb", Value: 64, Usage: "MiB per map task"},
			&cli.Float64Flag{Name: "block-minutes", Value: d.BlockMinutes, Usage: "slot-minutes to scan one block"},
			&cli.IntFlag{Name: "min-slots", Value: d.MinSlots, Usage: "m_j"},
			&cli.Float64Flag{Name: "from", Usage: "keep jobs submitted at or after `SECONDS`"},
			&cli.Float64Flag{Name: "to", Usage: "keep jobs submitted before `SECONDS` (0: no limit)"},
			&cli.IntFlag{Name: "limit", Usage: "keep at most N jobs (0: all)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
		},
		Action: func(c *cli.Context) error {
			recs, err := swim.ReadFile(c.String("trace"))
			if err != nil {
				return err
			}
			spec := sharedscan.SWIMSpec{Slots: c.Int("slots"), BlockBytes: c.Float64("block-mb") * (1 << 20), BlockMinutes: c.Float64("block-minutes"),
				MinSlots: c.Int("min-slots"), From: c.Float64("from"), To: c.Float64("to"), Limit: c.Int("limit")}
			w, err := sharedscan.FromSWIM(recs, spec)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := sharedscan.WriteJSON(&b, w); err != nil {
				return err
			}
			return flexWriteOut(c, b.Bytes())
		},
	}
}
