package instances

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mrsched/mrsched/internal/fileio"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ParseError locates an error in an input file ("file:line: field:
// message"); it is the one error type of every mrsched file reader
// (internal/fileio.ParseError).
type ParseError = fileio.ParseError

// FormatFloat is the number format of every instance file: the shortest
// decimal that parses back to the same float64, so round trips are exact.
func FormatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// ---------------------------------------------------------------- JSON

var (
	topKeys = map[string]bool{"kind": true, "map_capacity": true, "shuffle_capacity": true, "jobs": true, "metadata": true}
	jobKeys = map[string]bool{"id": true, "release": true, "map": true, "shuffle": true}
)

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// ReadJSON reads a JSON instance. name is used in error messages. Required:
// "kind" ("tandem") and "jobs" (each with "id", "map", "shuffle"; "release"
// defaults to 0). Capacities default to 1. Unknown fields are errors.
func ReadJSON(r io.Reader, name string) (*Instance, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	perr := func(path string, err error) error { return &ParseError{File: name, Path: path, Err: err} }
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, &ParseError{File: name, Line: lineOf(data, se.Offset), Err: fmt.Errorf("%w: %v", ErrSyntax, se)}
		}
		return nil, perr("", fmt.Errorf("%w: the file must hold one JSON object: %v", ErrSyntax, err))
	}
	if top == nil {
		return nil, perr("", fmt.Errorf("%w: the file must hold one JSON object, found null", ErrSyntax))
	}
	for _, k := range sortedKeys(top) {
		if !topKeys[k] {
			return nil, perr(k, fmt.Errorf("%w: unknown field (want kind, map_capacity, shuffle_capacity, jobs, metadata)", ErrInvalid))
		}
	}
	rawKind, ok := top["kind"]
	if !ok {
		return nil, perr("kind", fmt.Errorf("%w: missing field (want \"kind\": %q)", ErrInvalid, Kind))
	}
	var kind string
	if err := json.Unmarshal(rawKind, &kind); err != nil {
		return nil, perr("kind", fmt.Errorf("%w: not a string", ErrInvalid))
	}
	if kind != Kind {
		return nil, perr("kind", fmt.Errorf("%w: unknown kind %q (want %q)", ErrInvalid, kind, Kind))
	}
	in := &Instance{MapCapacity: 1, ShuffleCapacity: 1}
	for _, c := range []struct {
		key string
		dst *float64
	}{{"map_capacity", &in.MapCapacity}, {"shuffle_capacity", &in.ShuffleCapacity}} {
		if raw, ok := top[c.key]; ok {
			v, err := number(raw)
			if err != nil {
				return nil, perr(c.key, err)
			}
			*c.dst = v
		}
	}
	if raw, ok := top["metadata"]; ok {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var md map[string]any
		if err := dec.Decode(&md); err != nil || md == nil {
			return nil, perr("metadata", fmt.Errorf("%w: must be a JSON object", ErrInvalid))
		}
		in.Metadata = md
	}
	rawJobs, ok := top["jobs"]
	if !ok {
		return nil, perr("jobs", fmt.Errorf("%w: missing field", ErrInvalid))
	}
	var jobs []json.RawMessage
	if err := json.Unmarshal(rawJobs, &jobs); err != nil || jobs == nil {
		return nil, perr("jobs", fmt.Errorf("%w: must be an array of job objects", ErrInvalid))
	}
	in.Jobs = make([]Job, len(jobs))
	for i, rj := range jobs {
		path := fmt.Sprintf("jobs[%d]", i)
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(rj, &obj); err != nil || obj == nil {
			return nil, perr(path, fmt.Errorf("%w: must be an object", ErrInvalid))
		}
		for _, k := range sortedKeys(obj) {
			if !jobKeys[k] {
				return nil, perr(path+"."+k, fmt.Errorf("%w: unknown field (want id, release, map, shuffle)", ErrInvalid))
			}
		}
		for _, k := range []string{"id", "map", "shuffle"} {
			if _, ok := obj[k]; !ok {
				return nil, perr(path+"."+k, fmt.Errorf("%w: missing field", ErrInvalid))
			}
		}
		if err := json.Unmarshal(obj["id"], &in.Jobs[i].ID); err != nil {
			return nil, perr(path+".id", fmt.Errorf("%w: not a string", ErrInvalid))
		}
		for _, c := range []struct {
			key string
			dst *float64
		}{{"release", &in.Jobs[i].Release}, {"map", &in.Jobs[i].Map}, {"shuffle", &in.Jobs[i].Shuffle}} {
			raw, ok := obj[c.key]
			if !ok {
				continue
			}
			v, err := number(raw)
			if err != nil {
				return nil, perr(path+"."+c.key, err)
			}
			*c.dst = v
		}
	}
	if err := in.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			p := fe.Field
			if fe.Job >= 0 {
				p = fmt.Sprintf("jobs[%d].%s", fe.Job, fe.Field)
			}
			return nil, perr(p, fe.Err)
		}
		return nil, perr("", err)
	}
	return in, nil
}

