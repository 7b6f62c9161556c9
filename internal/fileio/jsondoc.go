package fileio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Tagged is an error of a reader's own kind (Kind, such as a package's
// ErrInvalid) with an optional cause from this package (such as a
// *NumberError): errors.Is matches both.
type Tagged struct {
	Kind  error
	Cause error
	Msg   string
}

func (e *Tagged) Error() string {
	if e.Msg == "" && e.Cause != nil && errors.Is(e.Cause, e.Kind) {
		return e.Cause.Error()
	}
	if e.Msg == "" && e.Cause != nil {
		return e.Kind.Error() + ": " + e.Cause.Error()
	}
	return e.Kind.Error() + ": " + e.Msg
}

func (e *Tagged) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// Doc is one JSON document read by a reader of this module: its name and
// bytes, and the reader's sentinel errors (Invalid for content, Syntax for
// JSON syntax and text errors) that every error wraps.
type Doc struct {
	Name    string
	Data    []byte
	Invalid error
	Syntax  error
}

// ReadJSON reads one JSON document from r as text (size limit Limit(), BOM
// stripped, UTF-8 without NUL) and decodes its top-level object (duplicate
// keys and data after it are errors). Errors are *ParseError with the line
// (or a *LimitError).
func ReadJSON(r io.Reader, name string, invalid, syntax error) (*Doc, *Obj, error) {
	data, err := ReadText(r, name, 0)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			return nil, nil, &ParseError{File: name, Line: pe.Line, Err: &Tagged{Kind: syntax, Cause: pe.Err}}
		}
		var le *LimitError
		if errors.As(err, &le) {
			return nil, nil, err
		}
		return nil, nil, &ParseError{File: name, Err: &Tagged{Kind: syntax, Cause: err}}
	}
	d := &Doc{Name: name, Data: data, Invalid: invalid, Syntax: syntax}
	top, err := d.Top()
	return d, top, err
}

// Top decodes the document's top-level object.
func (d *Doc) Top() (*Obj, error) {
	if len(bytes.TrimSpace(d.Data)) == 0 {
		return nil, &ParseError{File: d.Name, Err: &Tagged{Kind: d.Syntax, Msg: "empty file (want one JSON object)"}}
	}
	o, err := DecodeObject(d.Data, 0)
	if err != nil {
		return nil, d.syntaxErr(err)
	}
	return &Obj{Value: Value{doc: d, Raw: d.Data, Off: 0}, o: o}, nil
}

func (d *Doc) syntaxErr(err error) error {
	var je *JSONError
	line := 0
	if errors.As(err, &je) {
		if je.Offset >= 0 {
			line = LineOf(d.Data, je.Offset)
		} else if je.Msg == "unexpected end of input" {
			line = LineOf(d.Data, int64(len(d.Data)))
			je = &JSONError{Offset: -1, Msg: "unexpected end of file (truncated?)"}
			err = je
		}
	}
	return &ParseError{File: d.Name, Line: line, Err: &Tagged{Kind: d.Syntax, Cause: err, Msg: strings.TrimPrefix(err.Error(), ErrJSON.Error()+": ")}}
}

// Value is one JSON value of a Doc with its path (such as "jobs[3].map") and
// byte offset in the document (for the line in errors).
type Value struct {
	doc  *Doc
	Path string
	Raw  json.RawMessage
	Off  int64
}

// Errorf returns a *ParseError at v (file, line, path) wrapping the
// document's Invalid error.
func (v Value) Errorf(format string, args ...any) error {
	return v.Wrap(nil, fmt.Sprintf(format, args...))
}

// Wrap returns a *ParseError at v wrapping the document's Invalid error and
// cause (which may be nil); msg, when empty, is the cause's message.
func (v Value) Wrap(cause error, msg string) error {
	line := 0
	if v.Off >= 0 {
		line = LineOf(v.doc.Data, v.Off)
	}
	return &ParseError{File: v.doc.Name, Line: line, Path: v.Path, Err: &Tagged{Kind: v.doc.Invalid, Cause: cause, Msg: msg}}
}

// Line returns the 1-based line of v in its document.
func (v Value) Line() int { return LineOf(v.doc.Data, v.Off) }

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// Object decodes v as an object; a key not in allowed is an error naming it
// and the allowed keys (no allowed keys: any key).
func (v Value) Object(allowed ...string) (*Obj, error) {
	t := bytes.TrimSpace(v.Raw)
	if len(t) == 0 || t[0] != '{' {
		return nil, v.Errorf("want a JSON object, found %s", kindOf(t))
	}
	o, err := splitObject(v.Raw, v.Off)
	if err != nil {
		var je *JSONError
		if errors.As(err, &je) {
			return nil, Value{doc: v.doc, Path: v.Path, Off: je.Offset}.Wrap(err, je.Msg)
		}
		return nil, v.Wrap(err, "")
	}
	obj := &Obj{Value: v, o: o}
	if err := obj.Only(allowed...); err != nil {
		return nil, err
	}
	return obj, nil
}

