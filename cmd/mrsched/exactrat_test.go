package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveExact: solve --exact on the two-job example (10,1), (1,10) (JSON
// with exact strings, table, the exact schedule file) and its flag rules.
func TestSolveExact(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "two.json")
	// (10, 1) and (1, 10): OPT 21, shuffle-heavy first (fastlp
	// TestKnownValues). Releases 0.5 (a shifted batch, read exactly as
	// 1/2) keep the cost.
	text := `{"kind":"tandem","jobs":[{"id":"a","release":0.5,"map":10,"shuffle":1},{"id":"b","release":0.5,"map":1,"shuffle":10}]}`
	if err := os.WriteFile(inst, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sched := filepath.Join(dir, "s.json")
	code, out, errs := runExact(t, "solve", "--exact", "--instance", inst, "--format", "json", "--schedule", sched, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Status, Objective, LowerBound, Gap string
		Order                              []string
		Jobs                               []struct{ ID, Completion string }
	}
	if err := json.Unmarshal([]byte(strings.ReplaceAll(out, "lower_bound", "lowerbound")), &res); err != nil {
		t.Fatal(err)
	}
	// b completes at 0.5 + 10 = 21/2, a at 0.5 + 11 = 23/2: total 21.
	if res.Status != "optimal" || res.Objective != "21" || res.LowerBound != "21" || res.Gap != "0" ||
		strings.Join(res.Order, ",") != "b,a" || res.Jobs[1].Completion != "21/2" {
		t.Errorf("got %+v", res)
	}
	b, err := os.ReadFile(sched)
	if err != nil || !strings.Contains(string(b), `"kind": "exact-schedule"`) || !strings.Contains(string(b), `"completion": "23/2"`) {
		t.Errorf("schedule file: %v %s", err, b)
	}
	code, out, _ = runExact(t, "solve", "--exact", "--instance", inst)
	if code != 0 || !strings.Contains(out, "objective 21 (≈ 21.000000)") {
		t.Errorf("table: exit %d %s", code, out)
	}
	for _, bad := range [][]string{{"--method", "mip"}, {"--order", "a,b"}, {"--k", "2"}} {
		code, _, errs := runExact(t, append([]string{"solve", "--exact", "--instance", inst}, bad...)...)
		if code == 0 || !strings.Contains(errs, bad[0]+" does not apply to --exact") {
			t.Errorf("%v: exit %d %q", bad, code, errs)
		}
	}
}
