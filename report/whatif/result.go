package whatif

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tabular"
)

// Stats is one method's objective Σ w_j (C_j − r_j) over the replications.
type Stats struct {
	Method string `json:"method"`
	About  string `json:"about"`
	// Nominal is the objective on the estimated (unperturbed) sizes.
	Nominal float64 `json:"nominal"`
	// Mean, StdDev (with n − 1; 0 for one replication), the empirical 5 %,
	// 50 % and 95 % quantiles (gonum stat.Empirical), Min and Max.
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"std_dev"`
	P5     float64 `json:"p5"`
	P50    float64 `json:"p50"`
	P95    float64 `json:"p95"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	// NominalLate is the number of jobs late on the estimated sizes and
	// MeanLate its mean over the replications (0 without deadlines).
	NominalLate int     `json:"nominal_late_jobs"`
	MeanLate    float64 `json:"mean_late_jobs"`
	// Objectives holds the objective of every replication, in order.
	Objectives []float64 `json:"objectives"`
}

// LateProb is the probability that a job finishes after its deadline under
// one method: the fraction of the replications in which it does.
type LateProb struct {
	Method      string  `json:"method"`
	Probability float64 `json:"probability"`
	// OnEstimates says whether the job is late on the estimated sizes.
	OnEstimates bool `json:"late_on_estimates"`
}

// JobLate is one job with a deadline and its late probabilities, one per
// method in the order of Result.Methods.
type JobLate struct {
	Job   string     `json:"job"`
	Index int        `json:"index"`
	Due   float64    `json:"due"`
	Late  []LateProb `json:"late"`
}

// Result is the outcome of Run.
type Result struct {
	Jobs int    `json:"jobs"`
	Plan string `json:"plan"`
	// Planned is the plan's own objective on the estimated sizes (NaN,
	// null in JSON, when the plan is only an order).
	Planned float64  `json:"planned"`
	Order   []string `json:"order"` // the plan's completion order, job ids
	Noise   string   `json:"noise"`
	Sigma   float64  `json:"sigma"`
	Reps    int      `json:"reps"`
	Seed    uint64   `json:"seed"`
	Methods []Stats  `json:"methods"`
	// Deadlines says whether the instance has deadlines; Late then holds
	// every job with one, the most likely late under PlanList first (ties:
	// under PlanPriority, then by index).
	Deadlines bool      `json:"deadlines"`
	Late      []JobLate `json:"late"`
	// Top is the number of Late rows the text and Markdown tables show
	// (0: all); JSON and CSV have every row.
	Top int `json:"-"`
}

// NoiseModel describes LogNormalNoise with σ = sigma in words.
func NoiseModel(sigma float64) string {
	return "each job's map and shuffle sizes are multiplied by independent factors exp(σZ), Z standard normal (log-normal, median 1), σ = " + tabular.Float(sigma)
}

func summarize(in *instances.Instance, plan Plan, opt Options, ms []method, nominal []outcome, reps [][]outcome) *Result {
	res := &Result{Jobs: in.N(), Plan: plan.Source, Planned: plan.Planned, Noise: NoiseModel(opt.Sigma),
		Sigma: opt.Sigma, Reps: opt.Reps, Seed: opt.Seed, Deadlines: in.HasDeadlines(), Late: []JobLate{}}
	for _, j := range plan.Order {
		res.Order = append(res.Order, in.Jobs[j].ID)
	}
	lateCount := make([][]int, len(ms)) // [method][job]
	for k, m := range ms {
		obj := make([]float64, len(reps))
		lateCount[k] = make([]int, in.N())
		lateJobs := 0
		for r, out := range reps {
			obj[r] = out[k].objective
			lateJobs += len(out[k].late)
			for _, j := range out[k].late {
				lateCount[k][j]++
			}
		}
		res.Methods = append(res.Methods, stats(m, nominal[k], obj, lateJobs))
	}
	if !res.Deadlines {
		return res
	}
	for j, jb := range in.Jobs {
		if !jb.HasDue {
			continue
		}
		jl := JobLate{Job: jb.ID, Index: j, Due: jb.Due}
		for k, m := range ms {
			jl.Late = append(jl.Late, LateProb{Method: m.name, Probability: float64(lateCount[k][j]) / float64(len(reps)),
				OnEstimates: slices.Contains(nominal[k].late, j)})
		}
		res.Late = append(res.Late, jl)
	}
	slices.SortStableFunc(res.Late, func(a, b JobLate) int {
		return cmp.Or(cmp.Compare(b.Late[0].Probability, a.Late[0].Probability),
			cmp.Compare(b.Late[1].Probability, a.Late[1].Probability), cmp.Compare(a.Index, b.Index))
	})
	return res
}

