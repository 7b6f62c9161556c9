package schedule

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/internal/fileio"

	"github.com/mrsched/mrsched/instances"
)

// Kind is the "kind" of a schedule file.
const Kind = "tandem-schedule"

// Sentinel errors.
var (
	ErrFormat = errors.New("schedule: malformed schedule file")
)

// Rate is the service one job receives during a segment.
type Rate struct {
	Job     int     // index into the instance's Jobs
	Map     float64 // map work per unit time
	Shuffle float64 // shuffle work per unit time
}

// Segment is a time interval with constant rates. Jobs not listed receive
// nothing.
type Segment struct {
	Start, End float64
	Rates      []Rate
}

// Schedule is a fluid schedule for an instance with n jobs.
type Schedule struct {
	Segments []Segment
	// Completion[i] is the claimed completion time of job i.
	Completion []float64
}

// TotalResponse returns Σ (C_i − r_i) for the claimed completions.
func (s *Schedule) TotalResponse(in *instances.Instance) float64 {
	t := 0.0
	for i, c := range s.Completion {
		t += c - in.Jobs[i].Release
	}
	return t
}

// Normalize sorts each segment's rates by job index and drops rates that are
// exactly zero in both stations, and drops empty zero-length segments.
func (s *Schedule) Normalize() {
	out := s.Segments[:0]
	for _, seg := range s.Segments {
		rs := seg.Rates[:0]
		for _, r := range seg.Rates {
			if r.Map != 0 || r.Shuffle != 0 {
				rs = append(rs, r)
			}
		}
		sort.Slice(rs, func(a, b int) bool { return rs[a].Job < rs[b].Job })
		seg.Rates = rs
		if seg.End == seg.Start && len(rs) == 0 {
			continue
		}
		out = append(out, seg)
	}
	s.Segments = out
}

// ---------------------------------------------------------------- JSON

