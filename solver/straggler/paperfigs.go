package straggler

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
)

// FigureSeries is one curve; NaN marks a point where the policy is
// infeasible.
type FigureSeries struct {
	Name string
	Y    []float64
}

// PaperFigure is the data of one panel of the paper's figures: a shared x
// grid and several curves (drawn by report/figures.Straggler).
type PaperFigure struct {
	Name, Title, XLabel, YLabel, Note string
	// XUnit and YUnit complete the axis labels of the plot (the CSV
	// header keeps XLabel alone).
	XUnit, YUnit string
	X            []float64
	Series       []FigureSeries
}

// FigureProgress is called after each figure (may be nil).
type FigureProgress func(done, total int, name string)

// paperCluster is the cluster of the paper's Fig. 4–11: half the nodes with service time
// 1.25 (μ = 0.8), half with service time 1 (μ = 1).
func paperCluster(n int) []float64 {
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

func figGrid(a, b, step float64) []float64 {
	var x []float64
	for v := a; v <= b+1e-9; v += step {
		x = append(x, v)
	}
	return x
}

func policyCurve(p Policy, xs []float64, point func(x float64) (float64, []float64), opt MapOptions) FigureSeries {
	s := FigureSeries{Name: string(p), Y: make([]float64, len(xs))}
	for i, x := range xs {
		lambda, mu := point(x)
		m, err := Map(p, lambda, mu, opt)
		if err != nil || (m.KKT != nil && !m.KKT.OK) {
			s.Y[i] = math.NaN()
			continue
		}
		s.Y[i] = m.MST.MST
	}
	return s
}

// PaperFigures recomputes the data of Fig. 3, 4, 6, 8, 10 and 11 of Farhat
// et al. The paper does not print the numbers behind its curves, nor all
// of their axis ranges; the choices made here are stated in each figure's
// Note and in docs/md.
func PaperFigures(progress FigureProgress) ([]PaperFigure, error) {
	var figs []PaperFigure
	total := 10
	add := func(f PaperFigure) {
		figs = append(figs, f)
		if progress != nil {
			progress(len(figs), total, f.Name)
		}
	}
	// Fig. 3(a): N = 60, μ = 1, MST vs λ (fair split; homogeneous, so
	// MST = H_60/(1 − λ/60)); integral and closed form side by side.
	{
		xs := figGrid(1, 57, 1)
		f := PaperFigure{Name: "fig3a", Title: "Fig. 3(a): MST vs λ, N = 60, μ = 1", XLabel: "total arrival rate λ", YLabel: "MST", XUnit: "tasks per unit time", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
			Note: "M/M/1 nodes, fair split; integral (eq. 8) and H_N/(μ−λ/N)", X: xs}
		in, cf := FigureSeries{Name: "integral"}, FigureSeries{Name: "harmonic"}
		for _, x := range xs {
			r, err := MSTIntegralGroups([]Group{{R: DelayedExp{Rate: 1 - x/60}, Count: 60}}, IntegralOptions{})
			if err != nil {
				return nil, err
			}
			in.Y = append(in.Y, r.MST)
			cf.Y = append(cf.Y, Harmonic(60)/(1-x/60))
		}
		f.Series = []FigureSeries{in, cf}
		add(f)
	}
	// Fig. 3(b): λ = 2, μ = 1, MST vs N, with the least-squares fit
	// a + b ln N over N ≥ 10.
	{
		var xs []float64
		for n := 3; n <= 300; n++ {
			xs = append(xs, float64(n))
		}
		in := FigureSeries{Name: "integral"}
		for _, x := range xs {
			n := int(x)
			r, err := MSTIntegralGroups([]Group{{R: DelayedExp{Rate: 1 - 2/x}, Count: n}}, IntegralOptions{})
			if err != nil {
				return nil, err
			}
			in.Y = append(in.Y, r.MST)
		}
		a, b := lnFit(xs, in.Y, 10)
		fit := FigureSeries{Name: "fit a+b·lnN"}
		for _, x := range xs {
			fit.Y = append(fit.Y, a+b*math.Log(x))
		}
		add(PaperFigure{Name: "fig3b", Title: "Fig. 3(b): MST vs N, λ = 2, μ = 1", XLabel: "number of mapper nodes N", YLabel: "MST", XUnit: "nodes", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
			Note: fmt.Sprintf("least-squares fit over N ≥ 10: MST ≈ %.4f + %.4f·ln N", a, b), X: xs, Series: []FigureSeries{in, fit}})
	}
	mm1 := MapOptions{}
	mig := MapOptions{AllowMigration: true}
	byLambda := func(n int) func(x float64) (float64, []float64) {
		mu := paperCluster(n)
		return func(x float64) (float64, []float64) { return x, mu }
	}
	byN := func(lambda float64) func(x float64) (float64, []float64) {
		return func(x float64) (float64, []float64) { return lambda, paperCluster(int(x)) }
	}
	lam := figGrid(2, 78, 2)
	ns := figGrid(40, 200, 4)
	for _, pf := range []struct {
		name, title string
		p           Policy
		opt         MapOptions
	}{
		{"fig4", "Fig. 4: fair scheduler (eq. 12)", Fair, mm1},
		{"fig6", "Fig. 6: pure-deterministic scheduler D-EP (eq. 18)", DEP, mm1},
		{"fig8", "Fig. 8: pure-stochastic scheduler S-EP (eq. 23, formal below eq. 24)", SEP, mig},
	} {
		f := PaperFigure{Name: pf.name + "a", Title: pf.title + ", N = 100", XLabel: "total arrival rate λ", YLabel: "MST", XUnit: "tasks per unit time", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
			Note: "M/M/1; 50 nodes μ = 0.8, 50 nodes μ = 1", X: lam}
		f.Series = []FigureSeries{policyCurve(pf.p, lam, byLambda(100), pf.opt)}
		add(f)
		g := PaperFigure{Name: pf.name + "b", Title: pf.title + ", MST vs N", XLabel: "number of mapper nodes N", YLabel: "MST", XUnit: "nodes", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
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
		f := PaperFigure{Name: "fig10", Title: "Fig. 10: fair vs D-EP vs S-EP, N = 100", XLabel: "total arrival rate λ", YLabel: "MST", XUnit: "tasks per unit time", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
			Note: "M/M/1; S-EP formal (negative λ_i) below eq. 24 (λ < 10); optimal = eq. 14 with λ_i ≥ 0", X: lam}
		for _, p := range []Policy{Fair, DEP, SEP, Optimal} {
			f.Series = append(f.Series, policyCurve(p, lam, byLambda(100), mig))
		}
		add(f)
	}
	// Fig. 11: delayed exponential model, D ≈ 0 (memory-bound) and D = 100
	// (CPU-bound), all policies, vs λ (N = 100) and vs N (λ = 10).
	{
		var all []PaperFigure
		for _, D := range []float64{0, 100} {
			o := MapOptions{Model: Model{D: D}, AllowMigration: true}
			fl := PaperFigure{Name: fmt.Sprintf("fig11_D%g_lambda", D), Title: fmt.Sprintf("Fig. 11: D = %g, N = 100", D), XLabel: "total arrival rate λ", YLabel: "MST", XUnit: "tasks per unit time", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
				Note: "response DelayedExp(offset Dλ_i/μ_i, rate μ_i−λ_i); S-EP formal below eq. 24", X: lam}
			fn := PaperFigure{Name: fmt.Sprintf("fig11_D%g_n", D), Title: fmt.Sprintf("Fig. 11: D = %g, λ = 10", D), XLabel: "number of mapper nodes N", YLabel: "MST", XUnit: "nodes", YUnit: "mean sojourn time, unit time = 1/μ at μ = 1",
				Note: fl.Note, X: ns}
			for _, p := range Policies {
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
func (f PaperFigure) CSV() ([]byte, error) {
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
