package instances

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/internal/fileio"
)

// ParseError locates an error in an input file ("file:line: field:
// message"); it is the one error type of every mrsched file reader
// (internal/fileio.ParseError).
type ParseError = fileio.ParseError

// FormatFloat is the number format of every instance file: the shortest
// decimal that parses back to the same float64, so round trips are exact.
func FormatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// ---------------------------------------------------------------- JSON

// ReadJSON reads a JSON instance. name is used in error messages. Required:
// "kind" ("tandem") and "jobs" (each with "id", "map", "shuffle"; "release"
// defaults to 0; optional "weight" (> 0, default 1), "after" (a list of job
// ids) and "due"; "release" and "due" may be clock time strings "HH:MM" or
// "HH:MM:SS" when the metadata states a night start, see clock.go). Capacities default to 1. Unknown and duplicate fields are
// errors. The input is read under the internal/fileio rules: at most
// fileio.Limit() bytes, UTF-8 text without NUL bytes (a leading BOM is
// stripped), JSON numbers only (no strings, null or 1e400), ids checked by
// fileio.CheckID. Errors are *ParseError "file:line: path: message".
func ReadJSON(r io.Reader, name string) (*Instance, error) { return readJSON(r, name, false) }

// ReadJSONExactValues is ReadJSON for readers that compute with the exact
// decimal values (package reductions/rational): every check of ReadJSON
// except the float64 representability of event times
// (ErrUnrepresentable, tolerance.MaxTimeRatio), which exact arithmetic does
// not need.
func ReadJSONExactValues(r io.Reader, name string) (*Instance, error) { return readJSON(r, name, true) }

func readJSON(r io.Reader, name string, exact bool) (*Instance, error) {
	doc, top, err := fileio.ReadJSON(r, name, ErrInvalid, ErrSyntax)
	if err != nil {
		return nil, err
	}
	err = top.Only("kind", "map_capacity", "shuffle_capacity", "jobs", "metadata")
	if err != nil {
		return nil, err
	}
	if err := top.Kind(Kind); err != nil {
		return nil, err
	}
	in := &Instance{MapCapacity: 1, ShuffleCapacity: 1}
	if err := top.Float("map_capacity", &in.MapCapacity, false); err != nil {
		return nil, err
	}
	if err := top.Float("shuffle_capacity", &in.ShuffleCapacity, false); err != nil {
		return nil, err
	}
	if in.Metadata, err = top.Metadata("metadata"); err != nil {
		return nil, err
	}
	jobs, err := top.NeedArray("jobs")
	if err != nil {
		return nil, err
	}
	clock := ClockOf(in.Metadata)
	in.Jobs = make([]Job, len(jobs))
	after := make([][]fileio.Value, len(jobs))
	for i, jv := range jobs {
		obj, err := jv.Object("id", "release", "map", "shuffle", "weight", "after", "due")
		if err != nil {
			return nil, err
		}
		j := &in.Jobs[i]
		if err := obj.ID("id", &j.ID, true); err != nil {
			return nil, err
		}
		if _, err := jsonTime(obj, "release", clock, &j.Release); err != nil {
			return nil, err
		}
		if err := obj.Float("map", &j.Map, true); err != nil {
			return nil, err
		}
		if err := obj.Float("shuffle", &j.Shuffle, true); err != nil {
			return nil, err
		}
		if v, ok := obj.Get("weight"); ok {
			w, err := v.Float()
			if err != nil {
				return nil, err
			}
			if !(w > 0) {
				return nil, v.Errorf("weight %s is not positive (want a number > 0; 1 is the default)", FormatFloat(w))
			}
			j.Weight = w
		}
		if v, ok := obj.Get("after"); ok {
			if after[i], err = v.Array(); err != nil {
				return nil, err
			}
		}
		if j.HasDue, err = jsonTime(obj, "due", clock, &j.Due); err != nil {
			return nil, err
		}
	}
	if err := resolveAfter(in, func(i, k int) (string, error) {
		return after[i][k].ID()
	}, func(i int) int { return len(after[i]) }, func(i, k int, msg string) error {
		return after[i][k].Errorf("%s", msg)
	}); err != nil {
		return nil, err
	}
	// The representability check is Validate's last: an error wrapping
	// ErrUnrepresentable means every other check passed.
	if err := in.Validate(); err != nil && !(exact && errors.Is(err, ErrUnrepresentable)) {
		var fe *FieldError
		if errors.As(err, &fe) {
			if fe.Job >= 0 {
				return nil, doc.At(fmt.Sprintf("jobs[%d].%s", fe.Job, fe.Field), jobs[fe.Job].Off).Wrap(fe.Err, "")
			}
			return nil, &ParseError{File: name, Path: fe.Field, Err: fe.Err}
		}
		return nil, &ParseError{File: name, Err: err}
	}
	return in, nil
}

