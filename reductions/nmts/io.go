package nmts

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/mrsched/mrsched/internal/fileio"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tabular"
)

// ParseError locates an error in a file: Line for syntax errors (1-based),
// Path (a JSON path such as "jobs[3].map") otherwise. It is the one error
// type of every mrsched file reader (instances.ParseError).
type ParseError = instances.ParseError

// ReadJSON reads an NMTS file:
//
//	{"kind": "nmts", "f": [1, 2], "g": [10, 11], "h": [12, 12], "metadata": {...}}
//
// The values must be JSON integers (digits only: no fraction or exponent).
// name is used in error messages. The input is read under the
// internal/fileio rules (size limit, UTF-8 without NUL, a leading BOM
// stripped, duplicate keys refused). The instance is validated; errors are
// *ParseError "file:line: path: message".
func ReadJSON(r io.Reader, name string) (*Instance, error) {
	doc, top, err := fileio.ReadJSON(r, name, ErrInvalid, ErrSyntax)
	if err != nil {
		return nil, err
	}
	if err := top.Only("kind", "f", "g", "h", "metadata"); err != nil {
		return nil, err
	}
	if err := top.Kind(Kind); err != nil {
		return nil, err
	}
	in := &Instance{}
	for _, set := range []struct {
		name string
		dst  *[]int64
	}{{"f", &in.F}, {"g", &in.G}, {"h", &in.H}} {
		v, err := top.Need(set.name)
		if err != nil {
			return nil, err
		}
		vals, err := v.Array()
		if err != nil {
			return nil, err
		}
		if len(vals) > MaxQ {
			return nil, v.Errorf("%d values, at most %d supported", len(vals), MaxQ)
		}
		*set.dst = make([]int64, len(vals))
		for i, x := range vals {
			if (*set.dst)[i], err = x.Int(math.MinInt64, math.MaxInt64); err != nil {
				return nil, err
			}
		}
	}
	if in.Metadata, err = top.Metadata("metadata"); err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, doc.AtPath(fe.Path).Wrap(fe.Err, "")
		}
		return nil, &ParseError{File: name, Err: err}
	}
	return in, nil
}

func ints(b *bytes.Buffer, xs []int64) {
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	b.WriteByte(']')
}

// WriteJSON writes in with a fixed key order (byte-identical for equal
// instances).
func WriteJSON(w io.Writer, in *Instance) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"kind\": %q,\n", Kind)
	if err := fileio.WriteMetadata(&b, in.Metadata, "nmts"); err != nil {
		return err
	}
	b.WriteString("  \"f\": ")
	ints(&b, in.F)
	b.WriteString(",\n  \"g\": ")
	ints(&b, in.G)
	b.WriteString(",\n  \"h\": ")
	ints(&b, in.H)
	b.WriteString("\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// ReadFile reads an NMTS JSON file (a file over fileio.Limit() is refused
// before it is read, with its size).
func ReadFile(path string) (*Instance, error) {
	return fileio.ReadFileWith(path, ReadJSON)
}

// WriteFile writes in atomically.
// opts such as fileio.Protect(inputs...) refuse to overwrite the given
// files (a command's own inputs); see fileio.WriteFileAtomic.
func WriteFile(path string, in *Instance, opts ...fileio.WriteOption) error {
	return fileio.WriteFileWith(path, in, WriteJSON, opts...)
}

// File is an NMTS instance as a command writes it: Write renders it in
// JSON (whatever the format), Save writes it to a file and says "q = Q".
type File struct{ *Instance }

// Write renders the instance in JSON (WriteJSON).
func (f File) Write(w io.Writer, _ tabular.Format) error { return WriteJSON(w, f.Instance) }

// Save writes the instance to path (WriteFile) and says what it wrote
// ("q = Q").
func (f File) Save(path string, opts ...fileio.WriteOption) (string, error) {
	if err := WriteFile(path, f.Instance, opts...); err != nil {
		return "", err
	}
	return fmt.Sprintf("q = %d", f.Q()), nil
}
