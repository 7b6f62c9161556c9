package study

import (
	"fmt"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
)

// violationError counts a study's violations; it matches
// report.ErrViolation.
type violationError struct {
	n    int
	kind string
}

func (e *violationError) Error() string {
	return fmt.Sprintf("%d guarantee violation(s) or conflict(s) between methods in %s (a bug)", e.n, e.kind)
}

func (e *violationError) Is(target error) bool { return target == report.ErrViolation }

// failedError counts the methods of a nightly study that failed (a size a
// method refuses, a numeric failure of an engine); it matches
// report.ErrFailedRuns, not report.ErrViolation: each is that method's
// failure, with its reason in the report.
type failedError struct {
	n     int
	first string
}

func (e *failedError) Error() string {
	return fmt.Sprintf("%d method(s) failed in %s, listed at the end of the output; first: %s", e.n, NightlyKind, e.first)
}

func (e *failedError) Is(target error) bool { return target == report.ErrFailedRuns }

// Check returns nil for a finished study (or a nil set) without guarantee
// violations, conflicts between methods or failed methods; else an error
// matching report.ErrViolation that counts the violations and conflicts
// (see Violations), or, when there are none, one matching
// report.ErrFailedRuns that counts the methods of a nightly study that
// failed.
func Check(set *sweep.Set) error {
	if set == nil {
		return nil
	}
	if n := Violations(set); n > 0 {
		return &violationError{n, set.Header.Kind}
	}
	if set.Header.Kind == NightlyKind {
		rs, err := decodeAll[NightlyResult](set, NightlyKind)
		if err == nil && len(rs) > 0 && len(rs[0].Report.Errors) > 0 {
			return &failedError{len(rs[0].Report.Errors), rs[0].Report.Errors[0]}
		}
	}
	return nil
}

// NightlySource is the batch of the nightly study: the instance file at
// path, or the embedded nightly batch (DefaultNightly) when path is empty.
func NightlySource(path string) (report.Source, error) {
	if path != "" {
		return report.FileSource(path)
	}
	in, err := DefaultNightly()
	if err != nil {
		return report.Source{}, err
	}
	return report.InstanceSource("nightly-default", "embedded nightly.csv", in), nil
}
