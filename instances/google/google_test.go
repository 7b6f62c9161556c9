package google

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tolerance"

	"github.com/mrsched/mrsched/internal/testenv"
)

// wantHand is the import of testdata/{job,task}_events.csv, worked by hand
// from the rows (window start 1 s, end 10 s; last task event 11 s):
//
//	job 1: task 0 runs 2–4 s at CPU 0.5, disk 0.1 (request from its SUBMIT
//	       row, the SCHEDULE row leaves it empty) → 1.0, 0.2; task 1 runs
//	       2–3 s at 0.25/0.2 and, after UPDATE_RUNNING, 3–5 s at 0.5/0.2
//	       → 1.25, 0.6; map 2.25, shuffle 0.8, release 0 s.
//	job 2: one task → single-task.  job 3: no SUBMIT → not in the window.
//	job 4: disk request 0 → no disk use.  job 5: never scheduled.
//	job 6: no task events.  job 8: CPU request 0 → no CPU use.
//	job 7: task 0 runs 5–6 s at 0.1/0.1 → 0.1, 0.1; task 1 opens at 6 s
//	       at 0.2/0.4 and is clipped at 11 s → 1.0, 2.0; map 1.1,
//	       shuffle 2.1, release 4 s.
//
// Means: map (2.25+1.1)/2 = 1.675, shuffle (0.8+2.1)/2 = 1.45.
var wantHand = []instances.Job{
	{ID: "g1", Release: 0, Map: 2.25 / 1.675, Shuffle: 0.8 / 1.45},
	{ID: "g7", Release: 4, Map: 1.1 / 1.675, Shuffle: 2.1 / 1.45},
}

var wantHandSummary = Summary{
	Parts: 2, JobEventRows: 9, TaskEventRows: 25, JobsSeen: 8,
	NotSubmittedInWin: 1, NoTaskEvents: 1, SingleTask: 1, NeverRan: 1, NoDisk: 1, NoCPU: 1,
	ClippedRuns: 1, Kept: 2, WindowStart: 1, Window: 9,
}

func sameJobs(t *testing.T, got, want []instances.Job) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d jobs %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.ID != w.ID || !tolerance.Eq(g.Release, w.Release) || !tolerance.Eq(g.Map, w.Map) || !tolerance.Eq(g.Shuffle, w.Shuffle) {
			t.Errorf("job %d = %+v, want %+v", i, g, w)
		}
	}
}

func sameSummary(t *testing.T, got, want Summary) {
	t.Helper()
	got.PeakLiveTasks, got.PeakLiveJobs = 0, 0
	if got != want {
		t.Errorf("summary\n got %+v\nwant %+v", got, want)
	}
}

