package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/engine"
)

func TestHardNMTSAndReduce(t *testing.T) {
	dir := t.TempDir()
	y := filepath.Join(dir, "y.json")
	n := filepath.Join(dir, "n.json")
	if code, _, errs := runCLI(t, "gen", "nmts", "--q", "3", "--answer", "yes", "--seed", "4", "--out", y); code != 0 {
		t.Fatalf("gen nmts yes: %d %s", code, errs)
	}
	if code, _, errs := runCLI(t, "gen", "nmts", "--q", "3", "--answer", "no", "--seed", "4", "--out", n); code != 0 {
		t.Fatalf("gen nmts no: %d %s", code, errs)
	}
	// Same seed, byte-identical file.
	_, a, _ := runCLI(t, "gen", "nmts", "--q", "3", "--answer", "no", "--seed", "4")
	if b, _ := os.ReadFile(n); string(b) != a {
		t.Errorf("gen nmts is not deterministic")
	}
	_, out, _ := runCLI(t, "nmts", "solve", "--instance", y, "--format", "csv")
	if !strings.Contains(out, ",yes,") {
		t.Errorf("solve yes-instance: %s", out)
	}
	_, out, _ = runCLI(t, "nmts", "solve", "--instance", n, "--brute-force", "--format", "csv")
	if !strings.Contains(out, ",no,") {
		t.Errorf("brute-force solve of the no-instance: %s", out)
	}
	ty := filepath.Join(dir, "ty.json")
	code, out, errs := runCLI(t, "reduce", "nmts", "--instance", y, "--out", ty, "--format", "csv")
	if code != 0 || !strings.Contains(out, ",yes,") {
		t.Fatalf("reduce nmts: %d %s %s", code, out, errs)
	}
	// The certificate costs exactly y: total − y = 0 in the exact column.
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("reduce nmts output: %v %q", err, out)
	}
	if f := rows[1]; f[8] != "0" || f[9] != "true" || !strings.HasPrefix(f[10], "ok") {
		t.Errorf("reduce nmts row %q: want total_minus_y 0, float_exact true, validate ok", f)
	}
	if code, out, errs := runCLI(t, "reduce", "verify", "--instance", ty); code != 0 || !strings.Contains(out, "true") {
		t.Errorf("verify recorded certificate: %d %s %s", code, out, errs)
	}
	cert := filepath.Join(dir, "ty.certificate.json")
	if code, _, errs := runCLI(t, "reduce", "verify", "--instance", ty, "--schedule", cert); code != 0 {
		t.Errorf("verify certificate file: %d %s", code, errs)
	}
	// Tamper: one map rate 1e-10 too large is caught exactly (exit 2).
	var sf map[string]any
	b, _ := os.ReadFile(cert)
	if err := json.Unmarshal(b, &sf); err != nil {
		t.Fatal(err)
	}
	sf["segments"].([]any)[0].(map[string]any)["rates"].([]any)[0].(map[string]any)["map"] = 1.0000000001
	bad := filepath.Join(dir, "bad.json")
	b, _ = json.Marshal(sf)
	os.WriteFile(bad, b, 0o644)
	if code, _, errs := runCLI(t, "reduce", "verify", "--instance", ty, "--schedule", bad); code != 2 || !strings.Contains(errs, "map capacity") {
		t.Errorf("tampered schedule: exit %d, stderr %s; want 2 and a map capacity violation", code, errs)
	}
	// No-instance: no certificate, verify without a schedule fails with 2.
	tn := filepath.Join(dir, "tn.json")
	if code, _, errs := runCLI(t, "reduce", "nmts", "--instance", n, "--out", tn); code != 0 {
		t.Fatalf("reduce no-instance: %s", errs)
	}
	if code, _, _ := runCLI(t, "reduce", "verify", "--instance", tn); code != 2 {
		t.Errorf("verify without certificate: exit %d, want 2", code)
	}
	// Bad input names file and path.
	badN := filepath.Join(dir, "badn.json")
	os.WriteFile(badN, []byte(`{"kind":"nmts","f":[1,2],"g":[3,-5],"h":[6,5]}`), 0o644)
	if code, _, errs := runCLI(t, "reduce", "nmts", "--instance", badN, "--out", filepath.Join(dir, "x.json")); code != 1 || !strings.Contains(errs, "badn.json:1: g[1]") {
		t.Errorf("bad NMTS file: exit %d, %s", code, errs)
	}
	if code, _, errs := runCLI(t, "reduce", "nmts", "--instance", y, "--out", filepath.Join(dir, "x.json"), "--A", "5"); code != 1 || !strings.Contains(errs, "below the proof's minimum") {
		t.Errorf("--A too small: exit %d, %s", code, errs)
	}
	// A file that is not a reduction.
	plain := filepath.Join(dir, "plain.json")
	instances.WriteFile(plain, instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}}))
	if code, _, errs := runCLI(t, "reduce", "verify", "--instance", plain); code != 1 || !strings.Contains(errs, "metadata.reduction") {
		t.Errorf("plain instance: exit %d, %s", code, errs)
	}
}

