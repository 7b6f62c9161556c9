package figures

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tolerance"
)

// Gantt chart sizes: up to GanttDetailJobs jobs every job has its own row;
// above, the GanttLargest largest jobs (map plus shuffle size) have rows
// and the others share one aggregated row, so the chart keeps a fixed
// maximum size (GanttSize) and readable labels at any number of jobs.
const (
	GanttDetailJobs = 40
	GanttLargest    = 30
)

// Lane colours of the Gantt chart.
var (
	MapColor     = color.RGBA{0x00, 0x72, 0xb2, 255}
	ShuffleColor = color.RGBA{0xd5, 0x5e, 0x00, 255}
	lifeColor    = color.Gray{Y: 0xe4}
	// DependencyColor draws the line from a predecessor's completion to
	// its successor's first service; LateColor the deadlines and the
	// outline of a job that completes after its deadline.
	DependencyColor = color.RGBA{0x55, 0x3f, 0x99, 255}
	LateColor       = color.RGBA{0xc4, 0x00, 0x2b, 255}
)

type rect struct {
	x0, x1, y0, y1 float64
	c              color.Color
}

type ganttPlotter struct {
	rects      []rect
	ticks      []rect // completion ticks (x0 = x1)
	xmax, ymax float64
	releases   []rect
	deps       []rect // dependency lines from (x0, y0) to (x1, y1)
	deadlines  []rect // deadline ticks (x0 = x1)
	late       []rect // outlines of late jobs
}

// Line styles of the dependency and deadline marks.
var (
	depStyle      = draw.LineStyle{Color: DependencyColor, Width: vg.Points(0.7)}
	deadlineStyle = draw.LineStyle{Color: LateColor, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(2.5), vg.Points(1.5)}}
	lateStyle     = draw.LineStyle{Color: LateColor, Width: vg.Points(1.3)}
)

func (g *ganttPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, r := range g.rects {
		x0, x1, y0, y1 := trX(r.x0), trX(r.x1), trY(r.y0), trY(r.y1)
		if x1-x0 < 0.3 {
			x1 = x0 + 0.3 // keep very short pieces visible
		}
		c.FillPolygon(r.c, c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
	}
	ls := draw.LineStyle{Color: color.Black, Width: vg.Points(1.2)}
	for _, t := range g.ticks {
		c.StrokeLines(ls, c.ClipLinesXY([]vg.Point{{X: trX(t.x0), Y: trY(t.y0)}, {X: trX(t.x0), Y: trY(t.y1)}})...)
	}
	rs := draw.LineStyle{Color: color.Gray{Y: 0x70}, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(1), vg.Points(1)}}
	for _, t := range g.releases {
		c.StrokeLines(rs, c.ClipLinesXY([]vg.Point{{X: trX(t.x0), Y: trY(t.y0)}, {X: trX(t.x0), Y: trY(t.y1)}})...)
	}
	for _, r := range g.late {
		x0, x1, y0, y1 := trX(r.x0), trX(r.x1), trY(r.y0), trY(r.y1)
		c.StrokeLines(lateStyle, c.ClipLinesXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}})...)
	}
	for _, t := range g.deadlines {
		c.StrokeLines(deadlineStyle, c.ClipLinesXY([]vg.Point{{X: trX(t.x0), Y: trY(t.y0)}, {X: trX(t.x0), Y: trY(t.y1)}})...)
	}
	for _, d := range g.deps {
		a, b := vg.Point{X: trX(d.x0), Y: trY(d.y0)}, vg.Point{X: trX(d.x1), Y: trY(d.y1)}
		c.StrokeLines(depStyle, c.ClipLinesXY([]vg.Point{a, b})...)
		if c.Contains(b) {
			// A small dot where the successor starts.
			c.FillPolygon(DependencyColor, diamond(b, vg.Points(2)))
		}
	}
}

// diamond is a small diamond of half-width r around p.
func diamond(p vg.Point, r vg.Length) []vg.Point {
	return []vg.Point{{X: p.X - r, Y: p.Y}, {X: p.X, Y: p.Y + r}, {X: p.X + r, Y: p.Y}, {X: p.X, Y: p.Y - r}}
}

