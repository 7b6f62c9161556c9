package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/provenance"
)

func flexRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var o, e bytes.Buffer
	code := run(append([]string{"mrsched"}, args...), &o, &e)
	return code, o.String(), e.String()
}

func TestFlexCommands(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ss.json")
	if code, _, e := flexRun(t, "gen", "sharedscan", "--jobs", "40", "--datasets", "4", "--horizon", "4", "--seed", "2", "--out", ws); code != 0 {
		t.Fatalf("gen: %d %s", code, e)
	}
	code, out, e := flexRun(t, "flex", "plan", "--workload", ws, "--metric", "avg-stretch", "--intervals", "--svg", filepath.Join(dir, "p.svg"))
	if code != 0 || !strings.Contains(out, "method gsr, optimal") || !strings.Contains(out, "intervals") {
		t.Fatalf("plan: %d %s %s", code, out, e)
	}
	if _, err := os.Stat(filepath.Join(dir, "p.svg")); err != nil {
		t.Error(err)
	}
	code, _, e = flexRun(t, "flex", "plan", "--workload", ws, "--metric", "sum-tardiness")
	if code != 1 || !strings.Contains(e, "needs deadlines") {
		t.Errorf("sum-tardiness without deadlines: exit %d, %s", code, e)
	}
	code, out, e = flexRun(t, "flex", "simulate", "--workload", ws, "--metric", "max-stretch", "--format", "csv")
	if code != 0 || !strings.HasPrefix(out, "scheme,") || strings.Count(out, "\n") != 4 {
		t.Fatalf("simulate: %d %q %s", code, out, e)
	}
	code, out, _ = flexRun(t, "flex", "metrics", "--format", "csv")
	if code != 0 || strings.Count(out, "\n") != 17 {
		t.Errorf("metrics: %d lines", strings.Count(out, "\n"))
	}
	if code, _, e = flexRun(t, "flex", "simulate", "--workload", ws, "--metric", "avg-speed"); code != 1 || !strings.Contains(e, "--metric") {
		t.Errorf("bad metric: %d %s", code, e)
	}
	// Study: unsharded vs two shards merged, byte-identical files.
	grid := []string{"--theta1", "0,1", "--theta2", "1", "--levels", "0,8", "--reps", "2", "--jobs", "40", "--horizon", "4", "--quiet"}
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if code, _, e = flexRun(t, append([]string{"flex", "study", "--out-dir", a, "--workers", "2"}, grid...)...); code != 0 {
		t.Fatalf("study: %s", e)
	}
	for _, s := range []string{"1/2", "2/2"} {
		if code, _, e = flexRun(t, append([]string{"flex", "study", "--out-dir", b, "--workers", "1", "--shard", s}, grid...)...); code != 0 {
			t.Fatalf("study shard %s: %s", s, e)
		}
	}
	if code, _, e = flexRun(t, "flex", "merge", "--quiet", "--out-dir", b, filepath.Join(b, "cells-2-of-2.jsonl"), filepath.Join(b, "cells-1-of-2.jsonl")); code != 0 {
		t.Fatalf("merge: %s", e)
	}
	ents, _ := os.ReadDir(a)
	n := 0
	for _, en := range ents {
		x, _ := os.ReadFile(filepath.Join(a, en.Name()))
		y, err := os.ReadFile(filepath.Join(b, en.Name()))
		// The figures' provenance records each run's command line.
		if err != nil || !bytes.Equal(provenance.Strip(x), provenance.Strip(y)) {
			t.Errorf("%s differs after merge (%v)", en.Name(), err)
		}
		n++
	}
	if n < 8 {
		t.Errorf("only %d files", n)
	}
	if code, _, e = flexRun(t, "flex", "merge", "--quiet", "--out-dir", b, filepath.Join(b, "cells-1-of-2.jsonl")); code != 1 || !strings.Contains(e, "missing") {
		t.Errorf("incomplete merge: %d %s", code, e)
	}
}

// TestFlexBadFlags: found by the bad-input QA (docs/cli.md, "Bad input"):
// --at -5 planned at the last arrival silently, --window 1e308 printed +Inf
// and NaN, and --workers 0 was accepted.
func TestFlexBadFlags(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ss.json")
	if code, _, e := flexRun(t, "gen", "sharedscan", "--jobs", "5", "--datasets", "2", "--seed", "1", "--out", ws); code != 0 {
		t.Fatalf("gen: %d %s", code, e)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"flex", "plan", "-w", ws, "--at", "-5"}, "--at -5: want a finite time ≥ 0"},
		{[]string{"flex", "plan", "-w", ws, "--at", "-1"}, "--at -1: want a finite time ≥ 0"},
		{[]string{"flex", "simulate", "-w", ws, "--window", "1e308"}, "BATCH needs a window in (0, 1e+290], got 1e+308"},
		{[]string{"flex", "study", "--out-dir", dir, "--workers", "0", "--quiet"}, "--workers: want an integer ≥ 1, got 0"},
	}
	for _, c := range cases {
		code, out, e := flexRun(t, c.args...)
		if code != 1 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 1 and …%s…", c.args, code, e, c.want)
		}
		if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") {
			t.Errorf("%v: output has NaN/Inf: %s", c.args, out)
		}
	}
}
