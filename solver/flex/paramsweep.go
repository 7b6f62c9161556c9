package flex

// The parameter map of the §4 study: which values of the parameters §4 does
// not state (m_j, M_j, the scan block time b) or that set its time unit
// (the BATCH window W) reproduce Fig. 5's endpoints at θ1 = θ2 = 1. A
// coarse grid, then a finer pass around its best points; both are sweeps
// (package sweep) whose cells are cells of the §4 study.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// MapKind is the sweep kind of a parameter-map pass in cells files.
const MapKind = "flex/map"

// MapTolerance is the match criterion of the parameter map: a ratio curve
// of Fig. 5 is reproduced when both its endpoints (levels 0 and 8) are
// within ±10 % (relative) of the paper's.
const MapTolerance = 0.10

// MapRiseSE is the concurrency-trend criterion of the parameter map: the
// mean maximum concurrency must rise from level 0 to level 8 by more than
// this many standard errors of the difference (≈ a one-sided 2.5 % test),
// so that a tie within noise is not a trend.
const MapRiseSE = 2

// MapPoint is one parameter setting: every job gets M_j = MaxSlots and
// m_j = MinSlots, capped by the blocks of its dataset when BlockTime > 0
// (LimitSlotsByBlocks); BATCH uses the window Window (minutes).
type MapPoint struct {
	MaxSlots  int     `json:"max_slots"`
	MinSlots  int     `json:"min_slots"`
	Window    float64 `json:"window"`
	BlockTime float64 `json:"block_time"`
}

func (p MapPoint) key() string {
	return "M=" + strconv.Itoa(p.MaxSlots) + "/m=" + strconv.Itoa(p.MinSlots) + "/W=" + tabular.Float(p.Window) + "/b=" + tabular.Float(p.BlockTime)
}

// MapGrid is a rectangular grid of MapPoints: m_j = max(1, round(φ·M_j))
// for each fraction φ in MinFrac.
type MapGrid struct {
	MaxSlots  []int     `json:"max_slots"`
	MinFrac   []float64 `json:"min_frac"`
	Window    []float64 `json:"window"`
	BlockTime []float64 `json:"block_time"`
}

// DefaultMapGrid is the coarse grid of docs/flex.md: M_j ∈ {5, 10, 20, 30,
// 50, 100}, φ ∈ {0, 0.5, 1}, W ∈ {1, 2, 4} minutes, b ∈ {0 (no block
// limit), 0.25, 1, 4} slot-minutes: 216 points.
func DefaultMapGrid() MapGrid {
	return MapGrid{MaxSlots: []int{5, 10, 20, 30, 50, 100}, MinFrac: []float64{0, 0.5, 1},
		Window: []float64{1, 2, 4}, BlockTime: []float64{0, 0.25, 1, 4}}
}

func minOf(frac float64, maxSlots int) int {
	return max(1, int(math.Round(frac*float64(maxSlots))))
}

// Point is the grid point of M_j, φ, W and b.
func (g MapGrid) Point(maxSlots int, frac, window, blockTime float64) MapPoint {
	return MapPoint{MaxSlots: maxSlots, MinSlots: minOf(frac, maxSlots), Window: window, BlockTime: blockTime}
}

// Points lists the grid's points (M_j outermost, then φ, W, b), without
// duplicates (φ = 0 and small φ·M_j both give m_j = 1).
func (g MapGrid) Points() []MapPoint {
	var out []MapPoint
	seen := map[MapPoint]bool{}
	for _, M := range g.MaxSlots {
		for _, f := range g.MinFrac {
			for _, w := range g.Window {
				for _, b := range g.BlockTime {
					p := MapPoint{MaxSlots: M, MinSlots: minOf(f, M), Window: w, BlockTime: b}
					if !seen[p] {
						seen[p] = true
						out = append(out, p)
					}
				}
			}
		}
	}
	return out
}

// MapConfig is one pass of the map: every (point, level, repetition) is a
// cell, the cell of the §4 study at θ1 = θ2 = 1 with that point's
// parameters and the average response time (Study).
type MapConfig struct {
	Pass     string             `json:"pass"` // "coarse" or "fine" (a label)
	Points   []MapPoint         `json:"points"`
	Levels   []int              `json:"levels"`
	Reps     int                `json:"reps"`
	Seed     uint64             `json:"seed"`
	Workload sharedscan.GenSpec `json:"workload"`
}