func gz(t *testing.T, path string, data []byte) {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// read returns a test data file; t may be nil (fuzz seeds), then a
// missing file gives no bytes.
func read(t *testing.T, name string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil && t != nil {
		t.Fatal(err)
	}
	return b
}

// splitLines writes data as parts of n lines each into dir, gzipped or not.
func splitLines(t *testing.T, dir string, data []byte, n int, zip bool) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	for p := 0; p*n < len(lines); p++ {
		chunk := []byte(strings.Join(lines[p*n:min(len(lines), (p+1)*n)], ""))
		name := filepath.Join(dir, fmt.Sprintf("part-%05d-of-00500.csv", p))
		if zip {
			gz(t, name+".gz", chunk)
		} else if err := os.WriteFile(name, chunk, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestImportHand: plain files, gzip files and directories of parts (mixed
// gzip and plain) all give the hand-worked answer.
func TestImportHand(t *testing.T) {
	dir := t.TempDir()
	jobs, tasks := read(t, "job_events.csv"), read(t, "task_events.csv")
	gz(t, filepath.Join(dir, "job.csv.gz"), jobs)
	gz(t, filepath.Join(dir, "task.csv.gz"), tasks)
	splitLines(t, filepath.Join(dir, "jobdir"), jobs, 4, true)
	splitLines(t, filepath.Join(dir, "taskdir"), tasks, 7, false)
	// A stray file a directory must ignore.
	os.WriteFile(filepath.Join(dir, "taskdir", "README"), []byte("x"), 0o644)
	for _, c := range []struct {
		name        string
		job, task   []string
		parts       int
		wantSummary Summary
	}{
		{"plain", []string{"testdata/job_events.csv"}, []string{"testdata/task_events.csv"}, 2, wantHandSummary},
		{"gzip", []string{filepath.Join(dir, "job.csv.gz")}, []string{filepath.Join(dir, "task.csv.gz")}, 2, wantHandSummary},
		// 9 job rows in parts of 4 → 3 parts; 25 task rows in parts of 7 → 4.
		{"dirs", []string{filepath.Join(dir, "jobdir")}, []string{filepath.Join(dir, "taskdir")}, 7, wantHandSummary},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, s, err := Import(Options{JobEvents: c.job, TaskEvents: c.task})
			if err != nil {
				t.Fatal(err)
			}
			sameJobs(t, in.Jobs, wantHand)
			want := c.wantSummary
			want.Parts = c.parts
			sameSummary(t, s, want)
			if in.Metadata["licence_provenance"] != Credit || in.Metadata["sizes"] != Approximation || in.Metadata["window"] != WindowRule {
				t.Errorf("metadata lacks the credit, approximation or window rule: %v", in.Metadata)
			}
		})
	}
}

// TestImportSubset: a subset of parts is a smaller window. The first job
// part alone (rows 1–4: jobs 1, 3, 2, 4) has window [1 s, 3 s]; with all
// task parts, job 1 is kept (same runs as in wantHand), job 4 has no disk,
// job 2 is single-task, job 3 has no SUBMIT; jobs 5–8 are not in the job
// part, so their task rows are ignored. Job 1 alone normalises to 1, 1.
func TestImportSubset(t *testing.T) {
	dir := t.TempDir()
	splitLines(t, filepath.Join(dir, "jobdir"), read(t, "job_events.csv"), 4, false)
	in, s, err := Import(Options{
		JobEvents:  []string{filepath.Join(dir, "jobdir", "part-00000-of-00500.csv")},
		TaskEvents: []string{"testdata/task_events.csv"},
	})
	if err != nil {
		t.Fatal(err)
	}
	sameJobs(t, in.Jobs, []instances.Job{{ID: "g1", Release: 0, Map: 1, Shuffle: 1}})
	// Job 7's task 1 is open at the end but job 7 is not submitted in this
	// window, so no run is clipped.
	sameSummary(t, s, Summary{Parts: 2, JobEventRows: 4, TaskEventRows: 25, JobsSeen: 4,
		NotSubmittedInWin: 1, SingleTask: 1, NoDisk: 1, Kept: 1, WindowStart: 1, Window: 2})
}

// TestWindowRule: a job whose SUBMIT lies before the first job part read is
// dropped even though its tasks run in the window; its task rows never
// count as runs.
func TestWindowRule(t *testing.T) {
	dir := t.TempDir()
	jp, tp := filepath.Join(dir, "j.csv"), filepath.Join(dir, "t.csv")
	// Job 9 was submitted before the window (only its FINISH is in it);
	// job 10 is submitted in it and runs two tasks 2–3 s at 0.5/0.5.
	os.WriteFile(jp, []byte("1000000,,9,4,u,1,n,l\n2000000,,10,0,u,1,n,l\n"), 0o644)
	os.WriteFile(tp, []byte("500000,,9,0,m,1,u,1,9,0.5,0.1,0.5,0\n500000,,9,1,m,1,u,1,9,0.5,0.1,0.5,0\n"+
		"1000000,,9,0,m,4,u,1,9,0.5,0.1,0.5,0\n1000000,,9,1,m,4,u,1,9,0.5,0.1,0.5,0\n"+
		"2000000,,10,0,m,1,u,1,9,0.5,0.1,0.5,0\n2000000,,10,1,m,1,u,1,9,0.5,0.1,0.5,0\n"+
		"3000000,,10,0,m,4,u,1,9,0.5,0.1,0.5,0\n3000000,,10,1,m,4,u,1,9,0.5,0.1,0.5,0\n"), 0o644)
	in, s, err := Import(Options{JobEvents: []string{jp}, TaskEvents: []string{tp}})
	if err != nil {
		t.Fatal(err)
	}
	// Release 2 − 1 = 1 s; a single kept job normalises to 1, 1.
	sameJobs(t, in.Jobs, []instances.Job{{ID: "g10", Release: 1, Map: 1, Shuffle: 1}})
	if s.NotSubmittedInWin != 1 || s.ClippedRuns != 0 {
		t.Errorf("summary %+v: want 1 job not submitted in the window, 0 clipped runs", s)
	}
}

// importParts writes the parts of a trace, each a job event CSV and a task
// event CSV (gzipped), into a job and a task directory as the trace names
// them (part-NNNNN-of-00500.csv[.gz]) and imports them.
func importParts(t *testing.T, parts [][2]string) (*instances.Instance, Summary) {
	t.Helper()
	dir := t.TempDir()
	jd, td := filepath.Join(dir, "job"), filepath.Join(dir, "task")
	for _, d := range []string{jd, td} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for p, files := range parts {
		if err := os.WriteFile(filepath.Join(jd, fmt.Sprintf("part-%05d-of-00500.csv", p)), []byte(files[0]), 0o644); err != nil {
			t.Fatal(err)
		}
		gz(t, filepath.Join(td, fmt.Sprintf("part-%05d-of-00500.csv.gz", p)), []byte(files[1]))
	}
	in, s, err := Import(Options{JobEvents: []string{jd}, TaskEvents: []string{td}})
	if err != nil {
		t.Fatal(err)
	}
	return in, s
}

// TestPeakLiveTasks: memory is bounded by the live tasks, not by the
// number of parts. Each part holds 50 jobs of 3 tasks that are submitted,
// scheduled and finished one job after the other, so at most 3 tasks are
// live at once (the task rows of one job) whatever the number of parts.
func TestPeakLiveTasks(t *testing.T) {
	for _, parts := range []int{1, 4, 16} {
		var files [][2]string
		job := int64(0)
		for range parts {
			var jb, tb strings.Builder
			for range 50 {
				job++
				t0 := job * 10_000_000
				fmt.Fprintf(&jb, "%d,,%d,0,u,1,n,l\n", t0, job)
				for ty, dt := range []int64{0, 1, 4} {
					for idx := range 3 {
						fmt.Fprintf(&tb, "%d,,%d,%d,m,%d,u,1,9,0.5,0.1,0.5,0\n", t0+dt*1_000_000, job, idx, []int{0, 1, 4}[ty])
					}
				}
			}
			files = append(files, [2]string{jb.String(), tb.String()})
		}
		in, s := importParts(t, files)
		if in.N() != 50*parts || s.PeakLiveTasks != 3 {
			t.Errorf("%d parts: %d jobs, peak %d live tasks; want %d jobs, 3 live tasks", parts, in.N(), s.PeakLiveTasks, 50*parts)
		}
	}
}

// TestPeakLiveJobs: job working records are bounded by the live jobs, not
// by the number of parts or of jobs read. Each part holds 50 jobs run one
// after the other (SUBMIT at t0; tasks submitted at t0, scheduled at
// t0+1 s, finished at t0+4 s; job FINISH at t0+5 s): even jobs have 3
// tasks and are kept, odd jobs have 1 and are dropped as single-task; each
// part also starts with the FINISH of a job submitted before the window.
// So at most one job record (and its 3 tasks) is live at once, whatever
// the number of parts; before jobs were retired at their end, the records
// grew with the jobs seen (51, 204, 816 for 1, 4, 16 parts).
func TestPeakLiveJobs(t *testing.T) {
	for _, parts := range []int{1, 4, 16} {
		var files [][2]string
		job := int64(0)
		for p := range parts {
			var jb, tb strings.Builder
			fmt.Fprintf(&jb, "%d,,%d,4,u,1,n,l\n", (job+1)*10_000_000-1_000_000, 1_000_000+p)
			for range 50 {
				job++
				t0 := job * 10_000_000
				fmt.Fprintf(&jb, "%d,,%d,0,u,1,n,l\n", t0, job)
				for ty, dt := range []int64{0, 1, 4} {
					for idx := range 1 + 2*int(1-job%2) {
						fmt.Fprintf(&tb, "%d,,%d,%d,m,%d,u,1,9,0.5,0.1,0.5,0\n", t0+dt*1_000_000, job, idx, []int{0, 1, 4}[ty])
					}
				}
				fmt.Fprintf(&jb, "%d,,%d,4,u,1,n,l\n", t0+5_000_000, job)
			}
			files = append(files, [2]string{jb.String(), tb.String()})
		}
		in, s := importParts(t, files)
		if in.N() != 25*parts || s.SingleTask != 25*parts || s.NotSubmittedInWin != parts || s.PeakLiveJobs != 1 || s.PeakLiveTasks != 3 {
			t.Errorf("%d parts: %d kept, %d single-task, %d not submitted, peak %d live jobs, %d live tasks; want %d, %d, %d, 1, 3",
				parts, in.N(), s.SingleTask, s.NotSubmittedInWin, s.PeakLiveJobs, s.PeakLiveTasks, 25*parts, 25*parts, parts)
		}
	}
}

// TestRetire: a job's fate is settled at its end once none of its tasks
// runs; task events after that are ignored. Job 1 is killed at 2 s while
// its tasks 0 and 1 run (since 1 s at 0.5/0.5); they are killed at 3 s, so
// each run counts 2 s → map 2, shuffle 2 (kept; alone it normalises to 1,
// 1); its task 2 appearing at 4 s is ignored. Job 2 finishes at 2 s with
// its one task still running until 3 s: single-task, and a task 1 at 4 s
// does not revive it. Job 3 ends at 2 s with no task running, and a task
// SUBMIT at 4 s is ignored: no task events.
func TestRetire(t *testing.T) {
	dir := t.TempDir()
	jp, tp := filepath.Join(dir, "j.csv"), filepath.Join(dir, "t.csv")
	os.WriteFile(jp, []byte("1000000,,1,0,u,1,n,l\n1000000,,2,0,u,1,n,l\n1000000,,3,0,u,1,n,l\n"+
		"2000000,,1,5,u,1,n,l\n2000000,,2,4,u,1,n,l\n2000000,,3,4,u,1,n,l\n"), 0o644)
	var tb strings.Builder
	for _, r := range []string{"1000000,1,0,0", "1000000,1,1,0", "1000000,2,0,0", "1000000,1,0,1", "1000000,1,1,1", "1000000,2,0,1",
		"3000000,1,0,5", "3000000,1,1,5", "3000000,2,0,4", "4000000,1,2,0", "4000000,2,1,0", "4000000,3,0,0"} {
		f := strings.Split(r, ",")
		fmt.Fprintf(&tb, "%s,,%s,%s,m,%s,u,1,9,0.5,0.1,0.5,0\n", f[0], f[1], f[2], f[3])
	}
	os.WriteFile(tp, []byte(tb.String()), 0o644)
	in, s, err := Import(Options{JobEvents: []string{jp}, TaskEvents: []string{tp}})
	if err != nil {
		t.Fatal(err)
	}
	sameJobs(t, in.Jobs, []instances.Job{{ID: "g1", Release: 0, Map: 1, Shuffle: 1}})
	sameSummary(t, s, Summary{Parts: 2, JobEventRows: 6, TaskEventRows: 12, JobsSeen: 3, NoTaskEvents: 1, SingleTask: 1, Kept: 1, WindowStart: 1, Window: 1})
	if s.PeakLiveJobs != 3 || s.PeakLiveTasks != 3 {
		t.Errorf("peak %d live jobs, %d live tasks; want 3, 3", s.PeakLiveJobs, s.PeakLiveTasks)
	}
}

// TestTimeOrder: a row going back in time, within a file or across parts
// given out of order, is an error naming file, line and column 1.
func TestTimeOrder(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(data), 0o644)
		return p
	}
	task := "%d,,1,%d,m,1,u,1,9,0.5,0.1,0.5,0\n"
	j0 := write("j0.csv", "1000000,,1,0,u,1,n,l\n3000000,,2,0,u,1,n,l\n")
	j1 := write("j1.csv", "4000000,,3,0,u,1,n,l\n")
	jBack := write("jback.csv", "1000000,,1,0,u,1,n,l\n3000000,,2,0,u,1,n,l\n2999999,,3,0,u,1,n,l\n")
	t0 := write("t0.csv", fmt.Sprintf(task, 1000000, 0)+fmt.Sprintf(task, 2000000, 1))
	t1 := write("t1.csv", fmt.Sprintf(task, 2500000, 0))
	tBack := write("tback.csv", fmt.Sprintf(task, 2000000, 0)+fmt.Sprintf(task, 2000000, 1)+fmt.Sprintf(task, 1000000, 2))
	for _, c := range []struct {
		name        string
		jobs, tasks []string
		want        string
	}{
		{"job row", []string{jBack}, []string{t0}, jBack + ":3: column 1 (time): google: rows out of time order: job_events time 2999999 µs is before 3000000 µs at " + jBack + ":2"},
		{"job parts", []string{j1, j0}, []string{t0}, j0 + ":1: column 1 (time): google: rows out of time order: job_events time 1000000 µs is before 4000000 µs at " + j1 + ":1"},
		{"task row", []string{j0}, []string{tBack}, tBack + ":3: column 1 (time): google: rows out of time order: task_events time 1000000 µs is before 2000000 µs at " + tBack + ":2"},
		{"task parts", []string{j0, j1}, []string{t1, t0}, t0 + ":1: column 1 (time): google: rows out of time order: task_events time 1000000 µs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import(Options{JobEvents: c.jobs, TaskEvents: c.tasks})
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrOrder) {
				t.Errorf("error %v, want it to contain %q and wrap ErrOrder", err, c.want)
			}
		})
	}
	// In order (equal times allowed), the same files import.
	// Job 1's tasks 0 and 1 run from 1 s and 2 s, so it is kept.
	if _, _, err := Import(Options{JobEvents: []string{j0, j1}, TaskEvents: []string{t0, t1}}); err != nil {
		t.Errorf("ordered parts: %v", err)
	}
}

