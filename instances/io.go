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
// defaults to 0). Capacities default to 1. Unknown and duplicate fields are
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
	rawJobs, err := top.Need("jobs")
	if err != nil {
		return nil, err
	}
	jobs, err := rawJobs.Array()
	if err != nil {
		return nil, err
	}
	in.Jobs = make([]Job, len(jobs))
	for i, jv := range jobs {
		obj, err := jv.Object("id", "release", "map", "shuffle")
		if err != nil {
			return nil, err
		}
		j := &in.Jobs[i]
		if err := obj.ID("id", &j.ID, true); err != nil {
			return nil, err
		}
		if err := obj.Float("release", &j.Release, false); err != nil {
			return nil, err
		}
		if err := obj.Float("map", &j.Map, true); err != nil {
			return nil, err
		}
		if err := obj.Float("shuffle", &j.Shuffle, true); err != nil {
			return nil, err
		}
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
	if in.Metadata != nil {
		md, err := fileio.MarshalMetadata(in.Metadata, "  ", "instances")
		if err != nil {
			return err
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

// ReadCSV reads a CSV instance: optional leading comment lines, then a
// header naming the columns id, release, map, shuffle (any order; release
// may be omitted: 0), then one job per line. Comment lines start with '#';
// a comment of the form "# key: value" with key one of kind (must be
// tandem), map_capacity, shuffle_capacity (decimal numbers; each defaults
// to 1 when its line is absent, as in JSON) or metadata (a JSON object on
// one line) sets that key, each at most once; any other "# word: …" line is
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
	lines := 0
	seenKey := map[string]bool{}
	var first string // the first line after the comments
	for {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, readErr(name, lines+1, err)
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
			return nil, cerr(fmt.Errorf("%w: %q line given twice", ErrInvalid, "# "+key+":"))
		}
		seenKey[key] = true
		switch key {
		case "kind":
			if val != Kind {
				return nil, cerr(fmt.Errorf("%w: unknown kind %q (want %q)", ErrInvalid, val, Kind))
			}
		case "map_capacity", "shuffle_capacity":
			v, err := fileio.ParseFloat(val)
			if err != nil {
				return nil, cerr(&fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: numMsg(err)})
			}
			if key == "map_capacity" {
				in.MapCapacity = v
			} else {
				in.ShuffleCapacity = v
			}
		case "metadata":
			md, err := fileio.DecodeMetadata([]byte(val))
			if err != nil {
				return nil, cerr(&fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: "metadata must be a JSON object on one line"})
			}
			in.Metadata = md
		default:
			return nil, cerr(fmt.Errorf("%w: unknown comment key %q (want kind, map_capacity, shuffle_capacity or metadata; free-text comments must not start with \"word:\")", ErrInvalid, key))
		}
		if err == io.EOF {
			break
		}
	}
	cr := csv.NewReader(io.MultiReader(strings.NewReader(first), br))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &ParseError{File: name, Line: lines + 1, Err: fmt.Errorf("%w: missing header line (want %s)", ErrInvalid, strings.Join(CSVHeader, ","))}
	}
	if err != nil {
		return nil, csvErr(name, lines, err)
	}
	header = append([]string(nil), header...)
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
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
	type numCol struct {
		key string
		col int
	}
	var nums []numCol
	for _, k := range []string{"release", "map", "shuffle"} {
		if c, ok := col[k]; ok {
			nums = append(nums, numCol{k, c})
		}
	}
	idCol := col["id"]
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
		j.ID = strings.Clone(strings.TrimSpace(rec[idCol]))
		if err := fileio.CheckID(j.ID); err != nil {
			return nil, &ParseError{File: name, Line: ln, Path: "field id", Err: &fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: strings.TrimPrefix(err.Error(), fileio.ErrID.Error()+": ")}}
		}
		for _, c := range nums {
			v, err := fileio.ParseFloat(strings.TrimSpace(rec[c.col]))
			if err != nil {
				return nil, &ParseError{File: name, Line: ln, Path: "field " + c.key, Err: &fileio.Tagged{Kind: ErrInvalid, Cause: err, Msg: numMsg(err)}}
			}
			switch c.key {
			case "release":
				j.Release = v
			case "map":
				j.Map = v
			default:
				j.Shuffle = v
			}
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
