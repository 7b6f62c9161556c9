package cluster

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/tolerance"
)

// Clock says how fast the virtual PS of H-PFSP runs.
type Clock int

const (
	// ClockWork is eq. 8 as printed: every v_j decreases by Δt̂_i/m for each
	// executed job i, so the virtual PS serves exactly the work the cluster
	// did (with map and reduce slots both busy that is up to 2 units of
	// normalised work per second).
	ClockWork Clock = iota
	// ClockTime runs the virtual PS in real time with capacity 1: v_j
	// decreases by Δt/m, as the fluid PS reference (FluidPS) does; idle
	// capacity consumes slack. Protectiveness against FluidPS needs it.
	ClockTime
)

// HPFSPConfig tunes H-PFSP and Parallel PFSP.
type HPFSPConfig struct {
	// FairLimit is FAIR_LIMIT (the threshold K of §II-E and Algorithm 3):
	// a job whose stage is Map (map progress < StageSwitch) and that has
	// had fewer than FairLimit map tasks scheduled, or whose stage is
	// Reduce with fewer than FairLimit reduce tasks scheduled, is in its
	// fair phase and is served first. 0 disables the fair phase.
	FairLimit int
	// Exact uses the true remaining work of every job as w (Parallel PFSP
	// with exact sizes, §II-A); otherwise w is estimated (eq. 1–5, 18).
	Exact bool
	// Beta is the EWMA weight of the old average in eq. 2 (garbled '?' in
	// the text; the paper gives no value).
	Beta float64
	// MinProgress: eq. 2 is skipped while a phase's progress grew by less
	// than this since the last estimate (the paper: 0.02).
	MinProgress float64
	// StageSwitch: a job is in its Map stage while its map progress is
	// below this (Algorithm 3: 0.95).
	StageSwitch float64
	// UpdateInterval is UPDATE_INTERVAL of Algorithm 1 in seconds.
	UpdateInterval float64
	// WMin is w_min of eq. 5 (normalised seconds).
	WMin float64
	// DefaultTask is the task time used by eq. 18 before any job has
	// finished (the paper's default is "the average execution time of the
	// tasks of the finished jobs", which does not exist yet).
	DefaultTask float64
	// DefaultFromTasks takes eq. 18's default task times from every
	// finished task (of running jobs too) instead of finished jobs only.
	DefaultFromTasks bool
	Clock            Clock
}

// DefaultHPFSP is H-PFSP1 of the paper (FAIR_LIMIT 2) with our choices for
// the constants the paper leaves open (β = 0.5, UPDATE_INTERVAL 5 s,
// w_min = 10⁻³ s, 60 s default task time) and the printed eq. 8 clock.
func DefaultHPFSP() HPFSPConfig {
	return HPFSPConfig{FairLimit: 2, Beta: 0.5, MinProgress: 0.02, StageSwitch: 0.95,
		UpdateInterval: 5, WMin: 1e-3, DefaultTask: 60, Clock: ClockWork}
}

// ParallelPFSPConfig is Parallel PFSP (§II-A): exact remaining sizes, no
// fair phase, a real-time virtual PS (so that FluidPS is its reference).
func ParallelPFSPConfig() HPFSPConfig {
	return HPFSPConfig{FairLimit: 0, Exact: true, StageSwitch: 0.95, Clock: ClockTime}
}

