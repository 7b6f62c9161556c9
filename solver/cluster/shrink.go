package cluster

import (
	"errors"

	"github.com/mrsched/mrsched/instances/workload"
)

// ErrNotFailing is returned by Shrink when the predicate does not hold on
// the workload it was given.
var ErrNotFailing = errors.New("cluster: shrink: the predicate does not hold on the input workload")

// Shrink returns a small sub-workload of w on which bad still holds, by
// delta debugging (Zeller and Hildebrandt's ddmin): first over the jobs,
// then over each job's map tasks (at least one is kept) and reduce tasks,
// then the node count and the slots per node, repeated until nothing more
// can be removed. The result is 1-minimal: removing any single remaining
// job or task, or one node or slot, makes bad false. Invalid candidates
// (workload.Workload.Validate) are skipped. w is not modified; bad must be
// deterministic.
func Shrink(w *workload.Workload, bad func(*workload.Workload) bool) (*workload.Workload, error) {
	cur := w.Clone()
	ok := func(c *workload.Workload) bool { return c.Validate() == nil && bad(c) }
	if !ok(cur) {
		return nil, ErrNotFailing
	}
	for changed := true; changed; {
		changed = false
		// Jobs.
		keep := ddmin(len(cur.Jobs), func(idx []int) bool { return ok(subJobs(cur, idx)) })
		if len(keep) < len(cur.Jobs) {
			cur, changed = subJobs(cur, keep), true
		}
		// Tasks of each job.
		for j := range cur.Jobs {
			for _, red := range []bool{false, true} {
				tasks := cur.Jobs[j].Map
				if red {
					tasks = cur.Jobs[j].Reduce
				}
				keep := ddmin(len(tasks), func(idx []int) bool {
					if !red && len(idx) == 0 {
						return false
					}
					return ok(subTasks(cur, j, red, idx))
				})
				if len(keep) < len(tasks) {
					cur, changed = subTasks(cur, j, red, keep), true
				}
			}
		}
		// Nodes and slots.
		for _, f := range []func(*workload.Workload) *int{
			func(c *workload.Workload) *int { return &c.Nodes },
			func(c *workload.Workload) *int { return &c.MapSlots },
			func(c *workload.Workload) *int { return &c.ReduceSlots },
		} {
			for *f(cur) > 1 {
				c := cur.Clone()
				*f(c)--
				if !ok(c) {
					break
				}
				cur, changed = c, true
			}
		}
	}
	return cur, nil
}

func subJobs(w *workload.Workload, idx []int) *workload.Workload {
	c := *w
	c.Jobs = make([]workload.Job, 0, len(idx))
	for _, i := range idx {
		j := w.Jobs[i]
		j.Map = append([]float64(nil), j.Map...)
		j.Reduce = append([]float64(nil), j.Reduce...)
		c.Jobs = append(c.Jobs, j)
	}
	return &c
}

func subTasks(w *workload.Workload, j int, red bool, idx []int) *workload.Workload {
	c := w.Clone()
	src := w.Jobs[j].Map
	if red {
		src = w.Jobs[j].Reduce
	}
	ts := make([]float64, 0, len(idx))
	for _, i := range idx {
		ts = append(ts, src[i])
	}
	if red {
		c.Jobs[j].Reduce = ts
	} else {
		c.Jobs[j].Map = ts
	}
	return c
}

// ddmin returns a 1-minimal subset (as sorted indices of 0..n-1) on which
// test holds, assuming it holds on all n items: Zeller and Hildebrandt's
// algorithm, trying subsets and complements at granularity g = 2, 4, …
func ddmin(n int, test func(idx []int) bool) []int {
	cur := make([]int, n)
	for i := range cur {
		cur[i] = i
	}
	g := 2
	for len(cur) >= 2 {
		size := (len(cur) + g - 1) / g
		reduced := false
		for start := 0; start < len(cur) && !reduced; start += size {
			end := min(start+size, len(cur))
			sub := append([]int(nil), cur[start:end]...)
			if test(sub) {
				cur, g, reduced = sub, 2, true
				break
			}
			comp := append(append([]int(nil), cur[:start]...), cur[end:]...)
			if g > 2 && test(comp) {
				cur, g, reduced = comp, max(g-1, 2), true
			}
		}
		if !reduced {
			if g >= len(cur) {
				break
			}
			g = min(2*g, len(cur))
		}
	}
	if len(cur) == 1 && test(nil) {
		return nil
	}
	return cur
}
