package flex

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// StudyKind is the sweep kind of the §4 study in cells files.
const StudyKind = "flex/study"

// StudyConfig describes the §4 experiment: every (θ1, θ2, correlation
// level, repetition) is a cell; each cell draws one workload and simulates
// FLEX, CIRCUMFLEX and BATCH for every metric.
type StudyConfig struct {
	Theta1   []float64          `json:"theta1"`
	Theta2   []float64          `json:"theta2"`
	Levels   []int              `json:"levels"`
	Reps     int                `json:"reps"`
	Metrics  []string           `json:"metrics"`
	Window   float64            `json:"window"`
	Seed     uint64             `json:"seed"`
	Workload sharedscan.GenSpec `json:"workload"` // Theta1, Theta2, Correlation are overridden per cell
	// BlockTime > 0 caps every job's M_j at its number of blocks (see
	// LimitSlotsByBlocks); 0, the default, leaves the workload's limits.
	BlockTime float64 `json:"block_time,omitempty"`
}

// DefaultStudy is the paper's full study: θ1, θ2 ∈ {0, .25, .5, .75, 1},
// 9 correlation levels, 10 repetitions, average response time, average
// stretch and maximum stretch, W = 2 minutes, and the §4 base workload.
func DefaultStudy() StudyConfig {
	th := []float64{0, 0.25, 0.5, 0.75, 1}
	return StudyConfig{Theta1: th, Theta2: th, Levels: []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, Reps: 10,
		Metrics: []string{"sum-response", "sum-stretch", "max-stretch"}, Window: 2, Seed: 1,
		Workload: sharedscan.DefaultGenSpec()}
}

// SchemeStats are one simulation's numbers in a cell.
type SchemeStats struct {
	Value         float64 `json:"value"` // the metric: average for minisum, maximum for minimax
	Work          float64 `json:"work"`
	MaxConcurrent float64 `json:"max_concurrent"`
}

// MetricRuns are the three schemes' results for one metric.
type MetricRuns struct {
	Metric     string      `json:"metric"`
	Flex       SchemeStats `json:"flex"`
	Circumflex SchemeStats `json:"circumflex"`
	Batch      SchemeStats `json:"batch"`
}

// CellResult is the result of one study cell (one JSON line of the cells
// file, under "result").
type CellResult struct {
	Theta1 float64      `json:"theta1"`
	Theta2 float64      `json:"theta2"`
	Level  int          `json:"level"`
	Rep    int          `json:"rep"`
	Runs   []MetricRuns `json:"runs"`
}

type cellID struct {
	t1, t2 float64
	level  int
	rep    int
}

func (c StudyConfig) cells() []cellID {
	var out []cellID
	for _, a := range c.Theta1 {
		for _, b := range c.Theta2 {
			for _, l := range c.Levels {
				for r := 0; r < c.Reps; r++ {
					out = append(out, cellID{a, b, l, r})
				}
			}
		}
	}
	return out
}

func (id cellID) key() string {
	return "t1=" + tabular.Float(id.t1) + "/t2=" + tabular.Float(id.t2) + "/k=" + strconv.Itoa(id.level) + "/r=" + strconv.Itoa(id.rep)
}

// Check validates the configuration.
func (c StudyConfig) Check() error {
	if len(c.Theta1) == 0 || len(c.Theta2) == 0 || len(c.Levels) == 0 || c.Reps < 1 || len(c.Metrics) == 0 {
		return fmt.Errorf("%w: the study needs θ1, θ2, levels, metrics and reps ≥ 1", ErrInput)
	}
	if err := sweep.CheckCells(len(c.Theta1), len(c.Theta2), len(c.Levels), c.Reps); err != nil {
		return fmt.Errorf("%w: θ1 × θ2 × levels × reps: %w", ErrInput, err)
	}
	for _, m := range c.Metrics {
		if _, err := ParseMetric(m); err != nil {
			return err
		}
	}
	if !(c.Window > 0) || math.IsInf(c.Window, 0) {
		return fmt.Errorf("%w: window must be finite and > 0", ErrInput)
	}
	if !(c.BlockTime >= 0) || math.IsInf(c.BlockTime, 0) {
		return fmt.Errorf("%w: block time must be finite and ≥ 0 (0: no block limit), got %v", ErrInput, c.BlockTime)
	}
	id := c.cells()[0]
	_, err := c.workload(id)
	return err
}

