package main

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// mrsched mst eval: JSON key "mst" equals Lemma 3's two-node value
// 1/a + 1/b − 1/(a+b) with a = b = 0.5 → 3.
func TestMSTEvalCLI(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"mrsched", "mst", "eval", "--mu", "1,1", "--lambda", "0.5,0.5", "--method", "closed", "--format", "json"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var v struct{ MST float64 }
	if err := json.Unmarshal(out.Bytes(), &v); err != nil || math.Abs(v.MST-3) > 1e-12 {
		t.Fatalf("mst %v (%v): %s", v.MST, err, out.String())
	}
}

// A violated condition exits 1 and names the equation.
func TestMSTMapConditionCLI(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"mrsched", "mst", "map", "--policy", "fair", "--total", "2.5", "--mu", "0.5,1,1,1"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "eq. 13") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	code = run([]string{"mrsched", "mst", "map", "--policy", "optimal", "--total", "2", "--mu", "0.5,1,1,1", "--format", "json"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), `"ok": true`) {
		t.Fatalf("optimal: exit %d, %s %s", code, out.String(), errb.String())
	}
}

// TestMSTBadFlags: found by the bad-input QA (docs/cli.md, "Bad input"): these
// values fell back to the defaults silently and exited 0.
func TestMSTBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"mst", "eval", "--mu", "1", "--lambda", "0.5", "--method", "mc", "--samples", "0"}, "--samples 0: want 2 … 33554432"},
		{[]string{"mst", "eval", "--mu", "1", "--lambda", "0.5", "--method", "mc", "--samples", "-5"}, "--samples -5: want 2 … 33554432"},
		{[]string{"mst", "eval", "--mu", "1", "--lambda", "0.5", "--method", "integral", "--rel-tol", "-1"}, "--rel-tol -1: want a value in (0, 1)"},
		{[]string{"mst", "eval", "--mu", "1", "--lambda", "0.5", "--method", "integral", "--rel-tol", "0"}, "--rel-tol 0: want a value in (0, 1)"},
		{[]string{"mst", "nodes", "--class", "1:3", "--total", "1", "--brute-limit", "-1"}, "--brute-limit: want an integer ≥ 0, got -1"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(append([]string{"mrsched"}, c.args...), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 1 and …%s…", c.args, code, errb.String(), c.want)
		}
	}
}

// TestFlagValuesRefused: flag values that crashed the process or printed a
// meaningless result with exit 0 now exit 1 naming the flag (docs/cli.md, "Bad input").
func TestFlagValuesRefused(t *testing.T) {
	wl := filepath.Join(t.TempDir(), "t2.json")
	if code, _, e := clusterRun(t, "gen", "cluster", "--kind", "table2", "--seed", "1", "--out", wl, "--quiet"); code != 0 {
		t.Fatalf("gen: %d %s", code, e)
	}
	for _, tc := range []struct {
		args []string
		flag string
	}{
		// Was: fatal error: runtime: out of memory.
		{[]string{"mst", "eval", "--mu", "1,1", "--lambda", "0.5,0.5", "--method", "mc", "--samples", "1000000000000"}, "--samples"},
		// Was: +Inf with exit 0.
		{[]string{"mst", "eval", "--mu", "1e-320", "--lambda", "1e-321"}, "--mu"},
		// Was: exit 0 with a 300-digit makespan.
		{[]string{"cluster", "simulate", "--workload", wl, "--heartbeat", "1e308"}, "--heartbeat"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"mrsched"}, tc.args...), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), tc.flag) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 naming %s", tc.args, code, errb.String(), tc.flag)
		}
	}
}
