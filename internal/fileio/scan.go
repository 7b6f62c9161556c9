package fileio

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// The splitters below walk JSON that json.Valid has accepted and return
// sub-slices of it (no copy): a 100 MB document is held once in memory, not
// once per level as json.Decoder and json.RawMessage would.

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(d []byte, i int) int {
	for i < len(d) && isSpace(d[i]) {
		i++
	}
	return i
}

// skipString returns the index after the string starting at d[i] == '"'.
func skipString(d []byte, i int) int {
	for j := i + 1; j < len(d); j++ {
		switch d[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(d)
}

// skipValue returns the index after the value starting at d[i].
func skipValue(d []byte, i int) int {
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(d); j++ {
			switch d[j] {
			case '"':
				j = skipString(d, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(d)
	}
	j := i
	for j < len(d) && !isSpace(d[j]) && d[j] != ',' && d[j] != '}' && d[j] != ']' {
		j++
	}
	return j
}

// validate checks that raw is one JSON value; the error is a *JSONError
// with the offset (plus base) of the problem.
func validate(raw []byte, base int64) error {
	if json.Valid(raw) {
		return nil
	}
	var sink json.RawMessage
	err := json.Unmarshal(raw, &sink)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		switch {
		case strings.Contains(se.Error(), "after top-level value"):
			// Offset points past the first byte of the extra data.
			return &JSONError{Offset: base + se.Offset - 1, Msg: "data after the end of the JSON value"}
		case strings.Contains(se.Error(), "unexpected end of JSON input"):
			return &JSONError{Offset: -1, Msg: "unexpected end of input"}
		}
		return &JSONError{Offset: base + se.Offset, Msg: se.Error()}
	}
	if len(skipSpaceBytes(raw)) == 0 {
		return &JSONError{Offset: -1, Msg: "unexpected end of input"}
	}
	return &JSONError{Offset: -1, Msg: fmt.Sprint(err)}
}

func skipSpaceBytes(d []byte) []byte { return d[skipSpace(d, 0):] }

// splitObject splits the valid JSON object raw (which may be surrounded by
// white space) into its members.
func splitObject(raw []byte, base int64) (*Object, error) {
	i := skipSpace(raw, 0)
	if i == len(raw) || raw[i] != '{' {
		return nil, &JSONError{Offset: base + int64(i), Msg: "want a JSON object, found " + kindOf(raw[i:])}
	}
	o := &Object{Fields: map[string]json.RawMessage{}, offset: map[string]int64{}, base: base}
	i = skipSpace(raw, i+1)
	for i < len(raw) && raw[i] == '"' {
		ks := i
		ke := skipString(raw, ks)
		if ke < ks+2 || raw[ke-1] != '"' {
			break // unterminated key: not valid JSON (callers validate first)
		}
		var k string
		if body := raw[ks+1 : ke-1]; !containsByte(body, '\\') {
			k = string(body)
		} else if err := json.Unmarshal(raw[ks:ke], &k); err != nil {
			return nil, &JSONError{Offset: base + int64(ks), Msg: err.Error()}
		}
		i = skipSpace(raw, ke)
		i = skipSpace(raw, i+1) // ':'
		if i >= len(raw) {
			break
		}
		ve := skipValue(raw, i)
		if ve == i {
			break // not valid JSON (callers validate first): stop, never loop
		}
		if _, dup := o.Fields[k]; dup {
			return nil, &JSONError{Offset: base + int64(ks), Msg: fmt.Sprintf("key %q twice in one object", k)}
		}
		o.Keys = append(o.Keys, k)
		o.Fields[k] = raw[i:ve:ve]
		o.offset[k] = int64(i)
		i = skipSpace(raw, ve)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return o, nil
}

// splitArray splits the valid JSON array raw into its elements and their
// offsets in raw.
func splitArray(raw []byte) ([][]byte, []int64) {
	i := skipSpace(raw, 0) + 1 // '['
	var vals [][]byte
	var offs []int64
	i = skipSpace(raw, i)
	for i < len(raw) && raw[i] != ']' {
		ve := skipValue(raw, i)
		if ve == i {
			break // not valid JSON (callers validate first): stop, never loop
		}
		vals = append(vals, raw[i:ve:ve])
		offs = append(offs, int64(i))
		i = skipSpace(raw, ve)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return vals, offs
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}
