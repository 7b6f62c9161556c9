package fileio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
)

// JSONError is a JSON decoding error with its byte offset (Offset < 0 when
// unknown); Line converts it for a message.
type JSONError struct {
	Offset int64
	Msg    string
}

func (e *JSONError) Error() string { return ErrJSON.Error() + ": " + e.Msg }

func (e *JSONError) Unwrap() error { return ErrJSON }

func jsonErr(err error, base int64) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &JSONError{Offset: base + se.Offset, Msg: se.Error()}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &JSONError{Offset: base + te.Offset, Msg: te.Error()}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &JSONError{Offset: -1, Msg: "unexpected end of input"}
	}
	return &JSONError{Offset: -1, Msg: err.Error()}
}

// ErrorAt turns err from a JSON helper of this package into a *ParseError
// on file name: with the line (computed from data, the whole file) when the
// error carries an offset into it, and path otherwise.
func ErrorAt(name string, data []byte, path string, err error) error {
	var je *JSONError
	if errors.As(err, &je) && je.Offset >= 0 && data != nil {
		return &ParseError{File: name, Line: LineOf(data, je.Offset), Path: path, Err: err}
	}
	return &ParseError{File: name, Path: path, Err: err}
}

// Object is a decoded JSON object: its members as raw values, and their keys
// in file order. Offsets of members are kept for error lines.
type Object struct {
	Keys   []string
	Fields map[string]json.RawMessage
	offset map[string]int64
	base   int64
}

// Has reports whether the object has key k.
func (o *Object) Has(k string) bool { _, ok := o.Fields[k]; return ok }

// Offset returns the byte offset of member k's value in the data given to
// DecodeObject plus base (-1 when absent).
func (o *Object) Offset(k string) int64 {
	if off, ok := o.offset[k]; ok {
		return o.base + off
	}
	return -1
}

// Unknown returns the keys (sorted) that are not in allowed.
func (o *Object) Unknown(allowed ...string) []string {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	var bad []string
	for _, k := range o.Keys {
		if !ok[k] {
			bad = append(bad, k)
		}
	}
	sort.Strings(bad)
	return bad
}

// DecodeObject decodes exactly one JSON object from raw (surrounding white
// space allowed, nothing else after it). Duplicate keys, null and non-object
// values are errors. base is the offset of raw in the whole file, so that
// errors (*JSONError) carry file offsets.
func DecodeObject(raw []byte, base int64) (*Object, error) {
	if err := validate(raw, base); err != nil {
		return nil, err
	}
	return splitObject(raw, base)
}

func end(dec *json.Decoder, base int64) error {
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return jsonErr(err, base)
		}
		return &JSONError{Offset: base + dec.InputOffset(), Msg: "data after the end of the JSON value"}
	}
	return nil
}

// DecodeArray decodes exactly one JSON array (not null) from raw.
func DecodeArray(raw []byte) ([]json.RawMessage, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '[' {
		return nil, &JSONError{Offset: -1, Msg: fmt.Sprintf("want a JSON array, found %s", kindOf(t))}
	}
	var a []json.RawMessage
	if err := json.Unmarshal(t, &a); err != nil {
		return nil, jsonErr(err, unknownBase)
	}
	if a == nil {
		a = []json.RawMessage{}
	}
	return a, nil
}

