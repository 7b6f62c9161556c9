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

// Check returns nil for a finished study (or a nil set) without guarantee
// violations or conflicts between methods, else an error matching
// report.ErrViolation that counts them (see Violations).
func Check(set *sweep.Set) error {
	if set == nil {
		return nil
	}
	if n := Violations(set); n > 0 {
		return &violationError{n, set.Header.Kind}
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
