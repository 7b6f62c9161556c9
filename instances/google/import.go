package google

import (
	"fmt"
	"io"
	"sort"
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
// directories (see Parts); any subset of consecutive parts may be given.
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
	PeakLiveTasks       int   // most tasks of kept-candidate jobs held at once (memory bound)
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

// jobAcc accumulates one submitted job.
type jobAcc struct {
	submit         int64
	firstIdx       int64
	multi, tasks   bool
	ran            bool
	mapUse, shfUse float64 // CPU·s and disk·s
}

type taskKey struct{ job, idx int64 }

// run is an open task run: since when, at what requests.
type run struct {
	since     int64
	cpu, disk float64
}

// lastReq is a task's last known request (rows may leave it empty).
type lastReq struct{ cpu, disk float64 }

// Import reads the tables and builds a tandem instance with unit capacities:
// release = (SUBMIT time − window start) in seconds, sizes per
// Approximation, normalised to mean 1, jobs in SUBMIT order (ties by job
// ID). Memory: one small record per job submitted in the window (about
// 60 bytes) and one per live task of those jobs (submitted or running, not
// yet finished or killed; Summary.PeakLiveTasks); the part files are
// streamed row by row, so the size of a part never matters.
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
	jobs := map[int64]*jobAcc{}
	seen := map[int64]bool{}
	first, last := int64(-1), int64(-1)
	err = eachFile(jobFiles, func(r io.Reader, name string) error {
		return ReadJobEvents(r, name, func(e JobEvent) error {
			s.JobEventRows++
			if first < 0 || e.Time < first {
				first = e.Time
			}
			if e.Time > last {
				last = e.Time
			}
			seen[e.JobID] = true
			if e.Type == Submit {
				if _, ok := jobs[e.JobID]; !ok {
					jobs[e.JobID] = &jobAcc{submit: e.Time}
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, s, err
	}
	if len(jobs) == 0 {
		return nil, s, fmt.Errorf("%w: no SUBMIT event in the job_events files", ErrInput)
	}
	s.JobsSeen = len(seen)
	s.NotSubmittedInWin = len(seen) - len(jobs)
	seen = nil
	open := map[taskKey]run{}
	reqs := map[taskKey]lastReq{}
	tEnd := int64(-1)
	err = eachFile(taskFiles, func(r io.Reader, name string) error {
		return ReadTaskEvents(r, name, func(e TaskEvent) error {
			s.TaskEventRows++
			if e.Time > tEnd {
				tEnd = e.Time
			}
			j, ok := jobs[e.JobID]
			if !ok {
				return nil
			}
			taskEvent(j, e, open, reqs)
			s.PeakLiveTasks = max(s.PeakLiveTasks, len(reqs))
			return nil
		})
	})
	if err != nil {
		return nil, s, err
	}
	// Clip in a fixed order: float sums must not depend on map order
	// (same input → byte-identical output).
	keys := make([]taskKey, 0, len(open))
	for k := range open {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a].job != keys[b].job {
			return keys[a].job < keys[b].job
		}
		return keys[a].idx < keys[b].idx
	})
	for _, k := range keys {
		o := open[k]
		if tEnd > o.since {
			j := jobs[k.job]
			sec := float64(tEnd-o.since) / 1e6
			j.mapUse += sec * o.cpu
			j.shfUse += sec * o.disk
		}
		s.ClippedRuns++
	}
	sizes := Approximation
	if len(opt.TaskUsage) > 0 {
		if err := readUsage(opt.TaskUsage, jobs, &s); err != nil {
			return nil, s, err
		}
		sizes = UsageApproximation
	}
	return build(jobs, first, last, sizes, &s)
}

// readUsage replaces the request-based sizes by measured use.
func readUsage(inputs []string, jobs map[int64]*jobAcc, s *Summary) error {
	files, err := Parts(inputs)
	if err != nil {
		return fmt.Errorf("task usage: %w", err)
	}
	s.Parts += len(files)
	for _, j := range jobs {
		j.mapUse, j.shfUse = 0, 0
	}
	return eachFile(files, func(r io.Reader, name string) error {
		return ReadTaskUsage(r, name, func(u Usage) error {
			s.UsageRows++
			if j, ok := jobs[u.JobID]; ok {
				sec := float64(u.End-u.Start) / 1e6
				j.mapUse += sec * u.CPU
				j.shfUse += sec * u.Disk
			}
			return nil
		})
	})
}

// taskEvent applies one task event of a submitted job.
func taskEvent(j *jobAcc, e TaskEvent, open map[taskKey]run, reqs map[taskKey]lastReq) {
	k := taskKey{e.JobID, e.Index}
	if !j.tasks {
		j.tasks, j.firstIdx = true, e.Index
	} else if e.Index != j.firstIdx {
		j.multi = true
	}
	req, has := reqs[k]
	if e.HasRequest {
		req = lastReq{e.CPU, e.Disk}
		reqs[k] = req
		has = true
	}
	closeRun := func() {
		if o, ok := open[k]; ok {
			sec := float64(e.Time-o.since) / 1e6
			if sec > 0 {
				j.mapUse += sec * o.cpu
				j.shfUse += sec * o.disk
			}
			delete(open, k)
		}
	}
	switch {
	case e.Type == Schedule:
		closeRun()
		if has {
			open[k] = run{since: e.Time, cpu: req.cpu, disk: req.disk}
			j.ran = true
		}
	case e.Type.Ends():
		closeRun()
		if e.Type == Finish || e.Type == Kill {
			// Terminal: the trace resubmits only evicted, failed or lost
			// tasks, so the request is not needed again.
			delete(reqs, k)
		}
	case e.Type == UpdateRunning:
		if _, ok := open[k]; ok && has {
			closeRun()
			open[k] = run{since: e.Time, cpu: req.cpu, disk: req.disk}
		}
	}
}

// build applies the filters and normalisation.
func build(jobs map[int64]*jobAcc, first, last int64, sizes string, s *Summary) (*instances.Instance, Summary, error) {
	ids := make([]int64, 0, len(jobs))
	for id := range jobs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, b int) bool {
		ja, jb := jobs[ids[a]], jobs[ids[b]]
		if ja.submit != jb.submit {
			return ja.submit < jb.submit
		}
		return ids[a] < ids[b]
	})
	var out []instances.Job
	sumX, sumY := 0.0, 0.0
	for _, id := range ids {
		j := jobs[id]
		switch {
		case !j.tasks:
			s.NoTaskEvents++
		case !j.multi:
			s.SingleTask++
		case !j.ran:
			s.NeverRan++
		case j.shfUse <= 0:
			s.NoDisk++
		case j.mapUse <= 0:
			s.NoCPU++
		default:
			out = append(out, instances.Job{ID: "g" + strconv.FormatInt(id, 10), Release: float64(j.submit-first) / 1e6, Map: j.mapUse, Shuffle: j.shfUse})
			sumX += j.mapUse
			sumY += j.shfUse
		}
	}
	s.Kept = len(out)
	s.WindowStart = float64(first) / 1e6
	s.Window = float64(last-first) / 1e6
	if len(out) == 0 {
		return nil, *s, fmt.Errorf("%w: no jobs left after the §5.1 filters (%d jobs submitted in the window)", ErrInput, len(jobs))
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
