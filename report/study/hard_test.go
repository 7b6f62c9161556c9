package study_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/tabular"
)

// nmtsFile writes an NMTS instance with f = (3, 4), g = (1, 4) and h (for
// h = "5" the instance f = 2, g = 3, h = 5 of q = 1) and returns its path.
func nmtsFile(t *testing.T, dir, name, h string) string {
	t.Helper()
	src := `{"kind":"nmts","f":[3,4],"g":[1,4],"h":[` + h + `]}`
	if h == "5" { // q = 1
		src = `{"kind":"nmts","f":[2],"g":[3],"h":[5]}`
	}
	return testenv.WriteFile(t, dir, name, src)
}

// TestReduce: the reduced instance of an NMTS instance with q = 2 has
// 3q + 2 = 8 jobs (appendix A: F, G and H per index, E1 and E2); a yes-instance
// (h = (8, 4) = (4+4, 3+1)) also gets its certificate schedule, at
// ScheduleOut or by default at reductions.CertificatePath(Out); a
// no-instance (h = (11, 1): 11 > max f + max g = 8) gets none.
func TestReduce(t *testing.T) {
	dir := t.TempDir()
	yes := nmtsFile(t, dir, "yes.json", "8,4")
	no := nmtsFile(t, dir, "no.json", "11,1")
	for _, tc := range []struct {
		name, in, out, scheduleOut string
		wantFiles                  []string // the files written, in order
		wantNMTS                   string   // the table's nmts column
	}{
		{"yes default certificate", yes, "a.json", "", []string{"a.json", "a.certificate.json"}, "yes"},
		{"yes named certificate", yes, "b.csv", "cert.json", []string{"b.csv", "cert.json"}, "yes"},
		{"no", no, "c.json", "", []string{"c.json"}, "no"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sched := tc.scheduleOut
			if sched != "" {
				sched = filepath.Join(dir, sched)
			}
			out, err := study.Reduce(study.ReduceConfig{Instance: tc.in, Out: filepath.Join(dir, tc.out), ScheduleOut: sched})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Files) != len(tc.wantFiles) {
				t.Fatalf("files %q, want %q", out.Files, tc.wantFiles)
			}
			for i, f := range out.Files {
				if !strings.HasPrefix(f, filepath.Join(dir, tc.wantFiles[i])+" (") {
					t.Errorf("file %d %q, want %s (…)", i, f, tc.wantFiles[i])
				}
			}
			in, err := instances.ReadFile(filepath.Join(dir, tc.out))
			if err != nil {
				t.Fatal(err)
			}
			if in.N() != 8 {
				t.Errorf("reduced instance has %d jobs, want 3q + 2 = 8", in.N())
			}
			if len(tc.wantFiles) == 2 {
				if _, err := schedule.ReadFile(filepath.Join(dir, tc.wantFiles[1]), in); err != nil {
					t.Errorf("certificate: %v", err)
				}
			}
			tab := out.View.Tables[0]
			if got := tab.Rows[0][6]; tab.Header[6] != "nmts" || got != tc.wantNMTS {
				t.Errorf("%s = %q, want %q", tab.Header[6], got, tc.wantNMTS)
			}
		})
	}
	// The input is never written over.
	if _, err := study.Reduce(study.ReduceConfig{Instance: yes, Out: yes, Protect: []string{yes}}); err == nil {
		t.Error("Reduce wrote over its protected input")
	}
}