// DefaultMap is the coarse pass of the default grid: levels 0 and 8, 10
// repetitions, the §4 workload, seed 1 (the study's).
func DefaultMap() MapConfig {
	return MapConfig{Pass: "coarse", Points: DefaultMapGrid().Points(), Levels: []int{0, 8}, Reps: 10, Seed: 1,
		Workload: sharedscan.DefaultGenSpec()}
}

// Study returns the §4 study that holds the map's cells of point p: θ1 =
// θ2 = 1, the map's levels, repetitions, seed and workload, the average
// response time only. A map cell (p, level, rep) equals that study's cell
// (1, 1, level, rep) byte for byte.
func (c MapConfig) Study(p MapPoint) StudyConfig {
	w := c.Workload
	w.MaxSlots, w.MinSlots = p.MaxSlots, p.MinSlots
	return StudyConfig{Theta1: []float64{1}, Theta2: []float64{1}, Levels: c.Levels, Reps: c.Reps,
		Metrics: []string{"sum-response"}, Window: p.Window, Seed: c.Seed, Workload: w, BlockTime: p.BlockTime}
}

// Check validates the configuration.
func (c MapConfig) Check() error {
	if len(c.Points) == 0 || len(c.Levels) == 0 || c.Reps < 1 {
		return fmt.Errorf("%w: the map needs points, levels and reps ≥ 1", ErrInput)
	}
	if err := sweep.CheckCells(len(c.Points), len(c.Levels), c.Reps); err != nil {
		return fmt.Errorf("%w: points × levels × reps: %w", ErrInput, err)
	}
	seen := map[MapPoint]bool{}
	for _, p := range c.Points {
		if seen[p] {
			return fmt.Errorf("%w: map point %s listed twice", ErrInput, p.key())
		}
		seen[p] = true
		if err := c.Study(p).Check(); err != nil {
			return fmt.Errorf("map point %s: %w", p.key(), err)
		}
	}
	return nil
}

// MapCell is the result of one map cell: the point and the study cell.
type MapCell struct {
	Point MapPoint   `json:"point"`
	Cell  CellResult `json:"cell"`
}

// Sweep returns the pass as a shardable sweep (package sweep).
func (c MapConfig) Sweep() (sweep.Sweep, error) {
	if err := c.Check(); err != nil {
		return sweep.Sweep{}, err
	}
	type id struct {
		p     MapPoint
		level int
		rep   int
	}
	var ids []id
	var keys []string
	for _, p := range c.Points {
		for _, l := range c.Levels {
			for r := 0; r < c.Reps; r++ {
				ids = append(ids, id{p, l, r})
				keys = append(keys, p.key()+"/k="+strconv.Itoa(l)+"/r="+strconv.Itoa(r))
			}
		}
	}
	return sweep.Sweep{Kind: MapKind, Config: c, Keys: keys,
		Compute: func(ctx context.Context, i int) (any, error) {
			x := ids[i]
			r, err := c.Study(x.p).runCell(cellID{1, 1, x.level, x.rep})
			if err != nil {
				return nil, err
			}
			return MapCell{Point: x.p, Cell: *r}, nil
		}}, nil
}

// Paper's Fig. 5 endpoints at θ1 = θ2 = 1 (average response time).
var (
	paperCirc = PaperFig5["circumflex_flex_avg_response"]
	paperBat  = PaperFig5["batch_flex_avg_response"]
	paperConc = PaperFig5["max_concurrent_subjobs"]
)