// WriteJSON writes in as JSON: fixed key order, one job per line.
func WriteJSON(w io.Writer, in *Instance) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"kind\": %q,\n  \"map_capacity\": %s,\n  \"shuffle_capacity\": %s,\n",
		Kind, FormatFloat(in.MapCapacity), FormatFloat(in.ShuffleCapacity))
	if err := fileio.WriteMetadata(&b, in.Metadata, "instances"); err != nil {
		return err
	}
	b.WriteString("  \"jobs\": [")
	for i, j := range in.Jobs {
		if i > 0 {
			b.WriteByte(',')
		}
		id, _ := json.Marshal(j.ID)
		fmt.Fprintf(&b, "\n    {\"id\": %s, \"release\": %s, \"map\": %s, \"shuffle\": %s",
			id, FormatFloat(j.Release), FormatFloat(j.Map), FormatFloat(j.Shuffle))
		if j.Weight != 0 {
			fmt.Fprintf(&b, ", \"weight\": %s", FormatFloat(j.Weight))
		}
		if len(j.After) > 0 {
			b.WriteString(", \"after\": [")
			for a, k := range j.After {
				if k < 0 || k >= len(in.Jobs) {
					return fmt.Errorf("instances: jobs[%d].after: %w: predecessor index %d out of range", i, ErrInvalid, k)
				}
				if a > 0 {
					b.WriteString(", ")
				}
				pid, _ := json.Marshal(in.Jobs[k].ID)
				b.Write(pid)
			}
			b.WriteByte(']')
		}
		if j.HasDue {
			fmt.Fprintf(&b, ", \"due\": %s", FormatFloat(j.Due))
		}
		b.WriteByte('}')
	}
	b.WriteString("\n  ]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// ---------------------------------------------------------------- CSV

// CSVHeader is the header of a tandem CSV file (columns may come in any order).
var CSVHeader = []string{"id", "release", "map", "shuffle"}

// CSVOptional are the optional columns of a tandem CSV file: weight (empty
// cell: 1), after (predecessor ids separated by ';'; empty: none) and due
// (deadline; empty: none). WriteCSV writes a column only when some job has
// a value for it.
var CSVOptional = []string{"weight", "after", "due"}

// ReadCSV reads a CSV instance: optional leading comment lines, then a
// header naming the columns id, release, map, shuffle (any order; release
// may be omitted: 0) and optionally weight, after and due (CSVOptional),
// then one job per line. release and due may be clock times (HH:MM or
// HH:MM:SS) when a night start is stated (clock.go). Comment lines start with '#';
// a comment of the form "# key: value" with key one of kind (must be
// tandem), map_capacity, shuffle_capacity (decimal numbers; each defaults
// to 1 when its line is absent, as in JSON), metadata (a JSON object on
// one line), start or time_unit (the night's start and the unit of clock
// times, stored in the metadata; see clock.go) sets that key, each at most
// once; any other "# word: …" line is
// an error (a misspelt key is not ignored), and other comments are free
// text. Numbers are decimal (fileio.ParseFloat: no 1_000, 0x1p-2, inf or
// nan); ids are checked by fileio.CheckID. The file is read as a stream
// under the internal/fileio rules (size limit, UTF-8 without NUL, a BOM at
// the very start stripped). Errors are *ParseError "file:line: field: …".
func ReadCSV(r io.Reader, name string) (*Instance, error) {
	lr, err := fileio.LimitReader(r, name, 0)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(fileio.NewTextReader(lr, name), 64<<10)
	in := &Instance{MapCapacity: 1, ShuffleCapacity: 1}
	first, lines, err := readCSVComments(br, name, in)
	if err != nil {
		return nil, err
	}
	cr := csv.NewReader(io.MultiReader(strings.NewReader(first), br))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	cols, err := readCSVHeader(cr, name, lines)
	if err != nil {
		return nil, err
	}
	clock := ClockOf(in.Metadata)
	var afterIDs [][]string
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
		j, ids, err := cols.job(rec, clock, name, ln)
		if err != nil {
			return nil, err
		}
		afterIDs = append(afterIDs, ids)
		in.Jobs = append(in.Jobs, j)
		lineOfJob = append(lineOfJob, ln)
	}
	if err := resolveAfter(in, func(i, k int) (string, error) { return afterIDs[i][k], nil },
		func(i int) int { return len(afterIDs[i]) },
		func(i, k int, msg string) error {
			return &ParseError{File: name, Line: lineOfJob[i], Path: "field after", Err: fmt.Errorf("%w: %s", ErrInvalid, msg)}
		}); err != nil {
		return nil, err
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

// readCSVComments reads the comment lines that open a CSV instance file
// and sets the capacities and metadata of in from its "# key: value"
// lines (ReadCSV states the rules). It returns the first line after the
// comments (the header, or "" at the end of the input) and the number of
// comment lines read.
func readCSVComments(br *bufio.Reader, name string, in *Instance) (first string, lines int, err error) {
	seenKey := map[string]bool{}
	clockKeys := map[string]string{} // "# start:" and "# time_unit:" values
	clockLines := map[string]int{}   // their lines
	for {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return "", 0, readErr(name, lines+1, err)
		}
		if line == "" && err == io.EOF {
			break
		}
		trimmed := strings.TrimSpace(line)
		if !strings.HasPrefix(trimmed, "#") {
			first = line
			break
		}
		lines++
		body := strings.TrimSpace(strings.TrimPrefix(trimmed, "#"))
		key, val, ok := strings.Cut(body, ":")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || !isWord(key) {
			if err == io.EOF {
				break
			}
			continue // free-text comment
		}
		cerr := func(err error) error { return &ParseError{File: name, Line: lines, Path: key, Err: err} }
		if seenKey[key] {
			return "", 0, cerr(fmt.Errorf("%w: %q line given twice", ErrInvalid, "# "+key+":"))
		}
		seenKey[key] = true
		switch key {
		case "kind":
			if val != Kind {
				return "", 0, cerr(fmt.Errorf("%w: unknown kind %q (want %q)", ErrInvalid, val, Kind))
			}
		case "map_capacity", "shuffle_capacity":
			v, err := fileio.ParseFloat(val)
			if err != nil {
				return "", 0, cerr(&fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: numMsg(err)})
			}
			if key == "map_capacity" {
				in.MapCapacity = v
			} else {
				in.ShuffleCapacity = v
			}
		case "metadata":
			md, err := fileio.DecodeMetadata([]byte(val))
			if err != nil {
				return "", 0, cerr(&fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: "metadata must be a JSON object on one line"})
			}
			in.Metadata = md
		case MetaStart, MetaTimeUnit:
			clockKeys[key], clockLines[key] = val, lines
		default:
			return "", 0, cerr(fmt.Errorf("%w: unknown comment key %q (want kind, map_capacity, shuffle_capacity, metadata, start or time_unit; free-text comments must not start with \"word:\")", ErrInvalid, key))
		}
		if err == io.EOF {
			break
		}
	}
	for _, key := range []string{MetaStart, MetaTimeUnit} {
		val, ok := clockKeys[key]
		if !ok {
			continue
		}
		if _, dup := in.Metadata[key]; dup {
			return "", 0, &ParseError{File: name, Line: clockLines[key], Path: key, Err: fmt.Errorf("%w: %q given both as a comment line and in the metadata", ErrInvalid, key)}
		}
		if in.Metadata == nil {
			in.Metadata = map[string]any{}
		}
		in.Metadata[key] = val
	}
	return first, lines, nil
}