func (g *ganttPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, g.xmax, 0, g.ymax
}

type rowTicks []plot.Tick

func (t rowTicks) Ticks(min, max float64) []plot.Tick { return t }

// GanttRows returns the jobs of in that schedule s draws in rows of their
// own, ordered by completion (the first to complete first): every job when
// there are at most GanttDetailJobs, else the GanttLargest largest by map
// plus shuffle size (ties: the first in the file). The other jobs share
// one aggregated row.
func GanttRows(in *instances.Instance, s *schedule.Schedule) []int {
	n := in.N()
	sel := make([]int, n)
	for i := range sel {
		sel[i] = i
	}
	if n > GanttDetailJobs {
		sort.SliceStable(sel, func(a, b int) bool {
			ja, jb := in.Jobs[sel[a]], in.Jobs[sel[b]]
			return ja.Map+ja.Shuffle > jb.Map+jb.Shuffle
		})
		sel = sel[:GanttLargest]
		sort.Ints(sel)
	}
	sort.SliceStable(sel, func(a, b int) bool { return s.Completion[sel[a]] < s.Completion[sel[b]] })
	return sel
}

// laneRun is a run of equal rates of one row and lane.
type laneRun struct {
	start, end, rate float64
	open             bool
}

// Gantt draws schedule s of instance in: one row per job (ordered by
// completion, the first to complete on top), with an upper lane for the
// map rate and a lower lane for the shuffle rate; a lane's filled height is
// the job's rate as a fraction of the station's capacity, so a full lane
// is the whole station. A grey band spans release to completion, a dotted
// line marks the release and a black tick the completion. Rates equal
// across consecutive segments are drawn as one piece. Above
// GanttDetailJobs jobs only the GanttLargest largest have rows (GanttRows);
// the bottom row, labelled "other K jobs", draws the summed rates of the
// rest in the same lanes. Dependencies between two jobs with rows of their
// own are thin lines from the predecessor's completion to the successor's
// first service, ending in a small diamond; a deadline is a dashed red
// tick in its job's row, and a job that completes after its deadline
// (tolerance.LE, as the validator decides) has a red outline.
func Gantt(in *instances.Instance, s *schedule.Schedule, title string) (*plot.Plot, error) {
	n := in.N()
	if n == 0 || len(s.Completion) != n {
		return nil, fmt.Errorf("%w: schedule has %d completions for %d jobs", ErrData, len(s.Completion), n)
	}
	for j, c := range s.Completion {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return nil, fmt.Errorf("%w: job %q has completion %v", ErrData, in.Jobs[j].ID, c)
		}
	}
	sel := GanttRows(in, s)
	agg := n - len(sel) // jobs in the aggregated row (row 0)
	rows := len(sel)
	if agg > 0 {
		rows++
	}
	row := make([]int, n) // job → row from the bottom; -1: aggregated
	for j := range row {
		row[j] = -1
	}
	for k, j := range sel {
		row[j] = rows - 1 - k
	}
	g := &ganttPlotter{ymax: float64(rows)}
	g.addJobs(in, s, row)
	if err := g.addRates(in, s, row, agg); err != nil {
		return nil, err
	}
	p := plot.New()
	p.Title.Text = title
	g.decorate(p, in, sel, row, rows, agg)
	return p, nil
}

// FirstService returns the first instant each of n jobs is served (map or
// shuffle) in s; NaN for a job never served.
func FirstService(s *schedule.Schedule, n int) []float64 {
	start := make([]float64, n)
	for j := range start {
		start[j] = math.NaN()
	}
	for _, seg := range s.Segments {
		for _, r := range seg.Rates {
			if r.Job >= 0 && r.Job < n && (r.Map > 0 || r.Shuffle > 0) && math.IsNaN(start[r.Job]) {
				start[r.Job] = seg.Start
			}
		}
	}
	return start
}

// lastCompletion is the largest completion of s.
func lastCompletion(s *schedule.Schedule) float64 {
	m := 0.0
	for _, c := range s.Completion {
		m = math.Max(m, c)
	}
	return m
}

// clockSteps are the tick steps of a clock axis, in seconds.
var clockSteps = []float64{60, 300, 600, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400}