// MapResult is one point of the map, averaged over the repetitions at the
// first and last level of the pass (0 and 8 by default).
type MapResult struct {
	Pass  string   `json:"pass"`
	Point MapPoint `json:"point"`
	Reps  int      `json:"reps"`
	// Endpoints at the first and last level: CIRCUMFLEX/FLEX and
	// BATCH/FLEX average response (means of per-repetition ratios) and
	// the average maximum number of concurrent CIRCUMFLEX subjobs.
	Circ [2]float64 `json:"circumflex_flex"`
	Bat  [2]float64 `json:"batch_flex"`
	Conc [2]float64 `json:"max_concurrent_subjobs"`
	// DCirc, DBatch, DConc are the largest relative distances of the two
	// endpoints to the paper's, max(|ours/paper − 1|).
	DCirc  float64 `json:"d_circumflex"`
	DBatch float64 `json:"d_batch"`
	DConc  float64 `json:"d_concurrency"`
	// ConcRiseSE is the standard error of Conc[1] − Conc[0] (independent
	// repetitions at the two levels).
	ConcRiseSE float64 `json:"concurrency_rise_se"`
	// Match flags: within MapTolerance at both endpoints (ratios); the
	// concurrency rises from the first to the last level (paper 2.8 → 4.3)
	// by more than MapRiseSE standard errors.
	CircOK, BatchOK, RiseOK bool `json:"-"`
}

// Score is the distance the fine pass minimises: the larger of the two
// ratio curves' distances.
func (r MapResult) Score() float64 { return math.Max(r.DCirc, r.DBatch) }

// Matches names what the point reproduces: "circ", "batch", "rise" joined
// by "+", or "—".
func (r MapResult) Matches() string {
	var s []string
	for _, x := range []struct {
		ok   bool
		name string
	}{{r.CircOK, "circ"}, {r.BatchOK, "batch"}, {r.RiseOK, "rise"}} {
		if x.ok {
			s = append(s, x.name)
		}
	}
	if len(s) == 0 {
		return "—"
	}
	return joinPlus(s)
}

func joinPlus(s []string) string {
	out := s[0]
	for _, x := range s[1:] {
		out += "+" + x
	}
	return out
}

func relDist(ours, paper [2]float64) float64 {
	return math.Max(math.Abs(ours[0]/paper[0]-1), math.Abs(ours[1]/paper[1]-1))
}

// SummariseMap aggregates a complete pass into one MapResult per point, in
// the pass's point order.
func SummariseMap(set *sweep.Set) ([]MapResult, MapConfig, error) {
	var cfg MapConfig
	if set.Header.Kind != MapKind {
		return nil, cfg, fmt.Errorf("%w: cells file is a %q sweep, not %q", ErrInput, set.Header.Kind, MapKind)
	}
	if err := json.Unmarshal(set.Header.Config, &cfg); err != nil {
		return nil, cfg, fmt.Errorf("%w: map configuration: %v", ErrInput, err)
	}
	if len(cfg.Levels) == 0 || len(cfg.Points) == 0 {
		return nil, cfg, fmt.Errorf("%w: map configuration without levels or points", ErrInput)
	}
	if len(set.Cells) != set.Header.Cells {
		return nil, cfg, fmt.Errorf("%w: the %s pass holds %d of %d cells (merge every shard first)", ErrInput, cfg.Pass, len(set.Cells), set.Header.Cells)
	}
	lo, hi := cfg.Levels[0], cfg.Levels[len(cfg.Levels)-1]
	type acc struct{ c, b, k [2][]float64 }
	groups := map[MapPoint]*acc{}
	for _, cell := range set.Cells {
		var mc MapCell
		if err := json.Unmarshal(cell.Result, &mc); err != nil {
			return nil, cfg, fmt.Errorf("%w: cell %s: %v", ErrInput, cell.Key, err)
		}
		if len(mc.Cell.Runs) != 1 {
			return nil, cfg, fmt.Errorf("%w: cell %s: want one metric run, got %d", ErrInput, cell.Key, len(mc.Cell.Runs))
		}
		e := -1
		switch mc.Cell.Level {
		case lo:
			e = 0
		case hi:
			e = 1
		}
		if e < 0 {
			continue
		}
		a := groups[mc.Point]
		if a == nil {
			a = &acc{}
			groups[mc.Point] = a
		}
		r := mc.Cell.Runs[0]
		a.c[e] = append(a.c[e], r.Circumflex.Value/r.Flex.Value)
		a.b[e] = append(a.b[e], r.Batch.Value/r.Flex.Value)
		a.k[e] = append(a.k[e], r.Circumflex.MaxConcurrent)
	}
	var out []MapResult
	for _, p := range cfg.Points {
		a := groups[p]
		if a == nil {
			return nil, cfg, fmt.Errorf("%w: point %s has no cells", ErrInput, p.key())
		}
		r := MapResult{Pass: cfg.Pass, Point: p, Reps: len(a.c[0])}
		v := 0.0
		for e := 0; e < 2; e++ {
			r.Circ[e], r.Bat[e], r.Conc[e] = meanStd(a.c[e]).Mean, meanStd(a.b[e]).Mean, meanStd(a.k[e]).Mean
			sd := meanStd(a.k[e]).Std
			v += sd * sd / float64(len(a.k[e]))
		}
		r.ConcRiseSE = math.Sqrt(v)
		r.DCirc, r.DBatch, r.DConc = relDist(r.Circ, paperCirc), relDist(r.Bat, paperBat), relDist(r.Conc, paperConc)
		r.CircOK, r.BatchOK = r.DCirc <= MapTolerance, r.DBatch <= MapTolerance
		r.RiseOK = r.Conc[1]-r.Conc[0] > MapRiseSE*r.ConcRiseSE
		out = append(out, r)
	}
	return out, cfg, nil
}

