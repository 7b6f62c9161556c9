package provenance

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Insert adds r as the last key, Key, of the first JSON value in data
// when it is an object (data is one JSON value, or several one after
// another as in JSON lines, whose first line is the header): an indented
// object gets it indented by two spaces as encoding/json's
// MarshalIndent(v, "", "  ") writes it, a one-line object gets it on the
// same line. Everything else in data is kept byte for byte. Output that is
// one list (a table's rows) has no place for a key: it becomes the object
// {"rows": LIST, "provenance": ...}. A first value that already has the
// key, or is neither an object nor a lone list, is left as it is, and so is
// empty data.
func Insert(data []byte, r Record) ([]byte, error) {
	compact, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	indented, err := json.MarshalIndent(r, "  ", "  ")
	if err != nil {
		return nil, err
	}
	start, end, stamped, err := firstValue(data)
	if err != nil {
		return nil, err
	}
	if start == end {
		return data, nil
	}
	raw := data[start:end]
	if raw[0] == '[' && len(bytes.TrimSpace(data[end:])) == 0 {
		return wrap(data[:start], raw, indented, data[end:])
	}
	if raw[0] != '{' || stamped {
		return data, nil
	}
	var out bytes.Buffer
	out.Grow(len(data) + len(indented) + 32)
	out.Write(data[:end-len(raw)])
	body := bytes.TrimRight(raw[:len(raw)-1], " \t\r\n")
	out.Write(body)
	if len(bytes.TrimSpace(body)) > 1 { // not {}
		out.WriteByte(',')
	}
	if bytes.IndexByte(raw, '\n') < 0 {
		out.WriteString(`"` + Key + `":`)
		out.Write(compact)
		out.WriteByte('}')
	} else {
		out.WriteString("\n  \"" + Key + "\": ")
		out.Write(indented)
		out.WriteString("\n}")
	}
	out.Write(data[end:])
	return out.Bytes(), nil
}

// firstValue returns where the first JSON value of data starts and ends
// (start == end for data of white space only) and, when it is an object,
// whether it has the top-level key Key. One pass over the bytes (strings
// and their escapes skipped) finds the end; json.Valid then checks the
// value, so that malformed data is ErrJSON. It replaces a full decode,
// which took over a second on a 23 MB output.
func firstValue(data []byte) (start, end int, stamped bool, err error) {
	start = len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
	if start == len(data) {
		return start, start, false, nil
	}
	end = -1
	switch data[start] {
	case '{', '[':
		depth, expectKey := 0, false
		for i := start; i < len(data) && end < 0; i++ {
			switch c := data[i]; c {
			case '{', '[':
				depth++
				expectKey = c == '{' && depth == 1
			case '}', ']':
				if depth--; depth == 0 {
					end = i + 1
				}
			case ',':
				expectKey = depth == 1 && data[start] == '{'
			case '"':
				j := i + 1
				for j < len(data) && data[j] != '"' {
					if data[j] == '\\' {
						j++
					}
					j++
				}
				if j >= len(data) {
					return 0, 0, false, fmt.Errorf("%w: unterminated string", ErrJSON)
				}
				if expectKey && string(data[i+1:j]) == Key {
					stamped = true
				}
				expectKey = false
				i = j
			}
		}
	default: // a scalar: up to the next white space
		end = len(data)
		if k := bytes.IndexAny(data[start:], " \t\r\n"); k >= 0 {
			end = start + k
		}
	}
	if end < 0 || !json.Valid(data[start:end]) {
		return 0, 0, false, fmt.Errorf("%w: the first value is not valid JSON", ErrJSON)
	}
	return start, end, stamped, nil
}

// RowsKey is the key under which Insert puts output that is one list.
const RowsKey = "rows"

// wrap writes the list raw (between before and after) as the value of
// RowsKey in an object that also has the provenance (indented, as Insert
// writes it).
func wrap(before, raw, indented, after []byte) ([]byte, error) {
	var list bytes.Buffer
	if err := json.Indent(&list, raw, "  ", "  "); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrJSON, err)
	}
	var out bytes.Buffer
	out.Write(before)
	out.WriteString("{\n  \"" + RowsKey + "\": ")
	out.Write(list.Bytes())
	out.WriteString(",\n  \"" + Key + "\": ")
	out.Write(indented)
	out.WriteString("\n}")
	out.Write(after)
	return out.Bytes(), nil
}