// workload draws the cell's workload. The seed depends on the cell's
// parameter values (not its position), so a reduced study reproduces the
// corresponding cells of the full one.
func (c StudyConfig) workload(id cellID) (*sharedscan.Workload, error) {
	spec := c.Workload
	spec.Theta1, spec.Theta2, spec.Correlation = id.t1, id.t2, id.level
	h := fnv.New64a()
	h.Write([]byte(id.key()))
	w, err := sharedscan.Generate(spec, rand.NewPCG(c.Seed, h.Sum64()))
	if err != nil || c.BlockTime == 0 {
		return w, err
	}
	return w, LimitSlotsByBlocks(w, c.BlockTime)
}

// LimitSlotsByBlocks models a scan block time b (slot-minutes to scan one
// block, the time of one map task): a job on datasets of total size W_j
// has ⌈W_j/b⌉ map tasks and cannot use more slots than that, so M_j
// becomes min(M_j, max(1, ⌈W_j/b⌉)) and m_j at most the new M_j. This is
// how the SWIM importer sets M_j (sharedscan.FromSWIM); §4 does not state
// a block size. Allocations stay fluid: a block is not an indivisible,
// non-preemptive task here.
func LimitSlotsByBlocks(w *sharedscan.Workload, b float64) error {
	if !(b > 0) || math.IsInf(b, 0) {
		return fmt.Errorf("%w: block time must be finite and > 0, got %v", ErrInput, b)
	}
	idx := w.DatasetIndex()
	for j := range w.Jobs {
		job := &w.Jobs[j]
		size := 0.0
		for _, d := range job.Datasets {
			size += w.Datasets[idx[d]].Size
		}
		blocks := math.Max(1, math.Ceil(size/b))
		if blocks < float64(job.MaxSlots) {
			job.MaxSlots = int(blocks)
		}
		job.MinSlots = min(job.MinSlots, job.MaxSlots)
	}
	return w.Validate()
}

// RunCell computes one cell.
func (c StudyConfig) runCell(id cellID) (*CellResult, error) {
	w, err := c.workload(id)
	if err != nil {
		return nil, err
	}
	out := &CellResult{Theta1: id.t1, Theta2: id.t2, Level: id.level, Rep: id.rep}
	n := float64(len(w.Jobs))
	for _, mn := range c.Metrics {
		m, _ := ParseMetric(mn)
		mr := MetricRuns{Metric: m.Name()}
		for _, s := range Schemes {
			r, err := Simulate(w, SimOptions{Scheme: s, Metric: m, Window: c.Window})
			if err != nil {
				return nil, fmt.Errorf("cell %s, %s, %s: %w", id.key(), m.Name(), s, err)
			}
			v := r.Value
			if !m.Max {
				v /= n
			}
			st := SchemeStats{Value: v, Work: r.Work, MaxConcurrent: r.MaxConcurrent}
			switch s {
			case FLEX:
				mr.Flex = st
			case CIRCUMFLEX:
				mr.Circumflex = st
			case BATCH:
				mr.Batch = st
			}
		}
		out.Runs = append(out.Runs, mr)
	}
	return out, nil
}

// Sweep returns the study as a shardable sweep (package sweep).
func (c StudyConfig) Sweep() (sweep.Sweep, error) {
	if err := c.Check(); err != nil {
		return sweep.Sweep{}, err
	}
	ids := c.cells()
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = id.key()
	}
	return sweep.Sweep{Kind: StudyKind, Config: c, Keys: keys,
		Compute: func(ctx context.Context, i int) (any, error) { return c.runCell(ids[i]) }}, nil
}

// ---------------------------------------------------------------- summary

// Ratio is a mean and standard deviation over repetitions of a per-rep
// ratio to FLEX.
type Ratio struct {
	Mean float64 `json:"mean"`
	Std  float64 `json:"std"`
}

// PointSummary aggregates the repetitions of one (θ1, θ2, level, metric).
type PointSummary struct {
	Theta1         float64 `json:"theta1"`
	Theta2         float64 `json:"theta2"`
	Level          int     `json:"level"`
	Metric         string  `json:"metric"`
	Reps           int     `json:"reps"`
	FlexValue      float64 `json:"flex_value"` // mean over reps
	CircumflexFlex Ratio   `json:"circumflex_flex"`
	BatchFlex      Ratio   `json:"batch_flex"`
	CircumflexWork Ratio   `json:"circumflex_work"` // work ratio to FLEX
	BatchWork      Ratio   `json:"batch_work"`
	MaxSubjobs     float64 `json:"max_concurrent_subjobs"` // CIRCUMFLEX, mean over reps
	MaxBatch       float64 `json:"max_batch"`              // BATCH, mean over reps
}

