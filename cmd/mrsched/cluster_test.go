package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

func clusterRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"mrsched"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestClusterGenSimulate(t *testing.T) {
	dir := t.TempDir()
	wl := filepath.Join(dir, "t2.json")
	if code, _, e := clusterRun(t, "gen", "cluster", "--kind", "table2", "--seed", "1", "--out", wl); code != 0 {
		t.Fatalf("gen: %d %s", code, e)
	}
	// Same seed → byte-identical file.
	wl2 := filepath.Join(dir, "t2b.json")
	clusterRun(t, "gen", "cluster", "--kind", "table2", "--seed", "1", "--out", wl2, "--quiet")
	a, _ := os.ReadFile(wl)
	b, _ := os.ReadFile(wl2)
	if !bytes.Equal(a, b) {
		t.Fatal("gen cluster is not deterministic")
	}
	for _, p := range []string{"fifo", "fair", "lsps", "hpfsp", "ppfsp"} {
		code, out, e := clusterRun(t, "cluster", "simulate", "--workload", wl, "--policy", p, "--format", "csv")
		if code != 0 || !strings.Contains(out, "overall,285,") {
			t.Fatalf("%s: exit %d, stderr %s, out %s", p, code, e, out)
		}
	}
	tl := filepath.Join(dir, "tl.csv")
	code, out, _ := clusterRun(t, "cluster", "simulate", "--workload", wl, "--policy", "fair", "--jobs", "--timeline", tl, "--format", "json")
	if code != 0 || !strings.Contains(out, `"mean_slowdown"`) {
		t.Fatalf("json: %d", code)
	}
	if data, err := os.ReadFile(tl); err != nil || !strings.HasPrefix(string(data), "job,phase,task,node,slot,start,end\n") {
		t.Fatalf("timeline: %v", err)
	}
}

func TestClusterErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	trace := filepath.Join(dir, "t.tsv")
	os.WriteFile(trace, []byte("job0\t49\t49\t740773\t2339561\t627471\n"), 0o644)
	os.WriteFile(bad, []byte(`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": [0]}]}`), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"cluster", "simulate", "--workload", bad}, "bad.json:1: jobs[0].map[0]: workload: invalid workload: task duration must be finite and > 0"},
		{[]string{"cluster", "simulate", "--workload", bad, "--policy", "srpt"}, "bad.json"},
		{[]string{"gen", "cluster", "--kind", "nope"}, `--kind "nope"`},
		{[]string{"cluster", "study", "lsps", "--seeds", "0", "--out", ""}, "--seeds: want an integer ≥ 1, got 0"},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): taken as 1 user
		// and "all jobs" silently.
		{[]string{"import", "swim-cluster", "--trace", trace, "--users", "0"}, "--users 0: want ≥ 1"},
		{[]string{"import", "swim-cluster", "--trace", trace, "--users", "-1"}, "--users -1: want ≥ 1"},
		{[]string{"import", "swim-cluster", "--trace", trace, "--max-jobs", "-1"}, "--max-jobs -1: want ≥ 0"},
	}
	for _, c := range cases {
		code, _, e := clusterRun(t, c.args...)
		if code != 1 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, e, c.want)
		}
	}
	good := filepath.Join(dir, "g.json")
	clusterRun(t, "gen", "cluster", "--kind", "fig3b", "--out", good, "--quiet")
	if code, _, e := clusterRun(t, "cluster", "simulate", "--workload", good, "--policy", "srpt"); code != 1 || !strings.Contains(e, `unknown policy "srpt"`) {
		t.Errorf("unknown policy: %d %s", code, e)
	}
	if code, _, e := clusterRun(t, "cluster", "simulate", "--workload", good, "--policy", "lsps", "--alpha", "2"); code != 1 || !strings.Contains(e, "--alpha 2") {
		t.Errorf("alpha: %d %s", code, e)
	}
}

func TestClusterImportSWIM(t *testing.T) {
	trace := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	out := filepath.Join(t.TempDir(), "fb.json")
	if code, _, e := clusterRun(t, "import", "swim-cluster", "--trace", trace, "--nodes", "10", "--out", out); code != 0 {
		t.Fatal(e)
	}
	if code, o, e := clusterRun(t, "cluster", "simulate", "--workload", out, "--policy", "hpfsp"); code != 0 || !strings.Contains(o, "overall") {
		t.Fatal(e)
	}
}

func TestClusterStudySmall(t *testing.T) {
	code, out, e := clusterRun(t, "cluster", "study", "lsps", "--seeds", "2", "--out", "", "--quiet")
	if code != 0 || !strings.Contains(out, "| overall |") {
		t.Fatalf("%d %s %s", code, e, out)
	}
}
