package experiments

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// SWIMPolicies are all five policies.
var SWIMPolicies = []string{"fifo", "fair", "lsps", "hpfsp", "ppfsp"}

// SWIM runs a SWIM-derived workload through every policy; name labels the
// output files (swim-<name>.*). Rows: mean response, mean slowdown, the
// 50/95/99th percentile response, and the mean response of small
// (1 map task), medium (2–100) and large (> 100) jobs.
func SWIM(env Env, w *workload.Workload, name string) (*tabular.Table, error) {
	results := make([]*cluster.Result, len(SWIMPolicies))
	if err := env.parallel(len(SWIMPolicies), func(i int) {
		results[i] = env.simulate(w, SWIMPolicies[i])
		env.logf("swim %s: %s done (%d events)\n", name, SWIMPolicies[i], results[i].Events)
	}); err != nil {
		return nil, err
	}
	t := &tabular.Table{Title: fmt.Sprintf("SWIM %s: %d jobs, %d nodes × (%d map + %d reduce) slots", name, len(w.Jobs), w.Nodes, w.MapSlots, w.ReduceSlots),
		Header:     []string{"policy", "mean response (s)", "mean slowdown", "p50 (s)", "p95 (s)", "p99 (s)", "small (s)", "medium (s)", "large (s)"},
		RightAlign: []bool{false, true, true, true, true, true, true, true, true}}
	resp := Series{Name: "mean response (s)"}
	slow := Series{Name: "mean slowdown"}
	for i, r := range results {
		rs := make([]float64, len(r.Jobs))
		var cls [3]struct {
			s float64
			n int
		}
		for k, j := range r.Jobs {
			rs[k] = j.Response
			c := 0
			if n := len(w.Jobs[k].Map); n > 100 {
				c = 2
			} else if n > 1 {
				c = 1
			}
			cls[c].s += j.Response
			cls[c].n++
		}
		sort.Float64s(rs)
		q := func(p float64) string { return tabular.Fixed(rs[min(len(rs)-1, int(p*float64(len(rs))))], 1) }
		cm := func(c int) string {
			if cls[c].n == 0 {
				return "-"
			}
			return tabular.Fixed(cls[c].s/float64(cls[c].n), 1) + " (" + strconv.Itoa(cls[c].n) + ")"
		}
		t.Add(SWIMPolicies[i], tabular.Fixed(r.MeanResponse, 1), tabular.Fixed(r.MeanSlowdown, 2), q(0.5), q(0.95), q(0.99), cm(0), cm(1), cm(2))
		resp.Y = append(resp.Y, r.MeanResponse)
		slow.Y = append(slow.Y, r.MeanSlowdown)
	}
	if err := env.writeTable("swim-"+name, t); err != nil {
		return nil, err
	}
	if err := env.figure(Figure{Name: "swim-" + name + "-slowdown", Title: "SWIM " + name + ": mean slowdown (log scale)",
		YLabel: "mean slowdown", Kind: GroupFigure, Labels: SWIMPolicies, Series: []Series{slow}, LogY: true}); err != nil {
		return nil, err
	}
	return t, env.figure(Figure{Name: "swim-" + name + "-response", Title: "SWIM " + name + ": mean response time (log scale)",
		YLabel: "seconds", Kind: GroupFigure, Labels: SWIMPolicies, Series: []Series{resp}, LogY: true})
}
