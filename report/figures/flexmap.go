package figures

import (
	"fmt"
	"image/color"
	"maps"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// flexMapBins are the colour classes of a distance to the paper, d =
// max |ours/paper − 1| over Fig. 5's two endpoints: the first is the match
// criterion flex.MapTolerance.
var flexMapBins = []struct {
	upTo  float64
	label string
	col   color.Color
}{
	{flex.MapTolerance, "d ≤ 0.1 (match)", color.RGBA{0x1a, 0x98, 0x50, 255}},
	{0.2, "d ≤ 0.2", color.RGBA{0x91, 0xcf, 0x60, 255}},
	{0.4, "d ≤ 0.4", color.RGBA{0xfe, 0xe0, 0x8b, 255}},
	{0.8, "d ≤ 0.8", color.RGBA{0xfc, 0x8d, 0x59, 255}},
	{1e308, "d > 0.8", color.RGBA{0xd7, 0x30, 0x27, 255}},
}

func flexMapColor(d float64) color.Color {
	for _, b := range flexMapBins {
		if d <= b.upTo {
			return b.col
		}
	}
	return flexMapBins[len(flexMapBins)-1].col
}

// flexMapCell is one grid point at column x, row y.
type flexMapCell struct {
	x, y int
	r    flex.MapResult
}

// flexMapCells draws each cell as two halves: left the CIRCUMFLEX/FLEX
// distance, right the BATCH/FLEX distance.
type flexMapCells struct {
	cells      []flexMapCell
	cols, rows int
}

func (m flexMapCells) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	rect := func(x0, y0, x1, y1 float64, col color.Color) {
		pts := []vg.Point{{X: tx(x0), Y: ty(y0)}, {X: tx(x1), Y: ty(y0)}, {X: tx(x1), Y: ty(y1)}, {X: tx(x0), Y: ty(y1)}}
		c.FillPolygon(col, pts)
	}
	for _, cell := range m.cells {
		x, y := float64(cell.x), float64(cell.y)
		rect(x-0.5, y-0.5, x, y+0.5, flexMapColor(cell.r.DCirc))
		rect(x, y-0.5, x+0.5, y+0.5, flexMapColor(cell.r.DBatch))
	}
	line := draw.LineStyle{Color: color.White, Width: vg.Points(0.6)}
	half := draw.LineStyle{Color: color.White, Width: vg.Points(0.25)}
	for i := 0; i < m.cols; i++ {
		c.StrokeLine2(half, tx(float64(i)), ty(-0.5), tx(float64(i)), ty(float64(m.rows)-0.5))
	}
	for i := 0; i <= m.cols; i++ {
		c.StrokeLine2(line, tx(float64(i)-0.5), ty(-0.5), tx(float64(i)-0.5), ty(float64(m.rows)-0.5))
	}
	for j := 0; j <= m.rows; j++ {
		c.StrokeLine2(line, tx(-0.5), ty(float64(j)-0.5), tx(float64(m.cols)-0.5), ty(float64(j)-0.5))
	}
}

func (m flexMapCells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(m.cols) - 0.5, -0.5, float64(m.rows) - 0.5
}

// colorThumb is a legend entry: a filled square.
type colorThumb struct{ col color.Color }

func (t colorThumb) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}}
	c.FillPolygon(t.col, pts)
}