// HPFSP is the H-PFSP scheduler of Li, Lin, Ren and Geng (and Parallel
// PFSP with ParallelPFSPConfig).
//
// Normalised time (eq. 3–4, 10): the cluster is one processor; a map task
// of d seconds is d/N(S)_M units of work and a reduce task d/N(S)_R. Eq. 10
// divides Δt by "N(S), the total number of slots"; we divide by the slots
// of the executed task's type, which is what keeps eq. 7 consistent with
// the normalisation of w by eq. 3–5 (a job alone on the cluster needs w
// units). A job with k_M running map and k_R running reduce tasks thus
// executes Δt̂ = Δt·(k_M/N(S)_M + k_R/N(S)_R) in an interval Δt.
//
// Estimates (eq. 1–5): every UpdateInterval seconds, for each job that ran,
// and for each phase whose progress P grew by ΔP ≥ MinProgress since its
// last estimate, the measured task time is (slot-seconds the job spent on
// that phase since then)/(n·ΔP) — the paper's "Δt/ΔP_Mi is the average
// time of a Map task" holds when Δt counts slot time and ΔP is in tasks
// (n·ΔP); with P a fraction of the phase and several slots the literal
// Δt/ΔP would be the phase's duration, not a task's — and
// Avg ← β·Avg + (1−β)·measured (eq. 2; eq. 1's '?' is a minus: ΔP = P̃ − P).
// Before a job's reduce tasks have progressed its map average stands in
// for the reduce average (§II-B). Then w̃ = max(w_min, N(T)_M·(1−P_M)·Avg_M/N(S)_M
// + N(T)_R·(1−P_R)·Avg_R/N(S)_R) (eq. 5, the '?'s are minus and products)
// replaces w by eq. 11–17 (Slack.Reestimate). Between estimates w decreases
// by executed work (eq. 7), never below w_min while the job runs.
//
// A new job enters the virtual queue with w = v from eq. 18, the default
// task times being the mean map (reduce) task time over all finished jobs
// (DefaultTask before any). When a job finishes for real, its w becomes 0
// (re-estimation with the true remaining time, eq. 11–13) and its slack
// counts as +∞; it leaves the queue when its v reaches 0.
//
// Comparator (Algorithm 2): first the jobs in their fair phase (Algorithm
// 3), the one with the fewest tasks of the slot's phase scheduled; else the
// completable job (Algorithm 4) with the smallest w that has a runnable
// task; jobs whose virtual service is over (late jobs) count as
// completable (PFSP itself never has such jobs; we tried serving them
// first, earliest virtual deadline first, and it made Fig. 3(b) and Table
// II less protective, see docs/cluster.md). If no completable job can use
// the slot, Algorithm 2 would
// leave it idle; we give it to the job with the smallest w that can use it
// (work conservation; its slack accounting is unchanged) and say so here as
// our one extension.
type HPFSP struct {
	Config HPFSPConfig
	name   string
	s      *Sim
	ss     Slack
	jobs   []hjob
	last   float64
	seq    int
	defSum [2]float64
	defN   [2]int
	late   int // jobs whose virtual service ended before the real one
	// Jobs in arrival (Sim.Active) order: with running tasks, late (out
	// of the virtual queue, not finished), in the fair phase's candidate
	// set of each phase (fewer than FairLimit tasks started; reduce once
	// the maps are done); and those that ran since the last tick. They
	// replace scans of every active job by scans of these few. The
	// running and late lists hold the policy's own records (hjob), so that
	// Advance and Pick read one small record per job and not the
	// simulator's JobState.
	running, lateJobs keyList[*hjob]
	fairCand          [2]keyList[*JobState]
	ranList           []*hjob
	// lateMarked[p]: the late jobs marked in phase p (a runnable task of
	// phase p), in arrival order: Pick's test of the late jobs reads these
	// instead of every late job.
	lateMarked [2]keyList[*hjob]
	// The running jobs split by where eq. 7 applies: runQ are in the
	// virtual queue (their w feeds the slack system and is lowered at every
	// instant), lazy are late (their w is read only by Pick's test of the
	// late jobs, and only while marked). A lazy job's w is brought up to
	// date when read or when its rate changes by replaying the steps
	// logged since (syncW): the same operations in the same order as
	// execute, so the same bits (TestLazyLateWSameBits). Both lists are
	// unordered (hjob.runIdx): eq. 7 acts on each job alone.
	runQ, lazy []*hjob
	steps      []float64 // the steps of Advance since the oldest lazy sync
	floor      float64   // eq. 7's floor of w: w_min, 0 with exact sizes
}

// keyList is a list sorted by arrival number (SlackEntry.Key, read by key).
type keyList[T comparable] struct {
	key func(T) int
	xs  []T
}

func (l *keyList[T]) find(x T) int {
	k := l.key(x)
	return sort.Search(len(l.xs), func(i int) bool { return l.key(l.xs[i]) >= k })
}

func (l *keyList[T]) add(x T) {
	i := l.find(x)
	if i < len(l.xs) && l.xs[i] == x {
		return
	}
	var zero T
	l.xs = append(l.xs, zero)
	copy(l.xs[i+1:], l.xs[i:])
	l.xs[i] = x
}

func (l *keyList[T]) remove(x T) {
	if i := l.find(x); i < len(l.xs) && l.xs[i] == x {
		var zero T
		copy(l.xs[i:], l.xs[i+1:])
		l.xs[len(l.xs)-1] = zero
		l.xs = l.xs[:len(l.xs)-1]
	}
}

