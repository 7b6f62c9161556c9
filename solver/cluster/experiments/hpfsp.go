package experiments

import (
	"fmt"
	"strconv"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/confint"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/tolerance"
)

// HPFSPPolicies are compared in Fig. 2–3: Fair, H-PFSP1 (FAIR_LIMIT 2),
// H-PFSP2 (FAIR_LIMIT 5), and Parallel PFSP with exact sizes as a reference.
var HPFSPPolicies = []string{"fair", "hpfsp-2", "hpfsp-5", "ppfsp"}

var hpfspLabels = map[string]string{"fair": "Fair", "hpfsp-2": "H-PFSP1 (K=2)", "hpfsp-5": "H-PFSP2 (K=5)", "ppfsp": "Parallel PFSP (exact)"}

// FairLimits is the x-axis of Fig. 4 and 5.
var FairLimits = []int{0, 1, 2, 3, 5, 10, 20, 50, 100, 200}

// curve averages, for each x, a metric of the policies over seeds.
type curve struct {
	x   []float64
	pol []string
	y   [][][]float64 // [policy][x][seed]
}

func runCurve(env Env, label string, xs []float64, pols []string, seeds int, work func(x float64, seed uint64) *workload.Workload, metric func(*cluster.Result) float64) (*curve, error) {
	c := &curve{x: xs, pol: pols, y: make([][][]float64, len(pols))}
	for p := range pols {
		c.y[p] = make([][]float64, len(xs))
		for k := range xs {
			c.y[p][k] = make([]float64, seeds)
		}
	}
	total := len(xs) * seeds * len(pols)
	done := 0
	mu := make(chanMutex, 1)
	err := env.parallel(total, func(i int) {
		p := i % len(pols)
		s := (i / len(pols)) % seeds
		k := i / len(pols) / seeds
		w := work(xs[k], uint64(s+1))
		c.y[p][k][s] = metric(env.simulate(w, pols[p]))
		mu.lock()
		done++
		env.logf("\r%s: %d/%d runs", label, done, total)
		mu.unlock()
	})
	env.logf("\n")
	return c, err
}

func (c *curve) table(title, xname string, names func(string) string) *tabular.Table {
	t := &tabular.Table{Title: title, Header: []string{xname}}
	t.RightAlign = []bool{true}
	for _, p := range c.pol {
		t.Header = append(t.Header, names(p))
		t.RightAlign = append(t.RightAlign, true)
	}
	for k, x := range c.x {
		row := []string{tabular.Float(x)}
		for p := range c.pol {
			row = append(row, confint.Student95(c.y[p][k]).Fixed(1))
		}
		t.Add(row...)
	}
	return t
}

func (c *curve) series(names func(string) string) []Series {
	var ss []Series
	for p, name := range c.pol {
		s := Series{Name: names(name), X: c.x}
		for k := range c.x {
			m := confint.Student95(c.y[p][k])
			s.Y = append(s.Y, m.Mean)
			s.Err = append(s.Err, m.HalfWidth)
		}
		ss = append(ss, s)
	}
	return ss
}

func label(p string) string {
	if l, ok := hpfspLabels[p]; ok {
		return l
	}
	return p
}

func (env Env) emit(name, title, xl, yl string, c *curve) (*tabular.Table, error) {
	t := c.table(title, xl, label)
	if err := env.writeTable(name, t); err != nil {
		return nil, err
	}
	return t, env.figure(Figure{Name: name, Title: title, XLabel: xl, YLabel: yl, Kind: LineFigure, Series: c.series(label)})
}

// HPFSPFig2 is Fig. 2: n identical WordCount jobs submitted together, n =
// 1..maxN; mean flow time.
func HPFSPFig2(env Env, maxN, seeds int) (*tabular.Table, error) {
	var xs []float64
	for n := 1; n <= maxN; n++ {
		xs = append(xs, float64(n))
	}
	c, err := runCurve(env, "fig2", xs, HPFSPPolicies, seeds, func(x float64, s uint64) *workload.Workload { return workload.Fig2(int(x), s) },
		func(r *cluster.Result) float64 { return r.MeanResponse })
	if err != nil {
		return nil, err
	}
	return env.emit("hpfsp-fig2", "H-PFSP Fig. 2: n WordCount jobs (1 GB) at t = 0", "jobs", "mean flow time (s)", c)
}

