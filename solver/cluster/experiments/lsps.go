package experiments

import (
	"fmt"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/confint"
	"github.com/mrsched/mrsched/tabular"
)

// LsPSPolicies are the schedulers of the LsPS experiment (Fig. 1).
var LsPSPolicies = []string{"fifo", "fair", "lsps"}

// LsPSResult holds, per policy and per user (the last "user" is the overall
// mean over all jobs), the mean response time in every seed.
type LsPSResult struct {
	Users    []string
	Policies []string
	// Resp[p][u][s]: policy p, user u (len(Users) = overall), seed s.
	Resp [][][]float64
}

// LsPSTableII runs the Table II workload for seeds 1..seeds under FIFO,
// Fair and LsPS (α = 1).
func LsPSTableII(env Env, seeds int) (*LsPSResult, error) {
	if seeds < 1 {
		return nil, fmt.Errorf("experiments: need at least one seed, got %d", seeds)
	}
	users, _ := workload.TableII(1).Users()
	res := &LsPSResult{Users: users, Policies: LsPSPolicies}
	res.Resp = make([][][]float64, len(LsPSPolicies))
	for p := range res.Resp {
		res.Resp[p] = make([][]float64, len(users)+1)
		for u := range res.Resp[p] {
			res.Resp[p][u] = make([]float64, seeds)
		}
	}
	done := 0
	var mu chanMutex = make(chan struct{}, 1)
	err := env.parallel(seeds*len(LsPSPolicies), func(i int) {
		s, p := i/len(LsPSPolicies), i%len(LsPSPolicies)
		w := workload.TableII(uint64(s + 1))
		r := env.simulate(w, LsPSPolicies[p])
		for u, ur := range r.Users {
			res.Resp[p][u][s] = ur.MeanResponse
		}
		res.Resp[p][len(users)][s] = r.MeanResponse
		mu.lock()
		done++
		env.logf("\rlsps table II: %d/%d runs", done, seeds*len(LsPSPolicies))
		mu.unlock()
	})
	env.logf("\n")
	if err != nil {
		return nil, err
	}
	return res, nil
}

type chanMutex chan struct{}

func (m chanMutex) lock()   { m <- struct{}{} }
func (m chanMutex) unlock() { <-m }

// Table returns per-user rows: mean response ± 95% CI per policy, and the
// ratios FIFO/LsPS, Fair/LsPS and FIFO/Fair of the means.
func (r *LsPSResult) Table() *tabular.Table {
	t := &tabular.Table{Title: fmt.Sprintf("LsPS Table II workload: mean response time (s), %d seeds, 95%% CI", len(r.Resp[0][0])),
		Header:     []string{"user", "FIFO", "Fair", "LsPS", "FIFO/Fair", "FIFO/LsPS", "Fair/LsPS"},
		RightAlign: []bool{false, true, true, true, true, true, true}}
	for u := 0; u <= len(r.Users); u++ {
		name := "overall"
		if u < len(r.Users) {
			name = r.Users[u]
		}
		c := make([]confint.Interval, 3)
		for p := range c {
			c[p] = confint.Student95(r.Resp[p][u])
		}
		t.Add(name, c[0].Fixed(1), c[1].Fixed(1), c[2].Fixed(1),
			tabular.Fixed(c[0].Mean/c[1].Mean, 2), tabular.Fixed(c[0].Mean/c[2].Mean, 2), tabular.Fixed(c[1].Mean/c[2].Mean, 2))
	}
	return t
}

// Figure returns the data of the Table II figure: per user (and overall)
// the mean response time with its 95 % interval under FIFO, Fair and LsPS.
func (r *LsPSResult) Figure() Figure {
	labels := append(append([]string(nil), r.Users...), "overall")
	var ss []Series
	for p, name := range []string{"FIFO", "Fair", "LsPS"} {
		s := Series{Name: name}
		for u := range labels {
			c := confint.Student95(r.Resp[p][u])
			s.Y = append(s.Y, c.Mean)
			s.Err = append(s.Err, c.HalfWidth)
		}
		ss = append(ss, s)
	}
	return Figure{Name: "lsps-table2", Title: "LsPS Table II: mean response time (95% CI)", YLabel: "seconds",
		Kind: GroupFigure, Labels: labels, Series: ss}
}

// Write writes the table and the figure (lsps-table2.{csv,md}, and the
// figure through Env.Render).
func (r *LsPSResult) Write(env Env) error {
	if err := env.writeTable("lsps-table2", r.Table()); err != nil {
		return err
	}
	return env.figure(r.Figure())
}
