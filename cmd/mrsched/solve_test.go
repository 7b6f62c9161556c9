package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/mip"
)

func haveHiGHS(t *testing.T) {
	t.Helper()
	testenv.RequireHiGHS(t, func() (mip.Engine, error) { return engine.Get("highs") })
}

func runExact(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"mrsched"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestGenTaillardFSP(t *testing.T) {
	code, out, _ := runExact(t, "gen", "taillard", "--jobs", "20", "--machines", "5", "--seed", "873654221")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(out, "\n")
	// ta001's first machine row begins 54 83 15 71 77 36 (Taillard 1993, tai20_5.txt).
	if !strings.HasPrefix(strings.TrimSpace(lines[3]), "54 83 15 71 77 36") {
		t.Fatalf("first machine row %q", lines[3])
	}
	dir := t.TempDir()
	fsp := filepath.Join(dir, "ta001.fsp")
	if err := os.WriteFile(fsp, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	code, js, errs := runExact(t, "import", "taillard", fsp)
	if code != 0 || !strings.Contains(js, `"map": 54`) || !strings.Contains(js, `"shuffle": 79`) {
		t.Fatalf("import: exit %d %s %s", code, errs, js[:min(len(js), 300)])
	}
	code, _, errs = runExact(t, "import", "taillard", filepath.Join(dir, "missing.fsp"))
	if code != 1 || !strings.Contains(errs, "missing.fsp") {
		t.Fatalf("missing file: exit %d %q", code, errs)
	}
}

type solveJSON struct {
	Status     string  `json:"status"`
	Objective  float64 `json:"objective"`
	LowerBound float64 `json:"lower_bound"`
	Gap        float64 `json:"gap"`
	Jobs       []struct {
		ID         string  `json:"id"`
		Completion float64 `json:"completion"`
	} `json:"jobs"`
}

func TestSolveKnownValues(t *testing.T) {
	haveHiGHS(t)
	dir := t.TempDir()
	inst := filepath.Join(dir, "two.json")
	// Two-job example (10,1), (1,10): OPT 21; the order map-heavy first costs 22 (brute force).
	if err := os.WriteFile(inst, []byte(`{"kind":"tandem","jobs":[{"id":"a","map":10,"shuffle":1},{"id":"b","map":1,"shuffle":10}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		want   float64
		status string
	}{
		{[]string{"--method", "search"}, 21, "optimal"},
		{[]string{"--method", "mip"}, 21, "optimal"},
		{[]string{"--method", "order-lp", "--order", "a,b"}, 22, "order optimal"},
		{[]string{"--method", "polish"}, 21, "optimal"},
	} {
		sched := filepath.Join(dir, "s.json")
		args := append([]string{"solve", "--instance", inst, "--format", "json", "--quiet", "--schedule", sched}, c.args...)
		code, out, errs := runExact(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		var o solveJSON
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatal(err)
		}
		if math.Abs(o.Objective-c.want) > 1e-6 || o.Status != c.status || len(o.Jobs) != 2 {
			t.Errorf("%v: %+v, want %v %q", c.args, o, c.want, c.status)
		}
		// The written schedule passes the validator command.
		code, _, errs = runExact(t, "validate", "--instance", inst, "--schedule", sched)
		if code != 0 {
			t.Errorf("%v: validate exit %d: %s", c.args, code, errs)
		}
	}
	code, _, errs := runExact(t, "solve", "--instance", inst, "--method", "order-lp", "--order", "a,a")
	if code != 1 || !strings.Contains(errs, "twice") {
		t.Errorf("bad order: exit %d %q", code, errs)
	}
	code, _, errs = runExact(t, "solve", "--instance", inst, "--method", "nonsense")
	if code != 1 || !strings.Contains(errs, "nonsense") {
		t.Errorf("bad method: exit %d %q", code, errs)
	}
}

func TestBoundAndExport(t *testing.T) {
	haveHiGHS(t)
	dir := t.TempDir()
	inst := filepath.Join(dir, "ta6.json")
	if code, _, errs := runExact(t, "gen", "taillard", "--jobs", "6", "--machines", "2", "--format", "json", "--out", inst); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := runExact(t, "bound", "--instance", inst, "--format", "json")
	if code != 0 {
		t.Fatal(errs)
	}
	var doc struct { // a list of rows is written as {"rows": …, "provenance": …}
		Rows []struct {
			Name  string  `json:"name"`
			Value float64 `json:"value"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	rows := doc.Rows
	got := map[string]float64{}
	for _, r := range rows {
		got[r.Name] = r.Value
	}
	for _, k := range []string{"alpha", "beta", "maxsrpt_guarantee", "splitsrpt_guarantee", "paper51", "counting", "prefix", "lp_relaxation"} {
		if _, ok := got[k]; !ok {
			t.Errorf("bound output lacks %s", k)
		}
	}
	if got["counting"] < got["paper51"] {
		t.Errorf("counting %v < paper51 %v", got["counting"], got["paper51"])
	}
	for _, f := range []string{"--lp", "--mps"} {
		code, out, errs := runExact(t, "export", "--instance", inst, f)
		if code != 0 || len(out) < 100 {
			t.Fatalf("export %s: exit %d %s", f, code, errs)
		}
	}
	if code, _, _ := runExact(t, "export", "--instance", inst); code != 1 {
		t.Errorf("export without format: exit %d", code)
	}
}

// Found by the bad-input QA (docs/cli.md, "Bad input"): a negative --time-limit is refused
// with an error naming the flag, before the instance is read; 0 (no limit)
// still solves.
func TestSolveRejectsNegativeTimeLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.json")
	if err := os.WriteFile(path, []byte(`{"kind":"tandem","jobs":[{"id":"a","map":10,"shuffle":1},{"id":"b","map":1,"shuffle":10}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tl := range []string{"-1s", "-1ns"} {
		code, _, errs := runExact(t, "solve", "--instance", path, "--method", "maxsrpt", "--time-limit", tl)
		if code != 1 || !strings.Contains(errs, "--time-limit: want a duration ≥ 0") {
			t.Errorf("--time-limit %s: exit %d, stderr %q", tl, code, errs)
		}
	}
	haveHiGHS(t)
	// Jobs (10,1), (1,10) have OPT 21 (brute force over both orders).
	code, out, errs := runExact(t, "solve", "--instance", path, "--method", "search", "--time-limit", "0", "--format", "json", "--quiet")
	if code != 0 || !strings.Contains(out, `"objective": 21`) {
		t.Errorf("--time-limit 0: exit %d, out %q, stderr %q", code, out, errs)
	}
}
