package provenance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err == io.EOF {
		return data, nil
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrJSON, err)
	}
	end := int(dec.InputOffset())
	if raw[0] == '[' && len(bytes.TrimSpace(data[end:])) == 0 {
		return wrap(data[:end-len(raw)], raw, indented, data[end:])
	}
	if raw[0] != '{' || hasKey(raw) {
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

// hasKey reports whether the object raw has the top-level key Key.
func hasKey(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	_, ok := m[Key]
	return ok
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
