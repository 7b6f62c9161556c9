package figures

import (
	"fmt"
	"image/color"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mrsched/mrsched/reductions"
)

// theorem1Offsets place the four groups of a q side by side: appendix A
// yes, no, repaired yes, no.
var theorem1Offsets = [4]float64{-0.3, -0.1, 0.1, 0.3}

// Theorem1Separation draws OPT − y for every case of the separation study
// (docs/hard.md, "Theorem 1"): x is q, with the yes- and no-instances of each
// construction side by side; filled marks are exact optima, open marks the
// exact upper bound of a case the exact search did not finish (OPT − y lies
// below it). The paper's claim is yes ≤ 0 < no: every no-mark at or below
// the dashed line y is a counterexample.
func Theorem1Separation(studies []reductions.Study) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Theorem 1 reductions: OPT − y, yes vs no (claim: yes ≤ 0 < no)"
	p.X.Label.Text = "q (groups: appendix A yes, no; repaired yes, no)"
	p.Y.Label.Text = "OPT − y (total response time)"
	p.Legend.Top = true
	p.Legend.Left = true
	shapes := [2]draw.GlyphDrawer{draw.CircleGlyph{}, draw.PyramidGlyph{}}
	n := 0
	for si, s := range studies {
		for yi, yes := range []bool{true, false} {
			var exact, upper plotter.XYs
			for i := range s.Rows {
				r := &s.Rows[i]
				if r.Yes != yes {
					continue
				}
				off := theorem1Offsets[(2*si+yi)%4]
				v, _ := r.UBMinusY().Float64()
				pt := plotter.XY{X: float64(r.Q) + off, Y: v}
				if r.Exact() {
					exact = append(exact, pt)
				} else {
					upper = append(upper, pt)
				}
				n++
			}
			c := Palette[(2*si+yi)%len(Palette)]
			name := fmt.Sprintf("%s, %s", s.Construction, map[bool]string{true: "yes", false: "no"}[yes])
			for k, pts := range []plotter.XYs{exact, upper} {
				if len(pts) == 0 {
					continue
				}
				sc, err := plotter.NewScatter(pts)
				if err != nil {
					return nil, err
				}
				sc.GlyphStyle.Color = c
				sc.GlyphStyle.Radius = vg.Points(3)
				sc.GlyphStyle.Shape = shapes[yi]
				label := name
				if k == 1 {
					sc.GlyphStyle.Shape = draw.RingGlyph{}
					label += " (upper bound)"
				}
				p.Add(sc)
				p.Legend.Add(label, sc)
			}
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: no separation cases", ErrData)
	}
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Color = color.Gray{Y: 0x60}
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(zero)
	p.Legend.Add("y (threshold)", zero)
	ticks := qTicks(studies)
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = ticks[0].Value-0.5, ticks[len(ticks)-1].Value+0.5
	p.Add(plotter.NewGrid())
	return p, nil
}

func qTicks(studies []reductions.Study) []plot.Tick {
	seen := map[int]bool{}
	var ts []plot.Tick
	for _, s := range studies {
		for i := range s.Rows {
			if q := s.Rows[i].Q; !seen[q] {
				seen[q] = true
				ts = append(ts, plot.Tick{Value: float64(q), Label: fmt.Sprint(q)})
			}
		}
	}
	sort.Slice(ts, func(a, b int) bool { return ts[a].Value < ts[b].Value })
	return ts
}

// SaveTheorem1Separation writes Theorem1Separation to prefix.svg (and the
// other formats asked for).
func SaveTheorem1Separation(studies []reductions.Study, prefix string, formats ...Format) error {
	p, err := Theorem1Separation(studies)
	if err != nil {
		return err
	}
	_, err = Save(p, 9, 5, prefix, formats...)
	return err
}