// clockTicks labels a time axis with the clock times of a night
// (instances.Clock.Format) at whole multiples of a step of clockSteps, the
// smallest that gives at most 9 labelled ticks.
type clockTicks struct{ c instances.Clock }

func (ct clockTicks) Ticks(min, max float64) []plot.Tick {
	lo, hi := ct.c.Seconds(min), ct.c.Seconds(max)
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return Ticks{}.Ticks(min, max)
	}
	step := clockSteps[len(clockSteps)-1]
	for _, st := range clockSteps {
		if (hi-lo)/st <= 9 {
			step = st
			break
		}
	}
	if (hi-lo)/step > 9 {
		return Ticks{}.Ticks(min, max) // more than nine days: plain numbers
	}
	var ts []plot.Tick
	for sec := math.Ceil(lo/step) * step; sec <= hi; sec += step {
		v := (sec - ct.c.Seconds(0)) / ct.c.Unit()
		ts = append(ts, plot.Tick{Value: v, Label: ct.c.Format(v)})
		if h := sec + step/2; h <= hi {
			ts = append(ts, plot.Tick{Value: (h - ct.c.Seconds(0)) / ct.c.Unit()})
		}
	}
	return ts
}

// lineSwatch is the legend thumbnail of a line style.
type lineSwatch struct{ ls draw.LineStyle }

func (s lineSwatch) Thumbnail(c *draw.Canvas) {
	y := (c.Min.Y + c.Max.Y) / 2
	c.StrokeLine2(s.ls, c.Min.X, y, c.Max.X, y)
}

// aggStep is the resolution of the aggregated row's rates, as a share of
// the station's capacity (1 %: finer than a pixel of its lane).
const aggStep = 0.01

// aggBins is the number of time bins of the aggregated row.
const aggBins = 400

// roundTo rounds x to a multiple of step.
func roundTo(x, step float64) float64 { return math.Round(x/step) * step }

// GanttSize returns the size in inches of the Gantt chart of n jobs: 11
// inches wide and at most 9.2 inches high (1056 × 883 px at 96 dpi) for
// any n, since at most GanttDetailJobs rows are drawn.
func GanttSize(n int) (w, h float64) {
	rows := n
	if n > GanttDetailJobs {
		rows = GanttLargest + 1
	}
	return 11, math.Max(4, 1.6+0.19*float64(rows))
}

// LoadBins is the number of time bins of the load figures (Load).
const LoadBins = 200

// Load returns the data of the load figures of schedule s on in, as
// time averages over LoadBins equal bins of [0, the last completion]
// (points at the bins' middles): the number of jobs released and not
// completed, and the share of each station's capacity in use (percent).
func Load(in *instances.Instance, s *schedule.Schedule) (jobs, mapUse, shuffleUse []XY, err error) {
	n := in.N()
	if n == 0 || len(s.Completion) != n {
		return nil, nil, nil, fmt.Errorf("%w: schedule has %d completions for %d jobs", ErrData, len(s.Completion), n)
	}
	end := 0.0
	for j, c := range s.Completion {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return nil, nil, nil, fmt.Errorf("%w: job %q has completion %v", ErrData, in.Jobs[j].ID, c)
		}
		end = math.Max(end, c)
	}
	if end <= 0 {
		return nil, nil, nil, fmt.Errorf("%w: every job completes at time 0", ErrData)
	}
	w := end / LoadBins
	js, ms, ss := make([]float64, LoadBins), make([]float64, LoadBins), make([]float64, LoadBins)
	// add spreads value × length of [a, b) ∩ each bin over the bins.
	add := func(acc []float64, a, b, value float64) {
		a, b = math.Max(a, 0), math.Min(b, end)
		if b <= a || value == 0 {
			return
		}
		for k := int(a / w); k < LoadBins && float64(k)*w < b; k++ {
			lo, hi := math.Max(a, float64(k)*w), math.Min(b, float64(k+1)*w)
			if hi > lo {
				acc[k] += value * (hi - lo)
			}
		}
	}
	for j, jb := range in.Jobs {
		add(js, jb.Release, s.Completion[j], 1)
	}
	for _, seg := range s.Segments {
		var m, sh float64
		for _, rt := range seg.Rates {
			if rt.Job < 0 || rt.Job >= n {
				return nil, nil, nil, fmt.Errorf("%w: segment [%v, %v) names job %d of %d", ErrData, seg.Start, seg.End, rt.Job, n)
			}
			m += rt.Map
			sh += rt.Shuffle
		}
		add(ms, seg.Start, seg.End, 100*m/in.MapCapacity)
		add(ss, seg.Start, seg.End, 100*sh/in.ShuffleCapacity)
	}
	for k := 0; k < LoadBins; k++ {
		x := (float64(k) + 0.5) * w
		jobs = append(jobs, XY{X: x, Y: js[k] / w})
		mapUse = append(mapUse, XY{X: x, Y: ms[k] / w})
		shuffleUse = append(shuffleUse, XY{X: x, Y: ss[k] / w})
	}
	return jobs, mapUse, shuffleUse, nil
}

