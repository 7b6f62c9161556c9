package tight

import (
	"strings"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
)

// TestAnnotate: the alternative's total and the ratio recorded in the
// metadata equal the closed forms MaxAltCost and MaxSRPTCost/MaxAltCost
// (derived in tight.go), and the schedule returned is the alternative.
func TestAnnotate(t *testing.T) {
	n, a, e := 6, 3.0, 0.1
	f, err := MaxSRPTFamily(n, a, e)
	if err != nil {
		t.Fatal(err)
	}
	s, line, err := f.Annotate("maxsrpt", MaxSRPTCost(n, a, e))
	if err != nil {
		t.Fatal(err)
	}
	md := f.Instance.Metadata
	alt, ratio := md["alternative_total"].(float64), md["ratio_lower_bound"].(float64)
	if !tolerance.Eq(alt, MaxAltCost(n, a, e)) || !tolerance.Eq(ratio, MaxSRPTCost(n, a, e)/MaxAltCost(n, a, e)) {
		t.Errorf("alternative %v ratio %v, want %v and %v", alt, ratio, MaxAltCost(n, a, e), MaxSRPTCost(n, a, e)/MaxAltCost(n, a, e))
	}
	if md["maxsrpt_total_closed_form"] != MaxSRPTCost(n, a, e) || md["guarantee"] != f.Guarantee {
		t.Errorf("metadata %v", md)
	}
	if s == nil || len(s.Segments) == 0 || !strings.HasPrefix(line, "maxsrpt total ") {
		t.Errorf("schedule %v, line %q", s, line)
	}
}
