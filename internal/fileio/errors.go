package fileio

import (
	"bytes"
	"fmt"
	"strings"
)

// ParseError locates an error in an input file: "File:Line: Path: Err".
// Line is 1-based (0 when unknown, then omitted); Path names the field (a CSV
// column such as "field map", a JSON path such as "jobs[3].map", or empty).
type ParseError struct {
	File string
	Line int
	Path string
	Err  error
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Path != "" {
		b.WriteString(": " + e.Path)
	}
	b.WriteString(": ")
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

func (e *ParseError) Unwrap() error { return e.Err }

// LineOf returns the 1-based line of byte offset off in data (offsets past
// the end count as the end).
func LineOf(data []byte, off int64) int {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}
