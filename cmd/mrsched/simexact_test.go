package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// TestSimulateExact: simulate --exact on the §2.1 example prints the
// completions as fractions, its exact schedule passes validate, and one
// tampered fraction makes validate fail naming the field.
func TestSimulateExact(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "ex.json")
	if err := instances.WriteFile(inst, instances.Example21()); err != nil {
		t.Fatal(err)
	}
	sched := filepath.Join(dir, "ps.json")
	var out, errb bytes.Buffer
	if code := run([]string{"mrsched", "simulate", "--instance", inst, "--policy", "ps", "--exact", "--format", "json", "--schedule", sched}, &out, &errb); code != 0 {
		t.Fatalf("simulate --exact: exit %d: %s", code, errb.String())
	}
	var o struct {
		Total string `json:"total_response_time"`
		Jobs  []struct {
			Completion string `json:"completion"`
		} `json:"jobs"`
		Provenance map[string]any `json:"provenance"`
	}
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	// PS on §2.1 by hand (solver/fluid/ratsim TestExample21): 19/5, 6, 5.
	if o.Total != "74/5" || len(o.Jobs) != 3 || o.Jobs[0].Completion != "19/5" || o.Jobs[2].Completion != "5" || o.Provenance == nil {
		t.Errorf("simulate --exact json: %s", out.String())
	}
	out.Reset()
	if code := run([]string{"mrsched", "validate", "--instance", inst, "--schedule", sched}, &out, &errb); code != 0 {
		t.Fatalf("validate: exit %d: %s %s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "74/5") {
		t.Errorf("validate does not show the exact total: %s", out.String())
	}
	data, err := os.ReadFile(sched)
	if err != nil {
		t.Fatal(err)
	}
	// J1 shuffles at 5/9 in [0, 3) (water-filling by hand); claim 5/8: the
	// shuffle rates of segment 0 then sum to 77/72 > 1.
	bad := strings.Replace(string(data), `"shuffle": "5/9"`, `"shuffle": "5/8"`, 1)
	if bad == string(data) {
		t.Fatalf("no rate 5/9 to tamper with in %s", data)
	}
	badPath := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(badPath, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"mrsched", "validate", "--instance", inst, "--schedule", badPath}, &out, &errb); code != 2 {
		t.Errorf("validate of a tampered exact schedule: exit %d, want 2: %s", code, out.String())
	}
	if !strings.Contains(out.String(), "INVALID") || !strings.Contains(out.String(), "segments[0]") {
		t.Errorf("the tampered field is not named: %s", out.String())
	}
	errb.Reset()
	if code := run([]string{"mrsched", "simulate", "--instance", inst, "--policy", "klps", "--exact"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "--policy") {
		t.Errorf("klps --exact: exit %d, stderr %s", code, errb.String())
	}
}