func stats(m method, nominal outcome, obj []float64, lateJobs int) Stats {
	s := Stats{Method: m.name, About: m.about, Nominal: nominal.objective, NominalLate: len(nominal.late),
		MeanLate: float64(lateJobs) / float64(len(obj)), Objectives: obj, Mean: mean(obj)}
	if len(obj) > 1 {
		var ss float64
		for _, x := range obj {
			ss += (x - s.Mean) * (x - s.Mean)
		}
		s.StdDev = math.Sqrt(ss / float64(len(obj)-1))
	}
	sorted := slices.Clone(obj)
	slices.Sort(sorted)
	s.P5, s.P50, s.P95 = quantile(0.05, sorted), quantile(0.5, sorted), quantile(0.95, sorted)
	s.Min, s.Max = sorted[0], sorted[len(sorted)-1]
	return s
}

// Method returns the statistics of the named method, or false.
func (r *Result) Method(name string) (Stats, bool) {
	i := slices.IndexFunc(r.Methods, func(s Stats) bool { return s.Method == name })
	if i < 0 {
		return Stats{}, false
	}
	return r.Methods[i], true
}

// Write renders the result in format f (see View).
func (r *Result) Write(w io.Writer, f tabular.Format) error { return r.View().Write(w, f) }

// View is the result as a tabular.View: JSON is the whole Result (every
// replication's objective, every job's late probabilities under every
// method); text and Markdown show the plan and noise model, the methods'
// table and the Top jobs most likely late under the plan; CSV is one long
// table (method, quantity, job, value).
func (r *Result) View() *tabular.View {
	var head strings.Builder
	fmt.Fprintf(&head, "plan: %s, %d jobs", r.Plan, r.Jobs)
	if !math.IsNaN(r.Planned) {
		fmt.Fprintf(&head, ", objective as planned %s", tabular.Human(r.Planned))
	}
	fmt.Fprintf(&head, "\nnoise: %s; %d replications, seed %d\n", r.Noise, r.Reps, r.Seed)
	head.WriteString("\n")
	hdr := []string{"method", "nominal", "mean", "p5", "p50", "p95", "std dev"}
	if r.Deadlines {
		hdr = append(hdr, "late jobs (nominal)", "late jobs (mean)")
	}
	right := make([]bool, len(hdr)+1)
	for i := 1; i < len(hdr); i++ {
		right[i] = true
	}
	methods := &tabular.Table{Title: "objective Σ w (C − r) on perturbed sizes (nominal: on the estimates)", Header: append(hdr, "what"), RightAlign: right}
	csv := &tabular.Table{Header: []string{"method", "quantity", "job", "value"}}
	for _, s := range r.Methods {
		row := []string{s.Method, tabular.Float(s.Nominal), tabular.Float(s.Mean), tabular.Float(s.P5), tabular.Float(s.P50), tabular.Float(s.P95), tabular.Float(s.StdDev)}
		if r.Deadlines {
			row = append(row, strconv.Itoa(s.NominalLate), tabular.Float(s.MeanLate))
		}
		methods.Add(append(row, s.About)...)
		for _, q := range []struct {
			name string
			v    float64
		}{{"nominal", s.Nominal}, {"mean", s.Mean}, {"p5", s.P5}, {"p50", s.P50}, {"p95", s.P95}, {"std_dev", s.StdDev}, {"min", s.Min}, {"max", s.Max}} {
			csv.Add(s.Method, q.name, "", tabular.Float(q.v))
		}
		if r.Deadlines {
			csv.Add(s.Method, "nominal_late_jobs", "", strconv.Itoa(s.NominalLate))
			csv.Add(s.Method, "mean_late_jobs", "", tabular.Float(s.MeanLate))
		}
	}
	v := &tabular.View{Value: r, Head: head.String(), Tables: []*tabular.Table{methods}, CSV: []*tabular.Table{csv}}
	if !r.Deadlines {
		return v
	}
	for _, jl := range r.Late {
		for _, lp := range jl.Late {
			csv.Add(lp.Method, "p_late", jl.Job, tabular.Float(lp.Probability))
		}
	}
	shown := r.Late
	title := "probability of being late under the plan, most likely first"
	if r.Top > 0 && len(shown) > r.Top {
		shown = shown[:r.Top]
		title += fmt.Sprintf(" (%d of %d jobs with deadlines)", r.Top, len(r.Late))
	}
	late := &tabular.Table{Title: title, Header: []string{"job", "due", "P(late) " + PlanList, "P(late) " + PlanPriority, "late on estimates (" + PlanList + ")"},
		RightAlign: []bool{false, true, true, true, false}, Percent: []bool{false, false, true, true, false}}
	for _, jl := range shown {
		late.Add(jl.Job, tabular.Float(jl.Due), tabular.Float(jl.Late[0].Probability), tabular.Float(jl.Late[1].Probability), yesNo(jl.Late[0].OnEstimates))
	}
	v.Tables = append(v.Tables, late)
	return v
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
