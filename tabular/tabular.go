package tabular

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format is an output format.
type Format int

// The output formats.
const (
	Text Format = iota
	Markdown
	CSV
	JSON
)

// ErrFormat is returned by ParseFormat for an unknown format name.
var ErrFormat = errors.New("tabular: unknown format")

// String returns the name used on the command line.
func (f Format) String() string {
	switch f {
	case Text:
		return "table"
	case Markdown:
		return "md"
	case CSV:
		return "csv"
	case JSON:
		return "json"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat parses a format name: table (or text), md (or markdown), csv, json.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "table", "text", "":
		return Text, nil
	case "md", "markdown":
		return Markdown, nil
	case "csv":
		return CSV, nil
	case "json":
		return JSON, nil
	}
	return 0, fmt.Errorf("%w %q (want table, md, csv or json)", ErrFormat, s)
}

// Table is a header and rows of already formatted cells.
type Table struct {
	Title  string // printed above text and Markdown tables when non-empty
	Header []string
	Rows   [][]string
	// RightAlign marks columns to right-align in text output (numbers).
	RightAlign []bool
}

// Add appends a row.
func (t *Table) Add(cells ...string) { t.Rows = append(t.Rows, cells) }

// Write renders t in format f. JSON renders the table as a list of objects
// keyed by header; most commands prefer WriteJSON on a typed value instead.
func (t *Table) Write(w io.Writer, f Format) error {
	switch f {
	case Text:
		return t.writeText(w)
	case Markdown:
		return t.writeMarkdown(w)
	case CSV:
		return t.writeCSV(w)
	case JSON:
		objs := make([]map[string]string, len(t.Rows))
		for i, r := range t.Rows {
			m := make(map[string]string, len(t.Header))
			for j, h := range t.Header {
				if j < len(r) {
					m[h] = r[j]
				}
			}
			objs[i] = m
		}
		return WriteJSON(w, objs)
	}
	return fmt.Errorf("%w %d", ErrFormat, int(f))
}

func (t *Table) widths() []int {
	w := make([]int, len(t.Header))
	for j, h := range t.Header {
		w[j] = utf8.RuneCountInString(h)
	}
	for _, r := range t.Rows {
		for j := range w {
			if j < len(r) {
				if n := utf8.RuneCountInString(r[j]); n > w[j] {
					w[j] = n
				}
			}
		}
	}
	return w
}

func (t *Table) writeText(w io.Writer) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title)
		b.WriteByte('\n')
	}
	widths := t.widths()
	line := func(cells []string) {
		for j, wd := range widths {
			c := ""
			if j < len(cells) {
				c = cells[j]
			}
			pad := strings.Repeat(" ", wd-utf8.RuneCountInString(c))
			if j > 0 {
				b.WriteString("  ")
			}
			if j < len(t.RightAlign) && t.RightAlign[j] {
				b.WriteString(pad + c)
			} else if j == len(widths)-1 {
				b.WriteString(c)
			} else {
				b.WriteString(c + pad)
			}
		}
		b.WriteByte('\n')
	}
	line(t.Header)
	sep := make([]string, len(widths))
	for j, wd := range widths {
		sep[j] = strings.Repeat("-", wd)
	}
	line(sep)
	for _, r := range t.Rows {
		line(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (t *Table) writeMarkdown(w io.Writer) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString("**" + t.Title + "**\n\n")
	}
	esc := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	b.WriteString("|")
	for _, h := range t.Header {
		b.WriteString(" " + esc(h) + " |")
	}
	b.WriteString("\n|")
	for j := range t.Header {
		if j < len(t.RightAlign) && t.RightAlign[j] {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteByte('\n')
	for _, r := range t.Rows {
		b.WriteString("|")
		for j := range t.Header {
			c := ""
			if j < len(r) {
				c = r[j]
			}
			b.WriteString(" " + esc(c) + " |")
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (t *Table) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Header); err != nil {
		return err
	}
	if err := cw.WriteAll(t.Rows); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes v as indented JSON followed by a newline. Map keys are
// sorted by encoding/json, so output is deterministic.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// Float formats x with the shortest representation that round-trips
// (strconv 'g', -1), the convention for every number mrsched prints in
// machine-readable output. NaN and infinities print as "NaN", "+Inf", "-Inf".
func Float(x float64) string {
	if math.IsNaN(x) {
		return "NaN"
	}
	if math.IsInf(x, 1) {
		return "+Inf"
	}
	if math.IsInf(x, -1) {
		return "-Inf"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// Fixed formats x with prec digits after the point, for human tables.
func Fixed(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return Float(x)
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}