// overdueJob marks the owner of e, which just left the virtual queue
// unfinished.
func (h *HPFSP) overdueJob(e *SlackEntry) {
	h.late++
	hj := &h.jobs[e.ID]
	hj.overdue = h.late
	h.lateJobs.add(hj)
	for p := Map; p <= Reduce; p++ {
		if e.mark[p] {
			h.lateMarked[p].add(hj)
		}
	}
	if hj.runIdx >= 0 {
		// Its w is current (Advance executed runQ before dropping it from
		// the queue, which follows); from now on it is lazy.
		h.runRemove(hj)
		h.runAdd(hj, true)
	}
}

type hjob struct {
	e        SlackEntry
	avg      [2]float64
	measured [2]bool
	lastP    [2]float64
	slotTime [2]float64
	// cnt is the job's running tasks per phase as floats and rate its
	// executed normalised work per second, cnt[Map]/N(S)_M +
	// cnt[Reduce]/N(S)_R (eq. 10), both set at its task events by the
	// same expressions Advance evaluated per instant before, so the bits
	// are the same.
	cnt     [2]float64
	rate    float64
	ran     bool
	overdue int // order in which the job left the virtual queue unfinished (1, 2, …); 0: not overdue
	// runIdx is the job's index in HPFSP.runQ or HPFSP.lazy (inLazy
	// tells which), −1 while it runs no task or is stale; wSync is the
	// length of HPFSP.steps up to which a lazy job's w is current.
	runIdx, wSync int
	inLazy        bool
	// stale: a late job with every task started, whose w is no longer
	// kept (it is read only while the job is marked, i.e. has a runnable
	// task, which it never has again; Depart sets it to 0).
	stale bool
}

// NewHPFSP returns H-PFSP with the given configuration (ParallelPFSPConfig
// for Parallel PFSP). name is reported as Policy.Name.
func NewHPFSP(name string, c HPFSPConfig) *HPFSP { return &HPFSP{Config: c, name: name} }

// Name implements Policy.
func (h *HPFSP) Name() string { return h.name }

// Init implements Policy.
func (h *HPFSP) Init(s *Sim) {
	h.s = s
	hkey := func(hj *hjob) int { return hj.e.Key }
	jkey := func(j *JobState) int { return h.jobs[j.Index].e.Key }
	h.running.key, h.lateJobs.key, h.fairCand[Map].key, h.fairCand[Reduce].key = hkey, hkey, jkey, jkey
	h.lateMarked[Map].key, h.lateMarked[Reduce].key = hkey, hkey
	h.jobs = make([]hjob, len(s.Jobs))
	for i := range h.jobs {
		h.jobs[i].e.pos = -1
		h.jobs[i].e.ID = i
		h.jobs[i].runIdx = -1
	}
	h.floor = h.Config.WMin
	if h.Config.Exact {
		h.floor = 0
	}
}

// runAdd puts hj, which just started running or just became late while
// running, in runQ or (late) lazy.
func (h *HPFSP) runAdd(hj *hjob, late bool) {
	hj.inLazy = late && lazyOn
	if hj.inLazy && h.allStarted(hj) {
		hj.stale, hj.runIdx = true, -1
		return
	}
	l := &h.runQ
	if hj.inLazy {
		l = &h.lazy
		hj.wSync = len(h.steps)
	}
	hj.runIdx = len(*l)
	*l = append(*l, hj)
}

// runRemove takes hj out of runQ or lazy (a lazy job's w must be current).
func (h *HPFSP) runRemove(hj *hjob) {
	if hj.stale {
		hj.inLazy = false
		return // in no list; stays stale (its w is never read again)
	}
	l := &h.runQ
	if hj.inLazy {
		l = &h.lazy
	}
	a := *l
	last := a[len(a)-1]
	a[hj.runIdx], last.runIdx = last, hj.runIdx
	a[len(a)-1] = nil
	*l = a[:len(a)-1]
	hj.runIdx, hj.inLazy = -1, false
	if len(h.lazy) == 0 {
		h.steps = h.steps[:0]
	}
}

// syncW brings a lazy job's w up to date: execute for each step logged
// since its last sync, in order (the same operations as execute, so the
// same bits).
func (h *HPFSP) syncW(hj *hjob) {
	if !hj.inLazy || hj.stale {
		return
	}
	hj.e.W = h.currentW(hj)
	hj.wSync = len(h.steps)
}

