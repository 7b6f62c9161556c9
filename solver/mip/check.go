package mip

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrRead is wrapped by every error of CheckText and ReadFile: the file is
// not a model that can be read.
var ErrRead = errors.New("mip: unreadable model file")

// ErrNotRead is wrapped by ReadModel's error when the context ended (a
// time limit) before the reader was done: the file may be fine.
var ErrNotRead = errors.New("mip: reading stopped by the context")

// ReadError is an unreadable model file, with the line (1-based; 0 when
// the problem is not on one line).
type ReadError struct {
	File string
	Line int
	Msg  string
}

func (e *ReadError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("mip: %s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("mip: %s: %s", e.File, e.Msg)
}

// Unwrap returns ErrRead.
func (e *ReadError) Unwrap() error { return ErrRead }

// Format returns the model format of a file name from its extension: "lp"
// for .lp, "mps" for .mps, "" otherwise.
func Format(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".lp":
		return "lp"
	case ".mps":
		return "mps"
	}
	return ""
}

// lpSense lists the keywords that open an LP file's objective section.
var lpSense = map[string]bool{"minimize": true, "minimise": true, "minimum": true, "min": true,
	"maximize": true, "maximise": true, "maximum": true, "max": true}

// CheckText checks, before a solver's reader sees it, that data is a
// plausible model file of the format its name's extension says (.lp: CPLEX
// LP; .mps: fixed or free MPS): text (UTF-8, no NUL or control bytes), not
// empty, and, for LP, an objective section first and an End line last; for
// MPS, ROWS, COLUMNS and ENDATA sections and a number wherever a value
// goes (COLUMNS, RHS, RANGES, BOUNDS). Solvers' readers accept much
// malformed input silently (HiGHS reads "hello world" as an empty model, a
// coefficient "abc" as 0) or abort on it; CheckText turns it into a
// ReadError naming the file and line. It returns the format.
func CheckText(name string, data []byte) (string, error) {
	// The content first: an empty or binary file is reported as such
	// whatever its name (issue 12: 'mip solve /dev/null' talked about the
	// extension).
	if err := checkBytes(name, data); err != nil {
		return "", err
	}
	format := Format(name)
	if format == "" {
		return "", &ReadError{File: name, Msg: "unknown model format (want a .lp or .mps file)"}
	}
	lines := strings.Split(string(data), "\n")
	if format == "lp" {
		return format, checkLP(name, lines)
	}
	return format, checkMPS(name, lines)
}

func checkBytes(name string, data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return &ReadError{File: name, Msg: "empty file"}
	}
	line := 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return &ReadError{File: name, Line: line, Msg: fmt.Sprintf("byte %d (0x%02x) is not UTF-8 text: not an LP or MPS file", i, data[i])}
		case r == '\n':
			line++
		case r < 0x20 && r != '\t' && r != '\r' && r != '\f', r == 0x7f:
			return &ReadError{File: name, Line: line, Msg: fmt.Sprintf("byte %d (0x%02x) is a control character: not an LP or MPS text file", i, data[i])}
		}
		i += size
	}
	return nil
}

func checkLP(name string, lines []string) error {
	first, last, lastLine := "", "", 0
	for i, l := range lines {
		if k := strings.IndexByte(l, '\\'); k >= 0 {
			l = l[:k]
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if first == "" {
			first = strings.ToLower(f[0])
			if !lpSense[first] {
				return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("found %q where an LP file starts with Minimize or Maximize", clip(f[0]))}
			}
		}
		last, lastLine = strings.ToLower(f[len(f)-1]), i+1
	}
	if first == "" {
		return &ReadError{File: name, Msg: "no objective section (only comments)"}
	}
	if last != "end" {
		return &ReadError{File: name, Line: lastLine, Msg: "the file does not end with End (truncated?)"}
	}
	return nil
}

// mpsSections are the MPS section keywords (first field of a line that
// starts in column 1).
var mpsSections = map[string]bool{"NAME": true, "OBJSENSE": true, "OBJSENSE:": true, "OBJSECT": true,
	"ROWS": true, "COLUMNS": true, "RHS": true, "RANGES": true, "BOUNDS": true, "SOS": true,
	"QUADOBJ": true, "QSECTION": true, "QMATRIX": true, "QCMATRIX": true, "INDICATORS": true, "ENDATA": true}

// mpsBoundNeedsValue are the bound types whose entries end with a value.
var mpsBoundNeedsValue = map[string]bool{"UP": true, "LO": true, "FX": true, "LI": true, "UI": true}

func checkMPS(name string, lines []string) error {
	section := ""
	seen := map[string]bool{}
	num := func(i int, tok, what string) error {
		if _, err := strconv.ParseFloat(tok, 64); err != nil {
			return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%s: %q is not a number", what, clip(tok))}
		}
		return nil
	}
	for i, l := range lines {
		l = strings.TrimRight(l, "\r")
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "*") {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			key := strings.ToUpper(f[0])
			if !mpsSections[key] {
				return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%q is not an MPS section (NAME, ROWS, COLUMNS, RHS, RANGES, BOUNDS, ENDATA, …)", clip(f[0]))}
			}
			if key == "OBJSENSE:" {
				key = "OBJSENSE"
			}
			section = key
			seen[key] = true
			if key == "ENDATA" {
				break
			}
			continue
		}
		switch section {
		case "":
			return &ReadError{File: name, Line: i + 1, Msg: "data before the first MPS section"}
		case "COLUMNS":
			if len(f) >= 3 && strings.Contains(strings.ToUpper(l), "'MARKER'") {
				continue
			}
			if len(f) != 3 && len(f) != 5 {
				return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("COLUMNS entry with %d fields (want column, row, value [, row, value])", len(f))}
			}
			for k := 2; k < len(f); k += 2 {
				if err := num(i, f[k], "COLUMNS value"); err != nil {
					return err
				}
			}
		case "RHS", "RANGES":
			if len(f) < 2 || len(f) > 5 {
				return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%s entry with %d fields (want [set,] row, value [, row, value])", section, len(f))}
			}
			k := 1 + len(f)%2 // with a set name (odd count) values are fields 3 and 5
			for ; k < len(f); k += 2 {
				if err := num(i, f[k], section+" value"); err != nil {
					return err
				}
			}
		case "BOUNDS":
			typ := strings.ToUpper(f[0])
			if mpsBoundNeedsValue[typ] {
				if len(f) < 3 || len(f) > 4 {
					return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%s bound with %d fields (want type, [set,] column, value)", typ, len(f))}
				}
				if err := num(i, f[len(f)-1], typ+" bound"); err != nil {
					return err
				}
			}
		}
	}
	for _, s := range []string{"ROWS", "COLUMNS", "ENDATA"} {
		if !seen[s] {
			return &ReadError{File: name, Msg: fmt.Sprintf("no %s section (not an MPS file, or truncated)", s)}
		}
	}
	return nil
}

// ReadModel reads a model file's contents data with rd after CheckText:
// an unreadable file is an error wrapping ErrRead that names the file and,
// where known, the line; the reader's own errors name the file too.
func ReadModel(ctx context.Context, rd Reader, name string, data []byte) (*Model, error) {
	if _, err := CheckText(name, data); err != nil {
		return nil, err
	}
	m, err := rd.ReadModel(ctx, name, data)
	if err != nil {
		if ctx.Err() != nil {
			// Not unreadable: the deadline came first.
			return nil, fmt.Errorf("mip: %s: the time limit ended before the model was read (%w): %w", name, ErrNotRead, err)
		}
		return nil, fmt.Errorf("%w: %w", ErrRead, err)
	}
	return m, nil
}

// clip shortens a token for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
