package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/report"
)

func runReport(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"mrsched"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// belowMethod claims an impossible schedule (total 0, below every lower
// bound): the report must flag it and exit with status 2.
type belowMethod struct{}

func (belowMethod) Name() string      { return "test-below" }
func (belowMethod) Kind() report.Kind { return report.Heuristic }
func (belowMethod) Run(_ context.Context, in *instances.Instance, _ report.Env) (report.Outcome, error) {
	return report.Outcome{Method: "test-below", Kind: report.Heuristic, Status: "heuristic", Total: 0, Lower: math.NaN()}, nil
}

func init() {
	report.Register("test-below", "test only: claims total 0", func(string) (report.Method, error) { return belowMethod{}, nil })
}

func TestReportCommand(t *testing.T) {
	code, out, errs := runReport(t, "report", "--gen", "lognormal,n=6,batch,seed=1-2", "--gen", "cor4,n=4,alpha=2,eps=0.5",
		"--methods", "fifo,maxsrpt,splitsrpt,alt,lb51,lbcount", "--quiet", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"lognormal-n6-batch-s2", "cor4-n4-a2-e0.5", "Summary over 3 instances", "maxsrpt"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if errs != "" {
		t.Errorf("--quiet run wrote to stderr: %q", errs)
	}
	// Formats.
	for _, f := range []string{"md", "csv", "json"} {
		code, out, errs := runReport(t, "report", "--gen", "lognormal,n=5,batch,seed=1", "--methods", "maxsrpt,lbcount", "--format", f, "--quiet")
		if code != 0 || out == "" {
			t.Fatalf("%s: exit %d %s", f, code, errs)
		}
		if f == "csv" && !strings.HasPrefix(out, "scope,instance,n,") {
			t.Errorf("csv header: %s", out[:40])
		}
		if f == "json" && !strings.Contains(out, `"ratio":`) {
			t.Errorf("json: %s", out)
		}
	}
}

func TestReportShardsMergeByteIdentical(t *testing.T) {
	dir := t.TempDir()
	gen := []string{"report", "--gen", "lognormal,n=7,batch,seed=1-5", "--methods", "fifo,klps,maxsrpt,splitsrpt,lbcount", "--quiet"}
	for _, f := range []string{"table", "csv", "json"} {
		code, whole, errs := runReport(t, append(gen, "--format", f, "--workers", "1")...)
		if code != 0 {
			t.Fatal(errs)
		}
		var files []string
		for i, sp := range []string{"1/2", "2/2"} {
			p := filepath.Join(dir, f+string(rune('a'+i))+".jsonl")
			// One shard to stdout, the other to --cells.
			if i == 0 {
				code, cells, errs := runReport(t, append(gen, "--shard", sp, "--workers", "2")...)
				if code != 0 {
					t.Fatal(errs)
				}
				if err := os.WriteFile(p, []byte(cells), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if code, _, errs := runReport(t, append(gen, "--shard", sp, "--cells", p)...); code != 0 {
				t.Fatal(errs)
			}
			files = append(files, p)
		}
		code, merged, errs := runReport(t, "merge", "--format", f, files[1], files[0])
		if code != 0 {
			t.Fatal(errs)
		}
		// The provenance records each run's own command line.
		if string(provenance.Strip([]byte(merged))) != string(provenance.Strip([]byte(whole))) {
			t.Fatalf("%s: merged output differs from the unsharded run:\n%s\n---\n%s", f, merged, whole)
		}
	}
	// A missing shard is an error naming the missing cells.
	code, _, errs := runReport(t, "merge", filepath.Join(dir, "tablea.jsonl"))
	if code != 1 || !strings.Contains(errs, "cells missing") {
		t.Errorf("merge of one of two shards: exit %d, %s", code, errs)
	}
}

func TestReportViolationExit2(t *testing.T) {
	code, out, errs := runReport(t, "report", "--gen", "lognormal,n=4,batch,seed=1", "--methods", "maxsrpt,test-below,lbcount", "--quiet", "--no-validate")
	if code != 2 {
		t.Fatalf("exit %d, want 2 (a schedule below a lower bound): %s", code, errs)
	}
	if !strings.Contains(out, "VIOLATION(S)") || !strings.Contains(errs, "below the lower bound") {
		t.Errorf("violation not loud:\n%s\n%s", out, errs)
	}
}

func TestReportErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"report", "--methods", "maxsrpt"}, "no instances"},
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--methods", "nosuch"}, `unknown method "nosuch"`},
		{[]string{"report", "--gen", "lognormal,n=0,batch"}, "n must be positive"},
		{[]string{"report", "--instance", "/nonexistent.json"}, "/nonexistent.json"},
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--shard", "3/2"}, "--shard"},
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--format", "xml"}, "--format"},
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--gen", "lognormal,n=3,batch"}, "two instances are named"},
		{[]string{"merge"}, "give the shard files"},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): accepted silently.
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--workers", "0"}, "--workers: want an integer ≥ 1, got 0"},
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--workers", "-1"}, "--workers: want an integer ≥ 1, got -1"},
		{[]string{"report", "--gen", "lognormal,n=3,batch", "--time-limit", "-1s"}, "--time-limit: want a duration ≥ 0"},
		{[]string{"study", "nightly", "--methods", "fifo", "--time-limit", "-1s"}, "--time-limit: want a duration ≥ 0"},
		{[]string{"study", "tightness", "--ns", "2", "--workers", "0"}, "--workers: want an integer ≥ 1, got 0"},
	}
	for _, c := range cases {
		code, _, errs := runReport(t, append(c.args, "--quiet")...)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 1 and …%s…", c.args, code, errs, c.want)
		}
	}
}

