package adversary

import (
	"strings"
	"testing"
)

// TestPoliciesWithK: names in order, empty items skipped; an unknown name or an
// empty list is an error.
func TestPoliciesWithK(t *testing.T) {
	for _, tc := range []struct {
		list, want string // want: the policies' names joined by spaces
		ok         bool
	}{
		{"maxsrpt, fifo,,ps", "maxsrpt fifo ps", true},
		{" , ", "", false},
		{"maxsrpt,nosuch", "", false},
	} {
		ps, err := PoliciesWithK(tc.list, 1)
		var names []string
		for _, p := range ps {
			names = append(names, p.Name())
		}
		if (err == nil) != tc.ok || strings.Join(names, " ") != tc.want {
			t.Errorf("%q: %q %v", tc.list, names, err)
		}
	}
}

// TestAnnotate: the metadata carry the play's totals and ratio.
func TestAnnotate(t *testing.T) {
	ps, err := PoliciesWithK("fifo", 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Play(27, ps[0])
	if err != nil {
		t.Fatal(err)
	}
	line := r.Annotate()
	md := r.Instance.Metadata
	if md["policy_total"] != r.PolicyTotal || md["alternative_total"] != r.AltTotal || md["ratio_lower_bound"] != r.Ratio || !strings.HasPrefix(line, r.Policy+": case ") {
		t.Errorf("metadata %v, line %q", md, line)
	}
}
