package figures

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// MaxGanttJobs is the largest number of jobs a Gantt chart draws: beyond
// it the rows are too thin to read.
const MaxGanttJobs = 400

// Lane colours of the Gantt chart.
var (
	MapColor     = color.RGBA{0x00, 0x72, 0xb2, 255}
	ShuffleColor = color.RGBA{0xd5, 0x5e, 0x00, 255}
	lifeColor    = color.Gray{Y: 0xe4}
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
}

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
}

func (g *ganttPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, g.xmax, 0, g.ymax
}

type rowTicks []plot.Tick

func (t rowTicks) Ticks(min, max float64) []plot.Tick { return t }

// Gantt draws schedule s of instance in: one row per job (ordered by
// completion, the first to complete on top), with an upper lane for the
// map rate and a lower lane for the shuffle rate; a lane's filled height is
// the job's rate as a fraction of the station's capacity, so a full lane
// is the whole station. A grey band spans release to completion, a dotted
// line marks the release and a black tick the completion. Rates equal
// across consecutive segments are drawn as one piece.
func Gantt(in *instances.Instance, s *schedule.Schedule, title string) (*plot.Plot, error) {
	n := in.N()
	if n == 0 || len(s.Completion) != n {
		return nil, fmt.Errorf("%w: schedule has %d completions for %d jobs", ErrData, len(s.Completion), n)
	}
	if n > MaxGanttJobs {
		return nil, fmt.Errorf("%w: %d jobs is too many for a readable Gantt chart (at most %d)", ErrData, n, MaxGanttJobs)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return s.Completion[order[a]] < s.Completion[order[b]] })
	row := make([]int, n) // job → row from the bottom
	for k, j := range order {
		row[j] = n - 1 - k
	}
	g := &ganttPlotter{ymax: float64(n)}
	for j := range in.Jobs {
		c := s.Completion[j]
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return nil, fmt.Errorf("%w: job %q has completion %v", ErrData, in.Jobs[j].ID, c)
		}
		g.xmax = math.Max(g.xmax, c)
		y := float64(row[j])
		g.rects = append(g.rects, rect{in.Jobs[j].Release, c, y + 0.04, y + 0.96, lifeColor})
		g.ticks = append(g.ticks, rect{x0: c, y0: y + 0.02, y1: y + 0.98})
		g.releases = append(g.releases, rect{x0: in.Jobs[j].Release, y0: y + 0.02, y1: y + 0.98})
	}
	// Merge runs of equal rates per job and lane.
	type run struct {
		start, end, rate float64
		open             bool
	}
	mapRun := make([]run, n)
	shufRun := make([]run, n)
	flush := func(r *run, j int, lane int) {
		if !r.open || r.rate <= 0 {
			r.open = false
			return
		}
		y := float64(row[j])
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
	extend := func(r *run, j, lane int, start, end, rate float64) {
		if r.open && r.end == start && r.rate == rate {
			r.end = end
			return
		}
		flush(r, j, lane)
		*r = run{start: start, end: end, rate: rate, open: rate > 0}
	}
	seen := make([]bool, n)
	for _, seg := range s.Segments {
		for i := range seen {
			seen[i] = false
		}
		for _, rt := range seg.Rates {
			if rt.Job < 0 || rt.Job >= n {
				return nil, fmt.Errorf("%w: segment [%v, %v) names job %d of %d", ErrData, seg.Start, seg.End, rt.Job, n)
			}
			seen[rt.Job] = true
			extend(&mapRun[rt.Job], rt.Job, 0, seg.Start, seg.End, rt.Map)
			extend(&shufRun[rt.Job], rt.Job, 1, seg.Start, seg.End, rt.Shuffle)
		}
		for j, ok := range seen {
			if !ok {
				flush(&mapRun[j], j, 0)
				flush(&shufRun[j], j, 1)
			}
		}
		g.xmax = math.Max(g.xmax, seg.End)
	}
	for j := 0; j < n; j++ {
		flush(&mapRun[j], j, 0)
		flush(&shufRun[j], j, 1)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time (instance time units)"
	// Times far from 1 (the plot library overflows and draws an empty
	// chart past about 1e250) are drawn in units of 10^k.
	if g.xmax > ganttScaleAbove || (g.xmax > 0 && g.xmax < 1/ganttScaleAbove) {
		k := math.Floor(math.Log10(g.xmax))
		g.scale(math.Pow(10, -k))
		p.X.Label.Text = fmt.Sprintf("time (×1e%d instance time units)", int(k))
	}
	p.X.Tick.Marker = Ticks{}
	p.Y.Label.Text = "job (lanes: map above, shuffle below)"
	ticks := make(rowTicks, n)
	for j := range in.Jobs {
		ticks[n-1-row[j]] = plot.Tick{Value: float64(row[j]) + 0.5, Label: in.Jobs[j].ID}
	}
	sort.Slice(ticks, func(a, b int) bool { return ticks[a].Value < ticks[b].Value })
	p.Y.Tick.Marker = ticks
	p.Y.Tick.Label.Font.Size = vg.Points(math.Max(5, math.Min(9, 700/float64(n))))
	p.Y.Min, p.Y.Max = 0, float64(n)
	p.X.Min = 0
	p.Add(g)
	p.Legend.Top = true
	p.Legend.Add("map rate", swatch{MapColor})
	p.Legend.Add("shuffle rate", swatch{ShuffleColor})
	p.Legend.Add("in system", swatch{lifeColor})
	return p, nil
}

// GanttSize returns a readable size in inches for a Gantt chart of n jobs.
func GanttSize(n int) (w, h float64) {
	return 11, math.Max(4, 1.6+0.19*float64(n))
}

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
	for _, rs := range [][]rect{g.rects, g.ticks, g.releases} {
		for i := range rs {
			rs[i].x0 *= f
			rs[i].x1 *= f
		}
	}
	g.xmax *= f
}
