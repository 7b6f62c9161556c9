// Package figures recomputes the data of the figures of Farhat et al.,
// "Modeling and Optimization of Straggling Mappers" (Fig. 3, 4, 6, 8, 10
// and 11) with package straggler, and writes each as a CSV table and as
// SVG and PNG plots (gonum.org/v1/plot). The paper does not print the
// numbers behind its curves, nor all of their axis ranges; the choices made
// here are stated in each figure's Note and in docs/straggler.md.
package figures

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/straggler"
)

// Series is one curve; NaN marks a point where the policy is infeasible.
type Series struct {
	Name string
	Y    []float64
}

// Figure is one panel: a shared x grid and several curves.
type Figure struct {
	Name, Title, XLabel, YLabel, Note string
	X                                 []float64
	Series                            []Series
}

// Progress is called after each figure (may be nil).
type Progress func(done, total int, name string)

// Cluster of the paper's Fig. 4–11: half the nodes with service time
// 1.25 (μ = 0.8), half with service time 1 (μ = 1).
func cluster(n int) []float64 {
	mu := make([]float64, n)
	for i := range mu {
		if i < n/2 {
			mu[i] = 0.8
		} else {
			mu[i] = 1
		}
	}
	return mu
}

func grid(a, b, step float64) []float64 {
	var x []float64
	for v := a; v <= b+1e-9; v += step {
		x = append(x, v)
	}
	return x
}

func policyCurve(p straggler.Policy, xs []float64, point func(x float64) (float64, []float64), opt straggler.MapOptions) Series {
	s := Series{Name: string(p), Y: make([]float64, len(xs))}
	for i, x := range xs {
		lambda, mu := point(x)
		m, err := straggler.Map(p, lambda, mu, opt)
		if err != nil || (m.KKT != nil && !m.KKT.OK) {
			s.Y[i] = math.NaN()
			continue
		}
		s.Y[i] = m.MST.MST
	}
	return s
}

// All computes every figure.
func All(progress Progress) ([]Figure, error) {
	var figs []Figure
	total := 10
	add := func(f Figure) {
		figs = append(figs, f)
		if progress != nil {
			progress(len(figs), total, f.Name)
		}
	}
	// Fig. 3(a): N = 60, μ = 1, MST vs λ (fair split; homogeneous, so
	// MST = H_60/(1 − λ/60)); integral and closed form side by side.
	{
		xs := grid(1, 57, 1)
		f := Figure{Name: "fig3a", Title: "Fig. 3(a): MST vs λ, N = 60, μ = 1", XLabel: "total arrival rate λ", YLabel: "MST",
			Note: "M/M/1 nodes, fair split; integral (eq. 8) and H_N/(μ−λ/N)", X: xs}
		in, cf := Series{Name: "integral"}, Series{Name: "harmonic"}
		for _, x := range xs {
			r, err := straggler.MSTIntegralGroups([]straggler.Group{{R: straggler.DelayedExp{Rate: 1 - x/60}, Count: 60}}, straggler.IntegralOptions{})
			if err != nil {
				return nil, err
			}
			in.Y = append(in.Y, r.MST)
			cf.Y = append(cf.Y, straggler.Harmonic(60)/(1-x/60))
		}
		f.Series = []Series{in, cf}
		add(f)
	}
	// Fig. 3(b): λ = 2, μ = 1, MST vs N, with the least-squares fit
	// a + b ln N over N ≥ 10.
	{
		var xs []float64
		for n := 3; n <= 300; n++ {
			xs = append(xs, float64(n))
		}
		in := Series{Name: "integral"}
		for _, x := range xs {
			n := int(x)
			r, err := straggler.MSTIntegralGroups([]straggler.Group{{R: straggler.DelayedExp{Rate: 1 - 2/x}, Count: n}}, straggler.IntegralOptions{})
			if err != nil {
				return nil, err
			}
			in.Y = append(in.Y, r.MST)
		}
		a, b := lnFit(xs, in.Y, 10)
		fit := Series{Name: "fit a+b·lnN"}
		for _, x := range xs {
			fit.Y = append(fit.Y, a+b*math.Log(x))
		}
		add(Figure{Name: "fig3b", Title: "Fig. 3(b): MST vs N, λ = 2, μ = 1", XLabel: "number of mapper nodes N", YLabel: "MST",
			Note: fmt.Sprintf("least-squares fit over N ≥ 10: MST ≈ %.4f + %.4f·ln N", a, b), X: xs, Series: []Series{in, fit}})
	}
	mm1 := straggler.MapOptions{}
	mig := straggler.MapOptions{AllowMigration: true}
	byLambda := func(n int) func(x float64) (float64, []float64) {
		mu := cluster(n)
		return func(x float64) (float64, []float64) { return x, mu }
	}
	byN := func(lambda float64) func(x float64) (float64, []float64) {
		return func(x float64) (float64, []float64) { return lambda, cluster(int(x)) }
	}
	lam := grid(2, 78, 2)
	ns := grid(40, 200, 4)
	for _, pf := range []struct {
		name, title string
		p           straggler.Policy
		opt         straggler.MapOptions
	}{
		{"fig4", "Fig. 4: fair scheduler (eq. 12)", straggler.Fair, mm1},
		{"fig6", "Fig. 6: pure-deterministic scheduler D-EP (eq. 18)", straggler.DEP, mm1},
		{"fig8", "Fig. 8: pure-stochastic scheduler S-EP (eq. 23, formal below eq. 24)", straggler.SEP, mig},
	} {
		f := Figure{Name: pf.name + "a", Title: pf.title + ", N = 100", XLabel: "total arrival rate λ", YLabel: "MST",
			Note: "M/M/1; 50 nodes μ = 0.8, 50 nodes μ = 1", X: lam}
		f.Series = []Series{policyCurve(pf.p, lam, byLambda(100), pf.opt)}
		add(f)
		g := Figure{Name: pf.name + "b", Title: pf.title + ", MST vs N", XLabel: "number of mapper nodes N", YLabel: "MST",
			Note: "M/M/1; half μ = 0.8, half μ = 1", X: ns}
		for _, l := range []float64{5, 10, 20} {
			s := policyCurve(pf.p, ns, byN(l), pf.opt)
			s.Name = "λ=" + strconv.FormatFloat(l, 'g', -1, 64)
			g.Series = append(g.Series, s)
		}
		add(g)
	}
	// Fig. 10: the three compared, plus the constrained optimum.
	{
		f := Figure{Name: "fig10", Title: "Fig. 10: fair vs D-EP vs S-EP, N = 100", XLabel: "total arrival rate λ", YLabel: "MST",
			Note: "M/M/1; S-EP formal (negative λ_i) below eq. 24 (λ < 10); optimal = eq. 14 with λ_i ≥ 0", X: lam}
		for _, p := range []straggler.Policy{straggler.Fair, straggler.DEP, straggler.SEP, straggler.Optimal} {
			f.Series = append(f.Series, policyCurve(p, lam, byLambda(100), mig))
		}
		add(f)
	}
	// Fig. 11: delayed exponential model, D ≈ 0 (memory-bound) and D = 100
	// (CPU-bound), all policies, vs λ (N = 100) and vs N (λ = 10).
	{
		var all []Figure
		for _, D := range []float64{0, 100} {
			o := straggler.MapOptions{Model: straggler.Model{D: D}, AllowMigration: true}
			fl := Figure{Name: fmt.Sprintf("fig11_D%g_lambda", D), Title: fmt.Sprintf("Fig. 11: D = %g, N = 100", D), XLabel: "total arrival rate λ", YLabel: "MST",
				Note: "response DelayedExp(offset Dλ_i/μ_i, rate μ_i−λ_i); S-EP formal below eq. 24", X: lam}
			fn := Figure{Name: fmt.Sprintf("fig11_D%g_n", D), Title: fmt.Sprintf("Fig. 11: D = %g, λ = 10", D), XLabel: "number of mapper nodes N", YLabel: "MST",
				Note: fl.Note, X: ns}
			for _, p := range straggler.Policies {
				fl.Series = append(fl.Series, policyCurve(p, lam, byLambda(100), o))
				fn.Series = append(fn.Series, policyCurve(p, ns, byN(10), o))
			}
			all = append(all, fl, fn)
		}
		total += len(all) - 1
		for _, f := range all {
			add(f)
		}
	}
	return figs, nil
}