// FlexMap draws the coarse pass of the parameter map (docs/flex.md) as
// flexmap.<format>: columns are (M_j, φ = m_j/M_j), rows (W, block time
// b); each cell's left half is coloured by CIRCUMFLEX/FLEX's distance to
// Fig. 5, its right half by BATCH/FLEX's; a circle (left) and a square
// (right) mark a ratio curve within flex.MapTolerance, a triangle (top) a
// rising concurrency, a plus all three, a cross the coarse point closest
// to both ratio curves (smallest MapResult.Score).
func FlexMap(coarse []flex.MapResult, grid flex.MapGrid, formats ...Format) (map[string][]byte, error) {
	if len(formats) == 0 {
		formats = []Format{SVG}
	}
	type colKey struct {
		M int
		f float64
	}
	type rowKey struct{ w, b float64 }
	cols, rows := map[colKey]int{}, map[rowKey]int{}
	var xl, yl []string
	for _, M := range grid.MaxSlots {
		for _, f := range grid.MinFrac {
			cols[colKey{M, f}] = len(xl)
			xl = append(xl, fmt.Sprintf("%d\n%s", M, tabular.Float(f)))
		}
	}
	for _, w := range grid.Window {
		for _, b := range grid.BlockTime {
			rows[rowKey{w, b}] = len(yl)
			yl = append(yl, fmt.Sprintf("W=%s b=%s", tabular.Float(w), tabular.Float(b)))
		}
	}
	m := flexMapCells{cols: len(xl), rows: len(yl)}
	pts := grid.Points()
	if len(pts) != len(coarse) {
		return nil, fmt.Errorf("%w: %d map results for a grid of %d points", ErrData, len(coarse), len(pts))
	}
	// Points() drops the duplicates of φ that give the same m_j; every
	// (M_j, φ) column takes the result of its m_j.
	byPoint := map[flex.MapPoint]flex.MapResult{}
	for _, r := range coarse {
		byPoint[r.Point] = r
	}
	var circ, bat, rise, all, bestXY plotter.XYs
	bestScore := 0.0
	for _, M := range grid.MaxSlots {
		for _, f := range grid.MinFrac {
			for _, w := range grid.Window {
				for _, b := range grid.BlockTime {
					pt := grid.Point(M, f, w, b)
					r, ok := byPoint[pt]
					if !ok {
						return nil, fmt.Errorf("%w: no map result for M_j = %d, m_j = %d, W = %v, b = %v", ErrData, M, pt.MinSlots, w, b)
					}
					x, y := cols[colKey{M, f}], rows[rowKey{w, b}]
					m.cells = append(m.cells, flexMapCell{x, y, r})
					fx, fy := float64(x), float64(y)
					if len(bestXY) == 0 || r.Score() < bestScore {
						bestXY, bestScore = plotter.XYs{{X: fx, Y: fy - 0.25}}, r.Score()
					}
					if r.CircOK && r.BatchOK && r.RiseOK {
						all = append(all, plotter.XY{X: fx, Y: fy})
						continue
					}
					if r.CircOK {
						circ = append(circ, plotter.XY{X: fx - 0.25, Y: fy})
					}
					if r.BatchOK {
						bat = append(bat, plotter.XY{X: fx + 0.25, Y: fy})
					}
					if r.RiseOK {
						rise = append(rise, plotter.XY{X: fx, Y: fy + 0.28})
					}
				}
			}
		}
	}
	p := plot.New()
	p.Title.Text = "§4 study vs Fig. 5 (θ1 = θ2 = 1, levels 0 and 8), coarse grid: distance d to the paper; left half CIRCUMFLEX/FLEX, right half BATCH/FLEX"
	p.X.Label.Text = "M_j (top line) and φ = m_j/M_j (bottom line)"
	p.Y.Label.Text = "BATCH window W (min), block time b (slot-min; 0: none)"
	p.Add(m)
	p.X.Tick.Marker = labelTicks(xl)
	p.Y.Tick.Marker = labelTicks(yl)
	for _, b := range flexMapBins {
		p.Legend.Add(b.label, colorThumb{b.col})
	}
	for _, s := range []struct {
		xy    plotter.XYs
		shape draw.GlyphDrawer
		name  string
		r     vg.Length
	}{
		{circ, draw.CircleGlyph{}, "CIRCUMFLEX/FLEX within ±10 %", 3},
		{bat, draw.SquareGlyph{}, "BATCH/FLEX within ±10 %", 3},
		{rise, draw.TriangleGlyph{}, "concurrency rises 0 → 8", 3},
		{all, draw.PlusGlyph{}, "all three", 6},
		{bestXY, draw.CrossGlyph{}, "best compromise, min max(d circ, d batch)", 4},
	} {
		xy := s.xy
		if len(xy) == 0 { // a legend entry only: never added to the plot
			xy = plotter.XYs{{}}
		}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: s.shape, Radius: s.r, Color: color.Black}
		if len(s.xy) > 0 {
			p.Add(sc)
		}
		p.Legend.Add(fmt.Sprintf("%s (%d)", s.name, len(s.xy)), sc)
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = m.DataRange()
	out := map[string][]byte{}
	for _, f := range formats {
		b, err := Render(p, 13, 7.5, f)
		if err != nil {
			return nil, err
		}
		out["flexmap."+string(f)] = b
	}
	return out, nil
}

// labelTicks puts the i-th label at x = i.
type labelTicks []string

func (l labelTicks) Ticks(min, max float64) []plot.Tick {
	var t []plot.Tick
	for i, s := range l {
		if float64(i) >= min && float64(i) <= max {
			t = append(t, plot.Tick{Value: float64(i), Label: s})
		}
	}
	return t
}

// FlexMapFiles returns the parameter map's report files: flex.RenderMap's
// map.md and map.csv and FlexMap's figure (SVG by default), with their
// names sorted.
func FlexMapFiles(rep *flex.MapReport, formats ...Format) (map[string][]byte, []string, error) {
	out, err := flex.RenderMap(rep)
	if err != nil {
		return nil, nil, err
	}
	figs, err := FlexMap(rep.Coarse, rep.Setup.Grid, formats...)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range figs {
		out[k] = v
	}
	return out, slices.Sorted(maps.Keys(out)), nil
}
