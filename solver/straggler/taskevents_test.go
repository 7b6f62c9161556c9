package straggler

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
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
	for _, bad := range []string{"1,,2\n", "x,,7,0,5,1\n", "1,,7,0,5,-1\n"} {
		if _, err := TaskDurations(strings.NewReader(bad), "bad.csv"); !errors.Is(err, ErrTrace) || !strings.Contains(err.Error(), "bad.csv:1") {
			t.Errorf("%q: err = %v, want ErrTrace naming bad.csv:1", bad, err)
		}
	}
}

// TestLargestJobGoogle: the job of the Google slice with the most finished
// tasks (the data of our Fig. 2); skipped when the shared data are absent.
func TestLargestJobGoogle(t *testing.T) {
	paths, _ := filepath.Glob("../../../shared/data/google2011/task_events/*.csv.gz")
	if len(paths) == 0 {
		t.Skip("no Google slice at ../shared/data")
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
