package cluster

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances/workload"
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

// ErrStopped is returned, wrapping the context's error, when
// Options.Context ends before the simulation does (a time limit or an
// interrupt): a partial simulation has no answer.
var ErrStopped = errors.New("cluster: simulation stopped before its end")

// ctxStride: Simulate looks at Options.Context at the first instant and
// once every ctxStride+1 instants (a mask), which costs nothing measurable
// per event.
const ctxStride = 1<<10 - 1

// JobState is the simulator's view of one job, shared read-only with the
// policies.
type JobState struct {
	Index  int // index in Workload.Jobs
	Job    *workload.Job
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
	// Context, when not nil, stops the simulation with ErrStopped once it
	// ends (checked every thousand instants or so).
	Context context.Context
}

// Sim is the state visible to policies.
type Sim struct {
	W           *workload.Workload
	Users       []string
	Slots       [2]int      // N(S)_M and N(S)_R
	Active      []*JobState // jobs in the system, in (submit, index) order
	Jobs        []JobState  // all jobs, by workload index
	PendingAll  [2]int      // Σ Pending(p) over active jobs
	RunningAll  [2]int
	events      eventHeap
	onSlot      []slotTask // per global slot: its running task
	seq         int64
	free        [2]minHeap[int32]
	eventsCount int64
}

type eventKind int8

const (
	evFinish eventKind = iota
	evTick
	evBeat
)

// evKey is one entry of the event heap: the instant, the order among
// events of one instant (kind, then push sequence: ord = kind<<56 | seq, a
// total order since seq is unique) and, for a task completion, the global
// slot (map slots 0..N(S)_M−1, reduce slots after them) whose running task
// ends; the task itself is in Sim.onSlot (a slot runs one task at a time).
// 24 bytes instead of the 48 of a key with its payload: the heap is what
// every event pays for.
type evKey struct {
	t    float64
	ord  uint64
	slot int32
}

// ordSeqBits: seq occupies the low 56 bits of ord (2^56 pushes are beyond
// any simulation: one push per task and tick).
const ordSeqBits = 56

func (a *evKey) kind() eventKind { return eventKind(a.ord >> ordSeqBits) }

// slotTask is the task running on a slot: its job, phase, index and start.
type slotTask struct {
	start float64
	job   int32
	task  int32
	phase Phase
}

// eventHeap is a 4-ary min-heap of events by (t, ord), written out for
// the event type: container/heap boxes every pushed value in an interface
// (an allocation per event); four children per node halve the depth, and
// the four keys of a node's children share one or two cache lines. Any
// correct heap pops the same sequence, the order being total.
type eventHeap []evKey

func evLess(a, b *evKey) bool {
	return a.t < b.t || a.t == b.t && a.ord < b.ord
}

func (h *eventHeap) push(e evKey) {
	*h = append(*h, e)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !evLess(&e, &a[p]) {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = e
}

func (h *eventHeap) pop() evKey {
	a := *h
	x := a[0]
	n := len(a) - 1
	last := a[n]
	a = a[:n]
	*h = a
	if n == 0 {
		return x
	}
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		for k := c + 1; k < c+4 && k < n; k++ {
			if evLess(&a[k], &a[m]) {
				m = k
			}
		}
		if !evLess(&a[m], &last) {
			break
		}
		a[i] = a[m]
		i = m
	}
	a[i] = last
	return x
}

// minHeap is a binary min-heap of integers: the free slots of a phase
// (Sim) and FIFO's reduce candidates. Like eventHeap it is written out
// for the simulator's hot loop (BenchmarkSimulate): a push or pop per
// task start and completion, where internal/pq calls its order through a
// function value.
type minHeap[T int | int32] []T

func (h *minHeap[T]) push(x T) {
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

func (h *minHeap[T]) pop() T {
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

// push schedules an event of kind k at t; slot is the global slot of a
// task completion (−1 otherwise).
func (s *Sim) push(t float64, k eventKind, slot int32) {
	s.events.push(evKey{t: t, ord: uint64(k)<<ordSeqBits | uint64(s.seq), slot: slot})
	s.seq++
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
// (workload.Workload.Validate); it is not modified.
func Simulate(w *workload.Workload, pol Policy, opt Options) (*Result, error) {
	if err := w.Validate(); err != nil {
		return nil, err
	}
	// NaN passed a "< 0" test and hung the event loop (bad-input QA); 1e308
	// gave a 300-digit makespan.
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if v, ok := pol.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return nil, err
		}
	}
	l := newSimLoop(w, pol, opt)
	if err := l.run(); err != nil {
		return nil, err
	}
	l.res.Events = l.s.eventsCount
	l.res.fill(l.s)
	return l.res, nil
}

// simLoop is the event loop of one simulation: the simulator state, the
// policy and its optional hooks, the arrivals still to come and the
// pending tick and heartbeat.
type simLoop struct {
	s      *Sim
	w      *workload.Workload
	pol    Policy
	ticker Ticker
	adv    Advancer
	opt    Options
	res    *Result

	order []int // job indices by submit time

	tickScheduled, beatScheduled bool

	perNode  [2]int // slots per node, per phase
	slotBase [2]int // first global slot of each phase
}

// newSimLoop builds the job states, the free slots and the event heap,
// and initialises the policy.
func newSimLoop(w *workload.Workload, pol Policy, opt Options) *simLoop {
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
		s.free[p] = make(minHeap[int32], s.Slots[p])
		for k := range s.free[p] {
			s.free[p][k] = int32(k)
		}
	}
	pol.Init(s)
	l := &simLoop{s: s, w: w, pol: pol, opt: opt, res: &Result{Policy: pol.Name()}, order: order}
	l.ticker, _ = pol.(Ticker)
	l.adv, _ = pol.(Advancer)
	l.perNode = [2]int{w.MapSlots, w.ReduceSlots}
	l.slotBase = [2]int{0, s.Slots[Map]}
	s.onSlot = make([]slotTask, s.Slots[Map]+s.Slots[Reduce])
	s.events = make(eventHeap, 0, len(s.onSlot)+2)
	return l
}

