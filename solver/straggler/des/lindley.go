package des

import "math"

// lindley simulates replication r by Lindley's recursion. A FIFO single
// server without preemption starts task j when it arrives or when task
// j−1 leaves, whichever is later, and holds it for its service time:
// start_j = max(A_j, D_{j−1}), D_j = start_j + S_j. Tasks reach a node in
// job order (arrival clocks only increase), so one pass over the jobs in
// order, drawing each job's inputs as it goes, yields exactly the
// timestamps an event-driven simulation of the same draws produces
// (eventheap.go; TestEnginesIdentical checks it bit for bit).
func (c Config) lindley(r uint64) *trace {
	tr := c.newTrace()
	d := c.newDrawer(r)
	K := len(c.Nodes)
	a, s := make([]float64, K), make([]float64, K)
	last := make([]float64, K) // departure of the previous task at each node
	for j := 0; j < c.Warmup+c.Jobs; j++ {
		d.next(tr.active, a, s)
		soj := 0.0
		for i, n := range c.Nodes {
			if !tr.active[i] {
				continue
			}
			b := math.Max(a[i], last[i])
			last[i] = b + s[i]
			tr.arr[i][j], tr.start[i][j], tr.dep[i][j] = a[i], b, last[i]
			soj = math.Max(soj, last[i]-a[i]+n.Delay)
		}
		if j >= c.Warmup {
			tr.sojourn[j-c.Warmup] = soj
		}
	}
	return tr
}
