package tabular

import (
	"io"
)

// View is a result ready to be written in any of the four formats: its
// JSON value and its tables. It is what a command prints, built by the
// library package that owns the result, so that a Go user gets the same
// output as the command line.
type View struct {
	// Value is written in JSON; when nil, JSON writes every table as a
	// list of objects (see Table.Write), one document after another.
	Value any
	// Head is written before the tables in text and Markdown (summary
	// lines, each ending in a newline); CSV and JSON leave it out.
	Head string
	// Tables are the view's tables, in order.
	Tables []*Table
	// CSV, when non-nil, replaces Tables in CSV (one key/value table for a
	// spreadsheet instead of several).
	CSV []*Table
}

// Write renders v in format f.
func (v *View) Write(w io.Writer, f Format) error {
	switch {
	case f == JSON && v.Value != nil:
		return WriteJSON(w, v.Value)
	case f == CSV && v.CSV != nil:
		return WriteTables(w, f, v.CSV...)
	case (f == Text || f == Markdown) && v.Head != "":
		if _, err := io.WriteString(w, v.Head); err != nil {
			return err
		}
	}
	return WriteTables(w, f, v.Tables...)
}

// WriteTables writes tables in format f, separated by a blank line in text
// and Markdown.
func WriteTables(w io.Writer, f Format, tables ...*Table) error {
	for i, t := range tables {
		if i > 0 && (f == Text || f == Markdown) {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := t.Write(w, f); err != nil {
			return err
		}
	}
	return nil
}