// run processes instant after instant until every job has finished: at
// each instant task completions, then arrivals, then ticks and beats,
// then (at a heartbeat, or at every instant without heartbeats) the
// policy fills free slots.
//
// measured hot loop: completions, arrivals and slot assignment stay inline
// with the loop state in locals; as methods on simLoop the n=1e5 fifo
// benchmark took 3-7 % more CPU per run (BenchmarkSimulate, GOMAXPROCS=1).
func (l *simLoop) run() error {
	s, w, pol, opt, res := l.s, l.w, l.pol, l.opt, l.res
	order, perNode, slotBase := l.order, l.perNode, l.slotBase
	next := 0 // next arrival in order
	finished := 0
	now := 0.0
	for instants := 0; finished < len(w.Jobs); instants++ {
		if instants&ctxStride == 0 && opt.Context != nil && opt.Context.Err() != nil {
			return fmt.Errorf("%w: %s at time %v with %d of %d jobs finished: %w", ErrStopped, pol.Name(), now, finished, len(w.Jobs), context.Cause(opt.Context))
		}
		// The next instant: earliest of the heap top and the next arrival.
		t := -1.0
		if len(s.events) > 0 {
			t = s.events[0].t
		}
		if next < len(order) && (t < 0 || w.Jobs[order[next]].Submit <= t) {
			t = w.Jobs[order[next]].Submit
		}
		if t < 0 {
			return fmt.Errorf("cluster: %s: no event left with %d jobs unfinished (the policy left slots idle forever)", pol.Name(), len(w.Jobs)-finished)
		}
		now = t
		if l.adv != nil {
			l.adv.Advance(now)
		}
		assign := opt.Heartbeat == 0 || math.Mod(now, opt.Heartbeat) == 0
		// Completions, then ticks, at this instant.
		for len(s.events) > 0 && s.events[0].t == now && s.events[0].kind() == evFinish {
			g := s.events.pop().slot
			e := &s.onSlot[g]
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
			s.free[e.phase].push(g - int32(slotBase[e.phase]))
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
		if l.fireTimers(now) {
			assign = true
		}
		if !assign {
			l.scheduleBeat(now)
			continue
		}
		for p := Map; p <= Reduce; p++ {
			for len(s.free[p]) > 0 && s.PendingAll[p] > 0 {
				j := pol.Pick(p, now)
				if j == nil {
					break
				}
				if j.Finished || j.Pending(p) <= 0 {
					return fmt.Errorf("%w: %s picked %s for a %v slot at t=%v", ErrPolicy, pol.Name(), j.Job.ID, p, now)
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
				g := slot + int32(slotBase[p])
				s.onSlot[g] = slotTask{start: now, job: int32(j.Index), task: int32(k), phase: p}
				s.push(now+d, evFinish, g)
				if opt.Timeline {
					res.Timeline = append(res.Timeline, TaskRecord{Job: j.Job.ID, Phase: p.String(), Task: k,
						Node: int(slot) / perNode[p], Slot: int(slot) % perNode[p], Start: now, End: now + d})
				}
				pol.TaskStart(j, p, k, now)
			}
		}
	}
	return nil
}

// fireTimers processes the ticks and heartbeats at now, schedules the
// next tick while jobs are active, and reports whether a heartbeat fired.
func (l *simLoop) fireTimers(now float64) (beat bool) {
	s := l.s
	for len(s.events) > 0 && s.events[0].t == now && s.events[0].kind() != evFinish {
		e := s.events.pop()
		s.eventsCount++
		if e.kind() == evTick {
			l.tickScheduled = false
			l.ticker.Tick(now)
		} else {
			l.beatScheduled = false
			beat = true
		}
	}
	if l.ticker != nil && !l.tickScheduled && len(s.Active) > 0 && l.ticker.Interval() > 0 {
		s.push(now+l.ticker.Interval(), evTick, -1)
		l.tickScheduled = true
	}
	return beat
}

// scheduleBeat pushes the next heartbeat after now when tasks wait and
// none is pending.
func (l *simLoop) scheduleBeat(now float64) {
	s, opt := l.s, l.opt
	if !l.beatScheduled && (s.PendingAll[Map] > 0 || s.PendingAll[Reduce] > 0) {
		// The next multiple of Heartbeat after now, in float64
		// (an int64 overflowed when now/Heartbeat > 2^63, a beat
		// at a negative time ended the run); when Heartbeat is
		// below now's precision, the next representable instant.
		beat := (math.Floor(now/opt.Heartbeat) + 1) * opt.Heartbeat
		if !(beat > now) || math.IsInf(beat, 1) {
			beat = math.Nextafter(now, math.Inf(1))
		}
		s.push(beat, evBeat, -1)
		l.beatScheduled = true
	}
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
