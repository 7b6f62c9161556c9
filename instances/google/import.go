package google

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/mrsched/mrsched/instances"
)

// Credit is the attribution the trace's CC-BY 4.0 licence requires wherever
// results from it are shown.
const Credit = "Google cluster-usage traces, clusterdata-2011-2, Google Inc. (CC-BY 4.0)"

// Approximation states how sizes are derived from the trace without a
// task_usage table; it is written into the instance metadata.
const Approximation = "map = Σ over the job's task runs of run time (s) × CPU request; " +
	"shuffle = Σ run time (s) × disk-space request; a run lasts from SCHEDULE to the task's next " +
	"EVICT/FAIL/FINISH/KILL/LOST event (a request changed by UPDATE_RUNNING applies from its time); " +
	"both sizes then divided by their means (mean map = mean shuffle = 1)"

// WindowRule states how the trace window is treated; it is written into the
// instance metadata.
const WindowRule = "window = [first, last] job_events time read; only jobs with a SUBMIT event in the " +
	"window are kept (so no kept task started before it); runs still open at the end of the " +
	"task_events read are clipped to the last task_events time"

// Options names the input files of Import. Each list holds files or
// directories (see Parts); any subset of parts may be given, in time
// (name) order.
type Options struct {
	JobEvents  []string
	TaskEvents []string
	// TaskUsage, when set, gives measured use (ClusterData2011_2
	// task_usage): sizes follow UsageApproximation instead of
	// Approximation. task_events still decide the single-task and
	// never-ran filters.
	TaskUsage []string
}

// Summary counts the jobs kept and dropped, per reason.
type Summary struct {
	Parts               int   // job_events plus task_events files read
	JobEventRows        int64 // rows of job_events read
	TaskEventRows       int64 // rows of task_events read
	UsageRows           int64 // rows of task_usage read (0 without a usage table)
	JobsSeen            int   // distinct jobs in job_events
	NotSubmittedInWin   int   // jobs with events but no SUBMIT in the window (window rule)
	NoTaskEvents        int   // submitted jobs without any task event
	SingleTask          int   // jobs with one task (§5.1: not MapReduce)
	NeverRan            int   // jobs none of whose tasks was scheduled
	NoDisk              int   // jobs with zero disk use (§5.1: not MapReduce)
	NoCPU               int   // jobs with zero CPU use (map size 0)
	ClippedRuns         int64 // task runs still open at the end, clipped (window rule)
	PeakLiveJobs        int   // most job working records held at once (memory bound)
	PeakLiveTasks       int   // most live task records held at once (memory bound)
	Kept                int   // jobs in the instance
	WindowStart, Window float64
}

// Lines returns the summary as lines for stderr.
func (s Summary) Lines() []string {
	return []string{
		fmt.Sprintf("google import: %d part files, %d job_events rows, %d task_events rows, %d task_usage rows, window %.0f s", s.Parts, s.JobEventRows, s.TaskEventRows, s.UsageRows, s.Window),
		fmt.Sprintf("google import: %d jobs seen, %d kept; dropped: %d not submitted in the window, %d without task events, %d single-task, %d never ran, %d without disk use, %d without CPU use",
			s.JobsSeen, s.Kept, s.NotSubmittedInWin, s.NoTaskEvents, s.SingleTask, s.NeverRan, s.NoDisk, s.NoCPU),
		fmt.Sprintf("google import: %d task runs clipped at the end of the window", s.ClippedRuns),
		"google import: data: " + Credit,
	}
}

// jobRec is the working record of one live job: from its first job event
// until its fate is known (see Import).
type jobRec struct {
	id, submit     int64
	foreign        bool // events but no SUBMIT in the window
	ended          bool // a FINISH, FAIL, KILL or LOST job event was read
	firstIdx       int64
	multi, tasks   bool
	ran            bool
	mapUse, shfUse float64 // CPU·s and disk·s
	live           map[int64]*task
	running        int // tasks with an open run
}

