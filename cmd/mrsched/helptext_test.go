package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report"
)

// TestExpandHelp: {{methods}} lists every method of report.Names once,
// with its report.Summary; {{generators}} is genHelp indented; text
// without placeholders is unchanged.
func TestExpandHelp(t *testing.T) {
	got := expandHelp("methods:\n{{methods}}generators:\n{{generators}}")
	for _, n := range report.Names() {
		if strings.Count(got, "\n   "+n+" ") != 1 || !strings.Contains(got, report.Summary(n)) {
			t.Errorf("method %s missing or repeated in\n%s", n, got)
		}
	}
	first, _, _ := strings.Cut(genHelp, "\n")
	if !strings.Contains(got, "generators:\n   "+first) || strings.Contains(got, "{{") {
		t.Errorf("generators not expanded:\n%s", got)
	}
	if s := "plain {text}"; expandHelp(s) != s {
		t.Errorf("changed %q", s)
	}
}

// TestGenHelpKinds: genHelp has a line for every generator kind
// report.ParseGen accepts (the kinds its error for an unknown kind lists),
// so the help cannot miss a kind.
func TestGenHelpKinds(t *testing.T) {
	_, err := report.ParseGen("no-such-kind,n=1")
	if err == nil {
		t.Fatal("ParseGen accepted an unknown kind")
	}
	m := regexp.MustCompile(`\(want (.*)\)`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("error %q lists no kinds", err)
	}
	kinds := strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' })
	kinds = slices.DeleteFunc(kinds, func(s string) bool { return s == "or" })
	if len(kinds) < 4 { // lognormal, cor4, cor6, swim: the cases of ParseGen
		t.Fatalf("kinds %v from %q", kinds, err)
	}
	for _, k := range kinds {
		if !strings.Contains(genHelp, "\n  "+k+",") {
			t.Errorf("genHelp has no line for kind %s", k)
		}
	}
}