// ProvenanceKey is the top-level key of the provenance object that every
// JSON output of mrsched carries (internal/provenance): Only accepts it in
// a document's top-level object, so that a file saved from a command's
// output reads back, and readers ignore it.
const ProvenanceKey = "provenance"

// Only checks that every key of o is in allowed (none: any key), and
// names the first unknown one (in sorted order) and the allowed keys. A
// document's top-level object may also have ProvenanceKey.
func (o *Obj) Only(allowed ...string) error {
	if len(allowed) == 0 {
		return nil
	}
	if o.Path == "" && o.Off == 0 {
		allowed = append(allowed[:len(allowed):len(allowed)], ProvenanceKey)
	}
	if bad := o.o.Unknown(allowed...); len(bad) > 0 {
		allowed = slices.DeleteFunc(allowed, func(k string) bool { return k == ProvenanceKey })
		return o.at(bad[0]).Errorf("unknown field (want %s)", strings.Join(allowed, ", "))
	}
	return nil
}

// Array decodes v as an array (not null).
func (v Value) Array() ([]Value, error) {
	t := bytes.TrimSpace(v.Raw)
	if len(t) == 0 || t[0] != '[' {
		return nil, v.Errorf("want a JSON array, found %s", kindOf(t))
	}
	vals, offs := splitArray(v.Raw)
	out := make([]Value, len(vals))
	for i, raw := range vals {
		out[i] = Value{doc: v.doc, Path: v.Path + "[" + strconv.Itoa(i) + "]", Raw: raw, Off: v.Off + offs[i]}
	}
	return out, nil
}

// Float decodes v as a finite JSON number.
func (v Value) Float() (float64, error) {
	x, err := JSONNumber(v.Raw)
	if err != nil {
		return 0, v.numErr(err)
	}
	return x, nil
}

func (v Value) numErr(err error) error {
	var ne *NumberError
	if errors.As(err, &ne) && ne.Range && ne.Why == whyUnder {
		return v.Wrap(err, fmt.Sprintf("number %s is below the smallest normal float64 (2.2e-308) but not 0: write 0 or rescale the units", short(ne.Text)))
	}
	if errors.As(err, &ne) && ne.Range {
		return v.Wrap(err, fmt.Sprintf("number %s out of float64 range (magnitude above 1.8e308)", short(ne.Text)))
	}
	if errors.As(err, &ne) {
		return v.Wrap(err, fmt.Sprintf("not a number: %s (want a JSON number such as 12, -0.5 or 1e-3; not a string, null or boolean)", short(ne.Text)))
	}
	return v.Wrap(err, "")
}

// Int decodes v as a JSON integer (digits only: no fraction, exponent,
// string or null) in [min, max].
func (v Value) Int(min, max int64) (int64, error) {
	t := string(bytes.TrimSpace(v.Raw))
	x, err := JSONInt(v.Raw)
	var ne *NumberError
	switch {
	case errors.As(err, &ne) && isDigits(t):
		return 0, v.Wrap(err, fmt.Sprintf("%s is not an integer in range (want one in [%d, %d])", short(t), min, max))
	case err != nil:
		return 0, v.Wrap(err, fmt.Sprintf("%s is not an integer (want a whole number written with digits only, in [%d, %d])", short(t), min, max))
	case x < min || x > max:
		return 0, v.Errorf("%s is not an integer in range (want one in [%d, %d])", short(t), min, max)
	}
	return x, nil
}

