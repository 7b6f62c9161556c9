package straggler

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ErrTrace reports an unreadable Google task-events line.
var ErrTrace = errors.New("straggler: task events")

// maxTaskEventLine bounds one line of a task-events file (the real lines
// are under 200 bytes).
const maxTaskEventLine = 1 << 16

// TaskDurations reads a Google cluster-data 2011 task_events table (CSV, no
// header: 1 time in µs, 3 job ID, 4 task index, 6 event type; see
// /work/shared/data/README.md) and returns, per job, the run times in
// seconds of its tasks that were scheduled (event 1) and then finished
// (event 4) inside the data: the time from a task's last SCHEDULE to its
// FINISH. Tasks evicted, failed, killed or lost after their last SCHEDULE,
// or without a SCHEDULE in the data, are left out. Order of durations:
// the order of the FINISH events. Name is used in error messages.
func TaskDurations(r io.Reader, name string) (map[int64][]float64, error) {
	type key struct{ job, task int64 }
	started := map[key]int64{}
	out := map[int64][]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxTaskEventLine)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), ",")
		if len(f) < 6 {
			return nil, fmt.Errorf("%w: %s:%d: %d fields, want at least 6", ErrTrace, name, line, len(f))
		}
		var v [4]int64
		for k, col := range []int{0, 2, 3, 5} {
			x, err := strconv.ParseInt(f[col], 10, 64)
			if err != nil || x < 0 {
				return nil, fmt.Errorf("%w: %s:%d: field %d %q is not a non-negative integer", ErrTrace, name, line, col+1, f[col])
			}
			v[k] = x
		}
		t, id := v[0], key{v[1], v[2]}
		switch v[3] {
		case 1: // SCHEDULE
			started[id] = t
		case 4: // FINISH
			if s, ok := started[id]; ok && t >= s {
				out[id.job] = append(out[id.job], float64(t-s)/1e6)
			}
			delete(started, id)
		case 2, 3, 5, 6: // EVICT, FAIL, KILL, LOST
			delete(started, id)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %s:%d: %w", ErrTrace, name, line+1, err)
	}
	return out, nil
}

// LargestJobDurations reads the gzip task-events parts in order (one
// stream, so tasks that span two parts count) and returns the job with the
// most finished tasks and their run times (ties: the smaller job ID).
func LargestJobDurations(paths []string) (job int64, durations []float64, err error) {
	var readers []io.Reader
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return 0, nil, fmt.Errorf("%w: %w", ErrTrace, err)
		}
		defer f.Close()
		z, err := gzip.NewReader(f)
		if err != nil {
			return 0, nil, fmt.Errorf("%w: %s: %w", ErrTrace, p, err)
		}
		readers = append(readers, z)
	}
	all, err := TaskDurations(io.MultiReader(readers...), strings.Join(paths, "+"))
	if err != nil {
		return 0, nil, err
	}
	for j, d := range all {
		if len(d) > len(durations) || (len(d) == len(durations) && j < job) {
			job, durations = j, d
		}
	}
	if len(durations) == 0 {
		return 0, nil, fmt.Errorf("%w: no finished task in %s", ErrTrace, strings.Join(paths, ", "))
	}
	return job, durations, nil
}