// LoadSize is the size in inches of each load figure.
const (
	LoadWidth  = 11.0
	LoadHeight = 3.6
)

// LoadPlots draws the load figures of schedule s on in (see Load): the
// jobs in system over time, and the utilisation of the map and shuffle
// stations over time; title names the schedule.
func LoadPlots(in *instances.Instance, s *schedule.Schedule, title string) (jobs, use *plot.Plot, err error) {
	js, ms, ss, err := Load(in, s)
	if err != nil {
		return nil, nil, err
	}
	bin := tabularG(js[0].X * 2)
	x := "time (instance time units; means over bins of " + bin + ")"
	jobs, err = Lines([]Series{{Name: "released, not completed", Points: js, LineOnly: true, Color: Palette[7]}},
		LineOptions{Title: title + ": jobs in system", X: x, Y: "jobs in system", NoMarkers: true, YMin: 0, YMax: maxY(js) * 1.05})
	if err != nil {
		return nil, nil, err
	}
	use, err = Lines([]Series{{Name: "map station", Points: ms, LineOnly: true, Color: MapColor}, {Name: "shuffle station", Points: ss, LineOnly: true, Color: ShuffleColor}},
		LineOptions{Title: title + ": station utilisation", X: x, Y: "capacity in use (%)", NoMarkers: true, YMin: 0, YMax: 105})
	if err != nil {
		return nil, nil, err
	}
	jobs.X.Min, use.X.Min = 0, 0
	return jobs, use, nil
}

// SaveLoad draws the load figures of s on in (LoadPlots) to
// base_jobs_in_system and base_utilisation in the formats (SVG when none)
// and returns the files written.
func SaveLoad(in *instances.Instance, s *schedule.Schedule, title, base string, formats ...Format) ([]string, error) {
	jobs, use, err := LoadPlots(in, s, title)
	if err != nil {
		return nil, err
	}
	files, err := Save(jobs, LoadWidth, LoadHeight, base+"_jobs_in_system", formats...)
	if err != nil {
		return files, err
	}
	fs, err := Save(use, LoadWidth, LoadHeight, base+"_utilisation", formats...)
	return append(files, fs...), err
}

func maxY(pts []XY) float64 {
	m := 1.0
	for _, p := range pts {
		m = math.Max(m, p.Y)
	}
	return m
}

// tabularG formats x with 4 significant digits.
func tabularG(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

type swatch struct{ c color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.c, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}})
}

// ganttScaleAbove is the largest time (and 1/ganttScaleAbove the smallest
// positive latest time) that Gantt draws in instance units; beyond it the
// axis is in units of a power of ten.
const ganttScaleAbove = 1e100

// scale multiplies every time of the chart by f.
func (g *ganttPlotter) scale(f float64) {
	for _, rs := range [][]rect{g.rects, g.ticks, g.releases, g.deps, g.deadlines, g.late} {
		for i := range rs {
			rs[i].x0 *= f
			rs[i].x1 *= f
		}
	}
	g.xmax *= f
}

