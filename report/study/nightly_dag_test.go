package study

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// handNight is a hand-made night from 22:00: b needs a, b weighs 2.
// Deadlines, decided by hand for every schedule the policies produce:
//   - b is due at 22:15 (15 minutes) but cannot complete before 20: a
//     needs 10 minutes of map and of shuffle (each station has capacity 1),
//     and b gets no service before a completes and then needs 10 more of
//     each (the critical path); so b is late in every schedule, by at least
//     5 minutes.
//   - c is due at 23:00 (60 minutes): the policies never idle a station
//     with work available, and running the three jobs one after the other
//     already completes them by 20 + 20 + 10 = 50 ≤ 60, so c is on time.
//   - a has no deadline.
const handNight = `# start: 22:00
id,release,map,shuffle,weight,after,due
a,22:00,10,10,,,
b,22:00,10,10,2,a,22:15
c,22:00,5,5,,,23:00
`

// nightlyOn runs the nightly study on in with methods that need no engine
// and returns its set.
func nightlyOn(t *testing.T, name string, in *instances.Instance, methods string) *sweep.Set {
	t.Helper()
	sw, err := NightlySweep(report.InstanceSource(name, "test", in), methods, 10*time.Second, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestNightlyDAGPlan: on a hand night with a dependency, unequal weights
// and deadlines, every schedule of the study passes the independent
// validator (so no job is served before its predecessor completes), the
// plan's late flags are the hand-decided ones (handNight), the plan shows
// clock times and predecessors, SplitSRPT is a row that refuses (not a
// failure), and the guarantee columns say none.
func TestNightlyDAGPlan(t *testing.T) {
	in, err := instances.ReadCSV(strings.NewReader(handNight), "hand.csv")
	if err != nil {
		t.Fatal(err)
	}
	set := nightlyOn(t, "hand", in, "fifo,ps,maxsrpt,splitsrpt,lb51,lbcount")
	r, in2, scheds, err := decodeNightly(set, nil)
	if err != nil {
		t.Fatal(err)
	}
	ir := r.Report
	if len(ir.Errors) != 0 || len(ir.Violations) != 0 {
		t.Fatalf("errors %q, violations %q", ir.Errors, ir.Violations)
	}
	if len(scheds) != 4 { // fifo, ps, maxsrpt, splitsrpt
		t.Errorf("%d schedules, want 4", len(scheds))
	}
	for m, s := range scheds {
		vr, err := validate.Check(in2, s)
		if err != nil {
			t.Errorf("%s: the validator rejects the schedule: %v", m, err)
			continue
		}
		// The report's objective is the validator's weighted total.
		for _, mr := range ir.Methods {
			if mr.Method == m && float64(mr.TotalResponse) != vr.WeightedResponse {
				t.Errorf("%s: report total %v, validator's weighted total %v", m, mr.TotalResponse, vr.WeightedResponse)
			}
		}
		plan := report.Plan(in2, s)
		late := map[string]string{}
		for _, p := range plan {
			switch {
			case !p.HasDue:
				late[p.Job] = ""
			case p.Late:
				late[p.Job] = "yes"
			default:
				late[p.Job] = "no"
			}
			if p.Job == "b" && (strings.Join(p.After, ";") != "a" || p.DueClock != "22:15" || p.Start < s.Completion[0]) {
				t.Errorf("%s: plan row of b %+v: want after a, due 22:15, start ≥ a's completion %v", m, p, s.Completion[0])
			}
			if p.CompletionClock != instances.ClockOf(in2.Metadata).Format(p.Completion) || p.CompletionClock == "" {
				t.Errorf("%s: completion clock %q of %s", m, p.CompletionClock, p.Job)
			}
		}
		if late["a"] != "" || late["b"] != "yes" || late["c"] != "no" { // hand-decided in handNight
			t.Errorf("%s: late flags %v, want a none, b yes, c no", m, late)
		}
		if l := report.Deadlines(plan); vr.Late == nil || l.Jobs != vr.Late.Jobs || len(l.Late) != vr.Late.Late || l.WeightedTardiness != vr.Late.WeightedTardiness {
			t.Errorf("%s: plan deadlines %+v, validator %+v", m, l, vr.Late)
		}
	}
	// Guarantees: none, in the report and its rendering.
	if ir.GuaranteesNone != "dependencies and unequal weights" {
		t.Errorf("guarantees none: %q", ir.GuaranteesNone)
	}
	for _, m := range ir.Methods {
		switch m.Method {
		case "maxsrpt", "splitsrpt":
			if m.GuaranteeCheck != report.CheckNone {
				t.Errorf("%s guarantee check %q, want none", m.Method, m.GuaranteeCheck)
			}
		case "lb51", "lbcount":
			if m.Status != "not_applicable" {
				t.Errorf("%s: status %q, want not_applicable", m.Method, m.Status)
			}
		}
	}
	out := renderAll(t, set)
	var js struct {
		Report struct {
			Instances []struct {
				MaxSRPT   *float64 `json:"maxsrpt_guarantee_ratio"`
				SplitSRPT *float64 `json:"splitsrpt_guarantee_ratio"`
			} `json:"instances"`
		} `json:"report"`
		Plan   [][]string `json:"plan"`
		Header []string   `json:"plan_header"`
	}
	if err := json.Unmarshal([]byte(out[tabular.JSON]), &js); err != nil {
		t.Fatal(err)
	}
	if i := js.Report.Instances; len(i) != 1 || i[0].MaxSRPT != nil || i[0].SplitSRPT != nil {
		t.Errorf("JSON guarantees not null: %s", out[tabular.JSON])
	}
	if strings.Join(js.Header, ",") != strings.Join(report.PlanHeader, ",") || len(js.Plan) != 3 {
		t.Errorf("JSON plan header %q, %d rows", js.Header, len(js.Plan))
	}
	for _, f := range []tabular.Format{tabular.Text, tabular.Markdown, tabular.CSV} {
		if !strings.Contains(out[f], "22:15") || !strings.Contains(out[f], "lateness") {
			t.Errorf("%v output lacks the plan's deadline or lateness column:\n%s", f, out[f])
		}
	}
	if !strings.Contains(out[tabular.Text], "guarantees none") || !strings.Contains(out[tabular.Text], " none   none ") {
		t.Errorf("text output does not say the guarantees are none:\n%s", out[tabular.Text])
	}
}

// TestNightlyExampleNight: the guide's example night (docs/examples/
// night.csv) runs without a failure, with every schedule valid and its one
// deadline (finance, 06:00) met by the best plan, whose weighted total is
// the report's best upper bound.
func TestNightlyExampleNight(t *testing.T) {
	in, err := instances.ReadFile("../../docs/examples/night.csv")
	if err != nil {
		t.Fatal(err)
	}
	set := nightlyOn(t, "night.csv", in, "fifo,maxsrpt,splitsrpt,lbcount")
	r, in2, scheds, err := decodeNightly(set, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Report.Errors) != 0 || len(r.Report.Violations) != 0 {
		t.Fatalf("errors %q, violations %q", r.Report.Errors, r.Report.Violations)
	}
	best := scheds[r.Report.BestUpperBy]
	vr, err := validate.Check(in2, best)
	if err != nil {
		t.Fatal(err)
	}
	// finance is 5 + 5 minutes after a chain that the whole night's work
	// (157 map, 165 shuffle minutes) bounds: at most 322 minutes after
	// 22:00, long before 06:00 (480).
	if vr.WeightedResponse != float64(r.Report.BestUpper) || vr.Late == nil || vr.Late.Late != 0 {
		t.Errorf("best plan: weighted total %v (report %v), late %+v", vr.WeightedResponse, r.Report.BestUpper, vr.Late)
	}
	var b bytes.Buffer
	if err := writeNightly(set, tabular.Text, &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "the deadline is met") {
		t.Errorf("text output:\n%s", b.String())
	}
}
