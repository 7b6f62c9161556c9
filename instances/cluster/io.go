package cluster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"

	"github.com/mrsched/mrsched/instances"
)

// ParseError locates an error in a file: Line for syntax errors (1-based),
// Path (a JSON path such as "jobs[3].map") otherwise. It is the one error
// type of every mrsched file reader (instances.ParseError).
type ParseError = instances.ParseError

// DefaultUser is the user of jobs whose "user" field is absent.
const DefaultUser = "default"

var (
	topKeys  = map[string]bool{"kind": true, "nodes": true, "map_slots": true, "reduce_slots": true, "jobs": true, "metadata": true}
	jobKeys  = map[string]bool{"id": true, "user": true, "submit": true, "map": true, "reduce": true}
	specKeys = map[string]bool{"count": true, "time": true, "last": true}
)

// ReadJSON reads a workload. name is used in error messages.
//
// Format: {"kind": "cluster", "nodes": N, "map_slots": M, "reduce_slots": R,
// "metadata": {…} (optional), "jobs": [{"id": "j0", "user": "u1" (optional,
// default "default"), "submit": 0 (optional, default 0), "map": TASKS,
// "reduce": TASKS (optional, default none)}, …]}, where TASKS is either an
// array of task durations in seconds or the compact form {"count": n,
// "time": d} for n tasks of d seconds each, optionally with "last": e when
// the last of the n tasks takes e seconds instead (the partial last input
// split). Unknown fields are errors.
func ReadJSON(r io.Reader, name string) (*Workload, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	perr := func(path string, err error) error { return &ParseError{File: name, Path: path, Err: err} }
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, &ParseError{File: name, Line: bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n")) + 1, Err: fmt.Errorf("%w: %v", ErrSyntax, se)}
		}
		return nil, perr("", fmt.Errorf("%w: the file must hold one JSON object: %v", ErrSyntax, err))
	}
	if top == nil {
		return nil, perr("", fmt.Errorf("%w: the file must hold one JSON object, found null", ErrSyntax))
	}
	for _, k := range sortedKeys(top) {
		if !topKeys[k] {
			return nil, perr(k, fmt.Errorf("%w: unknown field (want kind, nodes, map_slots, reduce_slots, jobs, metadata)", ErrInvalid))
		}
	}
	var kind string
	if raw, ok := top["kind"]; !ok {
		return nil, perr("kind", fmt.Errorf("%w: missing field (want \"kind\": %q)", ErrInvalid, Kind))
	} else if err := json.Unmarshal(raw, &kind); err != nil || kind != Kind {
		return nil, perr("kind", fmt.Errorf("%w: want %q", ErrInvalid, Kind))
	}
	w := &Workload{}
	for _, c := range []struct {
		key string
		dst *int
	}{{"nodes", &w.Nodes}, {"map_slots", &w.MapSlots}, {"reduce_slots", &w.ReduceSlots}} {
		raw, ok := top[c.key]
		if !ok {
			return nil, perr(c.key, fmt.Errorf("%w: missing field", ErrInvalid))
		}
		v, err := integer(raw)
		if err != nil {
			return nil, perr(c.key, err)
		}
		*c.dst = v
	}
	if raw, ok := top["metadata"]; ok {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var md map[string]any
		if err := dec.Decode(&md); err != nil || md == nil {
			return nil, perr("metadata", fmt.Errorf("%w: must be a JSON object", ErrInvalid))
		}
		w.Metadata = md
	}
	rawJobs, ok := top["jobs"]
	if !ok {
		return nil, perr("jobs", fmt.Errorf("%w: missing field", ErrInvalid))
	}
	var jobs []json.RawMessage
	if err := json.Unmarshal(rawJobs, &jobs); err != nil || jobs == nil {
		return nil, perr("jobs", fmt.Errorf("%w: must be an array of job objects", ErrInvalid))
	}
	w.Jobs = make([]Job, len(jobs))
	total := 0
	for i, rj := range jobs {
		path := fmt.Sprintf("jobs[%d]", i)
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(rj, &obj); err != nil || obj == nil {
			return nil, perr(path, fmt.Errorf("%w: must be an object", ErrInvalid))
		}
		for _, k := range sortedKeys(obj) {
			if !jobKeys[k] {
				return nil, perr(path+"."+k, fmt.Errorf("%w: unknown field (want id, user, submit, map, reduce)", ErrInvalid))
			}
		}
		j := &w.Jobs[i]
		if raw, ok := obj["id"]; !ok {
			return nil, perr(path+".id", fmt.Errorf("%w: missing field", ErrInvalid))
		} else if err := json.Unmarshal(raw, &j.ID); err != nil {
			return nil, perr(path+".id", fmt.Errorf("%w: not a string", ErrInvalid))
		}
		j.User = DefaultUser
		if raw, ok := obj["user"]; ok {
			if err := json.Unmarshal(raw, &j.User); err != nil {
				return nil, perr(path+".user", fmt.Errorf("%w: not a string", ErrInvalid))
			}
		}
		if raw, ok := obj["submit"]; ok {
			v, err := number(raw)
			if err != nil {
				return nil, perr(path+".submit", err)
			}
			j.Submit = v
		}
		raw, ok := obj["map"]
		if !ok {
			return nil, perr(path+".map", fmt.Errorf("%w: missing field", ErrInvalid))
		}
		if j.Map, err = tasks(raw, path+".map"); err != nil {
			return nil, &ParseError{File: name, Path: err.(*ParseError).Path, Err: err.(*ParseError).Err}
		}
		if raw, ok := obj["reduce"]; ok {
			if j.Reduce, err = tasks(raw, path+".reduce"); err != nil {
				return nil, &ParseError{File: name, Path: err.(*ParseError).Path, Err: err.(*ParseError).Err}
			}
		}
		if total += len(j.Map) + len(j.Reduce); total > MaxTotalTasks {
			return nil, perr(path, fmt.Errorf("%w: more than %d tasks in the workload", ErrInvalid, MaxTotalTasks))
		}
	}
	if err := w.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, perr(fe.Path(), fe.Err)
		}
		return nil, perr("", err)
	}
	return w, nil
}