// WriteJSON writes s with job ids taken from in.
func WriteJSON(w io.Writer, in *instances.Instance, s *Schedule) error {
	var b bytes.Buffer
	f := instances.FormatFloat
	fmt.Fprintf(&b, "{\n  \"kind\": %q,\n  \"completions\": [", Kind)
	for i, c := range s.Completion {
		if i > 0 {
			b.WriteByte(',')
		}
		id, _ := json.Marshal(in.Jobs[i].ID)
		fmt.Fprintf(&b, "\n    {\"id\": %s, \"completion\": %s}", id, f(c))
	}
	b.WriteString("\n  ],\n  \"segments\": [")
	for k, seg := range s.Segments {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n    {\"start\": %s, \"end\": %s, \"rates\": [", f(seg.Start), f(seg.End))
		for q, r := range seg.Rates {
			if q > 0 {
				b.WriteString(", ")
			}
			id, _ := json.Marshal(in.Jobs[r.Job].ID)
			fmt.Fprintf(&b, "{\"id\": %s, \"map\": %s, \"shuffle\": %s}", id, f(r.Map), f(r.Shuffle))
		}
		b.WriteString("]}")
	}
	b.WriteString("\n  ]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// ReadJSON reads a schedule for in. Unknown job ids, unknown or duplicate
// fields, a missing completion for some job and numbers that are not JSON
// numbers (strings, null, 1e400) are errors. The input is read under the
// internal/fileio rules (size limit, UTF-8 without NUL, a leading BOM
// stripped); errors are *fileio.ParseError "file:line: path: message".
func ReadJSON(r io.Reader, name string, in *instances.Instance) (*Schedule, error) {
	_, top, err := fileio.ReadJSON(r, name, ErrFormat, ErrFormat)
	if err != nil {
		return nil, err
	}
	if err := top.Only("kind", "completions", "segments"); err != nil {
		return nil, err
	}
	if err := top.Kind(Kind); err != nil {
		return nil, err
	}
	idx := in.Index()
	job := func(obj *fileio.Obj) (int, fileio.Value, error) {
		v, err := obj.Need("id")
		if err != nil {
			return 0, v, err
		}
		id, err := v.String()
		if err != nil {
			return 0, v, err
		}
		j, ok := idx[id]
		if !ok {
			return 0, v, v.Errorf("unknown job %q", id)
		}
		return j, v, nil
	}
	s := &Schedule{Completion: make([]float64, in.N())}
	seen := make([]bool, in.N())
	var comps []fileio.Value
	if cv, ok := top.Get("completions"); ok {
		if comps, err = cv.Array(); err != nil {
			return nil, err
		}
	}
	for _, cv := range comps {
		obj, err := cv.Object("id", "completion")
		if err != nil {
			return nil, err
		}
		j, idv, err := job(obj)
		if err != nil {
			return nil, err
		}
		if seen[j] {
			return nil, idv.Errorf("job %q listed twice", in.Jobs[j].ID)
		}
		seen[j] = true
		if err := obj.Float("completion", &s.Completion[j], true); err != nil {
			return nil, err
		}
	}
	for j, ok := range seen {
		if !ok {
			return nil, &fileio.ParseError{File: name, Path: "completions", Err: fmt.Errorf("%w: no completion for job %q", ErrFormat, in.Jobs[j].ID)}
		}
	}
	var segs []fileio.Value
	if sv, ok := top.Get("segments"); ok {
		if segs, err = sv.Array(); err != nil {
			return nil, err
		}
	}
	s.Segments = make([]Segment, len(segs))
	for k, sv := range segs {
		obj, err := sv.Object("start", "end", "rates")
		if err != nil {
			return nil, err
		}
		seg := &s.Segments[k]
		if err := obj.Float("start", &seg.Start, true); err != nil {
			return nil, err
		}
		if err := obj.Float("end", &seg.End, true); err != nil {
			return nil, err
		}
		var rates []fileio.Value
		if rv, ok := obj.Get("rates"); ok {
			if rates, err = rv.Array(); err != nil {
				return nil, err
			}
		}
		seg.Rates = make([]Rate, len(rates))
		for q, rv := range rates {
			ro, err := rv.Object("id", "map", "shuffle")
			if err != nil {
				return nil, err
			}
			j, _, err := job(ro)
			if err != nil {
				return nil, err
			}
			seg.Rates[q].Job = j
			if err := ro.Float("map", &seg.Rates[q].Map, true); err != nil {
				return nil, err
			}
			if err := ro.Float("shuffle", &seg.Rates[q].Shuffle, true); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// ---------------------------------------------------------------- CSV

// CSVHeader is the header of the CSV form: one row per (segment, job) with a
// non-zero rate; completions are rows with kind "completion".
var CSVHeader = []string{"kind", "start", "end", "id", "map_rate", "shuffle_rate", "completion"}

// WriteCSV writes s in the CSV form.
func WriteCSV(w io.Writer, in *instances.Instance, s *Schedule) error {
	cw := csv.NewWriter(w)
	f := instances.FormatFloat
	_ = cw.Write(CSVHeader)
	for i, c := range s.Completion {
		_ = cw.Write([]string{"completion", "", "", in.Jobs[i].ID, "", "", f(c)})
	}
	for _, seg := range s.Segments {
		if len(seg.Rates) == 0 {
			_ = cw.Write([]string{"segment", f(seg.Start), f(seg.End), "", "", "", ""})
		}
		for _, r := range seg.Rates {
			_ = cw.Write([]string{"segment", f(seg.Start), f(seg.End), in.Jobs[r.Job].ID, f(r.Map), f(r.Shuffle), ""})
		}
	}
	cw.Flush()
	return cw.Error()
}

// ReadFile reads a JSON schedule (or CSV when path ends in .csv) for in
// (a file over fileio.Limit() is refused before it is read, with its size).
func ReadFile(path string, in *instances.Instance) (*Schedule, error) {
	f, err := fileio.Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if instances.IsCSV(path) {
		return ReadCSV(f, path, in)
	}
	return ReadJSON(f, path, in)
}

// WriteFile writes s atomically as JSON, or CSV when path ends in .csv.
// opts such as fileio.Protect(inputs...) refuse to overwrite the given
// files (a command's own inputs); see fileio.WriteFileAtomic.
func WriteFile(path string, in *instances.Instance, s *Schedule, opts ...fileio.WriteOption) error {
	var b bytes.Buffer
	var err error
	if instances.IsCSV(path) {
		err = WriteCSV(&b, in, s)
	} else {
		err = WriteJSON(&b, in, s)
	}
	if err != nil {
		return err
	}
	return fileio.WriteFileAtomic(path, b.Bytes(), opts...)
}

// ReadCSV reads the CSV form written by WriteCSV. Numbers are decimal
// (fileio.ParseFloat: no 1_000, 0x1p-2, inf or nan); the input is read under
// the internal/fileio rules (size limit, UTF-8 without NUL, a leading BOM
// stripped).
func ReadCSV(r io.Reader, name string, in *instances.Instance) (*Schedule, error) {
	lr, err := fileio.LimitReader(r, name, 0)
	if err != nil {
		return nil, err
	}
	cr := csv.NewReader(fileio.NewTextReader(lr, name))
	cr.FieldsPerRecord = len(CSVHeader)
	header, err := cr.Read()
	if err != nil {
		if e := fileio.TextError(name, err, ErrFormat); e != nil {
			return nil, e
		}
		if err == io.EOF {
			return nil, fmt.Errorf("%s: %w: empty file (want the header %s)", name, ErrFormat, strings.Join(CSVHeader, ","))
		}
		return nil, fmt.Errorf("%s:1: %w: %v", name, ErrFormat, err)
	}
	if strings.Join(header, ",") != strings.Join(CSVHeader, ",") {
		return nil, fmt.Errorf("%s:1: %w: header %q, want %q", name, ErrFormat, strings.Join(header, ","), strings.Join(CSVHeader, ","))
	}
	idx := in.Index()
	s := &Schedule{Completion: make([]float64, in.N())}
	seen := make([]bool, in.N())
	num := func(line int, field, v string) (float64, error) {
		x, err := fileio.ParseFloat(v)
		if err != nil {
			var ne *fileio.NumberError
			errors.As(err, &ne)
			return 0, &fileio.ParseError{File: name, Line: line, Path: "field " + field, Err: &fileio.Tagged{Kind: ErrFormat, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)}}
		}
		return x, nil
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			if e := fileio.TextError(name, err, ErrFormat); e != nil {
				return nil, e
			}
			return nil, fmt.Errorf("%s: %w: %v", name, ErrFormat, err)
		}
		line, _ := cr.FieldPos(0)
		switch rec[0] {
		case "completion":
			for _, c := range []int{1, 2, 4, 5} {
				if rec[c] != "" {
					return nil, fmt.Errorf("%s:%d: field %s: %w: %q on a completion row (want it empty)", name, line, CSVHeader[c], ErrFormat, rec[c])
				}
			}
			j, ok := idx[rec[3]]
			if !ok || seen[j] {
				return nil, fmt.Errorf("%s:%d: field id: %w: unknown or repeated job %q", name, line, ErrFormat, rec[3])
			}
			seen[j] = true
			if s.Completion[j], err = num(line, "completion", rec[6]); err != nil {
				return nil, err
			}
		case "segment":
			if rec[6] != "" {
				return nil, fmt.Errorf("%s:%d: field completion: %w: %q on a segment row (completions have rows of their own)", name, line, ErrFormat, rec[6])
			}
			st, err := num(line, "start", rec[1])
			if err != nil {
				return nil, err
			}
			en, err := num(line, "end", rec[2])
			if err != nil {
				return nil, err
			}
			n := len(s.Segments)
			if n == 0 || s.Segments[n-1].Start != st || s.Segments[n-1].End != en {
				s.Segments = append(s.Segments, Segment{Start: st, End: en})
				n++
			}
			if rec[3] == "" {
				continue
			}
			j, ok := idx[rec[3]]
			if !ok {
				return nil, fmt.Errorf("%s:%d: field id: %w: unknown job %q", name, line, ErrFormat, rec[3])
			}
			mr, err := num(line, "map_rate", rec[4])
			if err != nil {
				return nil, err
			}
			sr, err := num(line, "shuffle_rate", rec[5])
			if err != nil {
				return nil, err
			}
			s.Segments[n-1].Rates = append(s.Segments[n-1].Rates, Rate{Job: j, Map: mr, Shuffle: sr})
		default:
			return nil, fmt.Errorf("%s:%d: field kind: %w: %q (want completion or segment)", name, line, ErrFormat, rec[0])
		}
	}
	for j, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("%s: %w: no completion row for job %q", name, ErrFormat, in.Jobs[j].ID)
		}
	}
	return s, nil
}