func TestHardTightAndAdversary(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "t4.json")
	alt := filepath.Join(dir, "t4.alt.json")
	if code, _, errs := runCLI(t, "gen", "tight-maxsrpt", "--n", "10", "--alpha", "3", "--eps", "0.5", "--out", f, "--alt-out", alt); code != 0 {
		t.Fatalf("gen tight-maxsrpt: %s", errs)
	}
	in, err := instances.ReadFile(f)
	if err != nil || in.N() != 10 {
		t.Fatalf("tight instance: %v", err)
	}
	if _, err := os.Stat(alt); err != nil {
		t.Errorf("alternative schedule not written: %v", err)
	}
	if code, _, errs := runCLI(t, "gen", "tight-splitsrpt", "--n", "5", "--beta", "0.5"); code != 1 || !strings.Contains(errs, "β > 1") {
		t.Errorf("beta 0.5: exit %d %s", code, errs)
	}
	code, out, errs := runCLI(t, "adversary", "--policy", "maxsrpt,splitsrpt", "--n", "8,27", "--format", "csv", "--quiet")
	if code != 0 || strings.Count(out, "\n") != 5 {
		t.Errorf("adversary: %d %q %s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "gen", "adversary", "--policy", "ps", "--n", "27", "--out", filepath.Join(dir, "a.json"), "--alt-out", filepath.Join(dir, "a.alt.json")); code != 0 {
		t.Errorf("gen adversary: %s", errs)
	}
}

func TestHardSearch(t *testing.T) {
	testenv.RequireHiGHS(t, engine.Default)
	dir := t.TempDir()
	code, out, errs := runCLI(t, "search", "--policy", "splitsrpt", "--n", "3", "--restarts", "1", "--steps", "5", "--exact-max", "3", "--out-dir", dir, "--format", "csv", "--quiet")
	if code != 0 || !strings.Contains(out, "splitsrpt,3,") {
		t.Fatalf("search: %d %s %s", code, out, errs)
	}
	if _, err := instances.ReadFile(filepath.Join(dir, "search-splitsrpt-n3.json")); err != nil {
		t.Errorf("worst instance not saved: %v", err)
	}
}

func TestHardHelpExamples(t *testing.T) {
	for _, args := range [][]string{{"reduce", "nmts", "--help"}, {"reduce", "verify", "--help"}, {"search", "--help"}, {"adversary", "--help"}, {"gen", "nmts", "--help"}} {
		code, out, _ := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, "Example:") {
			t.Errorf("%v: no worked example in help (exit %d)", args, code)
		}
	}
}

// TestHardSearchBadTimeLimit: found by the bad-input QA
// (docs/cli.md, "Bad input"): a negative --time-limit was accepted.
func TestHardSearchBadTimeLimit(t *testing.T) {
	code, _, errs := runCLI(t, "search", "--n", "3", "--time-limit", "-1s", "--quiet")
	if code != 1 || !strings.Contains(errs, "--time-limit -1s: want ≥ 0") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