// tasks parses an array of durations or {"count": n, "time": d}. Errors are
// *ParseError with Path set and File empty.
func tasks(raw json.RawMessage, path string) ([]float64, error) {
	perr := func(p string, err error) error { return &ParseError{Path: p, Err: err} }
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) > 0 && trimmed[0] == '{' {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, perr(path, fmt.Errorf("%w: must be an array of durations or {\"count\": n, \"time\": d}", ErrInvalid))
		}
		for _, k := range sortedKeys(obj) {
			if !specKeys[k] {
				return nil, perr(path+"."+k, fmt.Errorf("%w: unknown field (want count, time, last)", ErrInvalid))
			}
		}
		rc, ok1 := obj["count"]
		rt, ok2 := obj["time"]
		if !ok1 || !ok2 {
			return nil, perr(path, fmt.Errorf("%w: the compact form needs both count and time", ErrInvalid))
		}
		n, err := integer(rc)
		if err != nil {
			return nil, perr(path+".count", err)
		}
		if n < 0 || n > MaxTasks {
			return nil, perr(path+".count", fmt.Errorf("%w: count %d outside [0, %d]", ErrInvalid, n, MaxTasks))
		}
		d, err := number(rt)
		if err != nil {
			return nil, perr(path+".time", err)
		}
		out := make([]float64, n)
		for k := range out {
			out[k] = d
		}
		if rl, ok := obj["last"]; ok {
			e, err := number(rl)
			if err != nil {
				return nil, perr(path+".last", err)
			}
			if n == 0 {
				return nil, perr(path+".last", fmt.Errorf("%w: \"last\" with count 0", ErrInvalid))
			}
			out[n-1] = e
		}
		return out, nil
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(raw, &arr); err != nil {
		return nil, perr(path, fmt.Errorf("%w: must be an array of durations or {\"count\": n, \"time\": d}", ErrInvalid))
	}
	if len(arr) > MaxTasks {
		return nil, perr(path, fmt.Errorf("%w: %d tasks, more than %d", ErrInvalid, len(arr), MaxTasks))
	}
	out := make([]float64, len(arr))
	for k, a := range arr {
		v, err := number(a)
		if err != nil {
			return nil, perr(fmt.Sprintf("%s[%d]", path, k), err)
		}
		out[k] = v
	}
	return out, nil
}

func number(raw json.RawMessage) (float64, error) {
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

func integer(raw json.RawMessage) (int, error) {
	v, err := number(raw)
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) || math.Abs(v) > 1<<31 {
		return 0, fmt.Errorf("%w: want an integer, got %s", ErrInvalid, bytes.TrimSpace(raw))
	}
	return int(v), nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// WriteJSON writes w as JSON: fixed key order, one job per line, task lists
// in the compact {"count", "time"} form when all durations of a phase are
// equal except possibly the last. Numbers use the shortest round-trip form (instances.FormatFloat).
func WriteJSON(out io.Writer, w *Workload) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"kind\": %q,\n  \"nodes\": %d,\n  \"map_slots\": %d,\n  \"reduce_slots\": %d,\n",
		Kind, w.Nodes, w.MapSlots, w.ReduceSlots)
	if w.Metadata != nil {
		md, err := json.MarshalIndent(w.Metadata, "  ", "  ")
		if err != nil {
			return fmt.Errorf("cluster: metadata: %w", err)
		}
		fmt.Fprintf(&b, "  \"metadata\": %s,\n", md)
	}
	b.WriteString("  \"jobs\": [")
	for i, j := range w.Jobs {
		if i > 0 {
			b.WriteByte(',')
		}
		id, _ := json.Marshal(j.ID)
		user, _ := json.Marshal(j.User)
		fmt.Fprintf(&b, "\n    {\"id\": %s, \"user\": %s, \"submit\": %s, \"map\": ", id, user, instances.FormatFloat(j.Submit))
		writeTasks(&b, j.Map)
		if len(j.Reduce) > 0 {
			b.WriteString(", \"reduce\": ")
			writeTasks(&b, j.Reduce)
		}
		b.WriteByte('}')
	}
	b.WriteString("\n  ]\n}\n")
	_, err := out.Write(b.Bytes())
	return err
}

func writeTasks(b *bytes.Buffer, d []float64) {
	// Compact when all tasks but possibly the last take the same time.
	equal := len(d) > 2
	for _, x := range d[:max(len(d)-1, 0)] {
		equal = equal && x == d[0]
	}
	if equal {
		fmt.Fprintf(b, "{\"count\": %d, \"time\": %s", len(d), instances.FormatFloat(d[0]))
		if last := d[len(d)-1]; last != d[0] {
			fmt.Fprintf(b, ", \"last\": %s", instances.FormatFloat(last))
		}
		b.WriteByte('}')
		return
	}
	b.WriteByte('[')
	for k, x := range d {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(instances.FormatFloat(x))
	}
	b.WriteByte(']')
}

// ReadFile reads the workload at path.
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

// AtomicWriteFile writes data to path atomically (instances.AtomicWrite).
func AtomicWriteFile(path string, data []byte) error { return instances.AtomicWrite(path, data) }
