package tabular

import (
	"encoding/csv"
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
	// Percent marks columns holding fractions (gaps): text and Markdown
	// show them as percentages, CSV and JSON keep the fraction.
	Percent []bool
	// Exact keeps every cell as given in text and Markdown too; by default
	// numbers there are shortened to HumanDigits significant digits.
	Exact bool
}

// Add appends a row.
func (t *Table) Add(cells ...string) { t.Rows = append(t.Rows, cells) }

// Write renders t in format f. JSON renders the table as a list of objects
// keyed by header; most commands prefer WriteJSON on a typed value instead.
func (t *Table) Write(w io.Writer, f Format) error {
	switch f {
	case Text:
		return t.forPeople().writeText(w)
	case Markdown:
		return t.forPeople().writeMarkdown(w)
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

// forPeople returns t with its number cells in the human form (see
// humanCell), unless t.Exact.
func (t *Table) forPeople() *Table {
	if t.Exact {
		return t
	}
	h := *t
	h.Rows = make([][]string, len(t.Rows))
	for i, r := range t.Rows {
		h.Rows[i] = make([]string, len(r))
		for j, c := range r {
			pct := j < len(t.Percent) && t.Percent[j]
			if c == "" && (pct || j < len(t.RightAlign) && t.RightAlign[j]) {
				h.Rows[i][j] = "-" // a number column's empty cell: NaN, not available
				continue
			}
			h.Rows[i][j] = humanCell(c, pct)
		}
	}
	return &h
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

// Float formats x for machine-readable output (CSV cells): the shortest
// representation that round-trips (strconv 'g', -1). Infinities print as
// "+Inf" and "-Inf"; NaN, which mrsched uses for "not available", prints as
// the empty cell. See the package documentation for the whole convention.
func Float(x float64) string {
	switch {
	case math.IsNaN(x):
		return ""
	case math.IsInf(x, 1):
		return "+Inf"
	case math.IsInf(x, -1):
		return "-Inf"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// HumanDigits is the number of significant digits of numbers in tables for
// people (text and Markdown).
const HumanDigits = 6

// Human formats x for people: HumanDigits significant digits
// (157746.4742030241 → "157746"), "inf" and "-inf" for infinities and "-"
// for NaN (not available).
func Human(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'g', HumanDigits, 64)
}

// Percent formats a fraction for people as a percentage with three
// significant digits (0.0248428 → "2.48%"); NaN prints as "-". Every gap
// shown in a table goes through Percent (machine formats keep the fraction).
func Percent(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(100*x, 'g', 3, 64) + "%"
}

// Fixed formats x with prec digits after the point, for human tables.
func Fixed(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return Human(x)
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

// humanCell rewrites a machine-formatted number cell for a table meant for
// people: a non-integer number (a cell Float could have written, with a
// point or an exponent) gets HumanDigits significant digits, the
// non-finite tokens become "inf", "-inf"; integers and text stay as they
// are. percent renders the number as a percentage instead.
func humanCell(c string, percent bool) string {
	switch c {
	case "+Inf", "-Inf", "NaN":
		v, _ := strconv.ParseFloat(c, 64)
		return Human(v)
	}
	if c == "" || !strings.ContainsAny(c, ".eE") && !percent {
		return c
	}
	v, err := strconv.ParseFloat(c, 64)
	if err != nil || strings.ContainsAny(c, "xXpP_") || math.IsInf(v, 0) {
		return c
	}
	if percent {
		return Percent(v)
	}
	return Human(v)
}