// Summary is the aggregated study.
type Summary struct {
	Config StudyConfig    `json:"config"`
	Points []PointSummary `json:"points"`
}

func meanStd(x []float64) Ratio {
	if len(x) == 0 {
		return Ratio{math.NaN(), math.NaN()}
	}
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	s := 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	if len(x) > 1 {
		s = math.Sqrt(s / float64(len(x)-1))
	} else {
		s = 0
	}
	return Ratio{m, s}
}

// Summarise aggregates a complete set of study cells.
func Summarise(set *sweep.Set) (*Summary, error) {
	if set.Header.Kind != StudyKind {
		return nil, fmt.Errorf("%w: cells file is a %q sweep, not %q", ErrInput, set.Header.Kind, StudyKind)
	}
	var cfg StudyConfig
	if err := json.Unmarshal(set.Header.Config, &cfg); err != nil {
		return nil, fmt.Errorf("%w: study configuration: %v", ErrInput, err)
	}
	type pk struct {
		t1, t2 float64
		level  int
		metric string
	}
	type acc struct{ cf, bf, cw, bw, fv, sub, bat []float64 }
	groups := map[pk]*acc{}
	var order []pk
	for _, c := range set.Cells {
		var r CellResult
		if err := json.Unmarshal(c.Result, &r); err != nil {
			return nil, fmt.Errorf("%w: cell %s: %v", ErrInput, c.Key, err)
		}
		for _, mr := range r.Runs {
			k := pk{r.Theta1, r.Theta2, r.Level, mr.Metric}
			a, ok := groups[k]
			if !ok {
				a = &acc{}
				groups[k] = a
				order = append(order, k)
			}
			a.cf = append(a.cf, mr.Circumflex.Value/mr.Flex.Value)
			a.bf = append(a.bf, mr.Batch.Value/mr.Flex.Value)
			a.cw = append(a.cw, mr.Circumflex.Work/mr.Flex.Work)
			a.bw = append(a.bw, mr.Batch.Work/mr.Flex.Work)
			a.fv = append(a.fv, mr.Flex.Value)
			a.sub = append(a.sub, mr.Circumflex.MaxConcurrent)
			a.bat = append(a.bat, mr.Batch.MaxConcurrent)
		}
	}
	s := &Summary{Config: cfg}
	for _, k := range order {
		a := groups[k]
		s.Points = append(s.Points, PointSummary{Theta1: k.t1, Theta2: k.t2, Level: k.level, Metric: k.metric, Reps: len(a.cf),
			FlexValue: meanStd(a.fv).Mean, CircumflexFlex: meanStd(a.cf), BatchFlex: meanStd(a.bf),
			CircumflexWork: meanStd(a.cw), BatchWork: meanStd(a.bw), MaxSubjobs: meanStd(a.sub).Mean, MaxBatch: meanStd(a.bat).Mean})
	}
	return s, nil
}

// PaperFig5 holds the numbers the paper states for θ1 = θ2 = 1 (§4,
// Fig. 5): the endpoints at perfectly negative (level 0) and perfectly
// positive (level 8) correlation.
var PaperFig5 = map[string][2]float64{
	"circumflex_flex_avg_response": {0.81, 0.47},
	"batch_flex_avg_response":      {1.48, 1.11},
	"max_concurrent_subjobs":       {2.8, 4.3},
	"max_batch":                    {4.8, 5.0},
}

func f3(x float64) string { return tabular.Fixed(x, 3) }

