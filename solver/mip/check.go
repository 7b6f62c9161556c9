package mip

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
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
	// whatever its name ('mip solve /dev/null' used to talk about the
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
	return checkLPContent(name, lines)
}

// lpSections maps the keywords that open an LP file's sections (the first
// one or two words of a line, lower case) to the section.
var lpSections = map[string]string{
	"subject to": "constraints", "such that": "constraints", "st": "constraints", "s.t.": "constraints", "st.": "constraints",
	"bounds": "bounds", "bound": "bounds",
	"general": "integers", "generals": "integers", "gen": "integers",
	"binary": "integers", "binaries": "integers", "bin": "integers",
	"semi-continuous": "semi", "semis": "semi", "semi": "semi",
	"sos": "sos", "end": "end",
}

// checkLPContent refuses the parts of an LP file that the engines' readers
// accept but the toolkit's linear Model cannot hold or that make the
// answer meaningless: quadratic terms ("[ x^2 ]", "x * y": HiGHS reads the
// objective's Hessian and the Model drops it, so the reported optimum
// would be that of another problem), semi-continuous variables and SOS
// constraints (dropped the same way), and nan anywhere or an infinite
// coefficient outside the Bounds section (1e400 and inf overflow; the
// engines then report unbounded or a wrong optimum). Each is a ReadError
// naming the line.
func checkLPContent(name string, lines []string) error {
	section := "objective"
	for i, l := range lines {
		if k := strings.IndexByte(l, '\\'); k >= 0 {
			l = l[:k]
		}
		f := strings.Fields(strings.ToLower(l))
		if len(f) == 0 {
			continue
		}
		if lpSense[f[0]] {
			section = "objective"
		}
		if len(f) >= 2 {
			if s, ok := lpSections[f[0]+" "+f[1]]; ok {
				section = s
			}
		}
		if s, ok := lpSections[f[0]]; ok {
			section = s
		}
		bad := func(msg string) error {
			return &ReadError{File: name, Line: i + 1, Msg: msg}
		}
		switch section {
		case "semi":
			return bad("semi-continuous variables are not supported (the model is linear with continuous, integer and binary columns)")
		case "sos":
			return bad("SOS constraints are not supported (the model is linear with continuous, integer and binary columns)")
		}
		if strings.ContainsAny(l, "[]^*") {
			return bad("quadratic term: the toolkit solves linear models only (the term would be dropped and the optimum would be another problem's)")
		}
		toks := lpTokens(strings.ToLower(l))
		for k, tok := range toks {
			t := strings.TrimLeft(tok, "+-")
			if t == "nan" {
				return bad(fmt.Sprintf("%q is not a number: every coefficient, right-hand side and bound must be a number (bounds and constraint sides may be ±inf)", tok))
			}
			inf := t == "inf" || t == "infinity"
			if !inf && t != "" && (t[0] >= '0' && t[0] <= '9' || t[0] == '.') {
				v, _ := strconv.ParseFloat(t, 64)
				inf = math.IsInf(v, 0)
			}
			if !inf || section == "bounds" {
				continue
			}
			// A coefficient is followed by its column's name; a side of a
			// constraint by an operator or nothing.
			coef := k+1 < len(toks) && lpName(toks[k+1])
			if section == "objective" || coef {
				return bad(fmt.Sprintf("%q: an infinite or overflowing coefficient (coefficients must be finite float64 numbers; only bounds and constraint sides may be ±inf)", tok))
			}
		}
	}
	return nil
}

// lpName reports whether an LP token is a name (not a number, sign or
// operator).
func lpName(tok string) bool {
	t := strings.TrimLeft(tok, "+-")
	if t == "" || strings.ContainsAny(t[:1], "<>=:0123456789.") {
		return false
	}
	return t != "inf" && t != "infinity"
}

// lpTokens splits an LP line into tokens at spaces and at the operators
// and separators of the format (+ - < > = :), keeping a sign with the
// token it precedes; the comparison operators and ':' are tokens too.
func lpTokens(l string) []string {
	var out []string
	cur := strings.Builder{}
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			flush()
		case c == '<' || c == '>' || c == '=' || c == ':':
			flush()
			out = append(out, string(c))
		case (c == '+' || c == '-') && (cur.Len() == 0 || !isExpPrefix(cur.String())):
			flush()
			cur.WriteByte(c)
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return out
}

// isExpPrefix reports whether s is a number up to an exponent letter
// ("1e", "2.5E"), so that a following sign belongs to the exponent.
func isExpPrefix(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if len(s) < 2 || (s[len(s)-1] != 'e' && s[len(s)-1] != 'E') {
		return false
	}
	for _, c := range s[:len(s)-1] {
		if (c < '0' || c > '9') && c != '.' {
			return false
		}
	}
	return true
}

// mpsSections are the MPS section keywords (first field of a line that
// starts in column 1).
var mpsSections = map[string]bool{"NAME": true, "OBJSENSE": true, "OBJSENSE:": true, "OBJSECT": true,
	"ROWS": true, "COLUMNS": true, "RHS": true, "RANGES": true, "BOUNDS": true, "SOS": true,
	"QUADOBJ": true, "QSECTION": true, "QMATRIX": true, "QCMATRIX": true, "INDICATORS": true, "ENDATA": true}

// mpsUnsupported are the MPS sections of models the toolkit's linear
// Model cannot hold, with what they hold.
var mpsUnsupported = map[string]string{"QUADOBJ": "quadratic objective terms", "QSECTION": "quadratic objective terms",
	"QMATRIX": "quadratic objective terms", "QCMATRIX": "quadratic constraints", "SOS": "SOS constraints",
	"INDICATORS": "indicator constraints"}

// mpsBoundNeedsValue are the bound types whose entries end with a value.
var mpsBoundNeedsValue = map[string]bool{"UP": true, "LO": true, "FX": true, "LI": true, "UI": true}

func checkMPS(name string, lines []string) error {
	section := ""
	seen := map[string]bool{}
	num := func(i int, tok, what string) error {
		v, err := strconv.ParseFloat(tok, 64)
		switch {
		case math.IsNaN(v):
			return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%s: %q is not a number (every value must be finite; bounds may be ±inf)", what, clip(tok))}
		case math.IsInf(v, 0) && section != "BOUNDS":
			return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%s: %q is infinite (only bounds may be ±inf)", what, clip(tok))}
		case err != nil && !math.IsInf(v, 0):
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
			if mpsUnsupported[key] != "" {
				return &ReadError{File: name, Line: i + 1, Msg: fmt.Sprintf("%s section: %s are not supported (the toolkit solves linear models; the engine would drop them and report another problem's optimum)", key, mpsUnsupported[key])}
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
