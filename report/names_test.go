package report_test

import (
	"fmt"
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
