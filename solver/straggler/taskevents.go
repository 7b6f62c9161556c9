package straggler

import (
	"errors"
	"fmt"
	"github.com/mrsched/mrsched/internal/fileio"
	"io"
	"strings"

	"github.com/mrsched/mrsched/instances/google"
)

// ErrTrace reports an unreadable Google task-events file. It wraps the
// reader's error (google.ErrFormat for a malformed row, named by
// file:line and column).
var ErrTrace = errors.New("straggler: task events")

// runTimes collects task run times from task_events rows fed in file
// order: the time from a task's last SCHEDULE to its FINISH, per job.
type runTimes struct {
	started map[[2]int64]int64 // (job, task) → time of its last SCHEDULE (µs)
	out     map[int64][]float64
}

func newRunTimes() *runTimes {
	return &runTimes{started: map[[2]int64]int64{}, out: map[int64][]float64{}}
}

func (rt *runTimes) add(e google.TaskEvent) error {
	id := [2]int64{e.JobID, e.Index}
	switch {
	case e.Type == google.Schedule:
		rt.started[id] = e.Time
	case e.Type == google.Finish:
		if s, ok := rt.started[id]; ok && e.Time >= s {
			rt.out[e.JobID] = append(rt.out[e.JobID], float64(e.Time-s)/1e6)
		}
		delete(rt.started, id)
	case e.Type.Ends(): // EVICT, FAIL, KILL, LOST
		delete(rt.started, id)
	}
	return nil
}

// TaskDurations reads a Google cluster-data 2011 task_events table (gzip
// or plain CSV, no header, the 13 columns of the ClusterData2011_2 schema,
// read by google.ReadTaskEvents) and returns, per job, the run times in
// seconds of its tasks that were scheduled (event 1) and then finished
// (event 4) inside the data: the time from a task's last SCHEDULE to its
// FINISH. Tasks evicted, failed, killed or lost after their last SCHEDULE,
// or without a SCHEDULE in the data, are left out. Order of durations:
// the order of the FINISH events. Name is used in error messages.
func TaskDurations(r io.Reader, name string) (map[int64][]float64, error) {
	rt := newRunTimes()
	if err := google.ReadTaskEvents(r, name, rt.add); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTrace, err)
	}
	return rt.out, nil
}

// LargestJobDurations reads the task-events parts in order as one table
// (a task scheduled in one part and finished in a later one counts; a
// directory stands for its part-*-of-*.csv[.gz] files, see google.Parts)
// and returns the job with the most finished tasks and their run times
// (ties: the smaller job ID).
func LargestJobDurations(paths []string) (job int64, durations []float64, err error) {
	files, err := google.Parts(paths)
	if err != nil {
		return 0, nil, fmt.Errorf("%w: %w", ErrTrace, err)
	}
	rt := newRunTimes()
	for _, p := range files {
		f, err := fileio.OpenRead(p)
		if err != nil {
			return 0, nil, fmt.Errorf("%w: %w", ErrTrace, err)
		}
		err = google.ReadTaskEvents(f, p, rt.add)
		f.Close()
		if err != nil {
			return 0, nil, fmt.Errorf("%w: %w", ErrTrace, err)
		}
	}
	for j, d := range rt.out {
		if len(d) > len(durations) || (len(d) == len(durations) && j < job) {
			job, durations = j, d
		}
	}
	if len(durations) == 0 {
		return 0, nil, fmt.Errorf("%w: no finished task in %s", ErrTrace, strings.Join(files, ", "))
	}
	return job, durations, nil
}