func isDigits(s string) bool {
	s = strings.TrimPrefix(s, "-")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// String decodes v as a JSON string (not null or a number).
func (v Value) String() (string, error) {
	s, err := DecodeString(v.Raw)
	if err != nil {
		return "", v.Wrap(err, fmt.Sprintf("want a string, found %s", kindOf(bytes.TrimSpace(v.Raw))))
	}
	return s, nil
}

// ID decodes v as a string that passes CheckID.
func (v Value) ID() (string, error) {
	s, err := v.String()
	if err != nil {
		return "", err
	}
	if err := CheckID(s); err != nil {
		return "", v.Wrap(err, strings.TrimPrefix(err.Error(), ErrID.Error()+": ")+" (want a non-empty UTF-8 id without control characters)")
	}
	return s, nil
}

// Metadata decodes v as a metadata object (see DecodeMetadata).
func (v Value) Metadata() (map[string]any, error) {
	md, err := DecodeMetadata(v.Raw)
	if err != nil {
		var je *JSONError
		msg := "must be a JSON object"
		if errors.As(err, &je) {
			msg += ": " + je.Msg
		}
		return nil, v.Wrap(err, msg)
	}
	return md, nil
}

// Obj is a decoded JSON object of a Doc.
type Obj struct {
	Value
	o *Object
}

func (o *Obj) at(k string) Value {
	return Value{doc: o.doc, Path: join(o.Path, k), Raw: o.o.Fields[k], Off: o.o.Offset(k)}
}

// Keys returns the keys in file order.
func (o *Obj) Keys() []string { return o.o.Keys }

// Get returns member k.
func (o *Obj) Get(k string) (Value, bool) {
	if !o.o.Has(k) {
		return Value{}, false
	}
	return o.at(k), true
}

// Need returns member k or an error naming the missing field.
func (o *Obj) Need(k string) (Value, error) {
	if v, ok := o.Get(k); ok {
		return v, nil
	}
	return Value{}, Value{doc: o.doc, Path: join(o.Path, k), Off: o.Off}.Errorf("missing field")
}

// NeedArray returns the elements of member k, which must be an array, or
// an error naming the missing field or the value that is not an array.
func (o *Obj) NeedArray(k string) ([]Value, error) {
	v, err := o.Need(k)
	if err != nil {
		return nil, err
	}
	return v.Array()
}

// Kind checks that the member "kind" is the string want.
func (o *Obj) Kind(want string) error {
	v, ok := o.Get("kind")
	if !ok {
		return Value{doc: o.doc, Path: join(o.Path, "kind"), Off: o.Off}.Errorf("missing field (want \"kind\": %q)", want)
	}
	s, err := v.String()
	if err != nil {
		return err
	}
	if s != want {
		return v.Errorf("unknown kind %q (want %q)", s, want)
	}
	return nil
}

// Float sets *dst to member k when present; required makes absence an error.
func (o *Obj) Float(k string, dst *float64, required bool) error {
	v, ok := o.Get(k)
	if !ok {
		if required {
			_, err := o.Need(k)
			return err
		}
		return nil
	}
	x, err := v.Float()
	if err != nil {
		return err
	}
	*dst = x
	return nil
}

// Int sets *dst to member k when present (an integer in [min, max]);
// required makes absence an error.
func (o *Obj) Int(k string, dst *int, min, max int64, required bool) error {
	v, ok := o.Get(k)
	if !ok {
		if required {
			_, err := o.Need(k)
			return err
		}
		return nil
	}
	x, err := v.Int(min, max)
	if err != nil {
		return err
	}
	*dst = int(x)
	return nil
}

// ID sets *dst to member k when present (see Value.ID); required makes
// absence an error.
func (o *Obj) ID(k string, dst *string, required bool) error {
	v, ok := o.Get(k)
	if !ok {
		if required {
			_, err := o.Need(k)
			return err
		}
		return nil
	}
	s, err := v.ID()
	if err != nil {
		return err
	}
	*dst = s
	return nil
}

// Metadata returns member k decoded as metadata, or nil when absent.
func (o *Obj) Metadata(k string) (map[string]any, error) {
	v, ok := o.Get(k)
	if !ok {
		return nil, nil
	}
	return v.Metadata()
}

// At returns a Value for the document at path (no raw value), for errors
// found after decoding (validation) that name a path; off < 0 omits the line.
func (d *Doc) At(path string, off int64) Value { return Value{doc: d, Path: path, Off: off} }

// Find returns the byte offset of the value at path ("jobs[3].sla[1].deadline")
// in the document, or of the deepest enclosing value that exists (0 for the
// top): readers use it to give validation errors found after decoding a
// line. Only for errors: it decodes along the path.
func (d *Doc) Find(path string) int64 {
	cur := Value{doc: d, Raw: d.Data, Off: 0}
	for path != "" {
		var key string
		idx := -1
		switch {
		case path[0] == '[':
			end := strings.IndexByte(path, ']')
			if end < 0 {
				return cur.Off
			}
			n, err := ParseInt(path[1:end])
			if err != nil {
				return cur.Off
			}
			idx, path = int(n), path[end+1:]
		default:
			end := strings.IndexAny(path, ".[")
			if end < 0 {
				end = len(path)
			}
			key, path = path[:end], path[end:]
		}
		path = strings.TrimPrefix(path, ".")
		if idx >= 0 {
			arr, err := cur.Array()
			if err != nil || idx >= len(arr) {
				return cur.Off
			}
			cur = arr[idx]
			continue
		}
		o, err := DecodeObject(cur.Raw, cur.Off)
		if err != nil || !o.Has(key) {
			return cur.Off
		}
		cur = Value{doc: d, Raw: o.Fields[key], Off: o.Offset(key)}
	}
	return cur.Off
}

// AtPath returns a Value for errors at path, located with Find.
func (d *Doc) AtPath(path string) Value { return Value{doc: d, Path: path, Off: d.Find(path)} }