// TestMalformed: every bad row is an error naming file, line and column.
func TestMalformed(t *testing.T) {
	good := "1000000,,1,0,m,1,u,1,9,0.5,0.1,0.5,0\n"
	for _, c := range []struct {
		name, jobs, tasks, want string
		wantErr                 error
	}{
		{"job fields", "1,,2,0,u,1,n\n", good, "j.csv:1: google: malformed trace: 7 comma-separated fields, want 8", ErrFormat},
		{"job time", "x1,,2,0,u,1,n,l\n", good, `j.csv:1: column 1 (time): google: malformed trace: "x1" is not a decimal integer`, ErrFormat},
		{"job id", "1,,-2,0,u,1,n,l\n", good, "j.csv:1: column 3 (job ID): google: malformed trace: -2 outside", ErrFormat},
		{"job type", "1,,2,0,u,1,n,l\n1,,2,9,u,1,n,l\n", good, "j.csv:2: column 4 (event type): google: malformed trace: 9 outside [0, 8]", ErrFormat},
		{"task index", "1,,1,0,u,1,n,l\n", "1,,1,1.5,m,1,u,1,9,0.5,0.1,0.5,0\n", `t.csv:1: column 4 (task index): google: malformed trace: "1.5" is not a decimal integer`, ErrFormat},
		{"task cpu", "1,,1,0,u,1,n,l\n", good + "2,,1,0,m,4,u,1,9,1.5,0.1,0.5,0\n", "t.csv:2: column 10 (CPU request): google: malformed trace: 1.5 outside [0, 1]", ErrFormat},
		{"task disk", "1,,1,0,u,1,n,l\n", "2,,1,0,m,4,u,1,9,0.5,0.1,nan,0\n", `t.csv:1: column 12 (disk-space request): google: malformed trace: "nan" is not a decimal number`, ErrFormat},
		{"half request", "1,,1,0,u,1,n,l\n", "2,,1,0,m,4,u,1,9,0.5,0.1,,0\n", "t.csv:1: column 12 (disk-space request): google: malformed trace: empty while the CPU request is given", ErrFormat},
		{"task fields", "1,,1,0,u,1,n,l\n", "2,,1,0\n", "t.csv:1: google: malformed trace: 4 comma-separated fields, want 13", ErrFormat},
		{"not text", "1,,1,0,u,1,n,l\n", "2,,1\x00,0\n", "t.csv:1", ErrFormat},
		{"no submit", "1,,1,4,u,1,n,l\n", good, "google: unusable input: no SUBMIT event", ErrInput},
		{"nothing kept", "1,,1,0,u,1,n,l\n", good, "google: unusable input: no jobs left", ErrInput},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			jp, tp := filepath.Join(dir, "j.csv"), filepath.Join(dir, "t.csv")
			os.WriteFile(jp, []byte(c.jobs), 0o644)
			os.WriteFile(tp, []byte(c.tasks), 0o644)
			_, _, err := Import(Options{JobEvents: []string{jp}, TaskEvents: []string{tp}})
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, c.wantErr) {
				t.Errorf("error %v, want it to contain %q and wrap %v", err, c.want, c.wantErr)
			}
		})
	}
}

