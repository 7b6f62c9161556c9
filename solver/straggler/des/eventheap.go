package des

import "math"

// event is a task arrival or departure at a node. seq (the order in which
// events were scheduled) breaks ties in time, so the loop is deterministic.
type event struct {
	t         float64
	seq       uint64
	node, job int32
	departure bool
}

func eventLess(a, b *event) bool { return a.t < b.t || (a.t == b.t && a.seq < b.seq) }

// eventQueue is a binary min-heap of events under eventLess, typed so that
// the comparison inlines in the hot loop (the generic internal/pq.Heap
// calls it through a function value; a pop and a push on 40 events took
// 1.6 to 3 times as long with it, side by side). (time, seq) is a total
// order, so the pop sequence does not depend on the heap's layout.
type eventQueue []event

func (q *eventQueue) push(e event) {
	*q = append(*q, e)
	h := *q
	k := len(h) - 1
	for k > 0 {
		p := (k - 1) / 2
		if !eventLess(&h[k], &h[p]) {
			break
		}
		h[k], h[p] = h[p], h[k]
		k = p
	}
}

func (q *eventQueue) pop() event {
	h := *q
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	k := 0
	for {
		c := 2*k + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && eventLess(&h[r], &h[c]) {
			c = r
		}
		if !eventLess(&h[c], &h[k]) {
			break
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
	*q = h
	return top
}

// eventHeap simulates replication r as a single-threaded discrete-event
// loop: a heap (eventQueue) of arrival and departure events ordered by (time, seq), a
// FIFO queue and a busy flag per node, and per job the number of tasks
// still out and their largest response (the fork-join bookkeeping); a job
// leaves when its last task does. Job j+1's inputs are drawn when job j's
// first task arrives, which precedes every arrival of job j+1, so the
// draws are those of lindley, in the same order. Service times wait in
// dep until the task starts.
func (c Config) eventHeap(r uint64) *trace {
	tr := c.newTrace()
	d := c.newDrawer(r)
	K, total := len(c.Nodes), c.Warmup+c.Jobs
	loaded := 0
	for _, on := range tr.active {
		if on {
			loaded++
		}
	}
	a, s := make([]float64, K), make([]float64, K)
	out := make([]int32, total)     // tasks of job j not yet departed
	worst := make([]float64, total) // largest task response of job j so far
	queue := make([][]int32, K)     // FIFO of waiting jobs per node
	head := make([]int, K)          // index of the queue's first element
	busy := make([]bool, K)
	var h eventQueue
	var seq uint64
	push := func(e event) {
		e.seq = seq
		seq++
		h.push(e)
	}
	created := 0
	create := func() {
		j := created
		created++
		d.next(tr.active, a, s)
		out[j] = int32(loaded)
		for i := range c.Nodes {
			if tr.active[i] {
				tr.arr[i][j], tr.dep[i][j] = a[i], s[i]
				push(event{t: a[i], node: int32(i), job: int32(j)})
			}
		}
	}
	serve := func(i, j int, t float64) {
		tr.start[i][j] = t
		tr.dep[i][j] += t // service time + start
		busy[i] = true
		push(event{t: tr.dep[i][j], node: int32(i), job: int32(j), departure: true})
	}
	create()
	for len(h) > 0 {
		e := h.pop()
		i, j := int(e.node), int(e.job)
		if !e.departure {
			if created == j+1 && created < total { // job j's first task: draw job j+1
				create()
			}
			if busy[i] {
				queue[i] = append(queue[i], int32(j))
			} else {
				serve(i, j, e.t)
			}
			continue
		}
		worst[j] = math.Max(worst[j], e.t-tr.arr[i][j]+c.Nodes[i].Delay)
		if out[j]--; out[j] == 0 && j >= c.Warmup {
			tr.sojourn[j-c.Warmup] = worst[j]
		}
		busy[i] = false
		if head[i] < len(queue[i]) {
			next := int(queue[i][head[i]])
			if head[i]++; head[i] == len(queue[i]) {
				queue[i], head[i] = queue[i][:0], 0
			}
			serve(i, next, e.t)
		}
	}
	return tr
}
