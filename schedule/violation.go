package schedule

import (
	"fmt"
	"strings"
)

// Violation is one broken constraint of model (1) (§2.1) found in a
// schedule: the one type of both verifiers, the floating-point validator
// (package validate, with tolerances) and the exact one
// (reductions/rational.Verify). It lives here, in the lowest layer both
// may import.
type Violation struct {
	Rule    string // "segment", "rate", "map capacity", "shuffle capacity", "release", "map total", "shuffle total", "progress", "completion"
	Segment int    // segment index, or -1
	Job     string // job id, or ""
	Detail  string
}

// String renders "rule (segment k) job J: detail".
func (v Violation) String() string {
	var b strings.Builder
	b.WriteString(v.Rule)
	if v.Segment >= 0 {
		fmt.Fprintf(&b, " (segment %d)", v.Segment)
	}
	if v.Job != "" {
		fmt.Fprintf(&b, " job %s", v.Job)
	}
	b.WriteString(": " + v.Detail)
	return b.String()
}
