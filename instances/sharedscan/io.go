package sharedscan

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/mrsched/mrsched/internal/fileio"

	"github.com/mrsched/mrsched/instances"
)

// ParseError locates an error in a file: Line for syntax errors (1-based),
// Path (a JSON path such as "jobs[3].map") otherwise. It is the one error
// type of every mrsched file reader (instances.ParseError).
type ParseError = instances.ParseError

// ReadJSON reads and validates a workload. name is used in error messages.
// Required: "kind": "sharedscan", "slots", "datasets" (each with "id" and
// "size") and "jobs" (each with "id", "arrival" and "datasets"). Defaults:
// weight 1, min_slots 1 (capped at max_slots), max_slots = slots,
// scan_fraction 1. Slot counts are JSON integers (digits only). Unknown and
// duplicate fields are errors. The input is read under the internal/fileio
// rules (size limit, UTF-8 without NUL, a leading BOM stripped, ids
// checked); errors are *ParseError "file:line: path: message".
func ReadJSON(r io.Reader, name string) (*Workload, error) {
	doc, top, err := fileio.ReadJSON(r, name, ErrInvalid, ErrSyntax)
	if err != nil {
		return nil, err
	}
	if err := top.Only("kind", "slots", "datasets", "jobs", "metadata"); err != nil {
		return nil, err
	}
	if err := top.Kind(Kind); err != nil {
		return nil, err
	}
	w := &Workload{}
	if err := top.Int("slots", &w.Slots, 0, 1<<31, true); err != nil {
		return nil, err
	}
	if w.Metadata, err = top.Metadata("metadata"); err != nil {
		return nil, err
	}
	arr, err := top.NeedArray("datasets")
	if err != nil {
		return nil, err
	}
	for _, v := range arr {
		dm, err := v.Object("id", "size")
		if err != nil {
			return nil, err
		}
		var d Dataset
		if err := dm.ID("id", &d.ID, true); err != nil {
			return nil, err
		}
		if err := dm.Float("size", &d.Size, true); err != nil {
			return nil, err
		}
		w.Datasets = append(w.Datasets, d)
	}
	if arr, err = top.NeedArray("jobs"); err != nil {
		return nil, err
	}
	for _, v := range arr {
		j, err := job(v, w.Slots)
		if err != nil {
			return nil, err
		}
		w.Jobs = append(w.Jobs, j)
	}
	if err := w.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, doc.AtPath(fe.Path).Wrap(fe.Err, "")
		}
		return nil, &ParseError{File: name, Err: err}
	}
	return w, nil
}

func job(v fileio.Value, slots int) (Job, error) {
	jm, err := v.Object("id", "arrival", "datasets", "weight", "min_slots", "max_slots", "deadline", "sla", "scan_fraction")
	if err != nil {
		return Job{}, err
	}
	j := Job{Weight: 1, MinSlots: 1, MaxSlots: slots, ScanFraction: 1}
	if err := jm.ID("id", &j.ID, true); err != nil {
		return j, err
	}
	if err := jm.Float("arrival", &j.Arrival, true); err != nil {
		return j, err
	}
	da, err := jm.NeedArray("datasets")
	if err != nil {
		return j, err
	}
	for _, r := range da {
		s, err := r.ID()
		if err != nil {
			return j, err
		}
		j.Datasets = append(j.Datasets, s)
	}
	if err := jm.Float("weight", &j.Weight, false); err != nil {
		return j, err
	}
	if err := jm.Int("max_slots", &j.MaxSlots, -1<<31, 1<<31, false); err != nil {
		return j, err
	}
	if _, ok := jm.Get("min_slots"); ok {
		if err := jm.Int("min_slots", &j.MinSlots, -1<<31, 1<<31, false); err != nil {
			return j, err
		}
	} else if j.MaxSlots < j.MinSlots {
		j.MinSlots = j.MaxSlots // default minimum 1 capped at the maximum
	}
	if _, ok := jm.Get("deadline"); ok {
		var d float64
		if err := jm.Float("deadline", &d, true); err != nil {
			return j, err
		}
		j.Deadline = &d
	}
	if sv, ok := jm.Get("sla"); ok {
		sa, err := sv.Array()
		if err != nil {
			return j, err
		}
		for _, sr := range sa {
			sm, err := sr.Object("deadline", "penalty")
			if err != nil {
				return j, err
			}
			var st SLAStep
			if err := sm.Float("deadline", &st.Deadline, true); err != nil {
				return j, err
			}
			if err := sm.Float("penalty", &st.Penalty, true); err != nil {
				return j, err
			}
			j.SLA = append(j.SLA, st)
		}
	}
	if err := jm.Float("scan_fraction", &j.ScanFraction, false); err != nil {
		return j, err
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

// ReadFile reads and validates the workload at path (a file over
// fileio.Limit() is refused before it is read, with its size).
func ReadFile(path string) (*Workload, error) {
	return fileio.ReadFileWith(path, ReadJSON)
}

// WriteFile writes w to path atomically.
// opts such as fileio.Protect(inputs...) refuse to overwrite the given
// files (a command's own inputs); see fileio.WriteFileAtomic.
func WriteFile(path string, w *Workload, opts ...fileio.WriteOption) error {
	return fileio.WriteFileWith(path, w, WriteJSON, opts...)
}
