package fluid

import (
	"container/heap"

	"github.com/mrsched/mrsched/instances"
)

// Dependencies (instances.Job.After). A job with predecessors becomes
// eligible, and enters the system as an arrival, at its eligibility time
// max(r_j, the last predecessor's completion); every policy then treats
// it as a job arriving at that time (FIFO and PS order jobs by their
// entry into the system). Response times are measured from the release
// r_j all the same. Instances with dependencies run in the generic event
// loop (genericStep); the specialised loops serve instances without them.

// depSource is the source of an instance with dependencies: the eligible
// jobs in order of eligibility time, ties by instance index. Departures
// (done) make successors eligible; the generic loop calls refill after
// each event's departures so that a job made eligible now arrives now.
type depSource struct {
	in    *instances.Instance
	e     *engine
	succ  [][]int
	indeg []int
	ready eligHeap
	fresh bool // done made some job eligible since the last refill
}

type elig struct {
	at  float64 // eligibility time
	idx int     // instance index
}

type eligHeap []elig

func (h eligHeap) Len() int { return len(h) }
func (h eligHeap) Less(a, b int) bool {
	if h[a].at != h[b].at {
		return h[a].at < h[b].at
	}
	return h[a].idx < h[b].idx
}
func (h eligHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *eligHeap) Push(x any)   { *h = append(*h, x.(elig)) }
func (h *eligHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func newDepSource(in *instances.Instance) *depSource {
	s := &depSource{in: in, succ: in.Successors(), indeg: make([]int, in.N())}
	for i, j := range in.Jobs {
		s.indeg[i] = len(j.After)
		if s.indeg[i] == 0 {
			s.ready = append(s.ready, elig{j.Release, i})
		}
	}
	heap.Init(&s.ready)
	return s
}

// Next returns the next eligible job with its eligibility time as its
// release, and records its instance index as the engine's next arrival.
func (s *depSource) Next() (instances.Job, bool) {
	if len(s.ready) == 0 {
		return instances.Job{}, false
	}
	el := heap.Pop(&s.ready).(elig)
	j := s.in.Jobs[el.idx]
	j.Release = el.at
	s.e.order = append(s.e.order, el.idx)
	return j, true
}

// done records that job idx completed at time t.
func (s *depSource) done(idx int, t float64) {
	for _, k := range s.succ[idx] {
		if s.indeg[k]--; s.indeg[k] == 0 {
			heap.Push(&s.ready, elig{max(s.in.Jobs[k].Release, t), k})
			s.fresh = true
		}
	}
}

// refill makes the engine's look-ahead job the earliest eligible one after
// departures made jobs eligible: the job pulled before (later, or none
// when no job was eligible then) goes back to the heap, unpulled.
func (s *depSource) refill() {
	if !s.fresh {
		return
	}
	s.fresh = false
	e := s.e
	if e.hasNext {
		idx := e.order[len(e.order)-1]
		e.order = e.order[:len(e.order)-1]
		heap.Push(&s.ready, elig{e.next.Release, idx})
	}
	// Every job in the system arrived by now, and every eligibility time
	// in the heap is at least now: the release order holds from here.
	e.lastRel = e.now
	e.pull()
}
