package cluster

import (
	"sort"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/pq"
)

// FluidPS returns each job's finish time under the fluid processor-sharing
// reference of H-PFSP (§II-A: "take parallel slots as a processor with the
// aggregated capacity"): one server of capacity 1 shared equally by the
// jobs present, job i needing w_i = (map slot-seconds)/N(S)_M + (reduce
// slot-seconds)/N(S)_R units (eq. 3–5 with exact sizes). It uses PS virtual
// time: V advances at rate 1/m while m jobs are present, and a job arriving
// at virtual time V_a leaves when V reaches V_a + w_i; O(n log n).
func FluidPS(w *workload.Workload) []float64 {
	n := len(w.Jobs)
	nm, nr := float64(w.TotalMapSlots()), float64(w.TotalReduceSlots())
	size := make([]float64, n)
	order := make([]int, n)
	for i := range w.Jobs {
		size[i] = w.Jobs[i].MapWork() / nm
		if len(w.Jobs[i].Reduce) > 0 {
			size[i] += w.Jobs[i].ReduceWork() / nr
		}
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return w.Jobs[order[a]].Submit < w.Jobs[order[b]].Submit })
	finish := make([]float64, n)
	h := pq.New(vfLess)
	now, V := 0.0, 0.0
	next := 0
	for next < n || h.Len() > 0 {
		m := float64(h.Len())
		tDone := now
		if m > 0 {
			tDone = now + (h.Top().v-V)*m
		}
		if next < n && (m == 0 || w.Jobs[order[next]].Submit < tDone) {
			ta := w.Jobs[order[next]].Submit
			if m > 0 {
				V += (ta - now) / m
			}
			now = ta
			i := order[next]
			next++
			h.Push(vf{V + size[i], i})
			continue
		}
		now, V = tDone, h.Top().v
		for h.Len() > 0 && h.Top().v <= V {
			finish[h.Pop().job] = now
		}
	}
	return finish
}

type vf struct {
	v   float64
	job int
}

// vfLess orders by virtual finish time, then job index.
func vfLess(a, b vf) bool {
	return a.v < b.v || a.v == b.v && a.job < b.job
}

// TaskBound returns B = 2·(p_M + p_R), p_M and p_R the longest map and
// reduce task of w: what indivisible tasks and whole slots can cost one job
// against the fluid model in which its scheduler serves it with the whole
// cluster from some instant t on (what the fluid Parallel PFSP does to the
// job it picks). Per phase, the job first waits for slots to free (at most
// the longest task of that type, non-preemption), then its tasks are
// list-scheduled, which ends by W/N + p·(1 − 1/N) after the last slot is
// free (Graham's bound; W the phase's work, N its slots), against W/N in
// the fluid model: at most 2p per phase, summed over the two slot types
// (docs/appendix/cluster.md, "Protectiveness"). It is a yardstick for a
// single decision, not a bound on the cascade of several jobs' deviations.
func TaskBound(w *workload.Workload) float64 {
	var pm, pr float64
	for i := range w.Jobs {
		for _, d := range w.Jobs[i].Map {
			pm = max(pm, d)
		}
		for _, d := range w.Jobs[i].Reduce {
			pr = max(pr, d)
		}
	}
	return 2 * (pm + pr)
}