// HPFSPFig3a is Fig. 3(a): five TeraSort jobs of equal size 1..5 GB
// submitted together; mean flow time.
func HPFSPFig3a(env Env, seeds int) (*tabular.Table, error) {
	c, err := runCurve(env, "fig3a", []float64{1, 2, 3, 4, 5}, HPFSPPolicies, seeds,
		func(x float64, s uint64) *workload.Workload { return workload.Fig3Equal(x, 5, s) },
		func(r *cluster.Result) float64 { return r.MeanResponse })
	if err != nil {
		return nil, err
	}
	return env.emit("hpfsp-fig3a", "H-PFSP Fig. 3(a): 5 equal TeraSort jobs at t = 0", "job size (GB)", "mean flow time (s)", c)
}

// HPFSPFig3b is Fig. 3(b): one TeraSort job of each size 1..5 GB submitted
// together; flow time of each job.
func HPFSPFig3b(env Env, seeds int) (*tabular.Table, error) {
	xs := []float64{1, 2, 3, 4, 5}
	c := &curve{x: xs, pol: HPFSPPolicies, y: make([][][]float64, len(HPFSPPolicies))}
	for p := range c.y {
		c.y[p] = make([][]float64, len(xs))
		for k := range xs {
			c.y[p][k] = make([]float64, seeds)
		}
	}
	if err := env.parallel(seeds*len(HPFSPPolicies), func(i int) {
		p, s := i%len(HPFSPPolicies), i/len(HPFSPPolicies)
		r := env.simulate(workload.Fig3Mixed(uint64(s+1)), HPFSPPolicies[p])
		for k := range xs {
			c.y[p][k][s] = r.Jobs[k].Response
		}
	}); err != nil {
		return nil, err
	}
	env.logf("fig3b: done\n")
	return env.emit("hpfsp-fig3b", "H-PFSP Fig. 3(b): TeraSort jobs of 1..5 GB at t = 0", "job size (GB)", "flow time (s)", c)
}

// HPFSPFig45 is Fig. 4 (sigma = 0: every task 10 min) or Fig. 5 (task times
// N(10 min, sigma)): mean slowdown against FAIR_LIMIT for H-PFSP, with Fair
// and Parallel PFSP as constant references.
func HPFSPFig45(env Env, sigma float64, seeds int) (*tabular.Table, error) {
	name, fig := "hpfsp-fig4", "Fig. 4"
	if sigma > 0 {
		name, fig = "hpfsp-fig5", "Fig. 5"
	}
	pols := []string{"fair", "ppfsp"}
	for _, k := range FairLimits {
		pols = append(pols, "hpfsp-"+strconv.Itoa(k))
	}
	// One "x" (the workload), every policy; then reshape by FAIR_LIMIT.
	c, err := runCurve(env, name, []float64{0}, pols, seeds, func(_ float64, s uint64) *workload.Workload { return workload.Fig4(sigma, s) },
		func(r *cluster.Result) float64 { return r.MeanSlowdown })
	if err != nil {
		return nil, err
	}
	xs := make([]float64, len(FairLimits))
	for k, f := range FairLimits {
		xs[k] = float64(f)
	}
	out := &curve{x: xs, pol: []string{"H-PFSP", "Fair", "Parallel PFSP (exact)"}, y: make([][][]float64, 3)}
	for p := range out.y {
		out.y[p] = make([][]float64, len(xs))
	}
	for k := range xs {
		out.y[0][k] = c.y[2+k][0]
		out.y[1][k] = c.y[0][0]
		out.y[2][k] = c.y[1][0]
	}
	title := fmt.Sprintf("H-PFSP %s: 50 jobs × 200 tasks, 30 slots; mean slowdown", fig)
	if sigma > 0 {
		title = fmt.Sprintf("H-PFSP %s: task times N(10 min, %g min); mean slowdown", fig, sigma)
	}
	return env.emit(name, title, "FAIR_LIMIT", "mean slowdown", out)
}

