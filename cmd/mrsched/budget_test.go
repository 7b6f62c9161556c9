package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/study"
)

// TestNightlyTimeLimitEveryRow: 'study nightly --time-limit 5s' on a
// generated 100-job batch exits 0 and answers for every default method:
// portfolio skipped above its size limit with the reason, the others run
// or stopped by their share of the time limit, none failed.
func TestNightlyTimeLimitEveryRow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ln100.json")
	if code, _, errs := runReport(t, "gen", "lognormal", "--n", "100", "--batch", "--seed", "1", "--out", path, "--quiet"); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	code, out, errs := runReport(t, "study", "nightly", "--instance", path, "--time-limit", "5s", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d, want 0: %s", code, errs)
	}
	var got struct {
		Report report.Report `json:"report"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Report.Instances) != 1 {
		t.Fatalf("output %v: %.300s", err, out)
	}
	ir := got.Report.Instances[0]
	names := strings.Split(study.DefaultNightlyMethods, ",")
	if len(ir.Methods) != len(names) {
		t.Fatalf("%d rows for the %d methods %s", len(ir.Methods), len(names), study.DefaultNightlyMethods)
	}
	for k, m := range ir.Methods {
		if m.Method != names[k] {
			t.Errorf("row %d is %s, want %s", k, m.Method, names[k])
		}
		switch {
		case m.Method == "portfolio":
			// exact.SearchMaxN = 64 < 100 jobs.
			if m.Status != report.StatusSkipped || !strings.HasPrefix(m.Note, "n = 100 > 64 jobs") || m.GuaranteeCheck != "" {
				t.Errorf("portfolio: status %q, note %q, check %q; want skipped, n = 100 > 64 jobs", m.Status, m.Note, m.GuaranteeCheck)
			}
		case m.Status == report.StatusSkipped && m.Note == "":
			t.Errorf("%s: skipped without a reason", m.Method)
		case m.Status == "error":
			t.Errorf("%s: failed: %s", m.Method, m.Note)
		}
	}
	if len(ir.Violations)+len(ir.Errors) != 0 {
		t.Errorf("violations %v, failures %v", ir.Violations, ir.Errors)
	}
}
