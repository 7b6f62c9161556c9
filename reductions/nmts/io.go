package nmts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"

	"github.com/mrsched/mrsched/instances"
)

// ParseError locates an error in a file: Line for syntax errors (1-based),
// Path (a JSON path such as "jobs[3].map") otherwise. It is the one error
// type of every mrsched file reader (instances.ParseError).
type ParseError = instances.ParseError

var topKeys = map[string]bool{"kind": true, "f": true, "g": true, "h": true, "metadata": true}

// ReadJSON reads an NMTS file:
//
//	{"kind": "nmts", "f": [1, 2], "g": [10, 11], "h": [12, 12], "metadata": {...}}
//
// The values must be JSON integers (no fraction or exponent). name is used
// in error messages. The instance is validated.
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
			line := bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n")) + 1
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %v", ErrSyntax, se)}
		}
		return nil, perr("", fmt.Errorf("%w: the file must hold one JSON object: %v", ErrSyntax, err))
	}
	if top == nil {
		return nil, perr("", fmt.Errorf("%w: the file must hold one JSON object, found null", ErrSyntax))
	}
	keys := make([]string, 0, len(top))
	for k := range top {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !topKeys[k] {
			return nil, perr(k, fmt.Errorf("%w: unknown field (want kind, f, g, h, metadata)", ErrInvalid))
		}
	}
	var kind string
	if raw, ok := top["kind"]; !ok {
		return nil, perr("kind", fmt.Errorf("%w: missing field (want \"kind\": %q)", ErrInvalid, Kind))
	} else if err := json.Unmarshal(raw, &kind); err != nil {
		return nil, perr("kind", fmt.Errorf("%w: not a string", ErrInvalid))
	}
	if kind != Kind {
		return nil, perr("kind", fmt.Errorf("%w: unknown kind %q (want %q)", ErrInvalid, kind, Kind))
	}
	in := &Instance{}
	for _, set := range []struct {
		name string
		dst  *[]int64
	}{{"f", &in.F}, {"g", &in.G}, {"h", &in.H}} {
		raw, ok := top[set.name]
		if !ok {
			return nil, perr(set.name, fmt.Errorf("%w: missing field", ErrInvalid))
		}
		var vals []json.RawMessage
		if err := json.Unmarshal(raw, &vals); err != nil || vals == nil {
			return nil, perr(set.name, fmt.Errorf("%w: must be an array of positive integers", ErrInvalid))
		}
		if len(vals) > MaxQ {
			return nil, perr(set.name, fmt.Errorf("%w: %d values, at most %d supported", ErrInvalid, len(vals), MaxQ))
		}
		*set.dst = make([]int64, len(vals))
		for i, v := range vals {
			s := string(bytes.TrimSpace(v))
			x, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return nil, perr(fmt.Sprintf("%s[%d]", set.name, i), fmt.Errorf("%w: %s is not an integer in range (want a positive integer ≤ 2^53)", ErrInvalid, s))
			}
			(*set.dst)[i] = x
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
	if err := in.Validate(); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, perr(fe.Path, fe.Err)
		}
		return nil, perr("", err)
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
	if in.Metadata != nil {
		md, err := json.MarshalIndent(in.Metadata, "  ", "  ")
		if err != nil {
			return fmt.Errorf("nmts: metadata: %w", err)
		}
		fmt.Fprintf(&b, "  \"metadata\": %s,\n", md)
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

// ReadFile reads an NMTS JSON file.
func ReadFile(path string) (*Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSON(f, path)
}

// WriteFile writes in atomically.
func WriteFile(path string, in *Instance) error {
	var b bytes.Buffer
	if err := WriteJSON(&b, in); err != nil {
		return err
	}
	return instances.AtomicWrite(path, b.Bytes())
}