// task is a live task: seen in task_events, not yet FINISHed or KILLed.
type task struct {
	req    lastReq // last known request (rows may leave it empty)
	hasReq bool
	open   bool // a run is open
	run    run
}

// run is an open task run: since when, at what requests.
type run struct {
	since     int64
	cpu, disk float64
}

type lastReq struct{ cpu, disk float64 }

// keptJob is the output triple of a kept job (arrival, map, shuffle, before
// normalisation) with its ID.
type keptJob struct {
	id, submit     int64
	mapUse, shfUse float64
}

// importer holds the working state of Import.
type importer struct {
	s         *Summary
	usage     bool // sizes come from task_usage: filters 5–6 wait for it
	jobs      map[int64]*jobRec
	liveTasks int
	kept      []keptJob
	keptIdx   map[int64]int // job ID → index in kept
	submitted int
	first     int64 // window: first and last job_events time
	last      int64
	tEnd      int64 // last task_events time
}

// Import reads the tables and builds a tandem instance with unit capacities:
// release = (SUBMIT time − window start) in seconds, sizes per
// Approximation, normalised to mean 1, jobs in SUBMIT order (ties by job
// ID).
//
// The two tables are streamed row by row and merged by time (each must be
// in time order within OrderTolerance, part after part, else ErrOrder
// naming file and line; at equal times job events come first). A job's
// working record lives from its first job event until its fate is known:
// its FINISH, FAIL, KILL or LOST job event has been read and none of its
// tasks is running, or the end of the input. Then a kept job is reduced to
// its output triple and a dropped one is counted and freed; later task
// events of the job are ignored (on the four-hour slice 31 task KILLs of 23
// jobs follow their job's end; the instance is byte-identical to the one
// built when every event was applied). Memory is
// therefore O(live jobs + live tasks + kept jobs' output triples), never
// the number of parts or of dropped jobs; Summary.PeakLiveJobs and
// Summary.PeakLiveTasks report the peaks. With TaskUsage, the jobs passing
// filters 1–4 keep their triple until the usage table is read, since the
// disk and CPU filters depend on it.
func Import(opt Options) (*instances.Instance, Summary, error) {
	var s Summary
	jobFiles, err := Parts(opt.JobEvents)
	if err != nil {
		return nil, s, fmt.Errorf("job events: %w", err)
	}
	taskFiles, err := Parts(opt.TaskEvents)
	if err != nil {
		return nil, s, fmt.Errorf("task events: %w", err)
	}
	s.Parts = len(jobFiles) + len(taskFiles)
	im := &importer{s: &s, usage: len(opt.TaskUsage) > 0, jobs: map[int64]*jobRec{}, keptIdx: map[int64]int{}, first: -1, last: -1, tEnd: -1}
	if err := im.merge(jobFiles, taskFiles); err != nil {
		return nil, s, err
	}
	if im.submitted == 0 {
		return nil, s, fmt.Errorf("%w: no SUBMIT event in the job_events files", ErrInput)
	}
	im.finish()
	sizes := Approximation
	if im.usage {
		if err := im.readUsage(opt.TaskUsage); err != nil {
			return nil, s, err
		}
		sizes = UsageApproximation
	}
	return build(im.kept, im.first, im.last, im.submitted, sizes, &s)
}

