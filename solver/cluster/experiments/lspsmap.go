package experiments

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// LsPSMapPoint is one setting of the parameters LsPS's paper leaves
// unstated: every task time × TimeScale (the task-time model's speed, hence
// the load), reduce task times × ReduceScale on top (how reduce-heavy the
// applications are), SlotsPerNode map and as many reduce slots on each of
// the 11 nodes, and the TaskTracker heartbeat in seconds (0: at once).
type LsPSMapPoint struct {
	TimeScale, ReduceScale float64
	SlotsPerNode           int
	Heartbeat              float64
}

// LsPSMapGrid is the map of the study: 4 × 3 × 3 × 2 = 72 settings around
// the defaults (1, 1, 2 slots, no heartbeat).
func LsPSMapGrid() []LsPSMapPoint {
	var g []LsPSMapPoint
	for _, hb := range []float64{0, 3} {
		for _, sl := range []int{1, 2, 4} {
			for _, rs := range []float64{0.25, 1, 4} {
				for _, ts := range []float64{0.5, 0.75, 1, 1.25} {
					g = append(g, LsPSMapPoint{TimeScale: ts, ReduceScale: rs, SlotsPerNode: sl, Heartbeat: hb})
				}
			}
		}
	}
	return g
}

// LsPSMapRow is the outcome at one point, means over seeds: overall
// FIFO/LsPS and Fair/LsPS mean-response ratios, and per user the ratio of
// the user's mean response under FIFO (Fair) to LsPS, of which the
// smallest is reported (< 1: some user is worse off under LsPS).
type LsPSMapRow struct {
	Point                  LsPSMapPoint
	FIFOOverLsPS           float64
	FairOverLsPS           float64
	MinUserFIFO, MinUserFa float64
	WorstUser              string // the user with the smallest FIFO/LsPS
	Holds                  bool   // FIFO/LsPS ≥ 3.5, Fair/LsPS ≥ 1.8 and every user ≥ 1 against both
}

// Paper factors of Yao et al. §III (Table II workload).
const (
	PaperFIFOOverLsPS = 3.5
	PaperFairOverLsPS = 1.8
)

func transform(w *workload.Workload, p LsPSMapPoint) *workload.Workload {
	c := w.Clone()
	c.MapSlots, c.ReduceSlots = p.SlotsPerNode, p.SlotsPerNode
	for i := range c.Jobs {
		for k := range c.Jobs[i].Map {
			c.Jobs[i].Map[k] *= p.TimeScale
		}
		for k := range c.Jobs[i].Reduce {
			c.Jobs[i].Reduce[k] *= p.TimeScale * p.ReduceScale
		}
	}
	return c
}

