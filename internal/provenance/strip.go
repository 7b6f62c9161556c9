package provenance

import (
	"bytes"
)

// Strip removes what Insert, Markdown and StampSVG add to an output (the
// provenance object of JSON, the closing Provenance block of Markdown, the
// metadata element of SVG), so that outputs of runs with different command
// lines, builds or start times can be compared: two runs agree on the
// result when their stripped outputs are equal. Other data is returned as
// it is.
func Strip(data []byte) []byte {
	// SVG: the element StampSVG inserted, on a line of its own.
	if i := bytes.Index(data, []byte(`<metadata id="`+Key+`">`)); i >= 0 {
		if j := bytes.Index(data[i:], []byte("</metadata>\n")); j >= 0 {
			return append(data[:i:i], data[i+j+len("</metadata>\n"):]...)
		}
	}
	// Markdown: the block Markdown appends, to the end.
	if i := bytes.LastIndex(data, []byte("\n## Provenance\n\n| field | value |\n")); i >= 0 {
		return data[:i:i]
	}
	// JSON, indented: `,\n  "provenance": {...}\n}` after the object's
	// last key (Insert writes a one-line object's, such as {}, on its line).
	if i := bytes.Index(data, []byte("\n  \""+Key+"\": {\n")); i >= 0 {
		if j := bytes.Index(data[i:], []byte("\n  }\n}")); j >= 0 {
			end := i + j + len("\n  }\n}")
			start := i
			if start > 0 && data[start-1] == ',' {
				start--
			}
			return append(data[:start:start], append([]byte("\n}"), data[end:]...)...)
		}
	}
	// JSON, one line (the header of JSON lines): `,"provenance":{...}}`
	// up to the end of the line.
	if i := bytes.Index(data, []byte(`"`+Key+`":{`)); i >= 0 {
		end := len(data)
		if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
			end = i + j
		}
		start := i
		if data[start-1] == ',' {
			start--
		}
		return append(data[:start:start], data[end-1:]...)
	}
	return data
}