// currentW is hj's w now: for a lazy job its w replayed over the logged
// steps, without changing the record.
func (h *HPFSP) currentW(hj *hjob) float64 {
	w := hj.e.W
	if !hj.inLazy || hj.stale {
		return w
	}
	r, floor := hj.rate, h.floor
	for _, step := range h.steps[hj.wSync:] {
		if d := clampWork(r*step, w-floor); !(d <= 0) {
			w -= d
		}
	}
	return w
}

// lazyOn lets a test run the late running jobs eagerly, as before
// (TestLazyLateWSameBits).
var lazyOn = true

// allStarted reports whether every task of hj's job has started: it has
// no runnable task now or later (Pending counts only unstarted tasks).
func (h *HPFSP) allStarted(hj *hjob) bool {
	j := &h.s.Jobs[hj.e.ID]
	return j.Next[Map] == len(j.Job.Map) && j.Next[Reduce] == len(j.Job.Reduce)
}

// goStale drops a lazy job whose last task just started from the lazy
// list: its w is never read again (hjob.stale).
func (h *HPFSP) goStale(hj *hjob) {
	if !hj.inLazy || hj.stale || !h.allStarted(hj) {
		return
	}
	h.runRemove(hj)
	hj.inLazy, hj.stale = true, true
}

// maxSteps bounds the step log: beyond it every lazy job is synced and
// the log restarts (amortised O(1) per step and lazy job).
var maxSteps = 4096 // a variable so that the test can exercise the restart

// logStep records a step of Advance for the lazy jobs.
func (h *HPFSP) logStep(step float64) {
	if len(h.lazy) == 0 {
		return
	}
	if len(h.steps) == maxSteps {
		for _, hj := range h.lazy {
			h.syncW(hj)
			hj.wSync = 0
		}
		h.steps = h.steps[:0]
	}
	h.steps = append(h.steps, step)
}

// Late returns how many jobs left the virtual PS queue (v = 0) before they
// finished for real.
func (h *HPFSP) Late() int { return h.late }

func (h *HPFSP) norm(p Phase) float64 {
	if h.s.Slots[p] == 0 {
		return 0
	}
	return 1 / float64(h.s.Slots[p])
}

// Advance implements Advancer: eq. 7–10 over [last, now), split at virtual
// completions (a job whose v reaches 0 leaves the queue, which changes m).
//
// Most intervals contain no virtual completion and are one step; oneStep
// tells so before the total executed work is known, and then one pass
// over the running jobs does what the two passes of the general case do
// (the slot times and the total, then w), with the same operations on
// each job, so the same bits.
func (h *HPFSP) Advance(now float64) {
	dt := now - h.last
	h.last = now
	if dt <= 0 {
		return
	}
	// The slot times feed the estimates (Tick; none with exact sizes) and
	// the total executed work the work-driven clock: with neither (Parallel
	// PFSP) there is nothing to add up.
	slots := h.Interval() > 0 || h.Config.Clock == ClockWork
	floor := h.floor
	if oneStepOn && h.oneStep(dt) {
		total := 0.0
		if slots {
			for _, hj := range h.running.xs {
				total += h.slotTimes(hj, dt)
				if !hj.inLazy {
					h.execute(hj, dt, floor)
				}
			}
		} else {
			for _, hj := range h.runQ {
				h.execute(hj, dt, floor)
			}
		}
		h.logStep(dt)
		if h.ss.Len() > 0 {
			h.ss.advanceClock(h.rate(total) * dt)
		}
		h.dropVirtuallyDone()
		return
	}
	total := 0.0
	if slots {
		for _, hj := range h.running.xs {
			total += h.slotTimes(hj, dt)
		}
	}
	for left := dt; left > 0; {
		m := float64(h.ss.Len())
		rate := h.rate(total) // virtual PS service per second
		step := left
		if m > 0 && rate > 0 && h.ss.FrontV() < rate/m*left {
			step = max(h.ss.FrontV()*m/rate, 0)
		}
		for _, hj := range h.runQ {
			h.execute(hj, step, floor)
		}
		h.logStep(step)
		if m > 0 {
			h.ss.advanceClock(rate * step)
		}
		h.dropVirtuallyDone()
		left -= step
		if step == 0 && m == float64(h.ss.Len()) {
			break // no progress possible (cannot happen; guards the loop)
		}
	}
}

// oneStepOn lets a test compare the one-pass case of Advance with the
// general one (TestAdvanceOnePassSameBits).
var oneStepOn = true

// rateBound: the total executed work per second that Advance adds up over
// the n running jobs (each term eq. 10 in floats) exceeds the exact
// Σ running tasks/N(S) by at most a factor (1 + 2⁻⁵³)^(n+1), and
// oneStep's bound is computed with three more roundings; 10⁻⁶ covers that
// for any n below 10⁹ running jobs.
const rateBound = 1e-6