// Fig5Table is Fig. 5 for one (θ1, θ2): per level, the ratios for the
// given metric, the work ratios and concurrency, with the paper's values
// at levels 0 and 8 (θ1 = θ2 = 1, average response time).
func (s *Summary) Fig5Table(t1, t2 float64, metric string) *tabular.Table {
	tb := &tabular.Table{Title: fmt.Sprintf("Fig. 5: %s, θ1 = %s, θ2 = %s (mean ± std over repetitions)", metric, tabular.Float(t1), tabular.Float(t2)),
		Header:     []string{"level", "circumflex/flex", "std", "batch/flex", "std", "circ work/flex", "batch work/flex", "max subjobs", "max batch", "paper circ/flex", "paper batch/flex", "paper subjobs", "paper batch"},
		RightAlign: []bool{true, true, true, true, true, true, true, true, true, true, true, true, true}}
	paper := t1 == 1 && t2 == 1 && metric == "sum-response"
	for _, p := range s.Points {
		if p.Theta1 != t1 || p.Theta2 != t2 || p.Metric != metric {
			continue
		}
		pc, pb, ps, pbs := "", "", "", ""
		if paper && (p.Level == 0 || p.Level == 8) {
			i := p.Level / 8
			pc = tabular.Fixed(PaperFig5["circumflex_flex_avg_response"][i], 2)
			pb = tabular.Fixed(PaperFig5["batch_flex_avg_response"][i], 2)
			ps = tabular.Fixed(PaperFig5["max_concurrent_subjobs"][i], 1)
			pbs = tabular.Fixed(PaperFig5["max_batch"][i], 1)
		}
		tb.Add(strconv.Itoa(p.Level), f3(p.CircumflexFlex.Mean), f3(p.CircumflexFlex.Std), f3(p.BatchFlex.Mean), f3(p.BatchFlex.Std),
			f3(p.CircumflexWork.Mean), f3(p.BatchWork.Mean), tabular.Fixed(p.MaxSubjobs, 2), tabular.Fixed(p.MaxBatch, 2), pc, pb, ps, pbs)
	}
	return tb
}

// Range is the minimum, median and maximum over correlation levels.
type Range struct{ Min, Median, Max float64 }

func rangeOf(x []float64) Range {
	y := append([]float64(nil), x...)
	sort.Float64s(y)
	n := len(y)
	med := y[n/2]
	if n%2 == 0 {
		med = (y[n/2-1] + y[n/2]) / 2
	}
	return Range{y[0], med, y[n-1]}
}

// Fig6Row is one (θ1, θ2) pair of Fig. 6 for one metric.
type Fig6Row struct {
	Theta1, Theta2    float64
	Circumflex, Batch Range
}

// Fig6 returns, for metric, the min/median/max over levels of the mean
// ratios for every (θ1, θ2), in configuration order.
func (s *Summary) Fig6(metric string) []Fig6Row {
	var rows []Fig6Row
	for _, a := range s.Config.Theta1 {
		for _, b := range s.Config.Theta2 {
			var c, bt []float64
			for _, p := range s.Points {
				if p.Theta1 == a && p.Theta2 == b && p.Metric == metric {
					c = append(c, p.CircumflexFlex.Mean)
					bt = append(bt, p.BatchFlex.Mean)
				}
			}
			if len(c) > 0 {
				rows = append(rows, Fig6Row{a, b, rangeOf(c), rangeOf(bt)})
			}
		}
	}
	return rows
}

// Fig6Table renders Fig6 for one metric.
func (s *Summary) Fig6Table(metric string) *tabular.Table {
	tb := &tabular.Table{Title: "Fig. 6: " + metric + " ratio to FLEX, min / median / max over correlation levels",
		Header:     []string{"theta1", "theta2", "circ min", "circ median", "circ max", "batch min", "batch median", "batch max"},
		RightAlign: []bool{true, true, true, true, true, true, true, true}}
	for _, r := range s.Fig6(metric) {
		tb.Add(tabular.Float(r.Theta1), tabular.Float(r.Theta2), f3(r.Circumflex.Min), f3(r.Circumflex.Median), f3(r.Circumflex.Max),
			f3(r.Batch.Min), f3(r.Batch.Median), f3(r.Batch.Max))
	}
	return tb
}

// Headline returns, over all (θ1, θ2, level) points of metric, the worst
// (largest) CIRCUMFLEX/FLEX and the best (smallest) BATCH/FLEX mean ratio
// (the paper, average response time: .98 and .97).
func (s *Summary) Headline(metric string) (worstCirc, bestBatch float64) {
	worstCirc, bestBatch = math.Inf(-1), math.Inf(1)
	for _, p := range s.Points {
		if p.Metric == metric {
			worstCirc = math.Max(worstCirc, p.CircumflexFlex.Mean)
			bestBatch = math.Min(bestBatch, p.BatchFlex.Mean)
		}
	}
	return
}