// TestSearch: one worst instance per n, saved as reductions.WorstPath in
// OutDir and listed in the order of Ns; a negative time limit is an
// ErrConfig (reductions.WorstConfig.Validate) before any search.
func TestSearch(t *testing.T) {
	dir := t.TempDir()
	cfg := reductions.DefaultWorstConfig()
	cfg.Ns, cfg.Restarts, cfg.Steps, cfg.ExactMax = []int{3, 4}, 1, 10, 0 // no exact OPT: no engine
	out, err := study.Search(context.Background(), study.SearchConfig{Search: cfg, OutDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"search-maxsrpt-n3.json (3 jobs)", "search-maxsrpt-n4.json (4 jobs)"}
	if len(out.Files) != len(want) {
		t.Fatalf("files %q, want %q", out.Files, want)
	}
	for i, f := range out.Files {
		if f != filepath.Join(dir, want[i]) {
			t.Errorf("file %d %q, want %q", i, f, filepath.Join(dir, want[i]))
		}
	}
	if rows := len(out.View.Tables[0].Rows); rows != 2 {
		t.Errorf("%d table rows, want one per n (2)", rows)
	}
	cfg.TimeLimit = -time.Second
	if _, err := study.Search(context.Background(), study.SearchConfig{Search: cfg}); !errors.Is(err, reductions.ErrConfig) {
		t.Errorf("negative time limit: %v, want reductions.ErrConfig", err)
	}
}

// TestAdversaryYao: one row per policy and n (2 policies × 2 values of
// n), the figure at Plot.svg and Plot.png, and n = 0 an adversary.ErrConfig.
func TestAdversaryYao(t *testing.T) {
	base := filepath.Join(t.TempDir(), "yao")
	var calls int
	tab, err := study.AdversaryYao(study.AdversaryYaoConfig{Sweep: adversary.YaoConfig{Policies: "maxsrpt,fifo", Ns: []int{4, 8}},
		Plot: base, PNG: true, Progress: func(string, int) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 4 || calls != 4 {
		t.Errorf("%d rows and %d progress calls, want 2 × 2 = 4 each", len(tab.Rows), calls)
	}
	for _, ext := range []string{".svg", ".png"} {
		if _, err := os.Stat(base + ext); err != nil {
			t.Errorf("figure: %v", err)
		}
	}
	if _, err := study.AdversaryYao(study.AdversaryYaoConfig{Sweep: adversary.YaoConfig{Policies: "maxsrpt", Ns: []int{0}}}); !errors.Is(err, adversary.ErrConfig) {
		t.Errorf("n = 0: %v, want adversary.ErrConfig", err)
	}
}

// TestReduceOpt: for the yes-instance with q = 1 (f = 2, g = 3, h = 5)
// the best fixed-order LP is at most y, the certificate's total (Theorem
// 1: a yes-instance has a schedule of total y), and the optimal schedule
// is written to ScheduleOut.
func TestReduceOpt(t *testing.T) {
	if testing.Short() {
		t.Skip("LP engine runs")
	}
	dir := t.TempDir()
	red := filepath.Join(dir, "red.json")
	if _, err := study.Reduce(study.ReduceConfig{Instance: nmtsFile(t, dir, "y1.json", "5"), Out: red}); err != nil {
		t.Fatal(err)
	}
	sched := filepath.Join(dir, "opt.csv")
	out, err := study.ReduceOpt(context.Background(), study.ReduceOptConfig{Instance: red, Engine: engine.DefaultName, ScheduleOut: sched})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Files) != 1 || !strings.HasPrefix(out.Files[0], sched+" (") {
		t.Errorf("files %q, want %s (…)", out.Files, sched)
	}
	row := out.View.Tables[0].Rows[0]
	opt, err1 := strconv.ParseFloat(row[3], 64)
	y, err2 := strconv.ParseFloat(row[4], 64)
	if err1 != nil || err2 != nil || row[1] != "yes" || opt > y {
		t.Errorf("nmts %s, opt_lp %s, y %s: want yes and opt_lp ≤ y", row[1], row[3], row[4])
	}
}

// TestAdversary: the CSV file holds the printed table in CSV (the second
// path: adversary.Run's report written directly), Output.Files lists it
// and then the figure's files; a CSV path that cannot be written returns
// the error with the table still printable and no file listed.
func TestAdversary(t *testing.T) {
	dir := t.TempDir()
	sw := adversary.Config{Policies: "maxsrpt,ps", Ns: []int{4, 8}}
	csv, plot := filepath.Join(dir, "a.csv"), filepath.Join(dir, "fig")
	out, err := study.Adversary(study.AdversaryConfig{Sweep: sw, CSV: csv, Plot: plot, PNG: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{csv, plot + ".svg and " + plot + ".png"}
	if strings.Join(out.Files, "|") != strings.Join(want, "|") {
		t.Errorf("files %q, want %q", out.Files, want)
	}
	r, err := adversary.Run(sw, nil)
	if err != nil {
		t.Fatal(err)
	}
	var direct, printed bytes.Buffer
	if err := r.Write(&direct, tabular.CSV); err != nil {
		t.Fatal(err)
	}
	if err := out.Write(&printed, tabular.CSV); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != direct.String() || printed.String() != direct.String() {
		t.Errorf("CSV file\n%s\nprinted\n%s\nwant\n%s", file, printed.String(), direct.String())
	}
	out, err = study.Adversary(study.AdversaryConfig{Sweep: sw, CSV: dir})
	if err == nil || out == nil || len(out.Files) != 0 || out.Empty() {
		t.Errorf("CSV to a directory: output %v, error %v; want the table, no files and an error", out, err)
	}
}

// TestReduceVerify: the recorded certificate of a yes-instance holds
// (appendix A: it costs at most y); a no-instance has none to check
// (ErrNotHolds, nothing to print); FIFO's float schedule of the
// yes-instance is infeasible in exact arithmetic (its work falls short of
// the sizes by rounding), so the claim does not hold and the violations
// are found; a missing schedule file is an error.
func TestReduceVerify(t *testing.T) {
	dir := t.TempDir()
	yes, no := filepath.Join(dir, "yes-red.json"), filepath.Join(dir, "no-red.json")
	for in, out := range map[string]string{nmtsFile(t, dir, "yes.json", "8,4"): yes, nmtsFile(t, dir, "no.json", "11,1"): no} {
		if _, err := study.Reduce(study.ReduceConfig{Instance: in, Out: out}); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(dir, "fifo.json")
	if _, err := report.SimulateFile(report.SimulateConfig{Instance: yes, Policy: "fifo", Schedule: fifo}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, in, sched string
		holds           string // the table's holds column, "" when nothing is printed
		found           bool   // violations found
		failed, err     bool
	}{
		{"certificate", yes, "", "true", false, false, false},
		{"no-instance", no, "", "", false, true, false},
		{"fifo", yes, fifo, "false", true, true, false},
		{"missing schedule", yes, filepath.Join(dir, "none.json"), "", false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := study.ReduceVerify(study.ReduceVerifyConfig{Instance: tc.in, Schedule: tc.sched})
			if (err != nil) != tc.err {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if err != nil {
				return
			}
			if (out.Failed != nil) != tc.failed || out.Failed != nil && !errors.Is(out.Failed, reductions.ErrNotHolds) || (len(out.Found) > 0) != tc.found {
				t.Errorf("failed %v, found %q; want failed %v, found %v", out.Failed, out.Found, tc.failed, tc.found)
			}
			if out.Empty() != (tc.holds == "") || !out.Empty() && out.View.Tables[0].Rows[0][6] != tc.holds {
				t.Errorf("view %+v, want holds %q", out.View, tc.holds)
			}
		})
	}
}
