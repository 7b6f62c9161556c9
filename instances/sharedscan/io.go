package sharedscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/instances"
)

// ParseError locates an error in a file: Line for syntax errors (1-based),
// Path (a JSON path such as "jobs[3].map") otherwise. It is the one error
// type of every mrsched file reader (instances.ParseError).
type ParseError = instances.ParseError

type reader struct{ file string }

func (r reader) err(path string, format string, args ...any) error {
	return &ParseError{File: r.file, Path: path, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)}
}

func (r reader) object(raw json.RawMessage, path string, allowed ...string) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, r.err(path, "must be a JSON object")
	}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !ok[k] {
			return nil, r.err(join(path, k), "unknown field (want one of %s)", strings.Join(allowed, ", "))
		}
	}
	return m, nil
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func (r reader) number(raw json.RawMessage, path string) (float64, error) {
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		return 0, r.err(path, "not a number: %s", truncate(raw))
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, r.err(path, "not a finite number")
	}
	return v, nil
}

func (r reader) integer(raw json.RawMessage, path string) (int, error) {
	v, err := r.number(raw, path)
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) || math.Abs(v) > 1<<31 {
		return 0, r.err(path, "must be an integer, got %v", v)
	}
	return int(v), nil
}

func (r reader) str(raw json.RawMessage, path string) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", r.err(path, "not a string: %s", truncate(raw))
	}
	return s, nil
}

func (r reader) array(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	var a []json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, r.err(path, "must be a JSON array")
	}
	return a, nil
}

func truncate(raw json.RawMessage) string {
	s := string(raw)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// ReadJSON reads and validates a workload. name is used in error messages.
// Required: "kind": "sharedscan", "slots", "datasets" (each with "id" and
// "size") and "jobs" (each with "id", "arrival" and "datasets"). Defaults:
// weight 1, min_slots 1 (capped at max_slots), max_slots = slots,
// scan_fraction 1. Unknown fields are errors.
func ReadJSON(r io.Reader, name string) (*Workload, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	rd := reader{file: name}
	var top json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, &ParseError{File: name, Line: lineOf(data, se.Offset), Err: fmt.Errorf("%w: %v", ErrSyntax, se)}
		}
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
	}
	m, err := rd.object(top, "", "kind", "slots", "datasets", "jobs", "metadata")
	if err != nil {
		return nil, err
	}
	raw, ok := m["kind"]
	if !ok {
		return nil, rd.err("kind", "missing field (want \"kind\": %q)", Kind)
	}
	kind, err := rd.str(raw, "kind")
	if err != nil {
		return nil, err
	}
	if kind != Kind {
		return nil, rd.err("kind", "unknown kind %q (want %q)", kind, Kind)
	}
	w := &Workload{}
	if raw, ok = m["slots"]; !ok {
		return nil, rd.err("slots", "missing field")
	}
	if w.Slots, err = rd.integer(raw, "slots"); err != nil {
		return nil, err
	}
	if raw, ok := m["metadata"]; ok {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var md map[string]any
		if err := dec.Decode(&md); err != nil || md == nil {
			return nil, rd.err("metadata", "must be a JSON object")
		}
		w.Metadata = md
	}
	if raw, ok = m["datasets"]; !ok {
		return nil, rd.err("datasets", "missing field")
	}
	arr, err := rd.array(raw, "datasets")
	if err != nil {
		return nil, err
	}
	for i, dr := range arr {
		p := fmt.Sprintf("datasets[%d]", i)
		dm, err := rd.object(dr, p, "id", "size")
		if err != nil {
			return nil, err
		}
		var d Dataset
		for _, k := range []string{"id", "size"} {
			if _, ok := dm[k]; !ok {
				return nil, rd.err(join(p, k), "missing field")
			}
		}
		if d.ID, err = rd.str(dm["id"], p+".id"); err != nil {
			return nil, err
		}
		if d.Size, err = rd.number(dm["size"], p+".size"); err != nil {
			return nil, err
		}
		w.Datasets = append(w.Datasets, d)
	}
	if raw, ok = m["jobs"]; !ok {
		return nil, rd.err("jobs", "missing field")
	}
	if arr, err = rd.array(raw, "jobs"); err != nil {
		return nil, err
	}
	for i, jr := range arr {
		j, err := rd.job(jr, fmt.Sprintf("jobs[%d]", i), w.Slots)
		if err != nil {
			return nil, err
		}
		w.Jobs = append(w.Jobs, j)
	}
	if err := w.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, &ParseError{File: name, Path: fe.Path, Err: fe.Err}
		}
		return nil, &ParseError{File: name, Err: err}
	}
	return w, nil
}