// csvColumns says where each field of a CSV instance file is: the
// header's width, the id column, the numeric columns present (in the
// order release, map, shuffle, weight, due) and the after column.
type csvColumns struct {
	width    int
	id       int
	nums     []csvNumCol
	after    int
	hasAfter bool
}

type csvNumCol struct {
	key string
	col int
}

// readCSVHeader reads the header line (on line lines+1 of the file) and
// checks its columns: known names only, each once, id, map and shuffle
// present.
func readCSVHeader(cr *csv.Reader, name string, lines int) (csvColumns, error) {
	header, err := cr.Read()
	if err == io.EOF {
		return csvColumns{}, &ParseError{File: name, Line: lines + 1, Err: fmt.Errorf("%w: missing header line (want %s)", ErrInvalid, strings.Join(CSVHeader, ","))}
	}
	if err != nil {
		return csvColumns{}, csvErr(name, lines, err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		known := false
		for _, k := range CSVHeader {
			known = known || h == k
		}
		for _, k := range CSVOptional {
			known = known || h == k
		}
		if !known {
			return csvColumns{}, &ParseError{File: name, Line: lines + 1, Path: "header", Err: fmt.Errorf("%w: unknown column %q (want %s; optional %s)", ErrInvalid, h, strings.Join(CSVHeader, ","), strings.Join(CSVOptional, ","))}
		}
		if _, dup := col[h]; dup {
			return csvColumns{}, &ParseError{File: name, Line: lines + 1, Path: "header", Err: fmt.Errorf("%w: column %q twice", ErrInvalid, h)}
		}
		col[h] = i
	}
	for _, k := range []string{"id", "map", "shuffle"} {
		if _, ok := col[k]; !ok {
			return csvColumns{}, &ParseError{File: name, Line: lines + 1, Path: "header", Err: fmt.Errorf("%w: missing column %q", ErrInvalid, k)}
		}
	}
	c := csvColumns{width: len(header), id: col["id"]}
	for _, k := range []string{"release", "map", "shuffle", "weight", "due"} {
		if i, ok := col[k]; ok {
			c.nums = append(c.nums, csvNumCol{k, i})
		}
	}
	c.after, c.hasAfter = col["after"]
	return c, nil
}

// job parses the record rec on line ln into a job and the ids of its
// predecessors (resolved by ReadCSV once every job is read).
func (c csvColumns) job(rec []string, clock Clock, name string, ln int) (Job, []string, error) {
	var j Job
	if len(rec) != c.width {
		return j, nil, &ParseError{File: name, Line: ln, Err: fmt.Errorf("%w: %d fields, header has %d", ErrInvalid, len(rec), c.width)}
	}
	j.ID = strings.Clone(strings.TrimSpace(rec[c.id]))
	if err := fileio.CheckID(j.ID); err != nil {
		return j, nil, &ParseError{File: name, Line: ln, Path: "field id", Err: &fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: strings.TrimPrefix(err.Error(), fileio.ErrID.Error()+": ")}}
	}
	for _, nc := range c.nums {
		cell := strings.TrimSpace(rec[nc.col])
		if cell == "" && (nc.key == "weight" || nc.key == "due") {
			continue // not given
		}
		var v float64
		var err error
		if (nc.key == "release" || nc.key == "due") && IsClockTime(cell) {
			v, err = clock.Convert(cell)
			if err != nil {
				return j, nil, &ParseError{File: name, Line: ln, Path: "field " + nc.key, Err: &fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: strings.TrimPrefix(err.Error(), ErrClock.Error()+": ")}}
			}
		} else if v, err = fileio.ParseFloat(cell); err != nil {
			return j, nil, &ParseError{File: name, Line: ln, Path: "field " + nc.key, Err: &fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: numMsg(err)}}
		}
		switch nc.key {
		case "release":
			j.Release = v
		case "map":
			j.Map = v
		case "shuffle":
			j.Shuffle = v
		case "weight":
			if !(v > 0) {
				return j, nil, &ParseError{File: name, Line: ln, Path: "field weight", Err: fmt.Errorf("%w: weight %s is not positive (want a number > 0, or an empty cell for the default 1)", ErrInvalid, FormatFloat(v))}
			}
			j.Weight = v
		default:
			j.Due, j.HasDue = v, true
		}
	}
	var ids []string
	if c.hasAfter {
		if cell := strings.TrimSpace(rec[c.after]); cell != "" {
			for _, id := range strings.Split(cell, ";") {
				id = strings.TrimSpace(id)
				if err := fileio.CheckID(id); err != nil {
					return j, nil, &ParseError{File: name, Line: ln, Path: "field after", Err: &fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: strings.TrimPrefix(err.Error(), fileio.ErrID.Error()+": ") + " (want job ids separated by ';')"}}
				}
				ids = append(ids, id)
			}
		}
	}
	return j, ids, nil
}

