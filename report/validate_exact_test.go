package report_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/tabular"
)

// TestValidateExactSchedule: 'validate' reads the exact schedule file that
// 'solve --exact --schedule' writes and checks it in rational arithmetic;
// one changed fraction is rejected with its field named.
func TestValidateExactSchedule(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "three.json")
	text := `{"kind":"tandem","jobs":[{"id":"a","map":0.1,"shuffle":0.3},{"id":"b","map":2,"shuffle":0.5},{"id":"c","map":1.5,"shuffle":1.25}]}`
	if err := os.WriteFile(inst, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := rational.ReadJSON(strings.NewReader(text), inst)
	if err != nil {
		t.Fatal(err)
	}
	s, err := rational.PriorityOrder(in, []int{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	good, err := ratsearch.ScheduleJSON(in, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		data     []byte
		valid    bool
		field    string // the first violation's field
		response string // total response time as a fraction
	}{
		// The total is PriorityOrder's own (Schedule.Total).
		{"as written", good, true, "", s.Total(in).RatString()},
		// The first segment serves c alone at map rate 1: 2 is above μ_m = 1.
		{"one rate changed", bytes.Replace(good, []byte(`"map": "1"`), []byte(`"map": "2"`), 1), false, "segments[0]", ""},
		// Every completion becomes 1/7: the first mismatch is job a's.
		{"completions changed", regexp.MustCompile(`"completion": "[0-9/]+"`).ReplaceAll(good, []byte(`"completion": "1/7"`)), false, "completions[0].completion", ""},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".json")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := report.ValidateFiles(inst, path)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		v, ok := out.View.Value.(report.ExactValidation)
		if !ok {
			t.Fatalf("%s: view value %T, want ExactValidation", tc.name, out.View.Value)
		}
		if v.Valid != tc.valid || v.Check != "rational" || (out.Failed == nil) != tc.valid {
			t.Errorf("%s: valid %v check %q failed %v, want valid %v", tc.name, v.Valid, v.Check, out.Failed, tc.valid)
		}
		if tc.valid && v.TotalResponseTime != tc.response {
			t.Errorf("%s: total %s, want %s", tc.name, v.TotalResponseTime, tc.response)
		}
		if !tc.valid {
			if len(v.Violations) == 0 || !strings.HasPrefix(v.Violations[0].Field, tc.field) {
				t.Errorf("%s: violations %+v, want the first at %s", tc.name, v.Violations, tc.field)
			}
			if !errors.Is(out.Failed, rational.ErrInfeasible) || !strings.Contains(out.Failed.Error(), tc.field) {
				t.Errorf("%s: failure %v, want ErrInfeasible naming %s", tc.name, out.Failed, tc.field)
			}
		}
		var b bytes.Buffer
		if err := out.View.Write(&b, tabular.Text); err != nil {
			t.Fatal(err)
		}
	}
}