func kindOf(t []byte) string {
	if len(t) == 0 {
		return "nothing"
	}
	switch t[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 'n':
		return "null"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// DecodeString decodes a JSON string (not null, not a number).
func DecodeString(raw []byte) (string, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '"' {
		return "", &JSONError{Offset: -1, Msg: fmt.Sprintf("want a string, found %s", kindOf(t))}
	}
	var s string
	if err := json.Unmarshal(t, &s); err != nil {
		return "", &JSONError{Offset: -1, Msg: err.Error()}
	}
	return s, nil
}

// JSONNumber decodes a JSON number (not a quoted string, not null) to a
// finite float64; out-of-range values (1e400) and non-zero values below the
// smallest normal float64 (1e-309, 1e-400) are errors (*NumberError).
func JSONNumber(raw []byte) (float64, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || (t[0] != '-' && (t[0] < '0' || t[0] > '9')) {
		return 0, &NumberError{Text: string(t), Why: "is not a JSON number (want digits such as 12, -0.5 or 1e-3; not a string or null)"}
	}
	var n json.Number
	if err := json.Unmarshal(t, &n); err != nil {
		return 0, &NumberError{Text: string(t), Why: "is not a JSON number"}
	}
	v, err := strconv.ParseFloat(string(n), 64)
	if err != nil && math.IsInf(v, 0) {
		return 0, &NumberError{Text: string(t), Why: whyRange, Range: true}
	}
	if underflows(string(n), v) {
		return 0, &NumberError{Text: string(t), Why: whyUnder, Range: true}
	}
	return v, nil
}

// JSONInt decodes a JSON number that is an integer in [math.MinInt64,
// math.MaxInt64] (written without fraction or exponent).
func JSONInt(raw []byte) (int64, error) {
	t := bytes.TrimSpace(raw)
	v, err := ParseInt(string(t))
	if err != nil || (len(t) > 0 && t[0] == '+') {
		return 0, &NumberError{Text: string(t), Why: "is not a JSON integer (want digits such as 12 or -3; no fraction, exponent, string or null)"}
	}
	return v, nil
}

// DecodeMetadata decodes a metadata object: any JSON object (duplicate keys
// refused at every level), with numbers kept as json.Number so that huge
// integers keep every digit.
func DecodeMetadata(raw []byte) (map[string]any, error) {
	if err := CheckDuplicates(raw); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var md map[string]any
	if err := dec.Decode(&md); err != nil {
		return nil, jsonErr(err, unknownBase)
	}
	if md == nil {
		return nil, &JSONError{Offset: -1, Msg: "metadata must be a JSON object, found null"}
	}
	if err := end(dec, unknownBase); err != nil {
		return nil, err
	}
	return md, nil
}

// CheckDuplicates reports the first object (at any depth) in the JSON
// value raw that has a key twice.
func CheckDuplicates(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	type frame struct {
		obj  bool
		keys map[string]bool
		key  bool // next token in an object is a key
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return jsonErr(err, unknownBase)
		}
		if n := len(stack); n > 0 && stack[n-1].obj {
			top := &stack[n-1]
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:n-1]
				continue
			}
			if top.key {
				k := tok.(string)
				if top.keys[k] {
					return &JSONError{Offset: -1, Msg: fmt.Sprintf("key %q twice in one object", k)}
				}
				top.keys[k] = true
				top.key = false
				continue
			}
			top.key = true
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{':
				stack = append(stack, frame{obj: true, keys: map[string]bool{}, key: true})
			case '[':
				stack = append(stack, frame{})
			case ']':
				stack = stack[:len(stack)-1]
			}
		}
	}
}

// SortedKeys returns the keys of m in increasing order.
func SortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// unknownBase makes every offset negative: used where the offset of raw in
// the file is not known, so that ErrorAt reports the path instead.
const unknownBase = -1 << 62

// WriteMetadata writes the line `  "metadata": {…},` of a top-level object
// written with a fixed key order, unless md is nil: the object indented by
// two spaces (json.MarshalIndent sorts the keys, so equal metadata gives
// equal bytes). Errors name the package prefix pkg.
func WriteMetadata(b *bytes.Buffer, md map[string]any, pkg string) error {
	if md == nil {
		return nil
	}
	m, err := json.MarshalIndent(md, "  ", "  ")
	if err != nil {
		return fmt.Errorf("%s: metadata: %w", pkg, err)
	}
	fmt.Fprintf(b, "  \"metadata\": %s,\n", m)
	return nil
}