func TestReportFiguresAndGantt(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runReport(t, "report", "--gen", "cor4,n=2-8/2,alpha=3,eps=0.5", "--methods", "maxsrpt,alt,lbcount", "--figures", dir, "--png")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, f := range []string{"ratio_vs_n.svg", "ratio_vs_n.png", "gantt_cor4-n2-a3-e0.5_maxsrpt.png", "gantt_cor4-n2-a3-e0.5_alt.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing figure: %v", err)
		}
	}
	if !strings.Contains(errs, "report") || !strings.Contains(errs, "wrote") {
		t.Errorf("no progress/messages on stderr without --quiet: %q", errs)
	}
	// mrsched gantt on a schedule file written by mrsched simulate.
	inst := filepath.Join(dir, "b.json")
	sched := filepath.Join(dir, "b.sched.json")
	if code, _, errs := runReport(t, "gen", "lognormal", "--n", "12", "--batch", "--seed", "2", "--out", inst, "--quiet"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runReport(t, "simulate", "--instance", inst, "--policy", "splitsrpt", "--schedule", sched); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runReport(t, "gantt", "--instance", inst, "--schedule", sched, "--out", filepath.Join(dir, "g"), "--quiet", "--png"); code != 0 {
		t.Fatal(errs)
	}
	// SVG only unless PNG is asked for.
	if code, _, errs := runReport(t, "gantt", "--instance", inst, "--schedule", sched, "--out", filepath.Join(dir, "h"), "--quiet"); code != 0 {
		t.Fatal(errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "h.png")); err == nil {
		t.Error("gantt wrote h.png without --png")
	}
	for _, f := range []string{"g.svg", "g.png"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("gantt %s: %v", f, err)
		}
	}
}

func TestStudyCommands(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runReport(t, "study", "tightness", "--alphas", "3", "--eps", "0.5", "--betas", "2", "--ns", "2,4,16", "--quiet", "--figures", dir)
	if code != 0 || !strings.Contains(out, "ratio_to_alternative") {
		t.Fatalf("tightness: exit %d %s\n%s", code, errs, out)
	}
	code, out, errs = runReport(t, "study", "fig9", "--jobs", "500", "--reps", "1", "--quiet")
	if code != 0 || !strings.Contains(out, "paper_mean_response") {
		t.Fatalf("fig9: exit %d %s\n%s", code, errs, out)
	}
	code, out, errs = runReport(t, "study", "nightly", "--methods", "fifo,maxsrpt,splitsrpt,lbcount,lbprefix", "--quiet", "--figures", dir, "--png")
	if code != 0 || !strings.Contains(out, "Recommended plan") {
		t.Fatalf("nightly: exit %d %s\n%s", code, errs, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "gantt_nightly-default_maxsrpt.png")); err != nil {
		t.Error(err)
	}
	trace := filepath.Join("..", "..", "..", "shared", "data", "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	if _, err := os.Stat(trace); err == nil {
		code, out, errs = runReport(t, "study", "fig7", "--trace", trace, "--loads", "0.2,0.6", "--quiet", "--format", "csv")
		if code != 0 || !strings.HasPrefix(out, "trace,variant,load") {
			t.Fatalf("fig7: exit %d %s\n%s", code, errs, out)
		}
	}
}

func TestReportHelpExamples(t *testing.T) {
	for _, args := range [][]string{{"report", "--help"}, {"merge", "--help"}, {"gantt", "--help"}, {"study", "--help"},
		{"study", "tightness", "--help"}, {"study", "fig7", "--help"}, {"study", "fig9", "--help"}, {"study", "nightly", "--help"}} {
		code, out, _ := runReport(t, args...)
		if code != 0 || !strings.Contains(out, "mrsched") {
			t.Errorf("%v: exit %d", args, code)
		}
		if args[len(args)-2] != "study" && !strings.Contains(out, "Example") {
			t.Errorf("%v: no worked example in the help", args)
		}
	}
}

// TestReportInstanceFlag: --instance and its alias -i take one file per
// occurrence. Found by the bad-input QA (docs/cli.md, "Bad input"): urfave/cli's
// alias sync appended every value twice, so one file failed with "two
// instances are named" and two files were joined into one path.
func TestReportInstanceFlag(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.csv")
	for _, p := range []string{a, b} {
		if err := instances.WriteFile(p, instances.New([]instances.Job{{ID: "J1", Map: 1, Shuffle: 2}, {ID: "J2", Map: 2, Shuffle: 1}})); err != nil {
			t.Fatal(err)
		}
	}
	cases := [][]string{
		{"--instance", a},
		{"-i", a},
		{"--instance", a, "--instance", b},
		{"-i", a, "-i", b},
	}
	for _, args := range cases {
		code, out, errs := runReport(t, append(append([]string{"report", "--methods", "fifo,lbcount", "--quiet"}, args...), "--format", "csv")...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		// One row per (instance, method) plus summaries: count the instances named.
		for _, want := range []string{"a.json"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: output lacks %s", args, want)
			}
		}
		if len(args) == 4 && !strings.Contains(out, "b.csv") {
			t.Errorf("%v: output lacks b.csv", args)
		}
	}
}
