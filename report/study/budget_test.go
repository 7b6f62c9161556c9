package study

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
)

// largeMethods are the nightly study's default methods.
const largeMethods = DefaultNightlyMethods

// checkRows checks that every method of methods has a row that answers:
// polish and portfolio skipped at their size limit with the reason, the
// others run (or stopped by the time limit), and no failure or violation.
func checkRows(t *testing.T, ir report.InstanceResult, methods string) {
	t.Helper()
	// The size limits of solver/exact (exact.MaxN).
	skips := map[string]string{"polish": "n = 300 > 150 jobs", "portfolio": "n = 300 > 64 jobs"}
	names := strings.Split(methods, ",")
	if len(ir.Methods) != len(names) {
		t.Fatalf("%d rows for the %d methods %s", len(ir.Methods), len(names), methods)
	}
	for k, m := range ir.Methods {
		if m.Method != names[k] {
			t.Errorf("row %d is %s, want %s", k, m.Method, names[k])
		}
		if want, ok := skips[m.Method]; ok {
			if m.Status != report.StatusSkipped || !strings.HasPrefix(m.Note, want) || m.GuaranteeCheck != "" || !math.IsNaN(float64(m.TotalResponse)) {
				t.Errorf("%s: status %q, note %q, check %q; want skipped, %q, no check", m.Method, m.Status, m.Note, m.GuaranteeCheck, want)
			}
			continue
		}
		switch m.Status {
		case "heuristic", "lower_bound", "time_limit":
		default:
			t.Errorf("%s: status %q (note %q)", m.Method, m.Status, m.Note)
		}
	}
	if len(ir.Violations)+len(ir.Errors) != 0 {
		t.Errorf("violations %v, failures %v", ir.Violations, ir.Errors)
	}
}

// TestLargeNightlyAndReport: a 300-job batch gets an answer for every
// method row in the nightly study and in the report, with no problems
// (the commands exit 0).
func TestLargeNightlyAndReport(t *testing.T) {
	in, err := instances.PaperLogNormal(300, 0, true).Generate(instances.SeedSource(1))
	if err != nil {
		t.Fatal(err)
	}
	sw, err := NightlySweep(report.InstanceSource("ln300", "test", in), largeMethods, 3*time.Second, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := Problems(set); err != nil {
		t.Errorf("nightly: %v", err)
	}
	r, _, _, err := decodeNightly(set, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, r.Report, largeMethods)
	if _, ok := r.Schedules[r.Report.BestUpperBy]; !ok {
		t.Errorf("the best schedule (%s) is not kept", r.Report.BestUpperBy)
	}

	o, err := RunReport(context.Background(), ReportConfig{Gens: []string{"lognormal,n=300,batch,seed=1"}, Methods: largeMethods, TimeLimit: 3 * time.Second, Start: time.Now()},
		SweepConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Problems(); err != nil {
		t.Errorf("report: %v", err)
	}
	res, err := report.Decode(o.Set)
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, res[0], largeMethods)
}