func (rd reader) job(raw json.RawMessage, p string, slots int) (Job, error) {
	jm, err := rd.object(raw, p, "id", "arrival", "datasets", "weight", "min_slots", "max_slots", "deadline", "sla", "scan_fraction")
	if err != nil {
		return Job{}, err
	}
	j := Job{Weight: 1, MinSlots: 1, MaxSlots: slots, ScanFraction: 1}
	for _, k := range []string{"id", "arrival", "datasets"} {
		if _, ok := jm[k]; !ok {
			return j, rd.err(join(p, k), "missing field")
		}
	}
	if j.ID, err = rd.str(jm["id"], p+".id"); err != nil {
		return j, err
	}
	if j.Arrival, err = rd.number(jm["arrival"], p+".arrival"); err != nil {
		return j, err
	}
	da, err := rd.array(jm["datasets"], p+".datasets")
	if err != nil {
		return j, err
	}
	for k, r := range da {
		s, err := rd.str(r, fmt.Sprintf("%s.datasets[%d]", p, k))
		if err != nil {
			return j, err
		}
		j.Datasets = append(j.Datasets, s)
	}
	if r, ok := jm["weight"]; ok {
		if j.Weight, err = rd.number(r, p+".weight"); err != nil {
			return j, err
		}
	}
	if r, ok := jm["max_slots"]; ok {
		if j.MaxSlots, err = rd.integer(r, p+".max_slots"); err != nil {
			return j, err
		}
	}
	if r, ok := jm["min_slots"]; ok {
		if j.MinSlots, err = rd.integer(r, p+".min_slots"); err != nil {
			return j, err
		}
	} else if j.MaxSlots < j.MinSlots {
		j.MinSlots = j.MaxSlots // default minimum 1 capped at the maximum
	}
	if r, ok := jm["deadline"]; ok {
		v, err := rd.number(r, p+".deadline")
		if err != nil {
			return j, err
		}
		j.Deadline = &v
	}
	if r, ok := jm["sla"]; ok {
		sa, err := rd.array(r, p+".sla")
		if err != nil {
			return j, err
		}
		for k, sr := range sa {
			q := fmt.Sprintf("%s.sla[%d]", p, k)
			sm, err := rd.object(sr, q, "deadline", "penalty")
			if err != nil {
				return j, err
			}
			var st SLAStep
			for _, key := range []string{"deadline", "penalty"} {
				if _, ok := sm[key]; !ok {
					return j, rd.err(join(q, key), "missing field")
				}
			}
			if st.Deadline, err = rd.number(sm["deadline"], q+".deadline"); err != nil {
				return j, err
			}
			if st.Penalty, err = rd.number(sm["penalty"], q+".penalty"); err != nil {
				return j, err
			}
			j.SLA = append(j.SLA, st)
		}
	}
	if r, ok := jm["scan_fraction"]; ok {
		if j.ScanFraction, err = rd.number(r, p+".scan_fraction"); err != nil {
			return j, err
		}
	}
	return j, nil
}

type fileFormat struct {
	Kind string `json:"kind"`
	*Workload
}

// WriteJSON writes w as indented JSON (every field explicit, so the file
// reads back to an identical workload).
func WriteJSON(out io.Writer, w *Workload) error {
	b, err := json.MarshalIndent(fileFormat{Kind: Kind, Workload: w}, "", "  ")
	if err != nil {
		return err
	}
	_, err = out.Write(append(b, '\n'))
	return err
}

// ReadFile reads and validates the workload at path.
func ReadFile(path string) (*Workload, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSON(f, path)
}

// WriteFile writes w to path atomically.
func WriteFile(path string, w *Workload) error {
	var b bytes.Buffer
	if err := WriteJSON(&b, w); err != nil {
		return err
	}
	return instances.AtomicWrite(path, b.Bytes())
}