// oneStep reports whether Advance's general case would take the whole
// interval dt as one step, i.e. no virtual completion within it: not
// (m > 0, rate > 0 and FrontV < rate/m·dt). The rate is not known yet
// under the work-driven clock; a bound U ≥ rate (float) makes rate/m·dt ≤
// U/m·dt (rounding is monotone), so FrontV ≥ U/m·dt is sufficient; when
// it fails, Advance takes the general case, which decides exactly.
func (h *HPFSP) oneStep(dt float64) bool {
	m := float64(h.ss.Len())
	if m == 0 {
		return true
	}
	u := 1.0 // ClockTime: the rate is exactly 1
	if h.Config.Clock == ClockWork {
		u = (float64(h.s.RunningAll[Map])*h.norm(Map) + float64(h.s.RunningAll[Reduce])*h.norm(Reduce)) * (1 + rateBound)
	}
	return !(h.ss.FrontV() < u/m*dt)
}

// rate is the virtual PS's service per second given the total executed
// work per second (eq. 8 as printed, or 1 in real time).
func (h *HPFSP) rate(total float64) float64 {
	if h.Config.Clock == ClockTime {
		return 1
	}
	return total
}

// slotTimes adds dt of j's running tasks to its slot times (Tick's
// estimates), records that it ran, and returns its executed work per
// second (eq. 10).
func (h *HPFSP) slotTimes(hj *hjob, dt float64) float64 {
	if !hj.ran {
		h.ranList = append(h.ranList, hj)
	}
	hj.ran = true
	hj.slotTime[Map] += hj.cnt[Map] * dt
	hj.slotTime[Reduce] += hj.cnt[Reduce] * dt
	return hj.rate
}

// execute is eq. 7 for one running job over a step: its w falls by its
// executed work, not below floor (the queued jobs through the slack
// system, which keeps its copy of w in the trees); a job that executed
// nothing is left as it is.
func (h *HPFSP) execute(hj *hjob, step, floor float64) {
	d := clampWork(hj.rate*step, hj.e.W-floor)
	if d <= 0 {
		return
	}
	if hj.e.pos >= 0 {
		h.ss.lowerW(&hj.e, d)
	} else {
		hj.e.W -= d
	}
}

// clampWork is eq. 7's executed work min(a, r) (a = rate·step, r = w −
// floor) for execute, which skips the job when the result is ≤ 0, where
// max(0, min(a, r)) == 0, the expression it replaces. Written with a
// branch for the usual case (a ≤ r): the builtins' NaN and signed-zero
// handling cost about 20 instructions per running job and instant
// (callgrind). The same value wherever execute uses it: a ≤ r
// without NaN makes min the first operand (or a zero of either sign, which
// is skipped as the old 0 was); otherwise the builtin decides, and a NaN
// passes (NaN ≤ 0 is false) as max(0, NaN) = NaN did.
// TestClampWorkMatchesMinMax checks it on the edge values.
func clampWork(a, r float64) float64 {
	if !(a <= r) {
		return min(a, r)
	}
	return a
}

// dropVirtuallyDone removes the entries whose virtual service is over
// (v ≤ 0, or zero within tolerance) from the front of the queue; an
// unfinished one becomes a late job.
func (h *HPFSP) dropVirtuallyDone() {
	for h.ss.Len() > 0 && (h.ss.FrontV() <= 0 || tolerance.Zero(h.ss.FrontV())) {
		e := h.ss.At(0)
		if !e.Done() {
			h.overdueJob(e)
		}
		h.ss.Remove(e)
	}
}

// Arrive implements Policy: eq. 18 (or the exact size) and Slack.Insert.
func (h *HPFSP) Arrive(j *JobState, _ float64) {
	hj := &h.jobs[j.Index]
	nm, nr := h.norm(Map), h.norm(Reduce)
	var w float64
	if h.Config.Exact {
		w = j.Job.MapWork()*nm + j.Job.ReduceWork()*nr
	} else {
		dm := h.Config.DefaultTask
		if h.defN[Map] > 0 {
			dm = h.defSum[Map] / float64(h.defN[Map])
		}
		dr := dm
		if h.defN[Reduce] > 0 {
			dr = h.defSum[Reduce] / float64(h.defN[Reduce])
		}
		hj.avg = [2]float64{dm, dr}
		w = max(0, float64(len(j.Job.Map))*dm*nm+float64(len(j.Job.Reduce))*dr*nr) // eq. 18
	}
	hj.e.Key = h.seq
	h.seq++
	hj.e.W = w
	h.ss.Insert(&hj.e, w)
	h.markRunnable(j, Map)
	h.markRunnable(j, Reduce)
	if h.Config.FairLimit > 0 {
		h.fairCand[Map].add(j)
	}
}

