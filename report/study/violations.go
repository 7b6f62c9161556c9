package study

import (
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
)

// Violations counts the guarantee or bound violations in a finished
// study (0 for studies without guarantees, or on undecodable cells).
func Violations(set *sweep.Set) int {
	switch set.Header.Kind {
	case TightnessKind:
		rs, err := decodeAll[TightResult](set, TightnessKind)
		if err != nil {
			return 0
		}
		n := 0
		for _, r := range rs {
			if r.Check == report.CheckViolation {
				n++
			}
			n += len(r.Conflicts)
		}
		return n
	case NightlyKind:
		rs, err := decodeAll[NightlyResult](set, NightlyKind)
		if err != nil || len(rs) == 0 {
			return 0
		}
		return len(rs[0].Report.Violations)
	}
	return 0
}
