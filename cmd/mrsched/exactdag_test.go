package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// solve --exact with weights and a dependency: a (10, 1), weight 0.3, and
// b (1, 10), weight 2, after a; both released at 0.5. b waits for a, which
// needs max(10, 1) = 10, then needs max(1, 10) = 10 itself: C_a = 21/2,
// C_b = 41/2 (closed form; without the dependency b would go first), so
// OPT = 3/10·10 + 2·20 = 43, the weight 0.3 read exactly as 3/10.
func TestSolveExactWeightsAndDependencies(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "dag.json")
	text := `{"kind":"tandem","jobs":[{"id":"a","release":0.5,"map":10,"shuffle":1,"weight":0.3},{"id":"b","release":0.5,"map":1,"shuffle":10,"weight":2,"after":["a"]}]}`
	if err := os.WriteFile(inst, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sched := filepath.Join(dir, "s.json")
	code, out, errs := runExact(t, "solve", "--exact", "--instance", inst, "--format", "json", "--schedule", sched, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Status, Objective, LowerBound string
		Order                         []string
		Jobs                          []struct {
			ID, Completion, Weight string
			After                  []string
		}
	}
	if err := json.Unmarshal([]byte(strings.ReplaceAll(out, "lower_bound", "lowerbound")), &res); err != nil {
		t.Fatal(err)
	}
	if res.Status != "optimal" || res.Objective != "43" || res.LowerBound != "43" || strings.Join(res.Order, ",") != "a,b" ||
		res.Jobs[0].Completion != "21/2" || res.Jobs[1].Completion != "41/2" ||
		res.Jobs[0].Weight != "3/10" || strings.Join(res.Jobs[1].After, ",") != "a" {
		t.Errorf("got %+v", res)
	}
	// The schedule file passes validate, which reads it exactly (precedence and the
	// weighted total checked in exact arithmetic).
	if code, out, errs := runExact(t, "validate", "--instance", inst, "--schedule", sched); code != 0 {
		t.Errorf("validate: exit %d: %s %s", code, out, errs)
	}
	code, out, _ = runExact(t, "solve", "--exact", "--instance", inst)
	if code != 0 || !strings.Contains(out, "objective 43 (≈ 43.000000)") || !strings.Contains(out, "after") {
		t.Errorf("table: exit %d %s", code, out)
	}
}
