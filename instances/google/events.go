package google

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/internal/fileio"
)

// Sentinel errors.
var (
	// ErrFormat is wrapped by every parse error of a trace table.
	ErrFormat = errors.New("google: malformed trace")
	// ErrInput is wrapped when the input set is unusable (no part files,
	// nothing left after filtering).
	ErrInput = errors.New("google: unusable input")
)

// EventType is the event type column of job_events and task_events
// (ClusterData2011_2 schema).
type EventType int

// Event types of the trace.
const (
	Submit EventType = iota
	Schedule
	Evict
	Fail
	Finish
	Kill
	Lost
	UpdatePending
	UpdateRunning
)

// Ends reports whether the event ends a task's run (EVICT, FAIL, FINISH,
// KILL or LOST).
func (t EventType) Ends() bool { return t >= Evict && t <= Lost }

// JobEvent is one row of job_events.
type JobEvent struct {
	Time  int64 // microseconds since 600 s before the trace window
	JobID int64
	Type  EventType
}

// TaskEvent is one row of task_events. A request column may be empty in the
// trace; HasRequest is false then and CPU, Disk are 0.
type TaskEvent struct {
	Time       int64 // microseconds since 600 s before the trace window
	JobID      int64
	Index      int64 // task index within the job
	Type       EventType
	HasRequest bool    // CPU and disk requests present
	CPU        float64 // CPU request, normalised to the largest machine
	Disk       float64 // disk-space request, normalised to the largest machine
}

var (
	jobColumns  = []string{"time", "missing info", "job ID", "event type", "user", "scheduling class", "job name", "logical job name"}
	taskColumns = []string{"time", "missing info", "job ID", "task index", "machine ID", "event type", "user", "scheduling class", "priority", "CPU request", "memory request", "disk-space request", "different-machine constraint"}
)

// Parts expands the inputs: a directory stands for every
// part-*-of-*.csv[.gz] file in it, sorted by name; a file stands for itself.
// The result keeps the order of the inputs.
func Parts(inputs []string) ([]string, error) {
	var out []string
	for _, in := range inputs {
		st, err := os.Stat(in)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInput, err)
		}
		if !st.IsDir() {
			out = append(out, in)
			continue
		}
		var names []string
		for _, pat := range []string{"part-*-of-*.csv", "part-*-of-*.csv.gz"} {
			m, err := filepath.Glob(filepath.Join(in, pat))
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrInput, err)
			}
			names = append(names, m...)
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("%w: directory %s has no part-*-of-*.csv[.gz] files", ErrInput, in)
		}
		sort.Strings(names)
		out = append(out, names...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no input files", ErrInput)
	}
	return out, nil
}

// rows streams the CSV rows of one table with want columns each (0: the
// caller checks), calling fn
// with the fields and the 1-based line. Gzip input is recognised by its
// magic bytes; the decompressed text is read under the internal/fileio rules
// (at most fileio.Limit() bytes, UTF-8 without NUL).
func rows(r io.Reader, name string, want int, cols []string, fn func(f []string, line int) error) error {
	br := bufio.NewReader(r)
	var src io.Reader = br
	gz := strings.HasSuffix(strings.ToLower(name), ".gz")
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return &fileio.ParseError{File: name, Err: fmt.Errorf("%w: truncated or damaged gzip header: %v", ErrFormat, err)}
		}
		defer zr.Close()
		src = zr
	} else if gz && len(magic) == 0 {
		return &fileio.ParseError{File: name, Err: fmt.Errorf("%w: empty gzip file (0 bytes; an interrupted download?)", ErrFormat)}
	}
	lr, err := fileio.LimitReader(src, name, 0)
	if err != nil {
		return err
	}
	// The last line before a read error (the size limit, a gzip stream cut
	// short) is cut too: the read error, not that line's field count, is
	// the problem to report.
	rec := &errRecorder{r: lr}
	readErr := func(line int) error {
		var le *fileio.LimitError
		switch {
		case rec.err == nil:
			return nil
		case errors.As(rec.err, &le):
			return rec.err
		case errors.Is(rec.err, io.ErrUnexpectedEOF):
			return &fileio.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: truncated gzip stream (the file ends inside the compressed data; an interrupted download?)", ErrFormat)}
		}
		return &fileio.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: reading stopped: %v", ErrFormat, rec.err)}
	}
	tr := fileio.NewTextReader(rec, name)
	sc := bufio.NewScanner(tr)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		if te := tr.Err(); te != nil && te.Line <= line {
			break
		}
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		f := strings.Split(text, ",")
		if err := readErr(line); err != nil {
			return err
		}
		if want > 0 && len(f) != want {
			return &fileio.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d comma-separated fields, want %d (%s)", ErrFormat, len(f), want, strings.Join(cols, ", "))}
		}
		if err := fn(f, line); err != nil {
			return err
		}
	}
	err = sc.Err()
	if re := readErr(line + 1); re != nil {
		return re
	}
	if te := tr.Err(); te != nil {
		return &fileio.ParseError{File: name, Line: te.Line, Err: &fileio.Tagged{Kind: ErrFormat, Cause: te.Err}}
	}
	if err != nil {
		var le *fileio.LimitError
		if errors.As(err, &le) {
			return err
		}
		if errors.Is(err, bufio.ErrTooLong) {
			err = errors.New("line longer than 1 MiB")
		}
		return &fileio.ParseError{File: name, Line: line + 1, Err: fmt.Errorf("%w: %v", ErrFormat, err)}
	}
	return nil
}