// markRunnable puts j in the slack system's tree of w of phase p while it
// has runnable tasks of that phase (Pick stops its scan once no runnable
// job behind has a smaller w).
func (h *HPFSP) markRunnable(j *JobState, p Phase) {
	hj := &h.jobs[j.Index]
	on := j.Pending(p) > 0
	if hj.overdue > 0 && hj.e.mark[p] != on {
		if on {
			h.lateMarked[p].add(hj)
		} else {
			h.lateMarked[p].remove(hj)
		}
	}
	h.ss.Mark(&hj.e, int(p), on)
}

// setRate records j's running tasks and executed work per second (eq. 10)
// after one of its task events and returns its record.
func (h *HPFSP) setRate(j *JobState) *hjob {
	hj := &h.jobs[j.Index]
	h.syncW(hj) // a lazy job's w with the old rate
	hj.cnt = [2]float64{float64(j.Running[Map]), float64(j.Running[Reduce])}
	hj.rate = float64(j.Running[Map])*h.norm(Map) + float64(j.Running[Reduce])*h.norm(Reduce)
	return hj
}

// TaskStart implements Policy.
func (h *HPFSP) TaskStart(j *JobState, p Phase, _ int, _ float64) {
	h.markRunnable(j, p)
	hj := h.setRate(j)
	if j.Running[Map]+j.Running[Reduce] == 1 {
		h.running.add(hj)
		h.runAdd(hj, hj.e.pos < 0)
	} else {
		h.goStale(hj)
	}
}

// TaskFinish implements Policy.
func (h *HPFSP) TaskFinish(j *JobState, p Phase, k int, _ float64) {
	if hj := h.setRate(j); j.Running[Map]+j.Running[Reduce] == 0 {
		h.running.remove(hj)
		h.runRemove(hj)
	}
	if p == Map && j.Done[Map] == len(j.Job.Map) {
		h.markRunnable(j, Reduce)
		if h.Config.FairLimit > 0 && len(j.Job.Reduce) > 0 {
			h.fairCand[Reduce].add(j)
		}
	}
	if h.Config.DefaultFromTasks {
		h.defSum[p] += j.Tasks(p)[k]
		h.defN[p]++
	}
}

// Depart implements Policy.
func (h *HPFSP) Depart(j *JobState, _ float64) {
	hj := &h.jobs[j.Index]
	if hj.overdue > 0 {
		h.lateJobs.remove(hj)
		h.lateMarked[Map].remove(hj) // no runnable task is left: a no-op
		h.lateMarked[Reduce].remove(hj)
	}
	h.ss.Finish(&hj.e)
	for p := Map; p <= Reduce && !h.Config.DefaultFromTasks; p++ {
		h.defSum[p] += j.DoneTime[p]
		h.defN[p] += j.NumTasks(p)
	}
}

// Interval implements Ticker (Algorithm 1's UPDATE_INTERVAL; none with
// exact sizes).
func (h *HPFSP) Interval() float64 {
	if h.Config.Exact {
		return 0
	}
	return h.Config.UpdateInterval
}

// Tick implements Ticker: Algorithm 1, eq. 1–5 then eq. 11–17.
func (h *HPFSP) Tick(now float64) {
	nm, nr := h.norm(Map), h.norm(Reduce)
	b := h.Config.Beta
	// The jobs that ran since the last tick, in Sim.Active order.
	sort.Slice(h.ranList, func(a, c int) bool { return h.ranList[a].e.Key < h.ranList[c].e.Key })
	ran := h.ranList
	h.ranList = h.ranList[:0]
	for _, hj := range ran {
		j := &h.s.Jobs[hj.e.ID]
		hj.ran = false
		if j.Finished {
			continue
		}
		updated := false
		var P [2]float64
		for p := Map; p <= Reduce; p++ {
			P[p] = j.Progress(p, now)
			dP := P[p] - hj.lastP[p] // eq. 1
			if n := j.NumTasks(p); n > 0 && dP >= h.Config.MinProgress && hj.slotTime[p] > 0 {
				meas := hj.slotTime[p] / (float64(n) * dP)
				hj.avg[p] = b*hj.avg[p] + (1-b)*meas // eq. 2
				hj.measured[p] = true
				hj.lastP[p] = P[p]
				hj.slotTime[p] = 0
				updated = true
			}
		}
		if !updated {
			continue
		}
		ar := hj.avg[Reduce]
		if !hj.measured[Reduce] {
			ar = hj.avg[Map]
		}
		w := float64(len(j.Job.Map))*(1-P[Map])*hj.avg[Map]*nm + float64(len(j.Job.Reduce))*(1-P[Reduce])*ar*nr // eq. 3–5
		// A lazy job: its w is replaced, wSync moves to now.
		h.syncW(hj)
		h.ss.Reestimate(&hj.e, max(h.Config.WMin, w))
	}
}

