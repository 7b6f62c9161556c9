package cluster

import (
	"errors"
	"fmt"
	"math"
	"sort"

	cw "github.com/mrsched/mrsched/instances/cluster"
)

// Phase is a task type: Map or Reduce.
type Phase int

// The two phases (and slot types).
const (
	Map Phase = iota
	Reduce
)

func (p Phase) String() string {
	if p == Map {
		return "map"
	}
	return "reduce"
}

// ErrPolicy is returned when a policy picks a job that has no runnable task
// of the requested phase (a bug in the policy, never user input).
var ErrPolicy = errors.New("cluster: policy picked a job without a runnable task")

// JobState is the simulator's view of one job, shared read-only with the
// policies.
type JobState struct {
	Index  int // index in Workload.Jobs
	Job    *cw.Job
	User   int // index into Sim.Users
	Submit float64
	// Per phase: tasks started so far (the next task to start is Next[p]),
	// tasks running, tasks finished, and the summed duration of finished
	// tasks.
	Next, Running, Done [2]int
	DoneTime            [2]float64
	FirstStart, Finish  float64
	Finished            bool
	// Σ 1/d and Σ start/d over the running tasks of each phase (Progress).
	runInv, runStartInv [2]float64
}

// Tasks returns the task durations of phase p.
func (j *JobState) Tasks(p Phase) []float64 {
	if p == Map {
		return j.Job.Map
	}
	return j.Job.Reduce
}

// NumTasks returns the number of tasks of phase p.
func (j *JobState) NumTasks(p Phase) int { return len(j.Tasks(p)) }

// Pending returns the number of runnable, not yet started tasks of phase p:
// reduce tasks count only once every map task has finished.
func (j *JobState) Pending(p Phase) int {
	if p == Reduce && j.Done[Map] < len(j.Job.Map) {
		return 0
	}
	return j.NumTasks(p) - j.Next[p]
}

// Progress returns the fraction of phase p's tasks done at time now, running
// tasks counted by elapsed/duration (Hadoop's per-task progress report). It
// is O(1): the simulator keeps Σ 1/d and Σ start/d over running tasks.
func (j *JobState) Progress(p Phase, now float64) float64 {
	n := j.NumTasks(p)
	if n == 0 {
		return 1
	}
	run := 0.0
	if j.Running[p] > 0 {
		run = now*j.runInv[p] - j.runStartInv[p]
		run = min(max(run, 0), float64(j.Running[p]))
	}
	return (float64(j.Done[p]) + run) / float64(n)
}

// Policy decides which job receives a free slot. The simulator calls the
// hooks in time order; Pick must return a job with Pending(p) > 0, or nil
// to leave the slot idle until the next event.
type Policy interface {
	Name() string
	Init(s *Sim)
	Arrive(j *JobState, now float64)
	TaskStart(j *JobState, p Phase, task int, now float64)
	TaskFinish(j *JobState, p Phase, task int, now float64)
	Depart(j *JobState, now float64)
	Pick(p Phase, now float64) *JobState
}

// Ticker is implemented by policies that need periodic work (H-PFSP's
// re-estimation, Algorithm 1): Tick is called every Interval seconds while
// jobs are in the system.
type Ticker interface {
	Interval() float64
	Tick(now float64)
}

// Advancer is implemented by policies that integrate state over time
// (H-PFSP's slack system, eq. 7–10): Advance(now) is called once per
// instant, before any job or task changes state at now, so the running
// tasks seen since the previous call are those of the whole interval.
type Advancer interface {
	Advance(now float64)
}

// Options configure a simulation.
type Options struct {
	// Heartbeat > 0 offers free slots to the policy only at multiples of
	// Heartbeat seconds (Hadoop's TaskTracker heartbeat); 0 assigns at once.
	Heartbeat float64
	// Timeline records every task's slot and times in Result.Timeline.
	Timeline bool
}

// Sim is the state visible to policies.
type Sim struct {
	W           *cw.Workload
	Users       []string
	Slots       [2]int      // N(S)_M and N(S)_R
	Active      []*JobState // jobs in the system, in (submit, index) order
	Jobs        []JobState  // all jobs, by workload index
	PendingAll  [2]int      // Σ Pending(p) over active jobs
	RunningAll  [2]int
	events      eventHeap
	seq         int64
	free        [2]intHeap
	eventsCount int64
}

