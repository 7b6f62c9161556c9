// Package numlist parses the integer lists of mrsched's list flags
// (--ns, --n, --levels): comma-separated items N, LO..HI and LO-HI, each
// with an optional step /STEP (the step syntax of report's generator
// specs, n=2-20/2), and its lists of numbers (--mu, --theta1), each
// value checked against the list's rule. It holds no flag or command
// logic; the command line checks each integer against its flag's rule.
package numlist

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ErrSyntax is matched by the error of Ints for an item that is not N,
// LO..HI or LO-HI/STEP with integers LO ≤ HI and STEP ≥ 1.
var ErrSyntax = errors.New("numlist: malformed integer list")

// ErrTooMany is matched by the error of Ints for an item of more than
// MaxItemValues values.
var ErrTooMany = errors.New("numlist: too many values")

// ItemError is the error of Ints: the item quoted and what is wrong with
// it, matching ErrSyntax or ErrTooMany (its message leaves the package
// name out, so that a flag's name can lead it: --ns: "8..4": want …).
type ItemError struct {
	Item string
	Want string // what the item should be
	kind error
}

func (e *ItemError) Error() string        { return fmt.Sprintf("%q: %s", e.Item, e.Want) }
func (e *ItemError) Is(target error) bool { return target == e.kind }

// MaxItemValues is the most values one item may expand to.
const MaxItemValues = 1_000_000

// Ints expands a comma-separated integer list, items in order; empty items
// are skipped (so "" is the empty list). Errors quote the item.
func Ints(s string) ([]int, error) {
	var out []int
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		lo, hi, step, err := parseItem(item)
		if err != nil {
			return nil, &ItemError{item, "want N, LO..HI or LO-HI/STEP with integers LO ≤ HI and STEP ≥ 1", ErrSyntax}
		}
		count := (uint64(hi) - uint64(lo)) / uint64(step) // hi ≥ lo: no overflow
		if count >= MaxItemValues {
			return nil, &ItemError{item, "more than a million values", ErrTooMany}
		}
		for k := range int(count) + 1 {
			out = append(out, lo+k*step)
		}
	}
	return out, nil
}

func parseItem(item string) (lo, hi, step int, err error) {
	step = 1
	if a, b, ok := strings.Cut(item, "/"); ok {
		if step, err = strconv.Atoi(b); err != nil || step < 1 {
			return 0, 0, 0, errors.New("bad step")
		}
		item = a
	}
	a, b, ok := strings.Cut(item, "..")
	if !ok && len(item) > 1 {
		// LO-HI: a '-' after the first character (which may be a sign).
		if i := strings.Index(item[1:], "-"); i >= 0 {
			a, b, ok = item[:i+1], item[i+2:], true
		}
	}
	if !ok {
		b = a
	}
	if lo, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return
	}
	if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
		return
	}
	if hi < lo {
		err = errors.New("empty range")
	}
	return
}

// ErrNumber is matched by the error of Floats for an item that is not a
// number or a number outside the list's rule.
var ErrNumber = errors.New("numlist: malformed number list")

// NumberError is the error of Floats; its message leaves the package name
// out, so that a flag's name can lead it (--mu: item 2 "x" is not a
// number (want a finite number)).
type NumberError struct{ Msg string }

func (e *NumberError) Error() string        { return e.Msg }
func (e *NumberError) Is(target error) bool { return target == ErrNumber }

// Floats parses a comma-separated list of numbers, every one accepted by
// ok; want says in words what ok accepts ("a finite number"). An empty
// item is not a number.
func Floats(s, want string, ok func(float64) bool) ([]float64, error) {
	var out []float64
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		x, err := strconv.ParseFloat(item, 64)
		if err != nil {
			return nil, &NumberError{fmt.Sprintf("item %d %q is not a number (want %s)", i+1, item, want)}
		}
		if !ok(x) {
			return nil, &NumberError{fmt.Sprintf("want %s, got %s", want, NumStr(x))}
		}
		out = append(out, x)
	}
	return out, nil
}

// NumStr writes x in messages: integers in full, others shortest.
func NumStr(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
