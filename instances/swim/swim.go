package swim

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/mrsched/mrsched/internal/fileio"
)

// ErrFormat is wrapped by every parse error.
var ErrFormat = errors.New("swim: malformed trace")

// Record is one job of a SWIM trace.
type Record struct {
	ID           string  // "job0", "job1", …
	Submit       float64 // seconds since the start of the day
	Gap          float64 // seconds since the previous submission
	MapBytes     float64 // map input bytes
	ShuffleBytes float64 // intermediate bytes sent to reducers (0: map-only job)
	ReduceBytes  float64 // reduce output bytes
	InputPath    string  // anonymised input path; "" when the file has none
}

// Empty reports whether the job moved no data: no map input and no shuffle
// bytes. Such a job is not a MapReduce job any model of this module can
// represent (a tandem job needs x + y > 0; a cluster job would be a
// start-up with nothing to read), so every importer (instances.FromSWIM,
// cluster.FromSWIM) drops it and counts it in the metadata as
// "dropped_empty"; sharedscan.FromSWIM drops every job without map input,
// these included. Reduce output bytes alone do not make a job
// non-empty: a reducer has nothing to read without shuffle bytes.
func (r Record) Empty() bool { return r.MapBytes == 0 && r.ShuffleBytes == 0 }

// Line is the 1-based line of the record in its file; it is kept outside
// Record so that records compare equal regardless of their position.
type Line = int

// ParseError names the file, line and column ("column map input bytes") of
// a malformed field: the one error type of every mrsched reader
// (internal/fileio.ParseError).
type ParseError = fileio.ParseError

var columns = []string{"job id", "submit time", "gap", "map input bytes", "shuffle bytes", "reduce output bytes", "input path"}

func col(i int) string { return "column " + columns[i] }

// Read parses a trace. name is used in error messages. Empty lines are
// skipped; ids must pass fileio.CheckID; numbers are decimal
// (fileio.ParseFloat: no 1_000, 0x1p-2, inf or nan); submit times must be
// non-decreasing; byte counts must be non-negative. The input is read under
// the internal/fileio rules: at most fileio.Limit() bytes, UTF-8 text
// without NUL bytes (reading stops at the first bad byte), a BOM at the very
// start stripped.
func Read(r io.Reader, name string) ([]Record, error) {
	lr, err := fileio.LimitReader(r, name, 0)
	if err != nil {
		return nil, err
	}
	tr := fileio.NewTextReader(lr, name)
	sc := bufio.NewScanner(tr)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var recs []Record
	line := 0
	prev := math.Inf(-1)
	for sc.Scan() {
		line++
		if te := tr.Err(); te != nil && te.Line <= line {
			break // a fragment before a bad byte: report the byte (below)
		}
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) < 6 {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d TAB-separated fields, want at least 6 (job id, submit time, gap, map input, shuffle and reduce output bytes)", ErrFormat, len(f))}
		}
		rec := Record{ID: strings.TrimSpace(f[0])}
		if err := fileio.CheckID(rec.ID); err != nil {
			return nil, &ParseError{File: name, Line: line, Path: col(0), Err: &fileio.Tagged{Kind: ErrFormat, Cause: err, Msg: strings.TrimPrefix(err.Error(), fileio.ErrID.Error()+": ")}}
		}
		nums := []*float64{&rec.Submit, &rec.Gap, &rec.MapBytes, &rec.ShuffleBytes, &rec.ReduceBytes}
		for i, p := range nums {
			v, err := fileio.ParseFloat(strings.TrimSpace(f[i+1]))
			if err != nil {
				var ne *fileio.NumberError
				errors.As(err, &ne)
				return nil, &ParseError{File: name, Line: line, Path: col(i + 1), Err: &fileio.Tagged{Kind: ErrFormat, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)}}
			}
			if v < 0 {
				return nil, &ParseError{File: name, Line: line, Path: col(i + 1), Err: fmt.Errorf("%w: negative value %v", ErrFormat, v)}
			}
			*p = v
		}
		if rec.Submit < prev {
			return nil, &ParseError{File: name, Line: line, Path: col(1), Err: fmt.Errorf("%w: submit time %v before the previous line's %v", ErrFormat, rec.Submit, prev)}
		}
		prev = rec.Submit
		if len(f) > 6 {
			rec.InputPath = strings.TrimSpace(f[6])
		}
		recs = append(recs, rec)
	}
	err = sc.Err()
	if te := tr.Err(); te != nil {
		err = te
	}
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			return nil, &ParseError{File: name, Line: pe.Line, Err: &fileio.Tagged{Kind: ErrFormat, Cause: pe.Err}}
		}
		var le *fileio.LimitError
		if errors.As(err, &le) {
			return nil, err
		}
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than 1 MiB")
		}
		return nil, &ParseError{File: name, Line: line + 1, Err: fmt.Errorf("%w: %v", ErrFormat, err)}
	}
	if len(recs) == 0 {
		what := "the file is empty"
		if line > 0 {
			what = fmt.Sprintf("%d blank lines", line)
		}
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: no jobs (%s; want one TAB-separated line per job: id, submit time, gap, map input, shuffle and reduce output bytes)", ErrFormat, what)}
	}
	return recs, nil
}

// ReadFile parses the trace at path (a file over fileio.Limit() is refused
// before it is read, with its size).
func ReadFile(path string) ([]Record, error) {
	return fileio.ReadFileWith(path, Read)
}
