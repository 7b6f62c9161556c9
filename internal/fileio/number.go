package fileio

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// NumberError is a number that a text format refuses. Field, when set, names
// the field; Text is the text as found.
type NumberError struct {
	Field string
	Text  string
	Why   string
	Range bool // the number is well formed but out of range
}

func (e *NumberError) Error() string {
	var b strings.Builder
	b.WriteString(ErrNumber.Error())
	if e.Field != "" {
		b.WriteString(": " + e.Field)
	}
	fmt.Fprintf(&b, ": %q %s", e.Text, e.Why)
	return b.String()
}

func (e *NumberError) Unwrap() error { return ErrNumber }

const (
	whyDecimal = "is not a decimal number (want an optional sign, digits, an optional fraction and exponent, such as 12, -0.5 or 1e-3; no 1_000, 0x1p-2, inf or nan)"
	whyRange   = "is out of the float64 range (magnitude above 1.8e308)"
	whyUnder   = "is below the smallest normal float64 (2.2e-308) but not 0: it would be stored as a subnormal or as 0 and lose its digits (write 0, or rescale the units)"
	whyInt     = "is not a decimal integer (want an optional sign and digits, such as 12 or -3)"
	whyIntRng  = "is out of the int64 range"
)

// isDecimal reports whether s is [+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)?.
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

// ParseFloat parses a decimal number (surrounding spaces are not trimmed):
// an optional sign, digits with an optional fraction, an optional exponent.
// It refuses Go-only syntax (1_000, 0x1p-2), inf and nan, and numbers whose
// magnitude overflows float64 (1e400) or that are written non-zero but
// are below the smallest normal float64 (1e-309, 1e-400: subnormal, or 0
// after rounding), since a computation with them silently loses their
// digits. Errors are *NumberError (ErrNumber).
func ParseFloat(s string) (float64, error) {
	if !isDecimal(s) {
		return 0, &NumberError{Text: s, Why: whyDecimal}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) && math.IsInf(v, 0) {
			return 0, &NumberError{Text: s, Why: whyRange, Range: true}
		}
		if !(errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange)) {
			return 0, &NumberError{Text: s, Why: whyDecimal}
		}
	}
	if underflows(s, v) {
		return 0, &NumberError{Text: s, Why: whyUnder, Range: true}
	}
	return v, nil
}

// underflows reports whether the decimal text s, parsed as v, is non-zero
// but below the smallest normal float64 in magnitude.
func underflows(s string, v float64) bool {
	if math.Abs(v) >= minNormal {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'e' || c == 'E':
			return false
		case c >= '1' && c <= '9':
			return true
		}
	}
	return false
}

// minNormal is the smallest positive normal float64, 2^-1022 ≈ 2.2e-308.
const minNormal = 0x1p-1022

// ParseFloatNonFinite is ParseFloat for formats that allow non-finite
// values: it also takes inf, +inf, -inf, infinity and nan (any letter case).
func ParseFloatNonFinite(s string) (float64, error) {
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), nil
	case "-inf", "-infinity":
		return math.Inf(-1), nil
	case "nan":
		return math.NaN(), nil
	}
	return ParseFloat(s)
}

// ParseInt parses a decimal int64: an optional sign and digits only (no
// 1_000, 0x10 or 1e3).
func ParseInt(s string) (int64, error) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i == len(s) {
		return 0, &NumberError{Text: s, Why: whyInt}
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, &NumberError{Text: s, Why: whyInt}
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, &NumberError{Text: s, Why: whyIntRng, Range: true}
	}
	return v, nil
}