// merge streams both tables in time order, job events first at equal times.
func (im *importer) merge(jobFiles, taskFiles []string) error {
	js := newStream("job_events", jobFiles, readJobEvents, func(e JobEvent) int64 { return e.Time })
	defer js.stop()
	ts := newStream("task_events", taskFiles, readTaskEvents, func(e TaskEvent) int64 { return e.Time })
	defer ts.stop()
	if err := js.advance(); err != nil {
		return err
	}
	if err := ts.advance(); err != nil {
		return err
	}
	for js.ok || ts.ok {
		var err error
		if js.ok && (!ts.ok || js.cur.ev.Time <= ts.cur.ev.Time) {
			im.jobEvent(js.cur.ev)
			err = js.advance()
		} else {
			im.taskEvent(ts.cur.ev)
			err = ts.advance()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// jobEvent applies one job event.
func (im *importer) jobEvent(e JobEvent) {
	s := im.s
	s.JobEventRows++
	if im.first < 0 || e.Time < im.first {
		im.first = e.Time
	}
	im.last = max(im.last, e.Time)
	j := im.jobs[e.JobID]
	if j == nil {
		if _, done := im.keptIdx[e.JobID]; done {
			return // a kept job's fate is settled
		}
		j = &jobRec{id: e.JobID, submit: e.Time, foreign: e.Type != Submit, live: map[int64]*task{}}
		im.jobs[e.JobID] = j
		s.JobsSeen++
		if j.foreign {
			s.NotSubmittedInWin++
		} else {
			im.submitted++
		}
		s.PeakLiveJobs = max(s.PeakLiveJobs, len(im.jobs))
	} else if j.foreign && e.Type == Submit {
		// Submitted after earlier events: in the window after all.
		j.foreign, j.submit = false, e.Time
		s.NotSubmittedInWin--
		im.submitted++
	}
	if e.Type >= Fail && e.Type <= Lost {
		j.ended = true
		im.settle(j)
	}
}

// taskEvent applies one task event to its job, if the job is live and
// submitted in the window.
func (im *importer) taskEvent(e TaskEvent) {
	im.s.TaskEventRows++
	im.tEnd = max(im.tEnd, e.Time)
	j := im.jobs[e.JobID]
	if j == nil || j.foreign {
		return
	}
	if !j.tasks {
		j.tasks, j.firstIdx = true, e.Index
	} else if e.Index != j.firstIdx {
		j.multi = true
	}
	t := j.live[e.Index]
	if t == nil {
		t = &task{}
		j.live[e.Index] = t
		im.liveTasks++
		im.s.PeakLiveTasks = max(im.s.PeakLiveTasks, im.liveTasks)
	}
	if e.HasRequest {
		t.req, t.hasReq = lastReq{e.CPU, e.Disk}, true
	}
	closeRun := func() {
		if t.open {
			sec := float64(e.Time-t.run.since) / 1e6
			if sec > 0 {
				j.mapUse += sec * t.run.cpu
				j.shfUse += sec * t.run.disk
			}
			t.open = false
			j.running--
		}
	}
	openRun := func() {
		t.open, t.run = true, run{since: e.Time, cpu: t.req.cpu, disk: t.req.disk}
		j.running++
	}
	switch {
	case e.Type == Schedule:
		closeRun()
		if t.hasReq {
			openRun()
			j.ran = true
		}
	case e.Type.Ends():
		closeRun()
		if e.Type == Finish || e.Type == Kill {
			// Terminal: the trace resubmits only evicted, failed or lost
			// tasks, so the task is not needed again.
			delete(j.live, e.Index)
			im.liveTasks--
		}
	case e.Type == UpdateRunning:
		if t.open && t.hasReq {
			closeRun()
			openRun()
		}
	}
	im.settle(j)
}

// settle retires j if its fate is known: it has ended and no task runs.
func (im *importer) settle(j *jobRec) {
	if j.ended && j.running == 0 {
		im.retire(j)
	}
}

// retire frees j's working record: a dropped job is counted, a kept one
// (or, with task_usage, a candidate) reduced to its output triple.
func (im *importer) retire(j *jobRec) {
	delete(im.jobs, j.id)
	im.liveTasks -= len(j.live)
	s := im.s
	switch {
	case j.foreign:
	case !j.tasks:
		s.NoTaskEvents++
	case !j.multi:
		s.SingleTask++
	case !j.ran:
		s.NeverRan++
	case !im.usage && j.shfUse <= 0:
		s.NoDisk++
	case !im.usage && j.mapUse <= 0:
		s.NoCPU++
	default:
		im.keptIdx[j.id] = len(im.kept)
		im.kept = append(im.kept, keptJob{id: j.id, submit: j.submit, mapUse: j.mapUse, shfUse: j.shfUse})
	}
}

// finish clips the runs still open at the end of the task_events read and
// retires every job left. Clipping goes in (job, task) order: float sums
// must not depend on map order (same input → byte-identical output).
func (im *importer) finish() {
	ids := make([]int64, 0, len(im.jobs))
	for id := range im.jobs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		j := im.jobs[id]
		idx := make([]int64, 0, j.running)
		for k, t := range j.live {
			if t.open {
				idx = append(idx, k)
			}
		}
		slices.Sort(idx)
		for _, k := range idx {
			o := j.live[k].run
			if im.tEnd > o.since {
				sec := float64(im.tEnd-o.since) / 1e6
				j.mapUse += sec * o.cpu
				j.shfUse += sec * o.disk
			}
			im.s.ClippedRuns++
		}
		im.retire(j)
	}
}

// readUsage replaces the request-based sizes of the candidates by measured
// use.
func (im *importer) readUsage(inputs []string) error {
	files, err := Parts(inputs)
	if err != nil {
		return fmt.Errorf("task usage: %w", err)
	}
	im.s.Parts += len(files)
	for i := range im.kept {
		im.kept[i].mapUse, im.kept[i].shfUse = 0, 0
	}
	return eachFile(files, func(r io.Reader, name string) error {
		return ReadTaskUsage(r, name, func(u Usage) error {
			im.s.UsageRows++
			if i, ok := im.keptIdx[u.JobID]; ok {
				sec := float64(u.End-u.Start) / 1e6
				im.kept[i].mapUse += sec * u.CPU
				im.kept[i].shfUse += sec * u.Disk
			}
			return nil
		})
	})
}

// build applies the disk and CPU filters (again: with task_usage they
// could not be applied before) and the normalisation.
func build(cands []keptJob, first, last int64, submitted int, sizes string, s *Summary) (*instances.Instance, Summary, error) {
	slices.SortFunc(cands, func(a, b keptJob) int {
		if c := cmp.Compare(a.submit, b.submit); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	var out []instances.Job
	sumX, sumY := 0.0, 0.0
	for _, j := range cands {
		switch {
		case j.shfUse <= 0:
			s.NoDisk++
		case j.mapUse <= 0:
			s.NoCPU++
		default:
			out = append(out, instances.Job{ID: "g" + strconv.FormatInt(j.id, 10), Release: float64(j.submit-first) / 1e6, Map: j.mapUse, Shuffle: j.shfUse})
			sumX += j.mapUse
			sumY += j.shfUse
		}
	}
	s.Kept = len(out)
	s.WindowStart = float64(first) / 1e6
	s.Window = float64(last-first) / 1e6
	if len(out) == 0 {
		return nil, *s, fmt.Errorf("%w: no jobs left after the §5.1 filters (%d jobs submitted in the window)", ErrInput, submitted)
	}
	n := float64(len(out))
	mx, my := sumX/n, sumY/n
	for i := range out {
		out[i].Map /= mx
		out[i].Shuffle /= my
	}
	in := instances.New(out)
	in.Metadata = map[string]any{
		"generator":             "google import",
		"licence_provenance":    Credit,
		"sizes":                 sizes,
		"window":                WindowRule,
		"release":               "SUBMIT time − window start, in seconds",
		"window_start_s":        s.WindowStart,
		"window_length_s":       s.Window,
		"mean_map_cpu_s":        mx,
		"mean_shuffle_disk_s":   my,
		"jobs_seen":             s.JobsSeen,
		"dropped_not_submitted": s.NotSubmittedInWin,
		"dropped_no_tasks":      s.NoTaskEvents,
		"dropped_single_task":   s.SingleTask,
		"dropped_never_ran":     s.NeverRan,
		"dropped_no_disk":       s.NoDisk,
		"dropped_no_cpu":        s.NoCPU,
		"clipped_runs":          s.ClippedRuns,
	}
	if err := in.Validate(); err != nil {
		return nil, *s, err
	}
	return in, *s, nil
}
