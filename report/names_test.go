package report_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report"
)

// File names: gantt_jobs.csv_polish.png must be gantt_jobs_polish.png.
func TestFileStem(t *testing.T) {
	for name, want := range map[string]string{
		"jobs.csv":                  "jobs",
		"batch.JSON":                "batch",
		"cor4,n=2,alpha=3,eps=0.1":  "cor4,n=2,alpha=3,eps=0.1", // a generator spec, ".1" is no extension
		"nightly-default":           "nightly-default",
		"archive.tar":               "archive.tar",
		"lognormal,n=10,seed=1.csv": "lognormal,n=10,seed=1",
	} {
		if got := report.FileStem(name); got != want {
			t.Errorf("FileStem(%q) = %q, want %q", name, got, want)
		}
	}
}

func ExampleFileStem() {
	fmt.Println(report.FileStem("jobs.csv"))
	// Output: jobs
}

// TestMethodList: one line per registered method, in Names order, each the
// name padded to 18 columns after three spaces, then its Summary (the
// layout the help of 'mrsched report' has always shown).
func TestMethodList(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(report.MethodList(), "\n"), "\n")
	names := report.Names()
	if len(lines) != len(names) || len(names) < 5 {
		t.Fatalf("%d lines for %d methods", len(lines), len(names))
	}
	for i, n := range names {
		if want := "   " + n + strings.Repeat(" ", max(18-len(n), 0)) + " " + report.Summary(n); lines[i] != want {
			t.Errorf("line %d = %q, want %q", i, lines[i], want)
		}
	}
}

// The help of 'mrsched report' lists the methods with MethodList.
func ExampleMethodList() {
	for _, line := range strings.Split(report.MethodList(), "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "maxsrpt" {
			fmt.Println(f[0], len(line) > len("   maxsrpt"+strings.Repeat(" ", 12)))
		}
	}
	// Output: maxsrpt true
}
