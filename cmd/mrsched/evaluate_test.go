package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/tolerance"
)

// TestEvaluate: the plan a solve writes, evaluated from the command line:
// the same bytes for 1 and 4 workers (the provenance, which records the
// command line, stripped); with σ = 0 every statistic of every method is
// its objective on the estimates, and the list replay is no better than
// the plan's own schedule (local re-solves its order with the fixed-order
// LP, whose optimum is at most that of the order's list schedule, which
// has the same completion order); exactly one of --schedule and --order.
func TestEvaluate(t *testing.T) {
	dir := t.TempDir()
	inst, plan := filepath.Join(dir, "night.json"), filepath.Join(dir, "plan.json")
	if code, _, e := runCmd(t, "gen", "dag", "--n", "12", "--layers", "3", "--seed", "3", "--out", inst, "--quiet"); code != 0 {
		t.Fatal(e)
	}
	if code, _, e := runCmd(t, "solve", "--instance", inst, "--method", "local", "--schedule", plan, "--quiet"); code != 0 {
		t.Fatal(e)
	}
	var outs []string
	for _, w := range []string{"1", "4"} {
		code, out, e := runCmd(t, "evaluate", "--instance", inst, "--schedule", plan, "--sigma", "0.4", "--reps", "24", "--seed", "5", "--workers", w, "--format", "json")
		if code != 0 {
			t.Fatalf("workers %s: %s", w, e)
		}
		outs = append(outs, string(provenance.Strip([]byte(out))))
	}
	if outs[0] != outs[1] {
		t.Error("evaluate output differs between 1 and 4 workers")
	}
	if !strings.Contains(outs[0], `"seed": 5`) {
		t.Error("JSON lacks the seed")
	}
	code, out, e := runCmd(t, "evaluate", "--instance", inst, "--schedule", plan, "--sigma", "0", "--reps", "3", "--format", "json")
	if code != 0 {
		t.Fatal(e)
	}
	var r struct {
		Planned float64 `json:"planned"`
		Methods []struct {
			Method                      string
			Nominal, Mean, P5, P50, P95 float64
			Objectives                  []float64
		} `json:"methods"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if m := r.Methods[0]; m.Method != "plan-list" || !tolerance.GE(m.Nominal, r.Planned) {
		t.Errorf("first method %+v, want plan-list with objective ≥ the plan's %v", m, r.Planned)
	}
	for _, m := range r.Methods {
		if len(m.Objectives) != 3 {
			t.Errorf("%s: %d objectives, want 3", m.Method, len(m.Objectives))
		}
		for _, v := range append([]float64{m.Mean, m.P5, m.P50, m.P95}, m.Objectives...) {
			if v != m.Nominal {
				t.Errorf("σ = 0: %s statistic %v, want its nominal %v", m.Method, v, m.Nominal)
			}
		}
	}
	for _, args := range [][]string{
		{"evaluate", "--instance", inst},
		{"evaluate", "--instance", inst, "--schedule", plan, "--order", "0"},
	} {
		if code, _, e := runCmd(t, args...); code != 1 || !strings.Contains(e, "--schedule") {
			t.Errorf("%v: exit %d, stderr %q; want 1 naming --schedule", args, code, e)
		}
	}
	if code, _, e := runCmd(t, "evaluate", "--instance", inst, "--order", "J1,J2", "--reps", "2"); code != 1 || !strings.Contains(e, "--order") {
		t.Errorf("short order: exit %d, stderr %q", code, e)
	}
	// An exact schedule (solve --exact) is a plan too; its objective is the
	// optimum, so no more than that of its order's list schedule.
	ta, exact := filepath.Join(dir, "ta6.json"), filepath.Join(dir, "ta6.exact.json")
	code, out, e = runCmd(t, "gen", "taillard", "--jobs", "6", "--machines", "2", "--seed", "873654221", "--format", "json")
	if code != 0 || os.WriteFile(ta, []byte(out), 0o644) != nil {
		t.Fatal(e)
	}
	if code, _, e := runCmd(t, "solve", "--exact", "--instance", ta, "--schedule", exact, "--quiet"); code != 0 {
		t.Fatal(e)
	}
	code, out, e = runCmd(t, "evaluate", "--instance", ta, "--schedule", exact, "--reps", "4", "--format", "json")
	if code != 0 {
		t.Fatal(e)
	}
	r.Methods = nil
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !tolerance.LE(r.Planned, r.Methods[0].Nominal) {
		t.Errorf("exact plan: optimum %v above its list replay %v", r.Planned, r.Methods[0].Nominal)
	}
}
