package swim

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
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

// Line is the 1-based line of the record in its file; it is kept outside
// Record so that records compare equal regardless of their position.
type Line = int

// ParseError names the file, line and column of a malformed field.
type ParseError struct {
	File   string
	Line   int
	Column string
	Err    error
}

func (e *ParseError) Error() string {
	if e.Column != "" {
		return fmt.Sprintf("%s:%d: column %s: %v", e.File, e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

var columns = []string{"job id", "submit time", "gap", "map input bytes", "shuffle bytes", "reduce output bytes", "input path"}

// Read parses a trace. name is used in error messages. Empty lines are
// skipped; submit times must be non-decreasing; byte counts must be finite
// and non-negative.
func Read(r io.Reader, name string) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var recs []Record
	line := 0
	prev := math.Inf(-1)
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) < 6 {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d TAB-separated fields, want at least 6", ErrFormat, len(f))}
		}
		rec := Record{ID: strings.TrimSpace(f[0])}
		if rec.ID == "" {
			return nil, &ParseError{File: name, Line: line, Column: columns[0], Err: fmt.Errorf("%w: empty job id", ErrFormat)}
		}
		nums := []*float64{&rec.Submit, &rec.Gap, &rec.MapBytes, &rec.ShuffleBytes, &rec.ReduceBytes}
		for i, p := range nums {
			v, err := strconv.ParseFloat(strings.TrimSpace(f[i+1]), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, &ParseError{File: name, Line: line, Column: columns[i+1], Err: fmt.Errorf("%w: %q is not a finite number", ErrFormat, f[i+1])}
			}
			if v < 0 {
				return nil, &ParseError{File: name, Line: line, Column: columns[i+1], Err: fmt.Errorf("%w: negative value %v", ErrFormat, v)}
			}
			*p = v
		}
		if rec.Submit < prev {
			return nil, &ParseError{File: name, Line: line, Column: columns[1], Err: fmt.Errorf("%w: submit time %v before the previous line's %v", ErrFormat, rec.Submit, prev)}
		}
		prev = rec.Submit
		if len(f) > 6 {
			rec.InputPath = strings.TrimSpace(f[6])
		}
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: line + 1, Err: fmt.Errorf("%w: %v", ErrFormat, err)}
	}
	if len(recs) == 0 {
		return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: no jobs", ErrFormat)}
	}
	return recs, nil
}

// ReadFile parses the trace at path.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}