// LsPSMap runs the Table II workload (seeds 1..seeds) under FIFO, Fair and
// LsPS at every point of grid and reports where the paper's two factors and
// its no-sacrifice claim hold together. It does not tune anything: it maps.
func LsPSMap(env Env, grid []LsPSMapPoint, seeds int) ([]LsPSMapRow, *tabular.Table, error) {
	if seeds < 1 {
		return nil, nil, fmt.Errorf("experiments: need at least one seed, got %d", seeds)
	}
	users, _ := workload.TableII(1).Users()
	nu := len(users)
	// resp[point][seed][policy][user or overall]
	resp := make([][][3][]float64, len(grid))
	for i := range resp {
		resp[i] = make([][3][]float64, seeds)
	}
	err := env.parallel(len(grid)*seeds, func(i int) {
		g, s := i/seeds, i%seeds
		w := transform(workload.TableII(uint64(s+1)), grid[g])
		for p, name := range LsPSPolicies {
			r, err := cluster.Simulate(w, policy(name), cluster.Options{Heartbeat: grid[g].Heartbeat, Context: env.Context})
			if errors.Is(err, cluster.ErrStopped) {
				panic(stopped{err})
			}
			if err != nil {
				panic(fmt.Sprintf("experiments: lsps map: %v", err)) // generated workloads and grid values are valid
			}
			out := make([]float64, nu+1)
			for u, ur := range r.Users {
				out[u] = ur.MeanResponse
			}
			out[nu] = r.MeanResponse
			resp[g][s][p] = out
		}
	})
	if err != nil {
		return nil, nil, err
	}
	t := &tabular.Table{Title: fmt.Sprintf("LsPS factors over the unstated parameters (Table II workload, %d seeds; paper: FIFO/LsPS %.1f, Fair/LsPS %.1f, no user worse off)", seeds, PaperFIFOOverLsPS, PaperFairOverLsPS),
		Header:     []string{"time scale", "reduce scale", "slots/node", "heartbeat (s)", "FIFO/LsPS", "Fair/LsPS", "min user FIFO/LsPS", "worst user", "min user Fair/LsPS", "all three hold"},
		RightAlign: []bool{true, true, true, true, true, true, true, false, true, false}}
	rows := make([]LsPSMapRow, len(grid))
	for g, pt := range grid {
		mean := func(p, u int) float64 {
			x := 0.0
			for s := 0; s < seeds; s++ {
				x += resp[g][s][p][u]
			}
			return x / float64(seeds)
		}
		row := LsPSMapRow{Point: pt, FIFOOverLsPS: mean(0, nu) / mean(2, nu), FairOverLsPS: mean(1, nu) / mean(2, nu)}
		row.MinUserFIFO, row.MinUserFa = -1, -1
		for u := 0; u < nu; u++ {
			f, fa := mean(0, u)/mean(2, u), mean(1, u)/mean(2, u)
			if row.MinUserFIFO < 0 || f < row.MinUserFIFO {
				row.MinUserFIFO, row.WorstUser = f, users[u]
			}
			if row.MinUserFa < 0 || fa < row.MinUserFa {
				row.MinUserFa = fa
			}
		}
		row.Holds = row.FIFOOverLsPS >= PaperFIFOOverLsPS && row.FairOverLsPS >= PaperFairOverLsPS && row.MinUserFIFO >= 1 && row.MinUserFa >= 1
		rows[g] = row
		yes := "no"
		if row.Holds {
			yes = "yes"
		}
		t.Add(tabular.Float(pt.TimeScale), tabular.Float(pt.ReduceScale), strconv.Itoa(pt.SlotsPerNode), tabular.Float(pt.Heartbeat),
			tabular.Fixed(row.FIFOOverLsPS, 2), tabular.Fixed(row.FairOverLsPS, 2), tabular.Fixed(row.MinUserFIFO, 2), row.WorstUser,
			tabular.Fixed(row.MinUserFa, 2), yes)
	}
	env.logf("lsps map: %d settings × %d seeds done\n", len(grid), seeds)
	if err := env.writeTable("lsps-map", t); err != nil {
		return nil, nil, err
	}
	for _, f := range LsPSMapFigures(rows) {
		if err := env.figure(f); err != nil {
			return nil, nil, err
		}
	}
	return rows, t, nil
}

// LsPSMapFigures returns the map's figures without heartbeat: FIFO/LsPS
// and Fair/LsPS against the time scale, one line per (slots per node,
// reduce scale), with the paper's factor as a flat reference line.
func LsPSMapFigures(rows []LsPSMapRow) []Figure {
	var figs []Figure
	for _, which := range []string{"FIFO", "Fair"} {
		f := Figure{Name: "lsps-map-" + map[string]string{"FIFO": "fifo", "Fair": "fair"}[which],
			Title:  which + "/LsPS mean response against task-time scale (Table II, no heartbeat)",
			XLabel: "task-time scale (load)", YLabel: which + "/LsPS", Kind: LineFigure}
		idx := map[string]int{}
		paper := Series{Name: "paper"}
		for _, r := range rows {
			if r.Point.Heartbeat != 0 {
				continue
			}
			key := fmt.Sprintf("%d slots, reduce ×%g", r.Point.SlotsPerNode, r.Point.ReduceScale)
			k, ok := idx[key]
			if !ok {
				k = len(f.Series)
				idx[key] = k
				f.Series = append(f.Series, Series{Name: key})
			}
			y := r.FIFOOverLsPS
			if which == "Fair" {
				y = r.FairOverLsPS
			}
			f.Series[k].X = append(f.Series[k].X, r.Point.TimeScale)
			f.Series[k].Y = append(f.Series[k].Y, y)
			if k == 0 {
				paper.X = append(paper.X, r.Point.TimeScale)
				if which == "FIFO" {
					paper.Y = append(paper.Y, PaperFIFOOverLsPS)
				} else {
					paper.Y = append(paper.Y, PaperFairOverLsPS)
				}
			}
		}
		f.Series = append(f.Series, paper)
		figs = append(figs, f)
	}
	return figs
}