// isWord reports whether s is a non-empty lower-case word of letters,
// digits and '_' (a comment key).
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// numMsg is the message of a fileio number error without its prefix.
func numMsg(err error) string {
	var ne *fileio.NumberError
	if errors.As(err, &ne) {
		return fmt.Sprintf("%q %s", ne.Text, ne.Why)
	}
	return err.Error()
}

// readErr converts an error from the text layer (size limit, NUL, invalid
// UTF-8) into a reader error.
func readErr(name string, line int, err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return &ParseError{File: name, Line: pe.Line, Err: &fileio.Tagged{Kind: ErrSyntax, Cause: pe.Err}}
	}
	var le *fileio.LimitError
	if errors.As(err, &le) {
		return err
	}
	return &ParseError{File: name, Line: line, Err: &fileio.Tagged{Kind: ErrSyntax, Cause: err}}
}

func csvErr(name string, offset int, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		if pe.Err != nil && !errors.Is(pe.Err, csv.ErrQuote) && !errors.Is(pe.Err, csv.ErrBareQuote) && !errors.Is(pe.Err, csv.ErrFieldCount) {
			// An error of the underlying reader (text checks, size limit).
			return readErr(name, pe.Line+offset, pe.Err)
		}
		return &ParseError{File: name, Line: pe.Line + offset, Err: fmt.Errorf("%w: %v", ErrSyntax, pe.Err)}
	}
	return readErr(name, offset, err)
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
	weights, after, due := false, false, false
	for _, j := range in.Jobs {
		weights = weights || j.Weight != 0
		after = after || len(j.After) > 0
		due = due || j.HasDue
	}
	header := append([]string(nil), CSVHeader...)
	for k, on := range []bool{weights, after, due} {
		if on {
			header = append(header, CSVOptional[k])
		}
	}
	_ = cw.Write(header)
	rec := make([]string, 0, len(header))
	for i, j := range in.Jobs {
		rec = append(rec[:0], j.ID, FormatFloat(j.Release), FormatFloat(j.Map), FormatFloat(j.Shuffle))
		if weights {
			w := ""
			if j.Weight != 0 {
				w = FormatFloat(j.Weight)
			}
			rec = append(rec, w)
		}
		if after {
			ids := make([]string, len(j.After))
			for a, k := range j.After {
				if k < 0 || k >= len(in.Jobs) {
					return fmt.Errorf("instances: jobs[%d].after: %w: predecessor index %d out of range", i, ErrInvalid, k)
				}
				id := in.Jobs[k].ID
				if strings.Contains(id, ";") || strings.TrimSpace(id) != id {
					return fmt.Errorf("instances: jobs[%d].after: %w: predecessor id %q contains ';' or surrounding spaces, which a CSV after column cannot hold (write JSON)", i, ErrInvalid, id)
				}
				ids[a] = id
			}
			rec = append(rec, strings.Join(ids, ";"))
		}
		if due {
			d := ""
			if j.HasDue {
				d = FormatFloat(j.Due)
			}
			rec = append(rec, d)
		}
		_ = cw.Write(rec)
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
// CSV, anything else JSON), with the size limit fileio.Limit(): a larger
// regular file is refused before it is read, with its size.
func ReadFile(path string) (*Instance, error) {
	f, err := fileio.Open(path, 0)
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
// opts such as fileio.Protect(inputs...) refuse to overwrite the given
// files (a command's own inputs); see fileio.WriteFileAtomic.
func WriteFile(path string, in *Instance, opts ...fileio.WriteOption) error {
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
	return AtomicWrite(path, b.Bytes(), opts...)
}

// AtomicWrite writes data to path atomically (fileio.WriteFileAtomic: a
// temporary file in the same directory, removed on every failure, renamed
// into place; a symbolic link is written through; opts may protect input
// files from being overwritten).
func AtomicWrite(path string, data []byte, opts ...fileio.WriteOption) error {
	return fileio.WriteFileAtomic(path, data, opts...)
}

// ---------------------------------------------------------------- extensions

// jsonTime sets *dst to member k of obj, a JSON number or a clock time
// string (converted by clock); it reports whether k is present.
func jsonTime(obj *fileio.Obj, k string, clock Clock, dst *float64) (bool, error) {
	v, ok := obj.Get(k)
	if !ok {
		return false, nil
	}
	if t := bytes.TrimSpace(v.Raw); len(t) > 0 && t[0] == '"' {
		s, err := v.String()
		if err != nil {
			return false, err
		}
		x, err := clock.Convert(s)
		if err != nil {
			return false, v.Wrap(err, strings.TrimPrefix(err.Error(), ErrClock.Error()+": "))
		}
		*dst = x
		return true, nil
	}
	x, err := v.Float()
	if err != nil {
		return false, err
	}
	*dst = x
	return true, nil
}

// resolveAfter turns the predecessor ids of every job (count(i) of them,
// the k-th given by id(i, k)) into indices in in.Jobs[i].After. An unknown
// id, the job's own id and an id listed twice are errors made by errAt at
// that entry. When job ids are not unique nothing is resolved (Validate
// reports the duplicate id).
func resolveAfter(in *Instance, id func(i, k int) (string, error), count func(i int) int, errAt func(i, k int, msg string) error) error {
	index := make(map[string]int, len(in.Jobs))
	for i, j := range in.Jobs {
		if _, dup := index[j.ID]; dup {
			return nil
		}
		index[j.ID] = i
	}
	for i := range in.Jobs {
		c := count(i)
		if c == 0 {
			continue
		}
		after := make([]int, 0, c)
		seen := make(map[int]bool, c)
		for k := 0; k < c; k++ {
			s, err := id(i, k)
			if err != nil {
				return err
			}
			p, ok := index[s]
			switch {
			case !ok:
				return errAt(i, k, fmt.Sprintf("unknown job id %q (want the id of a job of this instance)", s))
			case p == i:
				return errAt(i, k, fmt.Sprintf("job %q is after itself", s))
			case seen[p]:
				return errAt(i, k, fmt.Sprintf("%q listed twice", s))
			}
			seen[p] = true
			after = append(after, p)
		}
		in.Jobs[i].After = after
	}
	return nil
}
