package report_test

import (
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report"
)

// TestExpandHelp: {{methods}} lists every method of Names once, with its
// Help; {{generators}} is GenHelp indented; text without placeholders is
// unchanged.
func TestExpandHelp(t *testing.T) {
	got := report.ExpandHelp("methods:\n{{methods}}generators:\n{{generators}}")
	for _, n := range report.Names() {
		if !strings.Contains(got, "   "+n+" ") || !strings.Contains(got, report.Help(n)) {
			t.Errorf("method %s missing in\n%s", n, got)
		}
	}
	first, _, _ := strings.Cut(report.GenHelp, "\n")
	if !strings.Contains(got, "generators:\n   "+first) || strings.Contains(got, "{{") {
		t.Errorf("generators not expanded:\n%s", got)
	}
	if s := "plain {text}"; report.ExpandHelp(s) != s {
		t.Errorf("changed %q", s)
	}
}
