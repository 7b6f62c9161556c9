package rational

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"

	"github.com/mrsched/mrsched/internal/fileio"
)

// ScheduleKind is the "kind" of an exact schedule file: segments with
// each job's map and shuffle rates and the completion times, every number
// a string "p" or "p/q" (written by 'mrsched solve --exact --schedule').
const ScheduleKind = "exact-schedule"

// ErrSchedule is returned for an exact schedule file that cannot be read.
var ErrSchedule = errors.New("rational: malformed exact schedule file")

// errScheduleSyntax tags JSON syntax errors of an exact schedule file.
var errScheduleSyntax = fmt.Errorf("%w (JSON syntax)", ErrSchedule)

// IsScheduleFile reports whether the JSON file at path is an exact
// schedule (its top-level "kind" is ScheduleKind); a file that cannot be
// read or is not a JSON object is not one.
func IsScheduleFile(path string) bool {
	f, err := fileio.Open(path, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	data, err := fileio.ReadText(f, path, 0)
	if err != nil {
		return false
	}
	var top struct{ Kind string }
	return json.Unmarshal(data, &top) == nil && top.Kind == ScheduleKind
}

// ReadScheduleFile reads an exact schedule file for in (ReadScheduleJSON)
// under the size limit of internal/fileio.
func ReadScheduleFile(path string, in *Instance) (*Schedule, error) {
	f, err := fileio.Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadScheduleJSON(f, path, in)
}

// ReadScheduleJSON reads an exact schedule of in: every start, end, rate
// and completion a string "p" or "p/q" (a JSON number is refused: it
// would not be exact), jobs named by their ids. The claimed completions
// are kept in Schedule.Completion for Verify to check against the
// segments; they are listed in the order of in's jobs, one per job. Errors are *fileio.ParseError naming the
// file, line and JSON path (segments[2].rates[0].map).
func ReadScheduleJSON(r io.Reader, name string, in *Instance) (*Schedule, error) {
	_, top, err := fileio.ReadJSON(r, name, ErrSchedule, errScheduleSyntax)
	if err != nil {
		return nil, err
	}
	if err := top.Only("kind", "note", "segments", "completions"); err != nil {
		return nil, err
	}
	if err := top.Kind(ScheduleKind); err != nil {
		return nil, err
	}
	index := make(map[string]int, len(in.Jobs))
	for i, j := range in.Jobs {
		index[j.ID] = i
	}
	job := func(o *fileio.Obj) (int, error) {
		v, err := o.Need("job")
		if err != nil {
			return 0, err
		}
		id, err := v.String()
		if err != nil {
			return 0, err
		}
		i, ok := index[id]
		if !ok {
			return 0, v.Errorf("job %q is not in the instance", id)
		}
		return i, nil
	}
	s := &Schedule{Completion: make([]*big.Rat, len(in.Jobs))}
	segs, err := top.NeedArray("segments")
	if err != nil {
		return nil, err
	}
	for _, v := range segs {
		o, err := v.Object("start", "end", "rates")
		if err != nil {
			return nil, err
		}
		var seg Segment
		if seg.Start, err = ratField(o, "start"); err != nil {
			return nil, err
		}
		if seg.End, err = ratField(o, "end"); err != nil {
			return nil, err
		}
		rates, err := o.NeedArray("rates")
		if err != nil {
			return nil, err
		}
		for _, v := range rates {
			ro, err := v.Object("job", "map", "shuffle")
			if err != nil {
				return nil, err
			}
			var rt Rate
			if rt.Job, err = job(ro); err != nil {
				return nil, err
			}
			if rt.Map, err = ratField(ro, "map"); err != nil {
				return nil, err
			}
			if rt.Shuffle, err = ratField(ro, "shuffle"); err != nil {
				return nil, err
			}
			seg.Rates = append(seg.Rates, rt)
		}
		s.Segments = append(s.Segments, seg)
	}
	cv, err := top.Need("completions")
	if err != nil {
		return nil, err
	}
	comps, err := cv.Array()
	if err != nil {
		return nil, err
	}
	if len(comps) != len(in.Jobs) {
		return nil, cv.Errorf("%d completion times for %d jobs", len(comps), len(in.Jobs))
	}
	for k, v := range comps {
		o, err := v.Object("job", "completion")
		if err != nil {
			return nil, err
		}
		i, err := job(o)
		if err != nil {
			return nil, err
		}
		if i != k {
			return nil, v.Errorf("job %s, want %s (completions are listed in the instance's job order)", in.Jobs[i].ID, in.Jobs[k].ID)
		}
		if s.Completion[i], err = ratField(o, "completion"); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// ratField returns member k of o, a string "p" or "p/q", as a rational.
func ratField(o *fileio.Obj, k string) (*big.Rat, error) {
	v, err := o.Need(k)
	if err != nil {
		return nil, err
	}
	text, err := v.String()
	if err != nil {
		return nil, v.Errorf("want an exact number as a string \"p\" or \"p/q\", found %s", bytes.TrimSpace(v.Raw))
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok || len(text) > 1<<12 {
		return nil, v.Errorf("not an exact number %s (want \"p\" or \"p/q\")", strconv.Quote(text))
	}
	return r, nil
}

// FieldOf is the JSON path, in the exact schedule file s was read from
// (ReadScheduleJSON), of what a violation of Verify is about: the rate of
// its job in its segment (segments[k].rates[q]), its segment, the job's
// completion (completions[i].completion), or "" when it names neither.
func FieldOf(in *Instance, s *Schedule, v Violation) string {
	job := -1
	for i, j := range in.Jobs {
		if j.ID == v.Job && v.Job != "" {
			job = i
		}
	}
	if v.Segment >= 0 && v.Segment < len(s.Segments) {
		seg := fmt.Sprintf("segments[%d]", v.Segment)
		for q, rt := range s.Segments[v.Segment].Rates {
			if rt.Job == job {
				return fmt.Sprintf("%s.rates[%d]", seg, q)
			}
		}
		return seg
	}
	if job >= 0 && v.Rule == "completion" {
		return fmt.Sprintf("completions[%d].completion", job)
	}
	if job >= 0 {
		return "segments[*].rates (job " + v.Job + ")"
	}
	return ""
}