// TestParts: a directory is its part files in name order; an empty
// directory or a missing path is an error.
func TestParts(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"part-00003-of-00500.csv.gz", "part-00002-of-00500.csv", "other.csv"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	got, err := Parts([]string{dir})
	want := []string{filepath.Join(dir, "part-00002-of-00500.csv"), filepath.Join(dir, "part-00003-of-00500.csv.gz")}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Parts = %v, %v; want %v", got, err, want)
	}
	empty := t.TempDir()
	for _, in := range []string{empty, filepath.Join(dir, "missing")} {
		if _, err := Parts([]string{in}); !errors.Is(err, ErrInput) {
			t.Errorf("Parts(%s) error %v, want ErrInput", in, err)
		}
	}
}

// TestRealPart imports one real part of the Google 2011 slice. Expected
// counts, computed independently with awk (job_events column 4 is the
// event type, 0 = SUBMIT):
//
//	zcat job_events/part-00002-of-00500.csv.gz | wc -l                        → job rows
//	zcat task_events/part-00002-of-00500.csv.gz | wc -l                       → task rows
//	zcat job_events/part-00002-of-00500.csv.gz | awk -F, '{s[$3]=1} $4==0{u[$3]=1} END{print length(s), length(s)-length(u)}'
//	                                                                          → jobs seen, not submitted
//	(zcat job_events/part-00002-of-00500.csv.gz | awk -F, '$4==0{print "J,"$3}';
//	 zcat task_events/part-00002-of-00500.csv.gz | awk -F, '{print "T,"$3","$4}') |
//	awk -F, '$1=="J"{sub_[$2]=1; next} ($2 in sub_){k=$2","$3; if(!(k in seen)){seen[k]=1; n[$2]++}}
//	         END{nt=0; st=0; for(j in sub_){ if(!(j in n)) nt++; else if(n[j]==1) st++ } print nt, st}'
//	                                                                          → no task events, single-task
var realPart = Summary{JobEventRows: 3360, TaskEventRows: 160642, JobsSeen: 1276, NotSubmittedInWin: 168, NoTaskEvents: 0, SingleTask: 889}