// inFairPhase is Algorithm 3 for a slot of phase p.
func (h *HPFSP) inFairPhase(j *JobState, p Phase, now float64) bool {
	k := h.Config.FairLimit
	if k <= 0 || j.Next[p] >= k {
		return false
	}
	mapStage := j.Progress(Map, now) < h.Config.StageSwitch
	return mapStage == (p == Map)
}

// noSlack: a slack below it fails tolerance.GE(s, w) for every w ≥ 0
// (s + 1e-9 + 1e-9·max(|s|, w) < w once s ≤ −1e-8), so the scan of the
// virtual queue stops there.
const noSlack = -1e-8

// pickFair is the comparator's first rule: the job in its fair phase
// (Algorithm 3) with the fewest tasks of phase p started, the earlier on
// ties; nil when none (or FairLimit 0).
func (h *HPFSP) pickFair(p Phase, now float64) *JobState {
	if h.Config.FairLimit <= 0 {
		return nil
	}
	// The candidates: jobs with fewer than FairLimit tasks of phase p
	// started (the others leave the list for good).
	var best *JobState
	c := &h.fairCand[p]
	keep := c.xs[:0]
	for k, j := range c.xs {
		if j.Finished || j.Next[p] >= h.Config.FairLimit {
			continue
		}
		keep = append(keep, j)
		if j.Pending(p) > 0 && (best == nil || j.Next[p] < best.Next[p]) && h.inFairPhase(j, p, now) {
			best = j
			if j.Next[p] == 0 { // nothing later can have fewer (ties: the earlier job)
				keep = append(keep, c.xs[k+1:]...)
				break
			}
		}
	}
	clear(c.xs[len(keep):])
	c.xs = keep
	return best
}

// minMarkedJob is the queued job marked in phase p with the smallest (w,
// Key) from the tree of w (nil when none is marked) and true; false when
// there is no tree.
func (h *HPFSP) minMarkedJob(p Phase) (*JobState, bool) {
	e, ok := h.ss.MinMarked(int(p))
	if !ok || e == nil {
		return nil, ok
	}
	return &h.s.Jobs[e.ID], true
}

// scan is the completable scan over the virtual queue, with the trees of
// w when they exist (scanTree) or without (scanAll).
func (h *HPFSP) scan(p Phase) (*JobState, float64) {
	if h.ss.HasTree() {
		return h.scanTree(p)
	}
	return h.scanAll(p)
}

// Pick implements Policy: the H-PFSP comparator (Algorithm 2).
func (h *HPFSP) Pick(p Phase, now float64) *JobState {
	if best := h.pickFair(p, now); best != nil {
		return best
	}
	best, bestW := h.scan(p)
	// The late jobs with a runnable task of phase p (their marks, which
	// equal Pending > 0: TestRunnableMarksMatchPending), in arrival order.
	for _, hj := range h.lateMarked[p].xs {
		h.syncW(hj)
		if hj.e.W < bestW {
			best, bestW = &h.s.Jobs[hj.e.ID], hj.e.W
		}
	}
	if best != nil {
		return best
	}
	// Work conservation: the job with the smallest w that can use the
	// slot, the earliest on ties. The late jobs cannot (they were just
	// considered), so it is the runnable queued job with the smallest
	// (w, arrival) — read from the tree of w when there is one.
	if j, ok := h.minMarkedJob(p); ok {
		return j
	}
	// Without the tree: the unfinished queued entries (live, fewer than
	// treeMin) instead of every active job. An active job is queued (and
	// unfinished, so in live) or late, and a late one with a runnable task
	// and a w below +Inf was taken above; the strict test in arrival order
	// over the active jobs is the smallest (w, Key) over live.
	var bestE *SlackEntry
	for _, e := range h.ss.live {
		if e.mark[p] && (e.W < bestW || bestE != nil && e.W == bestW && e.Key < bestE.Key) {
			bestE, bestW = e, e.W
		}
	}
	if bestE == nil {
		return nil
	}
	return &h.s.Jobs[bestE.ID]
}

