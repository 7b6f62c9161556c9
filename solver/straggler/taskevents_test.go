package straggler

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/google"

	"github.com/mrsched/mrsched/internal/testenv"
)

// validEvents: job 7 task 0 scheduled at 1 s, finished at 4 s (3 s); task 1
// scheduled, evicted, rescheduled at 10 s, finished at 12 s (2 s); task 2
// finished without a SCHEDULE (left out); job 8 task 0 killed.
const validEvents = `1000000,,7,0,5,1,u,0,0,0.1,0.1,0,0
2000000,,7,1,5,1,u,0,0,0.1,0.1,0,0
3000000,,7,1,5,2,u,0,0,0.1,0.1,0,0
4000000,,7,0,5,4,u,0,0,0.1,0.1,0,0
10000000,,7,1,6,1,u,0,0,0.1,0.1,0,0
12000000,,7,1,6,4,u,0,0,0.1,0.1,0,0
13000000,,7,2,6,4,u,0,0,0.1,0.1,0,0
14000000,,8,0,6,1,u,0,0,0.1,0.1,0,0
15000000,,8,0,6,5,u,0,0,0.1,0.1,0,0
`

func TestTaskDurations(t *testing.T) {
	got, err := TaskDurations(strings.NewReader(validEvents), "x")
	if err != nil {
		t.Fatal(err)
	}
	if d := got[7]; len(d) != 2 || d[0] != 3 || d[1] != 2 || len(got) != 1 {
		t.Errorf("durations %v, want job 7: [3 2] only (see validEvents)", got)
	}
	for _, tc := range []struct{ bad, where string }{
		{"1,,2\n", "bad.csv:1"}, // too few columns
		{"x,,7,0,5,1\n", "bad.csv:1"},
		{"1,,7,0,5,-1\n", "bad.csv:1"},
		{validEvents + "x,,7,0,5,1,u,0,0,0.1,0.1,0,0\n", "bad.csv:10: column 1 (time)"},
		{"1,,7,0,5,-1,u,0,0,0.1,0.1,0,0\n", "bad.csv:1: column 6 (event type)"},
		{"1,,7,0,5,9,u,0,0,0.1,0.1,0,0\n", "bad.csv:1: column 6 (event type)"}, // types are 0–8
	} {
		_, err := TaskDurations(strings.NewReader(tc.bad), "bad.csv")
		if !errors.Is(err, ErrTrace) || !errors.Is(err, google.ErrFormat) || !strings.Contains(err.Error(), tc.where) {
			t.Errorf("%q: err = %v, want ErrTrace and google.ErrFormat naming %s", tc.bad, err, tc.where)
		}
	}
}

// TestLargestJobParts: the parts are one table, so a task scheduled in one
// part and finished in the next counts. validEvents split after line 5
// (job 7 task 1 rescheduled at 10 s in part 1, finished at 12 s in part
// 2): job 7 with [3 2], as from the whole table. A missing part is an
// error, and so is a table without a finished task.
func TestLargestJobParts(t *testing.T) {
	dir := t.TempDir()
	lines := strings.SplitAfter(validEvents, "\n")
	p1, p2 := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	if err := os.WriteFile(p1, []byte(strings.Join(lines[:5], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p2, []byte(strings.Join(lines[5:], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	job, d, err := LargestJobDurations([]string{p1, p2})
	if err != nil || job != 7 || len(d) != 2 || d[0] != 3 || d[1] != 2 {
		t.Fatalf("job %d, durations %v, err %v; want job 7 [3 2]", job, d, err)
	}
	if _, _, err := LargestJobDurations([]string{p1, filepath.Join(dir, "missing.csv")}); !errors.Is(err, ErrTrace) {
		t.Errorf("missing part: err = %v, want ErrTrace", err)
	}
	p0 := filepath.Join(dir, "c.csv") // a SCHEDULE only
	if err := os.WriteFile(p0, []byte(lines[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LargestJobDurations([]string{p0}); !errors.Is(err, ErrTrace) {
		t.Errorf("no finished task with a SCHEDULE: err = %v, want ErrTrace", err)
	}
}

// TestLargestJobGoogle: the job of the Google slice with the most finished
// tasks (the data of our Fig. 2); skipped when the shared data are absent.
func TestLargestJobGoogle(t *testing.T) {
	dir := testenv.RequireData(t, "google2011", "task_events")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.csv.gz"))
	if len(paths) == 0 {
		t.Fatalf("no task_events parts in %s", dir)
	}
	_, d, err := LargestJobDurations(paths)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) < 100 {
		t.Errorf("largest job has %d finished tasks", len(d))
	}
}

func FuzzTaskDurations(f *testing.F) {
	f.Add(validEvents)
	f.Add("1,,2,3,4,1\n")
	f.Add("1,,7,0,5,1,u,0,0,,,0,0\n2,,7,0,5,4,u,0,0,,,0,0\n")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := TaskDurations(strings.NewReader(s), "fuzz")
		if err != nil && !errors.Is(err, ErrTrace) {
			t.Fatalf("error %v does not wrap ErrTrace", err)
		}
		for _, d := range got {
			for _, v := range d {
				if v < 0 {
					t.Fatalf("negative duration %v", v)
				}
			}
		}
	})
}
