package google

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/mrsched/mrsched/internal/fileio"
)

// UsageApproximation states how sizes are derived when a task_usage table
// is given; it replaces Approximation in the instance metadata.
const UsageApproximation = "map = Σ over the job's task_usage rows of (end − start) (s) × mean CPU rate; " +
	"shuffle = Σ (end − start) × local disk space usage (measured use, rows taken as given); " +
	"both sizes then divided by their means (mean map = mean shuffle = 1)"

// usageColumns are the task_usage columns of the ClusterData2011_2 schema;
// files with 19 columns (without "sampled CPU usage") are accepted too.
var usageColumns = []string{"start time", "end time", "job ID", "task index", "machine ID",
	"mean CPU usage rate", "canonical memory usage", "assigned memory usage", "unmapped page cache",
	"total page cache", "maximum memory usage", "mean disk I/O time", "mean local disk space used",
	"maximum CPU rate", "maximum disk IO time", "cycles per instruction", "memory accesses per instruction",
	"sample portion", "aggregation type", "sampled CPU usage"}

// Usage is one row of task_usage: a task's measured use over [Start, End].
type Usage struct {
	Start, End int64 // microseconds, End ≥ Start
	JobID      int64
	Index      int64
	CPU        float64 // mean CPU usage rate ≥ 0
	Disk       float64 // mean local disk space used ≥ 0
}

// ReadTaskUsage streams the rows of one task_usage file (gzip or plain,
// 20 or 19 columns) to fn, under the rules of ReadJobEvents.
func ReadTaskUsage(r io.Reader, name string, fn func(Usage) error) error {
	want := -1 // decided by the first row
	return rows(r, name, 0, usageColumns, func(f []string, line int) error {
		if want < 0 && (len(f) == 19 || len(f) == 20) {
			want = len(f)
		}
		if len(f) != want {
			return &fileio.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d comma-separated fields, want 20 or 19 (ClusterData2011_2 task_usage), the same on every line", ErrFormat, len(f))}
		}
		var u Usage
		var err error
		for i, p := range []*int64{&u.Start, &u.End, &u.JobID, &u.Index} {
			if *p, err = intField(f, []int{0, 1, 2, 3}[i], 0, maxTime, name, line, usageColumns); err != nil {
				return err
			}
		}
		if u.End < u.Start {
			return colErr(name, line, 1, usageColumns, fmt.Errorf("%w: end %d before start %d", ErrFormat, u.End, u.Start))
		}
		for k, p := range []*float64{&u.CPU, &u.Disk} {
			i := []int{5, 12}[k]
			v, err := fileio.ParseFloat(f[i])
			if err != nil {
				var ne *fileio.NumberError
				errors.As(err, &ne)
				return colErr(name, line, i, usageColumns, &fileio.Tagged{Kind: ErrFormat, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)})
			}
			if v < 0 || math.IsInf(v, 0) {
				return colErr(name, line, i, usageColumns, fmt.Errorf("%w: negative use %v", ErrFormat, v))
			}
			*p = v
		}
		return fn(u)
	})
}
