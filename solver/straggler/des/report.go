package des

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/tabular"
)

// Report is the simulated part of the straggling-mappers reproduction:
// the panels of Fig. 5, 7, 9 and 12 and the DM-EP check at D = 100.
type Report struct {
	Options FigOptions    `json:"options"`
	Figures []Figure      `json:"-"`
	Checks  []PolicyCheck `json:"dmep_check"` // D = 100, λ = 38, Fig. 11 cluster
	// Fig. 2 (with Options.TaskEvents): the fitted job and its MLE and LS fits.
	FitJob int64           `json:"fit_job,omitempty"`
	Fits   []straggler.Fit `json:"fits,omitempty"`
}

// Reproduce computes the Report with the given effort (the DM-EP check
// uses the same jobs, warm-up, replications and seed).
func Reproduce(o FigOptions) (*Report, error) {
	figs, err := CSIMFigures(o)
	if err != nil {
		return nil, err
	}
	f12, err := Fig12(o.Lambdas12())
	if err != nil {
		return nil, err
	}
	checks, err := CheckPolicies(straggler.Policies, 38, fig11Cluster(), straggler.MapOptions{Model: straggler.Model{D: 100}},
		Config{Jobs: o.Jobs, Warmup: o.Warmup, Replications: o.Replications, Seed: o.Seed, Workers: o.Workers, Context: o.Context})
	if err != nil {
		return nil, err
	}
	r := &Report{Options: o, Figures: append(figs, f12...), Checks: checks}
	if len(o.TaskEvents) > 0 {
		job, d, err := straggler.LargestJobDurations(o.TaskEvents)
		if err != nil {
			return nil, err
		}
		f2, fits, err := Fig2(d, fmt.Sprintf("Google 2011 job %d", job))
		if err != nil {
			return nil, err
		}
		r.Figures, r.FitJob, r.Fits = append(r.Figures, f2), job, fits
	}
	return r, nil
}

// Lambdas12 is the x grid of Fig. 12: λ = 2, 4, …, 78 on the 100-node
// cluster (Σμ = 90).
func (FigOptions) Lambdas12() []float64 {
	var x []float64
	for l := 2.0; l < 80; l += 2 {
		x = append(x, l)
	}
	return x
}

// View is the DM-EP check as a table: per policy the slow and fast λ_i,
// the analytic MST (eq. 8) and the simulated one with its 95 % half-width.
func (r *Report) View() *tabular.View {
	t := &tabular.Table{Title: "MST at D = 100, λ = 38, 50 nodes μ = 0.8 + 50 nodes μ = 1: analytic vs simulated",
		Header:     []string{"policy", "λ slow", "λ fast", "MST analytic", "MST simulated", "±95%"},
		RightAlign: []bool{false, true, true, true, true, true}}
	g := tabular.Float
	for _, c := range r.Checks {
		t.Add(string(c.Policy), g(c.Lambda[0]), g(c.Lambda[len(c.Lambda)-1]), g(c.Analytic.MST), g(c.Sim.Mean), g(c.Sim.HalfWidth))
	}
	head := fmt.Sprintf("%d replications × %d jobs after %d warm-up, seed %d; %d figure panels\n", r.Options.Replications, r.Options.Jobs, r.Options.Warmup, r.Options.Seed, len(r.Figures))
	for _, f := range r.Fits {
		head += fmt.Sprintf("Fig. 2: job %d, %d tasks, %s fit T = %.6g s, γ = %.6g /s, RMSE %.4g, max |ΔF| %.4g\n", r.FitJob, f.N, f.Method, f.Offset, f.Rate, f.RMSE, f.MaxAbs)
	}
	return &tabular.View{Value: r, Head: head, Tables: []*tabular.Table{t}}
}
