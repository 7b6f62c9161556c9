package tight

import (
	"strings"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
)

// TestGenerate: the generated instances are the families annotated with
// the closed-form policy totals (MaxSRPTCost, SplitSRPTCost; the same
// metadata as TestAnnotate's second path, Family + Annotate), the
// alternative schedule is returned, and bad parameters are the family's
// errors.
func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		gen    func() (*Generated, error)
		family func() (*Family, error)
		policy string
		cost   float64
	}{
		{"maxsrpt", func() (*Generated, error) { return GenerateMaxSRPT(10, 3, 0.5) },
			func() (*Family, error) { return MaxSRPTFamily(10, 3, 0.5) }, "maxsrpt", MaxSRPTCost(10, 3, 0.5)},
		{"splitsrpt", func() (*Generated, error) { return GenerateSplitSRPT(6, 3) },
			func() (*Family, error) { return SplitSRPTFamily(6, 3) }, "splitsrpt", SplitSRPTCost(6, 3)},
	} {
		g, err := tc.gen()
		if err != nil {
			t.Fatal(err)
		}
		f, err := tc.family()
		if err != nil {
			t.Fatal(err)
		}
		alt, line, err := f.Annotate(tc.policy, tc.cost)
		if err != nil {
			t.Fatal(err)
		}
		md := g.Tandem().Metadata
		if g.Summary() != line || !strings.HasPrefix(line, tc.policy+" total ") {
			t.Errorf("%s: summary %q, want %q", tc.name, g.Summary(), line)
		}
		if md[tc.policy+"_total_closed_form"] != tc.cost || !tolerance.Eq(md["ratio_lower_bound"].(float64), f.Instance.Metadata["ratio_lower_bound"].(float64)) {
			t.Errorf("%s: metadata %v, want %v", tc.name, md, f.Instance.Metadata)
		}
		s, err := g.AltSchedule()
		if err != nil || len(s.Segments) != len(alt.Segments) {
			t.Errorf("%s: alternative schedule %d segments (%v), want %d", tc.name, len(s.Segments), err, len(alt.Segments))
		}
	}
	if _, err := GenerateSplitSRPT(5, 0.5); err == nil || !strings.Contains(err.Error(), "β > 1") {
		t.Errorf("β = 0.5: error %v, want one saying β > 1", err)
	}
	if _, err := GenerateMaxSRPT(9, 3, 0.5); err == nil {
		t.Error("odd n: no error")
	}
}