func TestRealPart(t *testing.T) {
	jp := testenv.RequireData(t, "google2011", "job_events", "part-00002-of-00500.csv.gz")
	tp := testenv.RequireData(t, "google2011", "task_events", "part-00002-of-00500.csv.gz")
	in, s, err := Import(Options{JobEvents: []string{jp}, TaskEvents: []string{tp}})
	if err != nil {
		t.Fatal(err)
	}
	want := realPart
	if s.JobEventRows != want.JobEventRows || s.TaskEventRows != want.TaskEventRows || s.JobsSeen != want.JobsSeen || s.NotSubmittedInWin != want.NotSubmittedInWin ||
		s.NoTaskEvents != want.NoTaskEvents || s.SingleTask != want.SingleTask {
		t.Errorf("summary %+v, want %+v (awk)", s, want)
	}
	if s.Kept != in.N() || s.Kept+s.NotSubmittedInWin+s.NoTaskEvents+s.SingleTask+s.NeverRan+s.NoDisk+s.NoCPU != s.JobsSeen {
		t.Errorf("summary %+v does not add up to the jobs seen", s)
	}
	if err := in.Validate(); err != nil {
		t.Error(err)
	}
}

// TestImportUsage: with testdata/task_usage.csv, sizes are measured use,
// worked by hand: job 1: 2 s × 0.3 + 4 s × 0.1 = 1.0 CPU·s, 2 s × 0.05 +
// 4 s × 0.2 = 0.9 disk·s; job 4 (no disk request, but measured disk use):
// 1 s × 0.2 = 0.2, 1 s × 0.1 = 0.1, now kept; job 7: 2 s × 0.5 = 1.0,
// 2 s × 0.3 = 0.6; job 8 has no usage rows → no disk use; job 3's row is
// ignored (not submitted in the window). Means 2.2/3 and 1.6/3.
func TestImportUsage(t *testing.T) {
	in, s, err := Import(Options{
		JobEvents:  []string{"testdata/job_events.csv"},
		TaskEvents: []string{"testdata/task_events.csv"},
		TaskUsage:  []string{"testdata/task_usage.csv"},
	})
	if err != nil {
		t.Fatal(err)
	}
	mx, my := 2.2/3, 1.6/3
	sameJobs(t, in.Jobs, []instances.Job{
		{ID: "g1", Release: 0, Map: 1.0 / mx, Shuffle: 0.9 / my},
		{ID: "g4", Release: 2, Map: 0.2 / mx, Shuffle: 0.1 / my},
		{ID: "g7", Release: 4, Map: 1.0 / mx, Shuffle: 0.6 / my},
	})
	want := wantHandSummary
	want.Parts, want.UsageRows, want.NoDisk, want.NoCPU, want.Kept = 3, 5, 1, 0, 3
	sameSummary(t, s, want)
	if in.Metadata["sizes"] != UsageApproximation {
		t.Errorf("metadata sizes %v, want UsageApproximation", in.Metadata["sizes"])
	}
}

