package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenDAG: the same seed gives the same file, the file reads back with
// its dependencies (check), and bad dependency files are refused by check
// with the file, line and field.
func TestGenDAG(t *testing.T) {
	_, a, _ := runCLI(t, "gen", "dag", "--n", "30", "--layers", "3", "--seed", "5", "--format", "csv")
	_, b, _ := runCLI(t, "gen", "dag", "--n", "30", "--layers", "3", "--seed", "5", "--format", "csv")
	_, c, _ := runCLI(t, "gen", "dag", "--n", "30", "--layers", "3", "--seed", "6", "--format", "csv")
	if a != b || a == c || !strings.Contains(a, "id,release,map,shuffle,weight,after,due\n") {
		t.Fatalf("same seed must give identical output, another seed another one:\n%s", a)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "night.csv")
	if code, _, errs := runCLI(t, "gen", "dag", "--n", "30", "--seed", "5", "--out", p); code != 0 {
		t.Fatal(errs)
	}
	if code, out, errs := runCLI(t, "check", "--instance", p); code != 0 {
		t.Fatalf("check: %d %s %s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "gen", "dag", "--n", "3", "--layers", "4"); code == 0 || !strings.Contains(errs, "layers must be in 1…n = 3, got 4") {
		t.Errorf("layers > n: %d %s", code, errs)
	}
	bad := filepath.Join(dir, "cycle.csv")
	if err := os.WriteFile(bad, []byte("id,map,shuffle,after\na,1,1,b\nb,1,1,a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, "check", "--instance", bad); code == 0 || !strings.Contains(errs, `cycle.csv:2: field after: instances: invalid instance: dependency cycle through 2 jobs: "a" is after "b", "b" is after "a"`) {
		t.Errorf("cycle: %d %s", code, errs)
	}
}