// Refine returns the fine pass around the coarse results: the top best
// points by Score, and the top best among those whose concurrency rises,
// each with its neighbourhood on the grid g halved in M_j, φ and b (for
// each, the value and the midpoints to its grid neighbours; all 27
// combinations) at the point's window W (stated by §4), without the
// points already computed. The fine pass keeps the coarse pass's levels,
// repetitions, seed and workload.
func Refine(coarse []MapResult, cfg MapConfig, g MapGrid, top int) MapConfig {
	ranked := slices.Clone(coarse)
	sort.SliceStable(ranked, func(a, b int) bool { return ranked[a].Score() < ranked[b].Score() })
	var centres []MapPoint
	pick := func(keep func(MapResult) bool) {
		n := 0
		for _, r := range ranked {
			if n < top && keep(r) {
				centres = append(centres, r.Point)
				n++
			}
		}
	}
	pick(func(MapResult) bool { return true })
	pick(func(r MapResult) bool { return r.RiseOK })
	done := map[MapPoint]bool{}
	for _, r := range coarse {
		done[r.Point] = true
	}
	fine := cfg
	fine.Pass, fine.Points = "fine", nil
	for _, c := range centres {
		for _, M := range halve(ints2f(g.MaxSlots), float64(c.MaxSlots), true) {
			for _, f := range halve(g.MinFrac, fracOf(c, g), false) {
				for _, b := range halve(g.BlockTime, c.BlockTime, false) {
					p := MapPoint{MaxSlots: int(M), MinSlots: minOf(f, int(M)), Window: c.Window, BlockTime: b}
					if !done[p] {
						done[p] = true
						fine.Points = append(fine.Points, p)
					}
				}
			}
		}
	}
	return fine
}

func ints2f(x []int) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	return out
}

// fracOf returns the grid fraction φ that gave the point's m_j (the first
// one, for duplicates).
func fracOf(p MapPoint, g MapGrid) float64 {
	for _, f := range g.MinFrac {
		if minOf(f, p.MaxSlots) == p.MinSlots {
			return f
		}
	}
	return float64(p.MinSlots) / float64(p.MaxSlots)
}

// halve returns v and the midpoints between v and its neighbours in the
// sorted grid values (rounded when integer).
func halve(grid []float64, v float64, integer bool) []float64 {
	g := slices.Clone(grid)
	sort.Float64s(g)
	out := []float64{v}
	i := sort.SearchFloat64s(g, v)
	mid := func(a, b float64) {
		m := (a + b) / 2
		if integer {
			m = math.Round(m)
		}
		if m != a && m != b {
			out = append(out, m)
		}
	}
	if i < len(g) && g[i] == v {
		if i > 0 {
			mid(g[i-1], v)
		}
		if i+1 < len(g) {
			mid(v, g[i+1])
		}
	}
	sort.Float64s(out)
	return out
}