func number(raw json.RawMessage) (float64, error) {
	// A JSON number starts with '-' or a digit. json.Number alone would also
	// take a quoted string ("1") or null (as ""), so check the token first.
	if t := bytes.TrimSpace(raw); len(t) == 0 || (t[0] != '-' && (t[0] < '0' || t[0] > '9')) {
		return 0, fmt.Errorf("%w: not a number: %s", ErrInvalid, t)
	}
	var n json.Number
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&n); err != nil {
		return 0, fmt.Errorf("%w: not a number: %s", ErrInvalid, bytes.TrimSpace(raw))
	}
	v, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return 0, fmt.Errorf("%w: number %s out of float64 range", ErrInvalid, n)
	}
	return v, nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// WriteJSON writes in as JSON: fixed key order, one job per line.
func WriteJSON(w io.Writer, in *Instance) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"kind\": %q,\n  \"map_capacity\": %s,\n  \"shuffle_capacity\": %s,\n",
		Kind, FormatFloat(in.MapCapacity), FormatFloat(in.ShuffleCapacity))
	if in.Metadata != nil {
		md, err := json.MarshalIndent(in.Metadata, "  ", "  ")
		if err != nil {
			return fmt.Errorf("instances: metadata: %w", err)
		}
		fmt.Fprintf(&b, "  \"metadata\": %s,\n", md)
	}
	b.WriteString("  \"jobs\": [")
	for i, j := range in.Jobs {
		if i > 0 {
			b.WriteByte(',')
		}
		id, _ := json.Marshal(j.ID)
		fmt.Fprintf(&b, "\n    {\"id\": %s, \"release\": %s, \"map\": %s, \"shuffle\": %s}",
			id, FormatFloat(j.Release), FormatFloat(j.Map), FormatFloat(j.Shuffle))
	}
	b.WriteString("\n  ]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// ---------------------------------------------------------------- CSV

// CSVHeader is the header of a tandem CSV file (columns may come in any order).
var CSVHeader = []string{"id", "release", "map", "shuffle"}

// ReadCSV reads a CSV instance: optional leading comment lines
// "# kind: tandem" (any other kind is an error), "# map_capacity: V", "# shuffle_capacity: V", "# metadata: {JSON}" (other
// comment lines are ignored), then a header naming the columns id, release,
// map, shuffle (release may be omitted: 0), then one job per line.
func ReadCSV(r io.Reader, name string) (*Instance, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	in := &Instance{MapCapacity: 1, ShuffleCapacity: 1}
	lines := 0
	rest := data
	for len(rest) > 0 {
		trimmed := bytes.TrimLeft(rest, " \t")
		if len(trimmed) == 0 || trimmed[0] != '#' {
			break
		}
		nl := bytes.IndexByte(rest, '\n')
		var line []byte
		if nl < 0 {
			line, rest = rest, nil
		} else {
			line, rest = rest[:nl], rest[nl+1:]
		}
		lines++
		body := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(line)), "#"))
		key, val, ok := strings.Cut(body, ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		cerr := func(err error) error { return &ParseError{File: name, Line: lines, Path: key, Err: err} }
		switch key {
		case "kind":
			if val != Kind {
				return nil, cerr(fmt.Errorf("%w: unknown kind %q (want %q)", ErrInvalid, val, Kind))
			}
		case "map_capacity", "shuffle_capacity":
			v, err := number(json.RawMessage(val))
			if err != nil {
				return nil, cerr(err)
			}
			if key == "map_capacity" {
				in.MapCapacity = v
			} else {
				in.ShuffleCapacity = v
			}
		case "metadata":
			dec := json.NewDecoder(strings.NewReader(val))
			dec.UseNumber()
			var md map[string]any
			if err := dec.Decode(&md); err != nil || md == nil {
				return nil, cerr(fmt.Errorf("%w: metadata must be a JSON object on one line", ErrInvalid))
			}
			in.Metadata = md
		}
	}
	cr := csv.NewReader(bytes.NewReader(rest))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &ParseError{File: name, Line: lines + 1, Err: fmt.Errorf("%w: missing header line (want %s)", ErrInvalid, strings.Join(CSVHeader, ","))}
	}
	if err != nil {
		return nil, csvErr(name, lines, err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		if i == 0 {
			h = strings.TrimPrefix(h, "\ufeff")
		}
		known := false
		for _, k := range CSVHeader {
			known = known || h == k
		}
		if !known {
			return nil, &ParseError{File: name, Line: lines + 1, Path: "header", Err: fmt.Errorf("%w: unknown column %q (want %s)", ErrInvalid, h, strings.Join(CSVHeader, ","))}
		}
		if _, dup := col[h]; dup {
			return nil, &ParseError{File: name, Line: lines + 1, Path: "header", Err: fmt.Errorf("%w: column %q twice", ErrInvalid, h)}
		}
		col[h] = i
	}
	for _, k := range []string{"id", "map", "shuffle"} {
		if _, ok := col[k]; !ok {
			return nil, &ParseError{File: name, Line: lines + 1, Path: "header", Err: fmt.Errorf("%w: missing column %q", ErrInvalid, k)}
		}
	}
	var lineOfJob []int
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvErr(name, lines, err)
		}
		ln, _ := cr.FieldPos(0)
		ln += lines
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != len(header) {
			return nil, &ParseError{File: name, Line: ln, Err: fmt.Errorf("%w: %d fields, header has %d", ErrInvalid, len(rec), len(header))}
		}
		var j Job
		j.ID = strings.TrimSpace(rec[col["id"]])
		for _, c := range []struct {
			key string
			dst *float64
		}{{"release", &j.Release}, {"map", &j.Map}, {"shuffle", &j.Shuffle}} {
			ci, ok := col[c.key]
			if !ok {
				continue
			}
			s := strings.TrimSpace(rec[ci])
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, &ParseError{File: name, Line: ln, Path: "field " + c.key, Err: fmt.Errorf("%w: %q is not a number", ErrInvalid, s)}
			}
			*c.dst = v
		}
		in.Jobs = append(in.Jobs, j)
		lineOfJob = append(lineOfJob, ln)
	}
	if err := in.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			if fe.Job >= 0 {
				return nil, &ParseError{File: name, Line: lineOfJob[fe.Job], Path: "field " + fe.Field, Err: fe.Err}
			}
			return nil, &ParseError{File: name, Path: fe.Field, Err: fe.Err}
		}
		return nil, &ParseError{File: name, Err: err}
	}
	return in, nil
}