type eventKind int8

const (
	evFinish eventKind = iota
	evTick
	evBeat
)

type event struct {
	t     float64
	start float64
	kind  eventKind
	seq   int64
	job   int32
	phase Phase
	task  int32
	slot  int32
}

// eventHeap is a binary min-heap of events by (t, kind, seq), a total
// order (seq is unique), written out for the event type: container/heap
// boxes every pushed value in an interface, an allocation per event.
type eventHeap []event

func (h eventHeap) less(a, b int) bool {
	if h[a].t != h[b].t {
		return h[a].t < h[b].t
	}
	if h[a].kind != h[b].kind {
		return h[a].kind < h[b].kind
	}
	return h[a].seq < h[b].seq
}

func (h *eventHeap) push(e event) {
	*h = append(*h, e)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if !a.less(i, p) {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *eventHeap) pop() event {
	a := *h
	x := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a.less(l, m) {
			m = l
		}
		if l+1 < n && a.less(l+1, m) {
			m = l + 1
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return x
}

// intHeap is a binary min-heap of slot numbers.
type intHeap []int32

func (h *intHeap) push(x int32) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if a[p] <= a[i] {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *intHeap) pop() int32 {
	a := *h
	x := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a[l] < a[m] {
			m = l
		}
		if l+1 < n && a[l+1] < a[m] {
			m = l + 1
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return x
}

func (s *Sim) push(e event) {
	e.seq = s.seq
	s.seq++
	s.events.push(e)
}

// TaskRecord is one task of the timeline.
type TaskRecord struct {
	Job   string  `json:"job"`
	Phase string  `json:"phase"`
	Task  int     `json:"task"`
	Node  int     `json:"node"`
	Slot  int     `json:"slot"` // slot index within the node and phase
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

// Simulate runs the workload under the policy. The workload must be valid
// (cluster.Workload.Validate); it is not modified.
func Simulate(w *cw.Workload, pol Policy, opt Options) (*Result, error) {
	if err := w.Validate(); err != nil {
		return nil, err
	}
	// NaN passed a "< 0" test and hung the event loop (bad-input QA); 1e308
	// gave a 300-digit makespan (issue 12).
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if v, ok := pol.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return nil, err
		}
	}
	s := &Sim{W: w, Slots: [2]int{w.TotalMapSlots(), w.TotalReduceSlots()}}
	names, userOf := w.Users()
	s.Users = names
	s.Jobs = make([]JobState, len(w.Jobs))
	order := make([]int, len(w.Jobs))
	for i := range w.Jobs {
		j := &s.Jobs[i]
		j.Index, j.Job, j.User, j.Submit, j.FirstStart = i, &w.Jobs[i], userOf[i], w.Jobs[i].Submit, -1
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return w.Jobs[order[a]].Submit < w.Jobs[order[b]].Submit })
	for p := Map; p <= Reduce; p++ {
		s.free[p] = make(intHeap, s.Slots[p])
		for k := range s.free[p] {
			s.free[p][k] = int32(k)
		}
	}
	pol.Init(s)
	var res Result
	res.Policy = pol.Name()
	ticker, _ := pol.(Ticker)
	adv, _ := pol.(Advancer)
	tickScheduled, beatScheduled := false, false
	next := 0 // next arrival in order
	finished := 0
	now := 0.0
	perNode := [2]int{w.MapSlots, w.ReduceSlots}
	for finished < len(w.Jobs) {
		// The next instant: earliest of the heap top and the next arrival.
		t := -1.0
		if len(s.events) > 0 {
			t = s.events[0].t
		}
		if next < len(order) && (t < 0 || w.Jobs[order[next]].Submit <= t) {
			t = w.Jobs[order[next]].Submit
		}
		if t < 0 {
			return nil, fmt.Errorf("cluster: %s: no event left with %d jobs unfinished (the policy left slots idle forever)", pol.Name(), len(w.Jobs)-finished)
		}
		now = t
		if adv != nil {
			adv.Advance(now)
		}
		assign := opt.Heartbeat == 0 || math.Mod(now, opt.Heartbeat) == 0
		// Completions, then ticks, at this instant.
		for len(s.events) > 0 && s.events[0].t == now && s.events[0].kind == evFinish {
			e := s.events.pop()
			s.eventsCount++
			j := &s.Jobs[e.job]
			j.Running[e.phase]--
			j.Done[e.phase]++
			d := j.Tasks(e.phase)[e.task]
			if j.Running[e.phase] == 0 {
				j.runInv[e.phase], j.runStartInv[e.phase] = 0, 0 // no drift
			} else {
				j.runInv[e.phase] -= 1 / d
				j.runStartInv[e.phase] -= e.start / d
			}
			j.DoneTime[e.phase] += j.Tasks(e.phase)[e.task]
			s.RunningAll[e.phase]--
			s.free[e.phase].push(e.slot)
			pol.TaskFinish(j, e.phase, int(e.task), now)
			if e.phase == Map && j.Done[Map] == len(j.Job.Map) {
				s.PendingAll[Reduce] += len(j.Job.Reduce)
			}
			if j.Done[Map] == len(j.Job.Map) && j.Done[Reduce] == len(j.Job.Reduce) {
				j.Finished, j.Finish = true, now
				finished++
				s.removeActive(j)
				pol.Depart(j, now)
			}
		}
		for next < len(order) && w.Jobs[order[next]].Submit == now {
			j := &s.Jobs[order[next]]
			next++
			s.eventsCount++
			s.Active = append(s.Active, j)
			s.PendingAll[Map] += len(j.Job.Map)
			pol.Arrive(j, now)
		}
		for len(s.events) > 0 && s.events[0].t == now && s.events[0].kind != evFinish {
			e := s.events.pop()
			s.eventsCount++
			if e.kind == evTick {
				tickScheduled = false
				ticker.Tick(now)
			} else {
				beatScheduled = false
				assign = true
			}
		}
		if ticker != nil && !tickScheduled && len(s.Active) > 0 && ticker.Interval() > 0 {
			s.push(event{t: now + ticker.Interval(), kind: evTick})
			tickScheduled = true
		}
		if !assign {
			if !beatScheduled && (s.PendingAll[Map] > 0 || s.PendingAll[Reduce] > 0) {
				// The next multiple of Heartbeat after now, in float64
				// (an int64 overflowed when now/Heartbeat > 2^63, a beat
				// at a negative time ended the run); when Heartbeat is
				// below now's precision, the next representable instant.
				beat := (math.Floor(now/opt.Heartbeat) + 1) * opt.Heartbeat
				if !(beat > now) || math.IsInf(beat, 1) {
					beat = math.Nextafter(now, math.Inf(1))
				}
				s.push(event{t: beat, kind: evBeat})
				beatScheduled = true
			}
			continue
		}
		for p := Map; p <= Reduce; p++ {
			for len(s.free[p]) > 0 && s.PendingAll[p] > 0 {
				j := pol.Pick(p, now)
				if j == nil {
					break
				}
				if j.Finished || j.Pending(p) <= 0 {
					return nil, fmt.Errorf("%w: %s picked %s for a %v slot at t=%v", ErrPolicy, pol.Name(), j.Job.ID, p, now)
				}
				slot := s.free[p].pop()
				k := j.Next[p]
				j.Next[p]++
				j.Running[p]++
				j.runInv[p] += 1 / j.Tasks(p)[k]
				j.runStartInv[p] += now / j.Tasks(p)[k]
				s.PendingAll[p]--
				s.RunningAll[p]++
				if j.FirstStart < 0 {
					j.FirstStart = now
				}
				d := j.Tasks(p)[k]
				s.push(event{t: now + d, start: now, kind: evFinish, job: int32(j.Index), phase: p, task: int32(k), slot: slot})
				if opt.Timeline {
					res.Timeline = append(res.Timeline, TaskRecord{Job: j.Job.ID, Phase: p.String(), Task: k,
						Node: int(slot) / perNode[p], Slot: int(slot) % perNode[p], Start: now, End: now + d})
				}
				pol.TaskStart(j, p, k, now)
			}
		}
	}
	res.Events = s.eventsCount
	res.fill(s)
	return &res, nil
}

// removeActive deletes j from Active, keeping the order.
func (s *Sim) removeActive(j *JobState) {
	for k, a := range s.Active {
		if a == j {
			copy(s.Active[k:], s.Active[k+1:])
			s.Active[len(s.Active)-1] = nil
			s.Active = s.Active[:len(s.Active)-1]
			return
		}
	}
}