// lnFit returns the least-squares a, b of y ≈ a + b ln x over x ≥ from.
func lnFit(xs, ys []float64, from float64) (a, b float64) {
	var n, sx, sy, sxx, sxy float64
	for i, x := range xs {
		if x < from {
			continue
		}
		l := math.Log(x)
		n++
		sx += l
		sy += ys[i]
		sxx += l * l
		sxy += l * ys[i]
	}
	b = (n*sxy - sx*sy) / (n*sxx - sx*sx)
	a = (sy - b*sx) / n
	return a, b
}

// CSV renders the figure as a table: x, then one column per series.
func (f Figure) CSV() ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	h := []string{f.XLabel}
	for _, s := range f.Series {
		h = append(h, s.Name)
	}
	_ = w.Write(h)
	for i, x := range f.X {
		row := []string{strconv.FormatFloat(x, 'g', -1, 64)}
		for _, s := range f.Series {
			if math.IsNaN(s.Y[i]) {
				row = append(row, "")
			} else {
				row = append(row, strconv.FormatFloat(s.Y[i], 'g', -1, 64))
			}
		}
		_ = w.Write(row)
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

var palette = []color.Color{
	color.RGBA{0, 114, 178, 255}, color.RGBA{213, 94, 0, 255}, color.RGBA{0, 158, 115, 255},
	color.RGBA{204, 121, 167, 255}, color.RGBA{230, 159, 0, 255}, color.RGBA{86, 180, 233, 255}, color.RGBA{0, 0, 0, 255},
}

// Write writes DIR/NAME.csv, NAME.svg and NAME.png.
func (f Figure) Write(dir string) error {
	data, err := f.CSV()
	if err != nil {
		return err
	}
	if err := instances.AtomicWrite(filepath.Join(dir, f.Name+".csv"), data); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = f.Title
	p.X.Label.Text = f.XLabel
	p.Y.Label.Text = f.YLabel
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.Left = true
	for k, s := range f.Series {
		var pts plotter.XYs
		for i, x := range f.X {
			if !math.IsNaN(s.Y[i]) && !math.IsInf(s.Y[i], 0) {
				pts = append(pts, plotter.XY{X: x, Y: s.Y[i]})
			}
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		l.Color = palette[k%len(palette)]
		l.Width = vg.Points(1.5)
		if k > 0 {
			l.Dashes = []vg.Length{vg.Points(float64(2 + 2*k)), vg.Points(2)}
		}
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	for _, ext := range []string{"svg", "png"} {
		wt, err := p.WriterTo(6*vg.Inch, 4*vg.Inch, ext)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if _, err := wt.WriteTo(&b); err != nil {
			return err
		}
		if err := instances.AtomicWrite(filepath.Join(dir, f.Name+"."+ext), b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}
