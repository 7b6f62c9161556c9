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

func TestSimulateCommands(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "ex.json")
	if err := instances.WriteFile(inst, instances.Example21()); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	sched := filepath.Join(dir, "fifo.json")
	if code := run([]string{"mrsched", "simulate", "--instance", inst, "--policy", "fifo", "--format", "json", "--schedule", sched}, &out, &errb); code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errb.String())
	}
	var o struct {
		Total float64 `json:"total_response_time"`
		Mean  float64 `json:"mean_response_time"`
		Jobs  []struct {
			ID         string  `json:"id"`
			Completion float64 `json:"completion"`
			Response   float64 `json:"response"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	// §2.1: FIFO completes at 2, 4, 6 → total 12, mean 4.
	if o.Total != 12 || o.Mean != 4 || len(o.Jobs) != 3 || o.Jobs[1].ID != "J2" || o.Jobs[1].Completion != 4 {
		t.Errorf("simulate json: %+v", o)
	}
	out.Reset()
	if code := run([]string{"mrsched", "validate", "--instance", inst, "--schedule", sched}, &out, &errb); code != 0 {
		t.Fatalf("validate: exit %d: %s", code, errb.String())
	}
	// Corrupt the schedule: claim J3 completes at 5.
	data, _ := os.ReadFile(sched)
	bad := strings.Replace(string(data), `{"id": "J3", "completion": 6}`, `{"id": "J3", "completion": 5}`, 1)
	if bad == string(data) {
		t.Fatal("could not corrupt the schedule file")
	}
	badPath := filepath.Join(dir, "bad.json")
	os.WriteFile(badPath, []byte(bad), 0o644)
	out.Reset()
	errb.Reset()
	if code := run([]string{"mrsched", "validate", "--instance", inst, "--schedule", badPath}, &out, &errb); code != 2 {
		t.Errorf("validate of a corrupted schedule: exit %d, want 2", code)
	}
	if !strings.Contains(out.String(), "completion") {
		t.Errorf("violation not listed: %s", out.String())
	}
	out.Reset()
	if code := run([]string{"mrsched", "compare", "--example", "--format", "csv"}, &out, &errb); code != 0 {
		t.Fatalf("compare: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "maxsrpt,12,4,") || strings.Contains(out.String(), "false") {
		t.Errorf("compare output:\n%s", out.String())
	}
	errb.Reset()
	if code := run([]string{"mrsched", "simulate", "--instance", inst, "--policy", "lifo"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "unknown policy") {
		t.Errorf("unknown policy: exit %d, stderr %s", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"mrsched", "simulate", "--instance", inst, "--policy", "order", "--order", "0,0,1"}, &out, &errb); code != 1 {
		t.Errorf("bad order: exit %d", code)
	}
	if code := run([]string{"mrsched", "compare", "--example", "--lognormal", "5"}, &out, &errb); code != 1 {
		t.Errorf("two instance sources: exit %d", code)
	}
}

// TestSimulateBadFlags: Found by the bad-input QA (docs/cli.md, "Bad input") — --k 0 and
// --speed 0 used to be accepted (speed 0 silently meant 1).
func TestSimulateBadFlags(t *testing.T) {
	x := filepath.Join(t.TempDir(), "x.json")
	if err := instances.WriteFile(x, instances.Example21()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"simulate", "--instance", x, "--policy", "klps", "--k", "0"}, "--k"},
		{[]string{"simulate", "--instance", x, "--policy", "fifo", "--speed", "0"}, "--speed"},
		{[]string{"compare", "--example", "--speed", "-1"}, "--speed"},
		{[]string{"compare", "--example", "--k", "-3"}, "--k"},
	} {
		args := c.args
		var out, errb bytes.Buffer
		code := run(append([]string{"mrsched"}, args...), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.flag) {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestSimulateWeightedSplitSRPT: splitsrpt on a weighted instance (two jobs
// of fluid's TestSplitSRPTWeightsHand: a map 2 weight 1, b map 3 weight 3)
// runs from the command line and ranks by Smith's ratio: b (3/3 = 1 < 2/1)
// completes at 3, a at 3 + 2 = 5, and validate accepts the schedule.
func TestSimulateWeightedSplitSRPT(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "w.json")
	sched := filepath.Join(dir, "s.json")
	if err := instances.WriteFile(inst, instances.New([]instances.Job{{ID: "a", Map: 2}, {ID: "b", Map: 3, Weight: 3}})); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"mrsched", "simulate", "--instance", inst, "--policy", "splitsrpt", "--format", "json", "--schedule", sched}, &out, &errb); code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errb.String())
	}
	var o struct {
		Jobs []struct {
			ID         string  `json:"id"`
			Completion float64 `json:"completion"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Jobs) != 2 || o.Jobs[0].Completion != 5 || o.Jobs[1].Completion != 3 {
		t.Errorf("simulate json: %+v, want a at 5, b at 3", o)
	}
	if code := run([]string{"mrsched", "validate", "--instance", inst, "--schedule", sched}, &out, &errb); code != 0 {
		t.Fatalf("validate: exit %d: %s", code, errb.String())
	}
}