// Render writes the study's report files (name → content): summary.json,
// summary.md, points.csv and fig6.csv (the figures are drawn from the
// Summary by report/figures.FlexStudy at FigureThetas). The bytes depend
// only on the cells, so rendering a merged set of shards gives the same
// files as the unsharded run.
func Render(set *sweep.Set) (map[string][]byte, error) {
	s, err := Summarise(set)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	var b bytes.Buffer
	if err := tabular.WriteJSON(&b, s); err != nil {
		return nil, err
	}
	out["summary.json"] = append([]byte(nil), b.Bytes()...)
	t1, t2 := s.FigureThetas()
	var md, c5, c6 bytes.Buffer
	fmt.Fprintf(&md, "# CIRCUMFLEX / FLEX / BATCH study (§4)\n\n%d cells: θ1 ∈ %v, θ2 ∈ %v, levels %v, %d repetitions; %d jobs, D = %d, S = %d, T = %s, ρ = %s, f = %s, m_j = %d, M_j = %d, W = %s%s.\n\n",
		len(set.Cells), s.Config.Theta1, s.Config.Theta2, s.Config.Levels, s.Config.Reps, s.Config.Workload.Jobs, s.Config.Workload.Datasets,
		s.Config.Workload.Slots, tabular.Float(s.Config.Workload.Horizon), tabular.Float(s.Config.Workload.Rho), tabular.Float(s.Config.Workload.ScanFraction),
		s.Config.Workload.MinSlots, s.Config.Workload.MaxSlots, tabular.Float(s.Config.Window), blockNote(s.Config.BlockTime))
	for _, m := range s.Config.Metrics {
		m = mustName(m)
		tb := s.Fig5Table(t1, t2, m)
		if err := tb.Write(&md, tabular.Markdown); err != nil {
			return nil, err
		}
		md.WriteString("\n")
	}
	for _, m := range s.Config.Metrics {
		m = mustName(m)
		if err := s.Fig6Table(m).Write(&md, tabular.Markdown); err != nil {
			return nil, err
		}
		wc, bb := s.Headline(m)
		paper := ""
		if m == "sum-response" {
			paper = " (paper, average response time: 0.98 and 0.97)"
		}
		fmt.Fprintf(&md, "\nWorst CIRCUMFLEX/FLEX %s, best BATCH/FLEX %s over all points%s.\n\n", f3(wc), f3(bb), paper)
	}
	out["summary.md"] = md.Bytes()
	h5 := &tabular.Table{Header: []string{"metric", "theta1", "theta2", "level", "reps", "flex_value", "circumflex_flex", "circumflex_flex_std", "batch_flex", "batch_flex_std", "circumflex_work", "batch_work", "max_concurrent_subjobs", "max_batch"}}
	for _, p := range s.Points {
		h5.Add(p.Metric, tabular.Float(p.Theta1), tabular.Float(p.Theta2), strconv.Itoa(p.Level), strconv.Itoa(p.Reps), tabular.Float(p.FlexValue),
			tabular.Float(p.CircumflexFlex.Mean), tabular.Float(p.CircumflexFlex.Std), tabular.Float(p.BatchFlex.Mean), tabular.Float(p.BatchFlex.Std),
			tabular.Float(p.CircumflexWork.Mean), tabular.Float(p.BatchWork.Mean), tabular.Float(p.MaxSubjobs), tabular.Float(p.MaxBatch))
	}
	if err := h5.Write(&c5, tabular.CSV); err != nil {
		return nil, err
	}
	out["points.csv"] = c5.Bytes()
	h6 := &tabular.Table{Header: []string{"metric", "theta1", "theta2", "circ_min", "circ_median", "circ_max", "batch_min", "batch_median", "batch_max"}}
	for _, m := range s.Config.Metrics {
		m = mustName(m)
		for _, r := range s.Fig6(m) {
			h6.Add(m, tabular.Float(r.Theta1), tabular.Float(r.Theta2), tabular.Float(r.Circumflex.Min), tabular.Float(r.Circumflex.Median), tabular.Float(r.Circumflex.Max),
				tabular.Float(r.Batch.Min), tabular.Float(r.Batch.Median), tabular.Float(r.Batch.Max))
		}
	}
	if err := h6.Write(&c6, tabular.CSV); err != nil {
		return nil, err
	}
	out["fig6.csv"] = c6.Bytes()
	return out, nil
}

// blockNote names a block time in the report header (none: "").
func blockNote(b float64) string {
	if b == 0 {
		return ""
	}
	return ", block time b = " + tabular.Float(b) + " (M_j ≤ ⌈W_j/b⌉)"
}

// FigureThetas returns the (θ1, θ2) of the Fig. 5 table and figure: the
// last of each list (θ1 = θ2 = 1 in the paper's grid).
func (s *Summary) FigureThetas() (t1, t2 float64) {
	return s.Config.Theta1[len(s.Config.Theta1)-1], s.Config.Theta2[len(s.Config.Theta2)-1]
}

func mustName(m string) string {
	x, err := ParseMetric(m)
	if err != nil {
		return m
	}
	return x.Name()
}
