package report

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/mrsched/mrsched/sweep"
)

// ErrViolation is matched (errors.Is) by the error of Check for a sweep
// with a violation of a guarantee, a bound or the model: a bug, which
// 'mrsched' reports with exit status 2.
var ErrViolation = errors.New("report: violation of a guarantee, a bound or the model")

// ErrFailedRuns is matched by the error of Check for a sweep in which
// method runs failed.
var ErrFailedRuns = errors.New("report: failed method runs")

// problemError says how many problems a sweep has and the first one.
type problemError struct {
	kind error
	msg  string
}

func (e *problemError) Error() string        { return e.msg }
func (e *problemError) Is(target error) bool { return target == e.kind }

// firstLen is how much of the first problem Check quotes (bytes).
const firstLen = 300

// Check returns nil for a finished report sweep (or any other sweep)
// without problems; else an error matching ErrViolation when a guarantee,
// a bound or the model is violated, or ErrFailedRuns when method runs
// failed, naming their number and the first one.
func Check(set *sweep.Set) error {
	violations, failures, err := Problems(set)
	switch {
	case err != nil:
		return err
	case len(violations) > 0:
		return &problemError{ErrViolation, fmt.Sprintf("%d violation(s) of a guarantee, a bound or the model (a bug), listed at the end of the output; first: %s",
			len(violations), clip(violations[0], firstLen))}
	case len(failures) > 0:
		return &problemError{ErrFailedRuns, fmt.Sprintf("%d method run(s) failed, listed at the end of the output; first: %s", len(failures), clip(failures[0], firstLen))}
	}
	return nil
}

// clip shortens s to at most n bytes (at a rune boundary) with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