// errRecorder passes reads through and keeps the first error other than
// io.EOF.
type errRecorder struct {
	r   io.Reader
	err error
}

func (e *errRecorder) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}

func colErr(name string, line, i int, cols []string, err error) error {
	return &fileio.ParseError{File: name, Line: line, Path: fmt.Sprintf("column %d (%s)", i+1, cols[i]), Err: err}
}

// intField parses column i as an integer in [lo, hi].
func intField(f []string, i int, lo, hi int64, name string, line int, cols []string) (int64, error) {
	v, err := fileio.ParseInt(f[i])
	if err != nil {
		var ne *fileio.NumberError
		errors.As(err, &ne)
		return 0, colErr(name, line, i, cols, &fileio.Tagged{Kind: ErrFormat, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)})
	}
	if v < lo || v > hi {
		return 0, colErr(name, line, i, cols, fmt.Errorf("%w: %d outside [%d, %d]", ErrFormat, v, lo, hi))
	}
	return v, nil
}

// reqField parses a resource request in [0, 1]; ok is false for an empty
// field.
func reqField(f []string, i int, name string, line int) (v float64, ok bool, err error) {
	if f[i] == "" {
		return 0, false, nil
	}
	v, err = fileio.ParseFloat(f[i])
	if err != nil {
		var ne *fileio.NumberError
		errors.As(err, &ne)
		return 0, false, colErr(name, line, i, taskColumns, &fileio.Tagged{Kind: ErrFormat, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)})
	}
	if v < 0 || v > 1 {
		return 0, false, colErr(name, line, i, taskColumns, fmt.Errorf("%w: %v outside [0, 1] (requests are normalised to the largest machine)", ErrFormat, v))
	}
	return v, true, nil
}

const maxTime = 1<<63 - 1 // the trace's "after the end of the trace" time

// ReadJobEvents streams the rows of one job_events file (gzip or plain) to
// fn, in file order. name is used in error messages
// ("file:line: column N (name): …"). It stops at the first error of fn.
func ReadJobEvents(r io.Reader, name string, fn func(JobEvent) error) error {
	return readJobEvents(r, name, func(e JobEvent, _ int) error { return fn(e) })
}

// readJobEvents is ReadJobEvents with the 1-based line of each row.
func readJobEvents(r io.Reader, name string, fn func(JobEvent, int) error) error {
	return rows(r, name, len(jobColumns), jobColumns, func(f []string, line int) error {
		t, err := intField(f, 0, 0, maxTime, name, line, jobColumns)
		if err != nil {
			return err
		}
		id, err := intField(f, 2, 0, maxTime, name, line, jobColumns)
		if err != nil {
			return err
		}
		typ, err := intField(f, 3, 0, int64(UpdateRunning), name, line, jobColumns)
		if err != nil {
			return err
		}
		return fn(JobEvent{Time: t, JobID: id, Type: EventType(typ)}, line)
	})
}

// ReadTaskEvents streams the rows of one task_events file (gzip or plain)
// to fn, in file order, under the rules of ReadJobEvents. The CPU and
// disk-space requests must be empty or in [0, 1]; an empty field gives
// HasRequest false when both are empty, and an error when only one is.
func ReadTaskEvents(r io.Reader, name string, fn func(TaskEvent) error) error {
	return readTaskEvents(r, name, func(e TaskEvent, _ int) error { return fn(e) })
}

// readTaskEvents is ReadTaskEvents with the 1-based line of each row.
func readTaskEvents(r io.Reader, name string, fn func(TaskEvent, int) error) error {
	return rows(r, name, len(taskColumns), taskColumns, func(f []string, line int) error {
		var e TaskEvent
		var err error
		if e.Time, err = intField(f, 0, 0, maxTime, name, line, taskColumns); err != nil {
			return err
		}
		if e.JobID, err = intField(f, 2, 0, maxTime, name, line, taskColumns); err != nil {
			return err
		}
		if e.Index, err = intField(f, 3, 0, maxTime, name, line, taskColumns); err != nil {
			return err
		}
		typ, err := intField(f, 5, 0, int64(UpdateRunning), name, line, taskColumns)
		if err != nil {
			return err
		}
		e.Type = EventType(typ)
		cpu, okC, err := reqField(f, 9, name, line)
		if err != nil {
			return err
		}
		disk, okD, err := reqField(f, 11, name, line)
		if err != nil {
			return err
		}
		if okC != okD {
			i := 9
			if okC {
				i = 11
			}
			return colErr(name, line, i, taskColumns, fmt.Errorf("%w: empty while the %s is given", ErrFormat, map[bool]string{true: "CPU request", false: "disk-space request"}[okC]))
		}
		e.HasRequest, e.CPU, e.Disk = okC, cpu, disk
		return fn(e, line)
	})
}

// eachFile opens every file in turn and calls read on it.
func eachFile(files []string, read func(io.Reader, string) error) error {
	for _, p := range files {
		f, err := fileio.OpenRead(p)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrInput, err)
		}
		err = read(f, p)
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
