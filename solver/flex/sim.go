package flex

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/instances/sharedscan"
)

// Scheme is a scheduling scheme of the §4 experiments.
type Scheme int

// The schemes.
const (
	FLEX       Scheme = iota // no sharing: every job scans its own copy
	CIRCUMFLEX               // cyclic piggybacking (§2.2) + CIRCUMFLEX scheduling (§3)
	BATCH                    // batching windows per dataset + FLEX on the batches (§4)
)

// Schemes lists the schemes in report order.
var Schemes = []Scheme{FLEX, CIRCUMFLEX, BATCH}

func (s Scheme) String() string {
	switch s {
	case FLEX:
		return "flex"
	case CIRCUMFLEX:
		return "circumflex"
	case BATCH:
		return "batch"
	}
	return fmt.Sprintf("Scheme(%d)", int(s))
}

// ParseScheme parses flex, circumflex or batch.
func ParseScheme(s string) (Scheme, error) {
	for _, x := range Schemes {
		if strings.EqualFold(s, x.String()) {
			return x, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown scheme %q (want flex, circumflex or batch)", ErrInput, s)
}

// SimOptions configure Simulate.
type SimOptions struct {
	Scheme Scheme
	Metric Metric
	// Window is BATCH's window W per dataset (§4: 2 minutes). Window
	// starts are offset evenly: dataset d (0-based, of D) has windows
	// [o_d + kW, o_d + (k+1)W) with o_d = d·W/D, and a job arriving in a
	// window is released at its end.
	Window float64
	// StopAt > 0 stops the simulation at that time: the jobs released by
	// then are planned from their progress at StopAt, and the plan is
	// returned in SimResult.Final (completions of jobs still active are
	// those of the plan; jobs released later are ignored).
	StopAt float64
	// Context, when not nil, stops the simulation with ErrStopped once it
	// ends (checked at every event, each of which plans).
	Context context.Context
}

// FinalPlan is the plan made at SimOptions.StopAt.
type FinalPlan struct {
	At   float64
	Plan *Plan
	Jobs []int // workload job index of each active job of the plan
}

// SimResult is the outcome of an epoch simulation.
type SimResult struct {
	Completion   []float64 // per workload job
	Release      []float64 // when the job became schedulable (arrival, or batch release)
	AvgResponse  float64
	AvgStretch   float64
	MaxStretch   float64
	Value        float64 // the simulated metric (sum or max) over all jobs
	Work         float64 // total slot-time of map work performed
	UnsharedWork float64 // Σ_j W_j
	Replans      int
	// MaxConcurrent is, averaged over the datasets scanned at least once,
	// the largest number of subjobs on the dataset at any re-plan
	// (CIRCUMFLEX), the largest batch (BATCH), or the largest number of
	// active jobs on it (FLEX).
	MaxConcurrent float64
	MaxSubjobs    int // largest number of subjobs in one plan
	Final         *FinalPlan
}

type pending struct {
	job     int
	release float64
	group   int
}

// Simulate runs the epoch-based simulation of §4 (and A.4): at every
// arrival (BATCH: every batch release) the scheme re-plans the whole
// remaining work, and the plan is followed exactly until the next event;
// after the last event the plan runs to completion. Responses are
// measured from the arrival (so BATCH's window latency counts).
func Simulate(w *sharedscan.Workload, opt SimOptions) (*SimResult, error) {
	if err := w.Validate(); err != nil {
		return nil, err
	}
	infos := JobInfos(w)
	if err := opt.Metric.CheckJobs(infos); err != nil {
		return nil, err
	}
	s, err := newEpochSim(w, opt, infos)
	if err != nil {
		return nil, err
	}
	if err := s.run(); err != nil {
		return nil, err
	}
	s.summarize()
	return s.res, nil
}

// epochSim holds the state of one epoch simulation: the release events,
// the active jobs, the plan being followed and the running result.
type epochSim struct {
	w     *sharedscan.Workload
	opt   SimOptions
	infos []JobInfo
	idx   map[string]int
	sizes []float64
	res   *SimResult
	evs   []pending

	maxConc []int  // per dataset: largest concurrency seen
	used    []bool // per dataset: scanned by at least one job

	active []Active
	actJob []int // workload job index of each active job
	plan   *Plan
	planT  float64 // time the plan was made
	planH  float64 // horizon the plan was cut at
}

// newEpochSim computes every job's release (BATCH: the end of its
// window) and group, and sorts the releases by time.
func newEpochSim(w *sharedscan.Workload, opt SimOptions, infos []JobInfo) (*epochSim, error) {
	idx := w.DatasetIndex()
	D := len(w.Datasets)
	sizes := make([]float64, D)
	for i, d := range w.Datasets {
		sizes[i] = d.Size
	}
	n := len(w.Jobs)
	s := &epochSim{
		w: w, opt: opt, infos: infos, idx: idx, sizes: sizes,
		res:     &SimResult{Completion: make([]float64, n), Release: make([]float64, n)},
		maxConc: make([]int, D),
		used:    make([]bool, D),
	}
	res := s.res
	batchOf := map[[2]int]int{}
	batchSize := map[int]int{}
	for j := range w.Jobs {
		res.UnsharedWork += w.UnsharedWork(j, idx)
		p := pending{job: j, release: w.Jobs[j].Arrival, group: j + 1}
		if opt.Scheme == CIRCUMFLEX {
			p.group = 0
		}
		for _, d := range w.Jobs[j].Datasets {
			s.used[idx[d]] = true
		}
		if opt.Scheme == BATCH {
			if len(w.Jobs[j].Datasets) != 1 {
				return nil, fmt.Errorf("%w: BATCH is defined for fully shared scans only (§4), and job %q scans %d datasets", ErrInput, w.Jobs[j].ID, len(w.Jobs[j].Datasets))
			}
			// A window whose batches release past MaxWindow would overflow the
			// sums of response times (a window of 1e308 printed +Inf and NaN).
			if !(opt.Window > 0) || !(opt.Window <= MaxWindow) {
				return nil, fmt.Errorf("%w: BATCH needs a window in (0, %g], got %v", ErrInput, MaxWindow, opt.Window)
			}
			d := idx[w.Jobs[j].Datasets[0]]
			o := float64(d) * opt.Window / float64(D)
			k := math.Floor((w.Jobs[j].Arrival - o) / opt.Window)
			p.release = o + (k+1)*opt.Window
			key := [2]int{d, int(k)}
			g, ok := batchOf[key]
			if !ok {
				g = len(batchOf) + 1
				batchOf[key] = g
			}
			p.group = g
			batchSize[g]++
			s.maxConc[d] = max(s.maxConc[d], batchSize[g])
		}
		res.Release[j] = p.release
		s.evs = append(s.evs, p)
	}
	sort.SliceStable(s.evs, func(a, b int) bool { return s.evs[a].release < s.evs[b].release })
	return s, nil
}

// run re-plans at every release (and at StopAt), following each plan
// until the next event, then follows the last plan to its end.
func (s *epochSim) run() error {
	opt, evs := s.opt, s.evs
	stopAt := opt.StopAt
	if !(stopAt > 0) {
		stopAt = math.Inf(1)
	}
	for e := 0; e < len(evs) || stopAt < math.Inf(1); {
		t := stopAt
		if e < len(evs) && evs[e].release <= stopAt {
			t = evs[e].release
		}
		if opt.Context != nil && opt.Context.Err() != nil {
			return fmt.Errorf("%w: %s at time %v, %d of %d releases: %w", ErrStopped, opt.Scheme, t, e, len(evs), context.Cause(opt.Context))
		}
		s.apply()
		e = s.admit(e, t)
		next := stopAt
		if e < len(evs) {
			next = math.Min(evs[e].release, stopAt)
		}
		horizon := next - t
		final := t == stopAt
		if final {
			horizon = math.Inf(1)
		}
		sj, err := s.replan(t, horizon)
		if err != nil {
			return err
		}
		if final {
			s.finish(t, e)
			break
		}
		s.res.MaxSubjobs = max(s.res.MaxSubjobs, len(sj.List))
		s.recordConcurrency(sj)
	}
	s.apply()
	if len(s.active) > 0 {
		return fmt.Errorf("flex: internal error: %d jobs unfinished after the last plan", len(s.active))
	}
	return nil
}

// apply follows the current plan (cut at the horizon it was built
// with) and retires the jobs it completes.
func (s *epochSim) apply() {
	plan, res := s.plan, s.res
	if plan == nil {
		return
	}
	active, actJob := s.active, s.actJob
	plan.Subjobs.Apply(active, plan.Schedule.Done)
	for _, d := range plan.Schedule.Done {
		res.Work += d
	}
	keep := 0
	for a := range active {
		doneAll := true
		for _, c := range active[a].Copies {
			if c.Remaining > 0 {
				doneAll = false
				break
			}
		}
		if doneAll {
			c := plan.JobCompletion[a]
			if math.IsNaN(c) { // finished within MergeEps of the cut: at the cut
				c = s.planH
			}
			res.Completion[actJob[a]] = s.planT + c
			continue
		}
		active[keep] = active[a]
		actJob[keep] = actJob[a]
		keep++
	}
	s.active, s.actJob = active[:keep], actJob[:keep]
}

// admit makes active every job released at t, from event e on, and
// returns the first event after them.
func (s *epochSim) admit(e int, t float64) int {
	evs := s.evs
	for ; e < len(evs) && evs[e].release == t; e++ {
		p := evs[e]
		j := &s.w.Jobs[p.job]
		a := Active{Job: p.job, Extra: (1 - j.ScanFraction) / j.ScanFraction, Min: float64(j.MinSlots), Max: float64(j.MaxSlots)}
		for _, d := range j.Datasets {
			a.Copies = append(a.Copies, Copy{Dataset: s.idx[d], Group: p.group, Remaining: 1})
		}
		s.active = append(s.active, a)
		s.actJob = append(s.actJob, p.job)
	}
	return e
}

// replan builds the subjobs of the active jobs and plans them from t
// over the horizon; the plan becomes the one followed.
func (s *epochSim) replan(t, horizon float64) (*Subjobs, error) {
	sj, err := Build(s.active, s.sizes)
	if err != nil {
		return nil, err
	}
	jobs := make([]JobInfo, len(s.active))
	for a := range s.active {
		jobs[a] = s.infos[s.actJob[a]]
	}
	s.plan, err = MakePlan(sj, float64(s.w.Slots), s.opt.Metric, jobs, t, horizon)
	if err != nil {
		return nil, err
	}
	s.planT, s.planH = t, horizon
	s.res.Replans++
	return sj, nil
}

// finish records the plan made at StopAt: completions of active jobs
// are those of the plan, jobs released from event e on are NaN.
func (s *epochSim) finish(t float64, e int) {
	res, plan := s.res, s.plan
	res.Final = &FinalPlan{At: t, Plan: plan, Jobs: append([]int(nil), s.actJob...)}
	for a, j := range s.actJob {
		res.Completion[j] = t + plan.JobCompletion[a]
	}
	for k := e; k < len(s.evs); k++ {
		res.Completion[s.evs[k].job] = math.NaN()
	}
	s.plan = nil
	s.active = s.active[:0]
}

// recordConcurrency raises each dataset's largest concurrency: subjobs
// on it (CIRCUMFLEX) or active jobs scanning it (FLEX). BATCH counted
// its batch sizes when the releases were made.
func (s *epochSim) recordConcurrency(sj *Subjobs) {
	if s.opt.Scheme == BATCH {
		return
	}
	cnt := map[int]int{}
	if s.opt.Scheme == CIRCUMFLEX {
		for i := range sj.List {
			for _, p := range sj.List[i].Pieces {
				cnt[p.Dataset]++
			}
		}
	} else {
		for a := range s.active {
			for _, c := range s.active[a].Copies {
				if c.Remaining > 0 {
					cnt[c.Dataset]++
				}
			}
		}
	}
	for d, c := range cnt {
		s.maxConc[d] = max(s.maxConc[d], c)
	}
}

// summarize computes the averages, the largest stretch, the metric value
// and the mean largest concurrency over the datasets scanned.
func (s *epochSim) summarize() {
	res, w, infos := s.res, s.w, s.infos
	nu, sum := 0, 0
	for d := range s.used {
		if s.used[d] {
			nu++
			sum += s.maxConc[d]
		}
	}
	res.MaxConcurrent = float64(sum) / float64(nu)
	res.MaxStretch = math.Inf(-1)
	nn := 0
	for j := range w.Jobs {
		if math.IsNaN(res.Completion[j]) {
			continue
		}
		nn++
	}
	for j := range w.Jobs {
		if math.IsNaN(res.Completion[j]) {
			continue
		}
		n := nn
		r := res.Completion[j] - infos[j].Arrival
		st := r / infos[j].Isolation
		res.AvgResponse += r / float64(n)
		res.AvgStretch += st / float64(n)
		res.MaxStretch = math.Max(res.MaxStretch, st)
	}
	res.Value = s.opt.Metric.Value(infos, res.Completion)
}

// MaxWindow bounds the BATCH window W: batches are released up to W after
// an arrival, and response times of 1e300 and more would overflow their
// sums (workloads themselves are bounded by sharedscan.MaxMagnitude).
const MaxWindow = 1e290