// addJobs adds, for every job with a row (row[j] ≥ 0), its life band,
// release and completion marks, deadline and lateness marks, and the
// dependency lines between jobs with rows.
func (g *ganttPlotter) addJobs(in *instances.Instance, s *schedule.Schedule, row []int) {
	n := in.N()
	for j := range in.Jobs {
		c := s.Completion[j]
		g.xmax = math.Max(g.xmax, c)
		if row[j] < 0 {
			continue
		}
		y := float64(row[j])
		g.rects = append(g.rects, rect{in.Jobs[j].Release, c, y + 0.04, y + 0.96, lifeColor})
		g.ticks = append(g.ticks, rect{x0: c, y0: y + 0.02, y1: y + 0.98})
		g.releases = append(g.releases, rect{x0: in.Jobs[j].Release, y0: y + 0.02, y1: y + 0.98})
		if jb := in.Jobs[j]; jb.HasDue {
			if jb.Due <= lastCompletion(s) { // a later deadline is off the chart
				g.deadlines = append(g.deadlines, rect{x0: jb.Due, x1: jb.Due, y0: y, y1: y + 1})
			}
			if !tolerance.LE(c, jb.Due) {
				g.late = append(g.late, rect{jb.Release, c, y + 0.03, y + 0.97, LateColor})
			}
		}
	}
	if in.HasDependencies() {
		start := FirstService(s, n)
		for j, jb := range in.Jobs {
			for _, i := range jb.After {
				if row[i] < 0 || row[j] < 0 {
					continue // only between jobs with rows of their own
				}
				st := start[j]
				if math.IsNaN(st) {
					st = s.Completion[j] // never served: a job of size zero
				}
				g.deps = append(g.deps, rect{x0: s.Completion[i], y0: float64(row[i]) + 0.5, x1: st, y1: float64(row[j]) + 0.5})
			}
		}
	}
}

// addRates adds the rate lanes: runs of equal rates merged per row and
// lane, and the aggregated row (row 0) of the agg jobs without a row.
func (g *ganttPlotter) addRates(in *instances.Instance, s *schedule.Schedule, row []int, agg int) error {
	n := in.N()
	// Merge runs of equal rates per row and lane; index n is the
	// aggregated row.
	flush := func(r *laneRun, y float64, lane int) {
		if !r.open || r.rate <= 0 {
			r.open = false
			return
		}
		capacity := in.MapCapacity
		base, top := y+0.52, y+0.92
		col := color.Color(MapColor)
		if lane == 1 {
			capacity = in.ShuffleCapacity
			base, top = y+0.08, y+0.48
			col = ShuffleColor
		}
		h := math.Min(1, r.rate/capacity) * (top - base)
		g.rects = append(g.rects, rect{r.start, r.end, base, base + h, col})
		r.open = false
	}
	extend := func(r *laneRun, y float64, lane int, start, end, rate float64) {
		if r.open && r.end == start && r.rate == rate {
			r.end = end
			return
		}
		flush(r, y, lane)
		*r = laneRun{start: start, end: end, rate: rate, open: rate > 0}
	}
	yOf := func(j int) float64 {
		if j == n {
			return 0
		}
		return float64(row[j])
	}
	mapRun := make([]laneRun, n+1)
	shufRun := make([]laneRun, n+1)
	seen := make([]bool, n+1)
	var aggSegs [][4]float64 // start, end, summed map and shuffle rates of the aggregated jobs
	for _, seg := range s.Segments {
		for i := range seen {
			seen[i] = false
		}
		var aggMap, aggShuf float64
		for _, rt := range seg.Rates {
			if rt.Job < 0 || rt.Job >= n {
				return fmt.Errorf("%w: segment [%v, %v) names job %d of %d", ErrData, seg.Start, seg.End, rt.Job, n)
			}
			if row[rt.Job] < 0 {
				aggMap += rt.Map
				aggShuf += rt.Shuffle
				continue
			}
			seen[rt.Job] = true
			extend(&mapRun[rt.Job], yOf(rt.Job), 0, seg.Start, seg.End, rt.Map)
			extend(&shufRun[rt.Job], yOf(rt.Job), 1, seg.Start, seg.End, rt.Shuffle)
		}
		if agg > 0 {
			aggSegs = append(aggSegs, [4]float64{seg.Start, seg.End, aggMap, aggShuf})
		}
		for j, ok := range seen {
			if !ok {
				flush(&mapRun[j], yOf(j), 0)
				flush(&shufRun[j], yOf(j), 1)
			}
		}
		g.xmax = math.Max(g.xmax, seg.End)
	}
	for j := 0; j <= n; j++ {
		flush(&mapRun[j], yOf(j), 0)
		flush(&shufRun[j], yOf(j), 1)
	}
	// The aggregated row: the summed rates as time averages over aggBins
	// bins of the time axis, rounded to aggStep of the capacity, so that
	// its pieces stay few at any number of jobs.
	if agg > 0 && g.xmax > 0 {
		w := g.xmax / aggBins
		var m, sh [aggBins]float64
		for _, a := range aggSegs {
			for k := int(a[0] / w); k < aggBins && float64(k)*w < a[1]; k++ {
				if d := math.Min(a[1], float64(k+1)*w) - math.Max(a[0], float64(k)*w); d > 0 {
					m[k] += a[2] * d / w
					sh[k] += a[3] * d / w
				}
			}
		}
		for k := 0; k < aggBins; k++ {
			lo, hi := float64(k)*w, float64(k+1)*w
			extend(&mapRun[n], 0, 0, lo, hi, roundTo(m[k], aggStep*in.MapCapacity))
			extend(&shufRun[n], 0, 1, lo, hi, roundTo(sh[k], aggStep*in.ShuffleCapacity))
		}
		flush(&mapRun[n], 0, 0)
		flush(&shufRun[n], 0, 1)
	}
	return nil
}

