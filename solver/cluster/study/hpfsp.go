package study

import (
	"fmt"
	"strconv"

	cw "github.com/mrsched/mrsched/instances/cluster"
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

func runCurve(env Env, label string, xs []float64, pols []string, seeds int, work func(x float64, seed uint64) *cw.Workload, metric func(*cluster.Result) float64) *curve {
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
	parallel(total, func(i int) {
		p := i % len(pols)
		s := (i / len(pols)) % seeds
		k := i / len(pols) / seeds
		w := work(xs[k], uint64(s+1))
		c.y[p][k][s] = metric(simulate(w, pols[p]))
		mu.lock()
		done++
		env.logf("\r%s: %d/%d runs", label, done, total)
		mu.unlock()
	})
	env.logf("\n")
	return c
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
			row = append(row, ci(c.y[p][k]).String())
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
			m := ci(c.y[p][k])
			s.Y = append(s.Y, m.Mean)
			s.Err = append(s.Err, m.Half)
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
	c := runCurve(env, "fig2", xs, HPFSPPolicies, seeds, func(x float64, s uint64) *cw.Workload { return cw.Fig2(int(x), s) },
		func(r *cluster.Result) float64 { return r.MeanResponse })
	return env.emit("hpfsp-fig2", "H-PFSP Fig. 2: n WordCount jobs (1 GB) at t = 0", "jobs", "mean flow time (s)", c)
}

// HPFSPFig3a is Fig. 3(a): five TeraSort jobs of equal size 1..5 GB
// submitted together; mean flow time.
func HPFSPFig3a(env Env, seeds int) (*tabular.Table, error) {
	c := runCurve(env, "fig3a", []float64{1, 2, 3, 4, 5}, HPFSPPolicies, seeds,
		func(x float64, s uint64) *cw.Workload { return cw.Fig3Equal(x, 5, s) },
		func(r *cluster.Result) float64 { return r.MeanResponse })
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
	parallel(seeds*len(HPFSPPolicies), func(i int) {
		p, s := i%len(HPFSPPolicies), i/len(HPFSPPolicies)
		r := simulate(cw.Fig3Mixed(uint64(s+1)), HPFSPPolicies[p])
		for k := range xs {
			c.y[p][k][s] = r.Jobs[k].Response
		}
	})
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
	c := runCurve(env, name, []float64{0}, pols, seeds, func(_ float64, s uint64) *cw.Workload { return cw.Fig4(sigma, s) },
		func(r *cluster.Result) float64 { return r.MeanSlowdown })
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
// policy, the fraction of jobs finishing later than under fluid PS
// (FluidPS) and than under the slot-level Fair scheduler, with the worst
// excess in seconds.
func Protect(env Env, seeds int) (*tabular.Table, error) {
	type fam struct {
		name string
		gen  func(s uint64) *cw.Workload
	}
	fams := []fam{
		{"LsPS Table II", cw.TableII},
		{"Fig. 2 (n = 10)", func(s uint64) *cw.Workload { return cw.Fig2(10, s) }},
		{"Fig. 3(b)", cw.Fig3Mixed},
		{"Fig. 4", func(s uint64) *cw.Workload { return cw.Fig4(0, s) }},
		{"Fig. 5", func(s uint64) *cw.Workload { return cw.Fig4(2.236, s) }},
	}
	pols := []string{"hpfsp-2", "hpfsp-5", "ppfsp", "lsps", "fifo"}
	t := &tabular.Table{Title: fmt.Sprintf("Protectiveness: jobs finishing later than fluid PS / than Fair (%d seeds)", seeds),
		Header:     []string{"workload", "policy", "jobs", "later than PS", "worst excess vs PS (s)", "later than Fair", "worst excess vs Fair (s)"},
		RightAlign: []bool{false, false, true, true, true, true, true}}
	type agg struct {
		n, latePS, lateFair int
		worstPS, worstFair  float64
	}
	res := make([][]agg, len(fams))
	for f := range fams {
		res[f] = make([]agg, len(pols))
	}
	type one struct{ a []agg }
	runs := make([]one, len(fams)*seeds)
	parallel(len(fams)*seeds, func(i int) {
		f, s := i/seeds, i%seeds
		w := fams[f].gen(uint64(s + 1))
		ps := cluster.FluidPS(w)
		fair := simulate(w, "fair")
		a := make([]agg, len(pols))
		for p, name := range pols {
			r := simulate(w, name)
			for k, j := range r.Jobs {
				a[p].n++
				if !tolerance.LE(j.Finish, ps[k]) {
					a[p].latePS++
					a[p].worstPS = max(a[p].worstPS, j.Finish-ps[k])
				}
				if !tolerance.LE(j.Finish, fair.Jobs[k].Finish) {
					a[p].lateFair++
					a[p].worstFair = max(a[p].worstFair, j.Finish-fair.Jobs[k].Finish)
				}
			}
		}
		runs[i].a = a
	})
	for i, r := range runs {
		f := i / seeds
		for p := range pols {
			x := &res[f][p]
			x.n += r.a[p].n
			x.latePS += r.a[p].latePS
			x.lateFair += r.a[p].lateFair
			x.worstPS = max(x.worstPS, r.a[p].worstPS)
			x.worstFair = max(x.worstFair, r.a[p].worstFair)
		}
	}
	for f, fm := range fams {
		for p, name := range pols {
			x := res[f][p]
			t.Add(fm.name, name, strconv.Itoa(x.n),
				tabular.Fixed(100*float64(x.latePS)/float64(x.n), 1)+"%", tabular.Fixed(x.worstPS, 1),
				tabular.Fixed(100*float64(x.lateFair)/float64(x.n), 1)+"%", tabular.Fixed(x.worstFair, 1))
		}
	}
	env.logf("protectiveness: done\n")
	return t, env.writeTable("hpfsp-protect", t)
}