// TestUsageMalformed: task_usage rows are checked like the event tables.
func TestUsageMalformed(t *testing.T) {
	row := "1000000,3000000,1,0,m,0.3,0.01,0.01,0,0,0.02,0.001,0.05,0.5,0.01,1.2,0.003,1,0,0.1\n"
	for _, c := range []struct{ name, data, want string }{
		{"fields", "1,2,3\n", "u.csv:1: google: malformed trace: 3 comma-separated fields, want 20 or 19"},
		{"mixed widths", row + strings.TrimSuffix(row, ",0.1\n") + "\n", "u.csv:2: google: malformed trace: 19 comma-separated fields"},
		{"end before start", "5,4" + row[len("1000000,3000000"):], "u.csv:1: column 2 (end time): google: malformed trace: end 4 before start 5"},
		{"cpu", strings.Replace(row, ",0.3,", ",-0.3,", 1), "u.csv:1: column 6 (mean CPU usage rate): google: malformed trace: negative use -0.3"},
		{"disk", strings.Replace(row, ",0.05,", ",,", 1), `u.csv:1: column 13 (mean local disk space used): google: malformed trace: "" is not a decimal number`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := ReadTaskUsage(strings.NewReader(c.data), "u.csv", func(Usage) error { return nil })
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrFormat) {
				t.Errorf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
}

// TestDeterministic: runs clipped at the end are summed in a fixed order,
// so the same input gives byte-identical instances (a map-ordered sum
// differed in the last bits). 20 jobs of 30 tasks, all still running at
// the end, with distinct requests.
func TestDeterministic(t *testing.T) {
	dir := t.TempDir()
	jp, tp := filepath.Join(dir, "j.csv"), filepath.Join(dir, "t.csv")
	var jb, tb strings.Builder
	for j := 1; j <= 20; j++ {
		fmt.Fprintf(&jb, "%d,,%d,0,u,1,n,l\n", j*1000, j)
		for i := range 30 {
			fmt.Fprintf(&tb, "%d,,%d,%d,m,1,u,1,9,%.4f,0.1,%.4f,0\n", j*1000+i*30, j, i, 0.0137*float64(i+1), 0.0071*float64(i+3))
		}
	}
	fmt.Fprintf(&tb, "987654321,,99,0,m,1,u,1,9,0.1,0.1,0.1,0\n")
	os.WriteFile(jp, []byte(jb.String()), 0o644)
	os.WriteFile(tp, []byte(tb.String()), 0o644)
	var first []byte
	for range 10 {
		in, _, err := Import(Options{JobEvents: []string{jp}, TaskEvents: []string{tp}})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := instances.WriteJSON(&b, in); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b.Bytes()
		} else if !bytes.Equal(first, b.Bytes()) {
			t.Fatal("two imports of the same input differ")
		}
	}
}
