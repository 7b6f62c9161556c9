package des

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"

	"github.com/mrsched/mrsched/solver/straggler"
)

// Curve is one line of a Figure; HalfWidth (nil for analytic curves) holds
// the 95 % interval half-width of each simulated point.
type Curve struct {
	Name      string
	Y         []float64
	HalfWidth []float64
}

// Figure is one panel: a shared x grid and its curves (drawn by
// report/figures.StragglerDES).
type Figure struct {
	Name, Title, XLabel, YLabel, Note string
	X                                 []float64
	Curves                            []Curve
}

// CSV returns x, then per curve its values and, for simulated curves, a
// "<name> ±95%" half-width column.
func (f Figure) CSV() ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	head := []string{f.XLabel}
	for _, c := range f.Curves {
		head = append(head, c.Name)
		if c.HalfWidth != nil {
			head = append(head, c.Name+" ±95%")
		}
	}
	if err := w.Write(head); err != nil {
		return nil, err
	}
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }
	for i, x := range f.X {
		row := []string{g(x)}
		for _, c := range f.Curves {
			row = append(row, g(c.Y[i]))
			if c.HalfWidth != nil {
				row = append(row, g(c.HalfWidth[i]))
			}
		}
		if err := w.Write(row); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// FigOptions sets the simulation effort of the Fig. 5/7/9 reproductions.
type FigOptions struct {
	Jobs, Warmup, Replications int
	Seed                       uint64
	Lambdas                    []float64 // total task arrival rates (x axis)
	// Workers is the number of replications run at the same time
	// (Config.Workers); the output does not depend on it.
	Workers int `json:"-"`
	// TaskEvents are Google 2011 task_events parts (gzip or plain CSV, or
	// directories of parts; in order):
	// when set, Fig. 2 fits the task run times of the job with the most
	// finished tasks.
	TaskEvents []string `json:"task_events,omitempty"`
	// Context, when not nil, stops the simulations (ErrStopped).
	Context context.Context `json:"-"`
}

// DefaultFigOptions is the effort of `make straggler-des`: λ = 4…13 (every
// policy feasible: S-EP needs λ ≥ Σ(μ_i − μ_min) = 3.33, fair λ < 20·μ_min
// = 13.33), 20 replications of 20 000 tasks per node after 2 000 warm-up.
func DefaultFigOptions() FigOptions {
	return FigOptions{Jobs: 20000, Warmup: 2000, Replications: 20, Seed: 1, Lambdas: []float64{4, 5, 6, 7, 8, 9, 10, 11, 12, 13}}
}

// csimCluster is the cluster of Fig. 5, 7 and 9 (§V-A): 10 slow nodes
// (service time 1.5, μ = 2/3) and 10 fast ones (service time 1, μ = 1).
func csimCluster() []float64 {
	mu := make([]float64, 20)
	for i := range mu {
		mu[i] = 1
		if i < 10 {
			mu[i] = 2.0 / 3
		}
	}
	return mu
}

// fig11Cluster is the cluster of Fig. 11 and 12: 50 nodes with μ = 0.8
// (service time 1.25) and 50 with μ = 1.
func fig11Cluster() []float64 {
	mu := make([]float64, 100)
	for i := range mu {
		mu[i] = 1
		if i < 50 {
			mu[i] = 0.8
		}
	}
	return mu
}

// CSIMFigures reproduces Fig. 5 (fair), 7 (pure deterministic, D-EP) and 9
// (pure stochastic, S-EP): for each policy three panels against the total
// arrival rate λ, the slow and fast node types' utilisation, mean queue
// length and mean response time, simulated (mean of the type's nodes'
// replication means, with the largest half-width among them) beside the
// M/M/1 closed forms ρ_i, ρ_i/(1−ρ_i), 1/(μ_i−λ_i).
func CSIMFigures(o FigOptions) ([]Figure, error) {
	mu := csimCluster()
	var figs []Figure
	for _, pf := range []struct {
		p   straggler.Policy
		fig int
	}{{straggler.Fair, 5}, {straggler.DEP, 7}, {straggler.SEP, 9}} {
		panels := [3]Figure{}
		for k, q := range []string{"utilisation", "queue length", "response time"} {
			panels[k] = Figure{Name: fmt.Sprintf("fig%d_%s", pf.fig, []string{"util", "queue", "response"}[k]),
				Title:  fmt.Sprintf("Fig. %d: %s, %s policy, 10 slow (μ = 2/3) + 10 fast (μ = 1) nodes", pf.fig, q, pf.p),
				XLabel: "total arrival rate λ", YLabel: q, X: o.Lambdas,
				Note: "simulated M/M/1 nodes with independent Poisson(λ_i) streams; 95% replication intervals; analytic = M/M/1 closed forms"}
			for _, typ := range []string{"slow", "fast"} {
				panels[k].Curves = append(panels[k].Curves, Curve{Name: typ + " sim", HalfWidth: []float64{}}, Curve{Name: typ + " analytic"})
			}
		}
		for _, lam := range o.Lambdas {
			m, err := straggler.Map(pf.p, lam, mu, straggler.MapOptions{})
			if err != nil {
				return nil, fmt.Errorf("fig. %d, λ = %g: %w", pf.fig, lam, err)
			}
			nodes, err := MappingNodes(m.Lambda, mu, straggler.Model{})
			if err != nil {
				return nil, err
			}
			r, err := Simulate(Config{Nodes: nodes, Independent: true, Jobs: o.Jobs, Warmup: o.Warmup, Replications: o.Replications, Seed: o.Seed, Workers: o.Workers, Context: o.Context})
			if err != nil {
				return nil, fmt.Errorf("fig. %d, λ = %g: %w", pf.fig, lam, err)
			}
			for t, idx := range [][2]int{{0, 10}, {10, 20}} {
				l, u := m.Lambda[idx[0]], mu[idx[0]]
				rho := l / u
				exact := [3]float64{rho, rho / (1 - rho), 1 / (u - l)}
				for k := 0; k < 3; k++ {
					mean, hw := typeMean(r.Nodes[idx[0]:idx[1]], k)
					c := &panels[k].Curves[2*t]
					c.Y, c.HalfWidth = append(c.Y, mean), append(c.HalfWidth, hw)
					panels[k].Curves[2*t+1].Y = append(panels[k].Curves[2*t+1].Y, exact[k])
				}
			}
		}
		figs = append(figs, panels[:]...)
	}
	return figs, nil
}

// nan marks an infeasible point.
var nan = math.NaN()

// typeMean averages statistic k (0 utilisation, 1 queue length, 2
// response) over a node type and returns the largest half-width.
func typeMean(ns []NodeStats, k int) (mean, hw float64) {
	for _, n := range ns {
		e := [3]Estimate{n.Utilisation, n.QueueLength, n.Response}[k]
		mean += e.Mean
		hw = max(hw, e.HalfWidth)
	}
	return mean / float64(len(ns)), hw
}

// Fig12 reproduces Fig. 12 (the schedulers' parameters for a CPU-bound
// job, D = 100, on the Fig. 11 cluster of 50 slow μ = 0.8 and 50 fast
// μ = 1 nodes): for every policy the slow and fast node types' task rate
// λ_i and mean response E[R_i] = Dλ_i/μ_i + 1/(μ_i − λ_i) against λ, from
// solver/straggler.Map (analytic; NaN where the policy is infeasible).
func Fig12(lambdas []float64) ([]Figure, error) {
	mu := fig11Cluster()
	model := straggler.Model{D: 100}
	rate := Figure{Name: "fig12_lambda", Title: "Fig. 12: per-node task rate λ_i by policy, D = 100, N = 100", XLabel: "total arrival rate λ", YLabel: "λ_i", X: lambdas}
	resp := Figure{Name: "fig12_response", Title: "Fig. 12: per-node mean response E[R_i] by policy, D = 100, N = 100", XLabel: "total arrival rate λ", YLabel: "E[R_i]", X: lambdas}
	for _, p := range straggler.Policies {
		var c [4]Curve
		for t, typ := range []string{"slow", "fast"} {
			c[t] = Curve{Name: fmt.Sprintf("%s %s", p, typ)}
			c[2+t] = c[t]
		}
		for _, lam := range lambdas {
			m, err := straggler.Map(p, lam, mu, straggler.MapOptions{Model: model, AllowMigration: true})
			for t, i := range []int{0, 99} {
				l, r := nan, nan
				if err == nil && (m.KKT == nil || m.KKT.OK) {
					l, r = m.Lambda[i], model.Mean(m.Lambda[i], mu[i])
				}
				c[t].Y = append(c[t].Y, l)
				c[2+t].Y = append(c[2+t].Y, r)
			}
		}
		rate.Curves = append(rate.Curves, c[0], c[1])
		resp.Curves = append(resp.Curves, c[2], c[3])
	}
	return []Figure{rate, resp}, nil
}
