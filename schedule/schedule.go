package schedule

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

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

// Numbers and ids are pointers so that a missing or null field is an error
// naming it, not a silent zero.
type fileRate struct {
	ID      *string  `json:"id"`
	Map     *float64 `json:"map"`
	Shuffle *float64 `json:"shuffle"`
}

type fileSegment struct {
	Start *float64   `json:"start"`
	End   *float64   `json:"end"`
	Rates []fileRate `json:"rates"`
}

type fileCompletion struct {
	ID         *string  `json:"id"`
	Completion *float64 `json:"completion"`
}

type file struct {
	Kind        string           `json:"kind"`
	Completions []fileCompletion `json:"completions"`
	Segments    []fileSegment    `json:"segments"`
}

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

// ReadJSON reads a schedule for in. Unknown job ids, unknown fields, a
// missing completion for some job and non-finite numbers are errors.
func ReadJSON(r io.Reader, name string, in *instances.Instance) (*Schedule, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %v", name, ErrFormat, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s:%d: %w: %v", name, lineOf(data, se.Offset), ErrFormat, se)
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s:%d: %s: %w: %s where a %s is wanted", name, lineOf(data, te.Offset), te.Field, ErrFormat, te.Value, te.Type)
		case err == io.EOF:
			return nil, fmt.Errorf("%s: %w: empty file", name, ErrFormat)
		case err == io.ErrUnexpectedEOF:
			return nil, fmt.Errorf("%s:%d: %w: unexpected end of file (truncated?)", name, lineOf(data, int64(len(data))), ErrFormat)
		}
		return nil, fmt.Errorf("%s:%d: %w: %v", name, lineOf(data, dec.InputOffset()), ErrFormat, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s:%d: %w: data after the schedule object", name, lineOf(data, dec.InputOffset()), ErrFormat)
	}
	if f.Kind != Kind {
		return nil, fmt.Errorf("%s: kind: %w: %q (want %q)", name, ErrFormat, f.Kind, Kind)
	}
	missing := func(path string) error {
		return fmt.Errorf("%s: %s: %w: missing or null", name, path, ErrFormat)
	}
	idx := in.Index()
	s := &Schedule{Completion: make([]float64, in.N())}
	seen := make([]bool, in.N())
	for i, c := range f.Completions {
		if c.ID == nil {
			return nil, missing(fmt.Sprintf("completions[%d].id", i))
		}
		if c.Completion == nil {
			return nil, missing(fmt.Sprintf("completions[%d].completion", i))
		}
		j, ok := idx[*c.ID]
		if !ok {
			return nil, fmt.Errorf("%s: completions[%d].id: %w: unknown job %q", name, i, ErrFormat, *c.ID)
		}
		if seen[j] {
			return nil, fmt.Errorf("%s: completions[%d].id: %w: job %q listed twice", name, i, ErrFormat, *c.ID)
		}
		seen[j] = true
		s.Completion[j] = *c.Completion
	}
	for j, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("%s: completions: %w: no completion for job %q", name, ErrFormat, in.Jobs[j].ID)
		}
	}
	s.Segments = make([]Segment, len(f.Segments))
	for k, fs := range f.Segments {
		if fs.Start == nil {
			return nil, missing(fmt.Sprintf("segments[%d].start", k))
		}
		if fs.End == nil {
			return nil, missing(fmt.Sprintf("segments[%d].end", k))
		}
		seg := Segment{Start: *fs.Start, End: *fs.End, Rates: make([]Rate, len(fs.Rates))}
		for q, fr := range fs.Rates {
			p := fmt.Sprintf("segments[%d].rates[%d]", k, q)
			switch {
			case fr.ID == nil:
				return nil, missing(p + ".id")
			case fr.Map == nil:
				return nil, missing(p + ".map")
			case fr.Shuffle == nil:
				return nil, missing(p + ".shuffle")
			}
			j, ok := idx[*fr.ID]
			if !ok {
				return nil, fmt.Errorf("%s: %s.id: %w: unknown job %q", name, p, ErrFormat, *fr.ID)
			}
			seg.Rates[q] = Rate{Job: j, Map: *fr.Map, Shuffle: *fr.Shuffle}
		}
		s.Segments[k] = seg
	}
	return s, nil
}

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	if offset < 0 {
		offset = 0
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
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

// ReadFile reads a JSON schedule (or CSV when path ends in .csv) for in.
func ReadFile(path string, in *instances.Instance) (*Schedule, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if instances.IsCSV(path) {
		return ReadCSV(bytes.NewReader(data), path, in)
	}
	return ReadJSON(bytes.NewReader(data), path, in)
}

// WriteFile writes s atomically as JSON, or CSV when path ends in .csv.
func WriteFile(path string, in *instances.Instance, s *Schedule) error {
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
	return instances.AtomicWrite(path, b.Bytes())
}

// ReadCSV reads the CSV form written by WriteCSV.
func ReadCSV(r io.Reader, name string, in *instances.Instance) (*Schedule, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(CSVHeader)
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s:1: %w: %v", name, ErrFormat, err)
	}
	if strings.Join(header, ",") != strings.Join(CSVHeader, ",") {
		return nil, fmt.Errorf("%s:1: %w: header %q, want %q", name, ErrFormat, strings.Join(header, ","), strings.Join(CSVHeader, ","))
	}
	idx := in.Index()
	s := &Schedule{Completion: make([]float64, in.N())}
	seen := make([]bool, in.N())
	num := func(line int, field, v string) (float64, error) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, fmt.Errorf("%s:%d: field %s: %w: %q is not a number", name, line, field, ErrFormat, v)
		}
		return x, nil
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
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