func csvErr(name string, offset int, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &ParseError{File: name, Line: pe.Line + offset, Err: fmt.Errorf("%w: %v", ErrSyntax, pe.Err)}
	}
	return &ParseError{File: name, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
}

// WriteCSV writes in as CSV with capacity and metadata comment lines.
func WriteCSV(w io.Writer, in *Instance) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# kind: %s\n# map_capacity: %s\n# shuffle_capacity: %s\n", Kind, FormatFloat(in.MapCapacity), FormatFloat(in.ShuffleCapacity))
	if in.Metadata != nil {
		md, err := json.Marshal(in.Metadata)
		if err != nil {
			return fmt.Errorf("instances: metadata: %w", err)
		}
		fmt.Fprintf(&b, "# metadata: %s\n", md)
	}
	cw := csv.NewWriter(&b)
	_ = cw.Write(CSVHeader)
	for _, j := range in.Jobs {
		_ = cw.Write([]string{j.ID, FormatFloat(j.Release), FormatFloat(j.Map), FormatFloat(j.Shuffle)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ---------------------------------------------------------------- files

// IsCSV reports whether path names a CSV file (by extension).
func IsCSV(path string) bool { return strings.EqualFold(filepath.Ext(path), ".csv") }

// ReadFile reads a JSON or CSV instance, chosen by the extension (.csv is
// CSV, anything else JSON).
func ReadFile(path string) (*Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if IsCSV(path) {
		return ReadCSV(f, path)
	}
	return ReadJSON(f, path)
}

// WriteFile writes in atomically (a temporary file renamed into place), as
// CSV when path ends in .csv and as JSON otherwise.
func WriteFile(path string, in *Instance) error {
	var b bytes.Buffer
	var err error
	if IsCSV(path) {
		err = WriteCSV(&b, in)
	} else {
		err = WriteJSON(&b, in)
	}
	if err != nil {
		return err
	}
	return AtomicWrite(path, b.Bytes())
}

// AtomicWrite writes data to path atomically (fileio.WriteFileAtomic: a
// temporary file in the same directory, removed on every failure, renamed
// into place; a symbolic link is written through; opts may protect input
// files from being overwritten).
func AtomicWrite(path string, data []byte, opts ...fileio.WriteOption) error {
	return fileio.WriteFileAtomic(path, data, opts...)
}