// decorate sets the axes (time scale or clock times, one tick per job
// row), adds g and the legend.
func (g *ganttPlotter) decorate(p *plot.Plot, in *instances.Instance, sel, row []int, rows, agg int) {
	n := in.N()
	p.X.Label.Text = "time (instance time units)"
	// Times far from 1 (the plot library overflows and draws an empty
	// chart past about 1e250) are drawn in units of 10^k.
	if g.xmax > ganttScaleAbove || (g.xmax > 0 && g.xmax < 1/ganttScaleAbove) {
		k := math.Floor(math.Log10(g.xmax))
		g.scale(math.Pow(10, -k))
		p.X.Label.Text = fmt.Sprintf("time (×1e%d instance time units)", int(k))
	}
	p.X.Tick.Marker = Ticks{}
	if clock := instances.ClockOf(in.Metadata); clock.IsSet() && g.xmax <= ganttScaleAbove {
		p.X.Tick.Marker = clockTicks{clock}
		p.X.Label.Text = "clock time (night from " + clock.Format(0) + ")"
	}
	p.Y.Label.Text = "job (lanes: map above, shuffle below)"
	if agg > 0 {
		p.Y.Label.Text = fmt.Sprintf("job: the %d largest of %d (lanes: map above, shuffle below)", len(sel), n)
	}
	ticks := make(rowTicks, 0, rows)
	for _, j := range sel {
		ticks = append(ticks, plot.Tick{Value: float64(row[j]) + 0.5, Label: in.Jobs[j].ID})
	}
	if agg > 0 {
		ticks = append(ticks, plot.Tick{Value: 0.5, Label: fmt.Sprintf("other %d jobs", agg)})
	}
	sort.Slice(ticks, func(a, b int) bool { return ticks[a].Value < ticks[b].Value })
	p.Y.Tick.Marker = ticks
	p.Y.Tick.Label.Font.Size = vg.Points(math.Max(5, math.Min(9, 700/float64(rows))))
	p.Y.Min, p.Y.Max = 0, float64(rows)
	p.X.Min = 0
	p.Add(g)
	p.Legend.Add("map rate (share of the station)", swatch{MapColor})
	p.Legend.Add("shuffle rate (share of the station)", swatch{ShuffleColor})
	p.Legend.Add("released, not completed", swatch{lifeColor})
	if len(g.deps) > 0 {
		p.Legend.Add("dependency: completion → start", lineSwatch{depStyle})
	}
	if len(g.deadlines) > 0 {
		p.Legend.Add("deadline", lineSwatch{deadlineStyle})
	}
	if len(g.late) > 0 {
		p.Legend.Add("late: completes after its deadline", lineSwatch{lateStyle})
	}
}