// Protect is the protectiveness report: for each workload family and
// policy, the jobs finishing later than under fluid PS (FluidPS), than
// under the slot-level Fair scheduler, and than under Fair with every job
// in one user (job-level Fair, the slot-level image of PS among jobs), as
// counts, beyond the indivisible-task yardstick B = cluster.TaskBound of
// the workload, and as the worst excess in seconds and in units of B.
func Protect(env Env, seeds int) (*tabular.Table, error) {
	type fam struct {
		name string
		gen  func(s uint64) *workload.Workload
	}
	fams := []fam{
		{"LsPS Table II", workload.TableII},
		{"Fig. 2 (n = 10)", func(s uint64) *workload.Workload { return workload.Fig2(10, s) }},
		{"Fig. 3(b)", workload.Fig3Mixed},
		{"Fig. 4", func(s uint64) *workload.Workload { return workload.Fig4(0, s) }},
		{"Fig. 5", func(s uint64) *workload.Workload { return workload.Fig4(2.236, s) }},
	}
	pols := []string{"hpfsp-2", "hpfsp-5", "ppfsp", "lsps", "fifo"}
	t := &tabular.Table{Title: fmt.Sprintf("Protectiveness: jobs finishing later than fluid PS / Fair / job-level Fair; beyond B = 2·(longest map + longest reduce task); worst excess in s and in B (%d seeds)", seeds),
		Header: []string{"workload", "policy", "jobs", "B (s)",
			"later than PS", "> PS + B", "worst vs PS (s)", "worst vs PS (B)",
			"later than Fair", "> Fair + B", "worst vs Fair (s)", "worst vs Fair (B)",
			"later than job-level Fair", "> job-level Fair + B", "worst vs job-level Fair (B)"},
		RightAlign: []bool{false, false, true, true, true, true, true, true, true, true, true, true, true, true, true}}
	const refs = 3 // PS, Fair, job-level Fair
	type agg struct {
		n             int
		late, beyond  [refs]int
		worst, worstB [refs]float64
		bmin, bmax    float64
	}
	res := make([][]agg, len(fams))
	for f := range fams {
		res[f] = make([]agg, len(pols))
	}
	runs := make([][]agg, len(fams)*seeds)
	err := env.parallel(len(fams)*seeds, func(i int) {
		f, s := i/seeds, i%seeds
		w := fams[f].gen(uint64(s + 1))
		b := cluster.TaskBound(w)
		one := w.Clone()
		for k := range one.Jobs {
			one.Jobs[k].User = "all"
		}
		ref := [refs][]float64{cluster.FluidPS(w), finishes(env.simulate(w, "fair")), finishes(env.simulate(one, "fair"))}
		a := make([]agg, len(pols))
		for p, name := range pols {
			r := env.simulate(w, name)
			a[p].bmin, a[p].bmax = b, b
			for k, j := range r.Jobs {
				a[p].n++
				for x := range ref {
					if !tolerance.LE(j.Finish, ref[x][k]) {
						a[p].late[x]++
						a[p].worst[x] = max(a[p].worst[x], j.Finish-ref[x][k])
						a[p].worstB[x] = max(a[p].worstB[x], (j.Finish-ref[x][k])/b)
					}
					if !tolerance.LE(j.Finish, ref[x][k]+b) {
						a[p].beyond[x]++
					}
				}
			}
		}
		runs[i] = a
	})
	if err != nil {
		return nil, err
	}
	for i, r := range runs {
		f := i / seeds
		for p := range pols {
			x := &res[f][p]
			if x.n == 0 {
				x.bmin, x.bmax = r[p].bmin, r[p].bmax
			}
			x.n += r[p].n
			x.bmin, x.bmax = min(x.bmin, r[p].bmin), max(x.bmax, r[p].bmax)
			for k := 0; k < refs; k++ {
				x.late[k] += r[p].late[k]
				x.beyond[k] += r[p].beyond[k]
				x.worst[k] = max(x.worst[k], r[p].worst[k])
				x.worstB[k] = max(x.worstB[k], r[p].worstB[k])
			}
		}
	}
	pct := func(a, n int) string {
		return strconv.Itoa(a) + " (" + tabular.Fixed(100*float64(a)/float64(n), 1) + "%)"
	}
	for f, fm := range fams {
		for p, name := range pols {
			x := res[f][p]
			bs := tabular.Fixed(x.bmin, 0)
			if x.bmax > x.bmin {
				bs += "–" + tabular.Fixed(x.bmax, 0)
			}
			t.Add(fm.name, name, strconv.Itoa(x.n), bs,
				pct(x.late[0], x.n), pct(x.beyond[0], x.n), tabular.Fixed(x.worst[0], 1), tabular.Fixed(x.worstB[0], 2),
				pct(x.late[1], x.n), pct(x.beyond[1], x.n), tabular.Fixed(x.worst[1], 1), tabular.Fixed(x.worstB[1], 2),
				pct(x.late[2], x.n), pct(x.beyond[2], x.n), tabular.Fixed(x.worstB[2], 2))
		}
	}
	env.logf("protectiveness: done\n")
	return t, env.writeTable("hpfsp-protect", t)
}

func finishes(r *cluster.Result) []float64 {
	out := make([]float64, len(r.Jobs))
	for k, j := range r.Jobs {
		out[k] = j.Finish
	}
	return out
}
