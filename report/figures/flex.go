package figures

import (
	"fmt"
	"image/color"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mrsched/mrsched/solver/flex"
)

type yerr struct {
	plotter.XYs
	lo, hi []float64
}

func (e yerr) YError(i int) (float64, float64) { return e.lo[i], e.hi[i] }

// FlexStudy draws the figures of the FLEX study (Wolf et al. §4):
// fig5-<metric> (ratios and work ratios to FLEX over the correlation
// levels at θ1 = t1, θ2 = t2, with the paper's endpoints for the average
// response time) and fig6-<metric> (min/median/max over the levels for
// every (θ1, θ2)), as file name → bytes in each format (SVG by default).
func FlexStudy(s *flex.Summary, t1, t2 float64, formats ...Format) (map[string][]byte, error) {
	if len(formats) == 0 {
		formats = []Format{SVG}
	}
	out := map[string][]byte{}
	put := func(p *plot.Plot, w, h float64, base string) error {
		for _, f := range formats {
			b, err := Render(p, w, h, f)
			if err != nil {
				return err
			}
			out[base+"."+string(f)] = b
		}
		return nil
	}
	for _, mname := range s.Config.Metrics {
		m := mname
		if x, err := flex.ParseMetric(mname); err == nil {
			m = x.Name()
		}
		p, err := flexFig5(s, m, t1, t2)
		if err != nil {
			return nil, err
		}
		if err := put(p, 9, 4.5, "fig5-"+m); err != nil {
			return nil, err
		}
		if p, err = flexFig6(s, m); err != nil {
			return nil, err
		}
		if err := put(p, 9, 4.5, "fig6-"+m); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func flexFig5(s *flex.Summary, m string, t1, t2 float64) (*plot.Plot, error) {
	get := []func(p flex.PointSummary) float64{
		func(p flex.PointSummary) float64 { return p.CircumflexFlex.Mean },
		func(p flex.PointSummary) float64 { return p.BatchFlex.Mean },
		func(p flex.PointSummary) float64 { return p.CircumflexWork.Mean },
		func(p flex.PointSummary) float64 { return p.BatchWork.Mean },
	}
	names := []string{"CIRCUMFLEX/FLEX " + m, "BATCH/FLEX " + m, "CIRCUMFLEX/FLEX work", "BATCH/FLEX work"}
	var series []Series
	for i, g := range get {
		var pts []XY
		for _, pt := range s.Points {
			if pt.Theta1 == t1 && pt.Theta2 == t2 && pt.Metric == m {
				pts = append(pts, XY{X: float64(pt.Level), Y: g(pt)})
			}
		}
		if len(pts) > 0 {
			series = append(series, Series{Name: names[i], Points: pts, Color: Palette[i%2], Dashed: i >= 2})
		}
	}
	if len(series) == 0 {
		return nil, fmt.Errorf("%w: no study points for %s at θ1 = %g, θ2 = %g", ErrData, m, t1, t2)
	}
	p, err := Lines(series, LineOptions{
		Title:  fmt.Sprintf("Fig. 5 analogue: %s, θ1 = %g, θ2 = %g", m, t1, t2),
		X:      "correlation level (0 perfectly negative … 8 perfectly positive)",
		Y:      "ratio to FLEX (dimensionless)",
		HMarks: []Mark{{At: 1, Label: "FLEX"}},
	})
	if err != nil {
		return nil, err
	}
	if m == "sum-response" && t1 == 1 && t2 == 1 {
		for i, key := range []string{"circumflex_flex_avg_response", "batch_flex_avg_response"} {
			v := flex.PaperFig5[key]
			sc, err := plotter.NewScatter(plotter.XYs{{X: 0, Y: v[0]}, {X: 8, Y: v[1]}})
			if err != nil {
				return nil, err
			}
			sc.Color = Palette[i]
			sc.Shape = draw.CrossGlyph{}
			sc.Radius = vg.Points(5)
			p.Add(sc)
			p.Legend.Add("paper "+[]string{"CIRCUMFLEX", "BATCH"}[i]+" (endpoints)", sc)
		}
	}
	p.Y.Min = 0
	return p, nil
}

func flexFig6(s *flex.Summary, m string) (*plot.Plot, error) {
	rows := s.Fig6(m)
	p := plot.New()
	p.Title.Text = "Fig. 6 analogue: " + m + " ratio to FLEX (median, min–max over levels)"
	p.X.Label.Text = "(θ1, θ2): popularity and size Zipf parameters"
	p.Y.Label.Text = "ratio to FLEX (dimensionless)"
	// One tick per pair, labelled (θ1, θ2); with many pairs every label
	// would collide, so only every ⌈n/12⌉-th is labelled.
	every := (len(rows) + 11) / 12
	var xt plot.ConstantTicks
	for k, r := range rows {
		t := plot.Tick{Value: float64(k + 1)}
		if k%every == 0 {
			t.Label = fmt.Sprintf("(%g, %g)", r.Theta1, r.Theta2)
		}
		xt = append(xt, t)
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = xt, Ticks{}
	p.X.Min, p.X.Max = 0.5, float64(len(rows))+0.5
	p.Add(plotter.NewGrid())
	for i, name := range []string{"CIRCUMFLEX", "BATCH"} {
		var pts plotter.XYs
		var lo, hi []float64
		for k, r := range rows {
			rg := r.Circumflex
			if i == 1 {
				rg = r.Batch
			}
			pts = append(pts, plotter.XY{X: float64(k+1) + 0.15*float64(2*i-1), Y: rg.Median})
			lo = append(lo, rg.Median-rg.Min)
			hi = append(hi, rg.Max-rg.Median)
		}
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.Color = Palette[i]
		sc.Shape = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}}[i]
		eb, err := plotter.NewYErrorBars(yerr{pts, lo, hi})
		if err != nil {
			return nil, err
		}
		eb.Color = Palette[i]
		p.Add(sc, eb)
		p.Legend.Add(name+"/FLEX", sc)
	}
	one := plotter.NewFunction(func(float64) float64 { return 1 })
	one.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	one.Color = color.Gray{Y: 0x50}
	p.Add(one)
	p.Legend.Add("FLEX", one)
	p.Y.Min = 0
	return p, nil
}

// PlanInterval is one interval of a malleable plan: the slots each subjob
// holds in [Start, End).
type PlanInterval struct {
	Start, End float64
	Slots      map[string]float64
}

// MaxPlanRects bounds the rectangles of a plan figure.
const MaxPlanRects = 20000

// FlexPlan stacks, in every interval, the subjobs' slots in priority order
// (rank: label → position, one colour per subjob) up to the total slots.
func FlexPlan(title string, slots int, rank map[string]int, ivs []PlanInterval, f Format) ([]byte, error) {
	cells := 0
	for _, iv := range ivs {
		cells += len(iv.Slots)
	}
	if cells > MaxPlanRects {
		return nil, fmt.Errorf("%w: %d rectangles is too many for a figure (at most %d: plan fewer jobs)", ErrData, cells, MaxPlanRects)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time (minutes)"
	p.Y.Label.Text = "slots (stacked in priority order)"
	p.X.Tick.Marker, p.Y.Tick.Marker = Ticks{}, Ticks{}
	legend := map[string]bool{}
	for _, iv := range ivs {
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
			poly.Color = Palette[rank[k]%len(Palette)]
			poly.LineStyle.Width = vg.Points(0.3)
			p.Add(poly)
			if !legend[k] && len(legend) < 12 {
				legend[k] = true
				p.Legend.Add(k, poly)
			}
			y += v
		}
	}
	p.Y.Min, p.Y.Max = 0, float64(slots)
	return Render(p, 9, 4.5, f)
}
