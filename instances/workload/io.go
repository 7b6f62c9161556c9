package workload

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"

	"github.com/mrsched/mrsched/instances"
)

// ParseError locates an error in a file: Line for syntax errors (1-based),
// Path (a JSON path such as "jobs[3].map") otherwise. It is the one error
// type of every mrsched file reader (instances.ParseError).
type ParseError = instances.ParseError

// DefaultUser is the user of jobs whose "user" field is absent.
const DefaultUser = "default"

// ReadJSON reads a workload. name is used in error messages.
//
// Format: {"kind": "cluster", "nodes": N, "map_slots": M, "reduce_slots": R,
// "metadata": {…} (optional), "jobs": [{"id": "j0", "user": "u1" (optional,
// default "default"), "submit": 0 (optional, default 0), "map": TASKS,
// "reduce": TASKS (optional, default none)}, …]}, where TASKS is either an
// array of task durations in seconds or the compact form {"count": n,
// "time": d} for n tasks of d seconds each, optionally with "last": e when
// the last of the n tasks takes e seconds instead (the partial last input
// split). Counts are JSON integers (digits only). Unknown and duplicate
// fields are errors. The input is read under the internal/fileio rules
// (size limit, UTF-8 without NUL, a leading BOM stripped, ids checked);
// errors are *ParseError "file:line: path: message".
func ReadJSON(r io.Reader, name string) (*Workload, error) {
	doc, top, err := fileio.ReadJSON(r, name, ErrInvalid, ErrSyntax)
	if err != nil {
		return nil, err
	}
	if err := top.Only("kind", "nodes", "map_slots", "reduce_slots", "jobs", "metadata"); err != nil {
		return nil, err
	}
	if err := top.Kind(Kind); err != nil {
		return nil, err
	}
	w := &Workload{}
	for _, c := range []struct {
		key string
		dst *int
	}{{"nodes", &w.Nodes}, {"map_slots", &w.MapSlots}, {"reduce_slots", &w.ReduceSlots}} {
		if err := top.Int(c.key, c.dst, 0, 1<<31, true); err != nil {
			return nil, err
		}
	}
	if w.Metadata, err = top.Metadata("metadata"); err != nil {
		return nil, err
	}
	jobs, err := top.NeedArray("jobs")
	if err != nil {
		return nil, err
	}
	w.Jobs = make([]Job, len(jobs))
	total := 0
	for i, jv := range jobs {
		obj, err := jv.Object("id", "user", "submit", "map", "reduce")
		if err != nil {
			return nil, err
		}
		j := &w.Jobs[i]
		if err := obj.ID("id", &j.ID, true); err != nil {
			return nil, err
		}
		j.User = DefaultUser
		if err := obj.ID("user", &j.User, false); err != nil {
			return nil, err
		}
		if err := obj.Float("submit", &j.Submit, false); err != nil {
			return nil, err
		}
		mv, err := obj.Need("map")
		if err != nil {
			return nil, err
		}
		if j.Map, err = tasks(mv); err != nil {
			return nil, err
		}
		if rv, ok := obj.Get("reduce"); ok {
			if j.Reduce, err = tasks(rv); err != nil {
				return nil, err
			}
		}
		if total += len(j.Map) + len(j.Reduce); total > MaxTotalTasks {
			return nil, jv.Errorf("more than %d tasks in the workload", MaxTotalTasks)
		}
	}
	if err := w.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			off := int64(-1)
			if fe.Job >= 0 && fe.Job < len(jobs) {
				off = jobs[fe.Job].Off
			}
			return nil, doc.At(fe.Path(), off).Wrap(fe.Err, "")
		}
		return nil, &ParseError{File: name, Err: err}
	}
	return w, nil
}

// tasks parses an array of durations or {"count": n, "time": d, "last": e}.
func tasks(v fileio.Value) ([]float64, error) {
	if t := bytes.TrimSpace(v.Raw); len(t) > 0 && t[0] == '{' {
		obj, err := v.Object("count", "time", "last")
		if err != nil {
			return nil, err
		}
		cv, ok1 := obj.Get("count")
		_, ok2 := obj.Get("time")
		if !ok1 || !ok2 {
			return nil, v.Errorf("the compact form needs both count and time")
		}
		n, err := cv.Int(0, MaxTasks)
		if err != nil {
			return nil, err
		}
		var d float64
		if err := obj.Float("time", &d, true); err != nil {
			return nil, err
		}
		out := make([]float64, n)
		for k := range out {
			out[k] = d
		}
		if lv, ok := obj.Get("last"); ok {
			e, err := lv.Float()
			if err != nil {
				return nil, err
			}
			if n == 0 {
				return nil, lv.Errorf("\"last\" with count 0")
			}
			out[n-1] = e
		}
		return out, nil
	}
	if t := bytes.TrimSpace(v.Raw); len(t) == 0 || t[0] != '[' {
		return nil, v.Errorf("must be an array of durations or {\"count\": n, \"time\": d}")
	}
	arr, err := v.Array()
	if err != nil {
		return nil, err
	}
	if len(arr) > MaxTasks {
		return nil, v.Errorf("%d tasks, more than %d", len(arr), MaxTasks)
	}
	out := make([]float64, len(arr))
	for k, a := range arr {
		if out[k], err = a.Float(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// WriteJSON writes w as JSON: fixed key order, one job per line, task lists
// in the compact {"count", "time"} form when all durations of a phase are
// equal except possibly the last. Numbers use the shortest round-trip form (instances.FormatFloat).
func WriteJSON(out io.Writer, w *Workload) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"kind\": %q,\n  \"nodes\": %d,\n  \"map_slots\": %d,\n  \"reduce_slots\": %d,\n",
		Kind, w.Nodes, w.MapSlots, w.ReduceSlots)
	if err := fileio.WriteMetadata(&b, w.Metadata, "cluster"); err != nil {
		return err
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

// ReadFile reads the workload at path (a file over fileio.Limit() is
// refused before it is read, with its size).
func ReadFile(path string) (*Workload, error) {
	return fileio.ReadFileWith(path, ReadJSON)
}

// WriteFile writes w to path atomically.
// opts such as fileio.Protect(inputs...) refuse to overwrite the given
// files (a command's own inputs); see fileio.WriteFileAtomic.
func WriteFile(path string, w *Workload, opts ...fileio.WriteOption) error {
	return fileio.WriteFileWith(path, w, WriteJSON, opts...)
}

// File is a workload as a command writes it: Write renders its JSON
// (WriteJSON) whatever the format asked, Format says so, and Save writes
// it to a file (WriteFile).
type File struct{ *Workload }

// Write renders the workload as JSON, the one format of a workload.
func (f File) Write(w io.Writer, _ tabular.Format) error { return WriteJSON(w, f.Workload) }

// Format is the format Write renders: JSON.
func (File) Format() tabular.Format { return tabular.JSON }

// Save writes the workload to path (WriteFile) and says what it wrote
// ("N jobs").
func (f File) Save(path string, opts ...fileio.WriteOption) (string, error) {
	if err := WriteFile(path, f.Workload, opts...); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d jobs", len(f.Jobs)), nil
}