// completable is Algorithm 4's test of an entry of w behind queued entries
// whose smallest slack is prefMin (tolerance.GE(prefMin, w)), with the
// cheap sufficient and refuting tests first: prefMin ≥ w implies GE, and
// w − prefMin beyond 4·10⁻⁹(1 + w + |prefMin|) fails GE by far.
func completable(prefMin, w float64) bool {
	return prefMin >= w || w-prefMin <= 4e-9*(1+w+math.Abs(prefMin)) && tolerance.GE(prefMin, w)
}

// scanAll is the completable scan of Pick (Algorithm 2 over Algorithm 4)
// over the virtual queue without the trees of w (a short queue): the
// completable queued job with a runnable task of phase p and the smallest
// w (the earlier on ties), and its w (+Inf, nil when none).
//
// The slacks in queue order: s = x − d − Σ_{j≤k} w_j (Slack); a finished
// job has w = 0 and adds nothing to the prefix sum, so the scan reads the
// unfinished entries only (Slack.lw, lx).
func (h *HPFSP) scanAll(p Phase) (*JobState, float64) {
	var best *JobState
	bestW := math.Inf(1)
	prefMin := math.Inf(1)
	pw := 0.0
	lw, lx, d := h.ss.lw, h.ss.lx[:len(h.ss.lw)], h.ss.d
	for k, w := range lw {
		pw += w
		// w < bestW first: only a strictly smaller w wins.
		if w < bestW && completable(prefMin, w) {
			if j := &h.s.Jobs[h.ss.live[k].ID]; j.Pending(p) > 0 {
				best, bestW = j, w
			}
		}
		if s := lx[k] - d - pw; s < prefMin {
			prefMin = s
			if prefMin < noSlack {
				break // no job behind is completable (w ≥ 0)
			}
		}
	}
	return best, bestW
}

// scanTree is scanAll with the trees of w: it jumps from one candidate to
// the next — the next queued entry marked in phase p (a runnable task of
// phase p: the marks equal Pending > 0, TestRunnableMarksMatchPending)
// with w below the best so far (Slack.NextMarkedBelow) — and only adds up
// the w and slacks of the entries in between, in the same order and with
// the same operations as scanAll, so that the prefix sums, the smallest
// slack and hence every decision are bit for bit scanAll's
// (TestScanTreeMatchesScanAll). An entry scanAll would skip is either not
// runnable or has w ≥ the best at that point, which is the best when the
// jump passes it (the best changes only at a candidate).
func (h *HPFSP) scanTree(p Phase) (*JobState, float64) {
	var best *JobState
	bestW := math.Inf(1)
	prefMin := math.Inf(1)
	pw := 0.0
	lw, lx, d := h.ss.lw, h.ss.lx[:len(h.ss.lw)], h.ss.d
	c := int(p)
	for i := 0; ; {
		// A candidate has w < bestW and must pass the completable test
		// against the smallest slack so far, which only falls further on
		// the way to it: w ≤ (prefMin + 4·10⁻⁹(1 + |prefMin|))/(1 − 4·10⁻⁹)
		// (completable's refuting test; prefMin ≥ noSlack here). The
		// bound below exceeds that by at least 6·10⁻⁹, far beyond the
		// rounding of either side, so no entry that could pass is
		// skipped; the test itself is made at the candidate as before.
		bound := bestW
		if b := prefMin + 1e-8*(1+2*math.Abs(prefMin)); b < bound {
			bound = b
		}
		k := h.ss.NextMarkedBelow(c, i, bound)
		if k < 0 {
			return best, bestW // no runnable job behind can win
		}
		for ; i < k; i++ {
			pw += lw[i]
			if s := lx[i] - d - pw; s < prefMin {
				prefMin = s
				if prefMin < noSlack {
					return best, bestW // no job behind is completable
				}
			}
		}
		w := lw[k]
		pw += w
		if completable(prefMin, w) {
			best, bestW = &h.s.Jobs[h.ss.live[k].ID], w
		}
		if s := lx[k] - d - pw; s < prefMin {
			prefMin = s
			if prefMin < noSlack {
				return best, bestW
			}
		}
		i = k + 1
	}
}
