package report_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

func write(t *testing.T, v *tabular.View, f tabular.Format) string {
	t.Helper()
	var b bytes.Buffer
	if err := v.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSolveView: a hand-made answer on two jobs; every expected cell is
// the answer's field or the job's completion minus its release.
func TestSolveView(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Release: 1, Map: 2, Shuffle: 3}, {ID: "b", Map: 1, Shuffle: 1}})
	a := &exact.Answer{Answer: mip.Answer{Status: exact.StatusOptimal, Objective: 7, LowerBound: 7, BoundSource: mip.SourceSearch,
		Schedule: &schedule.Schedule{Completion: []float64{6, 2}}}, Method: "search",
		ScheduleSource: "search", Order: []int{1, 0},
		Nodes: 3, LPs: 2, Time: time.Second, Notes: []string{"n1"}}
	v := report.SolveView("x.json", in, a)
	for _, tc := range []struct {
		f    tabular.Format
		want []string
	}{
		// Response of a: 6 − 1 = 5; of b: 2 − 0 = 2.
		{tabular.CSV, []string{"id,release,map,shuffle,completion,response\na,1,2,3,6,5\nb,0,1,1,2,2\n"}},
		{tabular.Text, []string{"method search: optimal, objective 7 (search), lower bound 7 (search), gap 0%, 3 nodes, 2 LPs, 1s\norder b,a\nnote: n1\n"}},
		{tabular.JSON, []string{`"instance": "x.json"`, `"order": [` + "\n    \"b\",\n    \"a\"\n  ]", `"response": 5`}},
	} {
		got := write(t, v, tc.f)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: %q lacks %q", tc.f, got, w)
			}
		}
		if tc.f == tabular.CSV && strings.Contains(got, "method") {
			t.Errorf("CSV carries the summary lines: %q", got)
		}
	}
}

// TestValidateView: a verdict of invalid lists the violations; a valid one
// is one row; an error that is no verdict gives no view.
func TestValidateView(t *testing.T) {
	s := &schedule.Schedule{Segments: make([]schedule.Segment, 4)}
	bad := &validate.Error{Violations: []validate.Violation{{Rule: "capacity", Segment: 2, Job: "j1", Detail: "map rate 2 > 1"}}}
	if got := write(t, report.ValidateView("s.json", s, validate.Result{}, bad), tabular.CSV); got != "rule,segment,job,detail\ncapacity,2,j1,map rate 2 > 1\n" {
		t.Errorf("invalid: %q", got)
	}
	if got := write(t, report.ValidateView("s.json", s, validate.Result{TotalResponse: 9, Makespan: 4}, nil), tabular.CSV); got != "schedule,valid,total_response_time,makespan,segments\ns.json,true,9,4,4\n" {
		t.Errorf("valid: %q", got)
	}
	// Weights and deadlines add their columns (values as given).
	wl := validate.Result{TotalResponse: 9, Makespan: 4, Weighted: true, WeightedResponse: 20,
		Late: &validate.Lateness{Jobs: 2, Late: 1, MaxLateness: 0.5, WeightedTardiness: 1.5}}
	if got := write(t, report.ValidateView("s.json", s, wl, nil), tabular.CSV); got != "schedule,valid,total_response_time,makespan,segments,weighted_response_time,jobs_with_deadline,late_jobs,max_lateness,weighted_tardiness\ns.json,true,9,4,4,20,2,1,0.5,1.5\n" {
		t.Errorf("weighted with deadlines: %q", got)
	}
	if v := report.ValidateView("s.json", s, validate.Result{}, errors.New("not a verdict")); v != nil {
		t.Errorf("an error that is no verdict gave a view")
	}
}

// TestCompareView: the validators' errors come back joined; the table has
// one row per policy.
func TestCompareView(t *testing.T) {
	r := &fluid.Result{TotalResponse: 12, MeanResponse: 4, MeanSlowdown: 2, Makespan: 6, Schedule: &schedule.Schedule{Segments: make([]schedule.Segment, 5)}}
	e1 := errors.New("bug")
	v, err := report.CompareView("ex", instances.Example21(), 1, []fluid.Comparison{{Policy: "fifo", Result: r}, {Policy: "ps", Result: r, Invalid: e1}})
	if !errors.Is(err, e1) {
		t.Errorf("error %v, want the invalid policy's", err)
	}
	want := "policy,total_response_time,mean_response_time,mean_slowdown,makespan,segments,valid\nfifo,12,4,2,6,5,true\nps,12,4,2,6,5,false\n"
	if got := write(t, v, tabular.CSV); got != want {
		t.Errorf("got %q", got)
	}
}

// TestSolutionView: CSV is one key/value table with the gap as a fraction
// and the columns and duals prefixed; text shows the gap as a percentage
// and leaves out empty tables.
func TestSolutionView(t *testing.T) {
	sol := engine.Solution{File: "m.lp", Engine: "highs", Status: "optimal", Objective: 5, BestBound: 4, Gap: 0.25,
		Columns: []engine.Value{{Name: "x", Value: 2}}, Rows: []engine.Dual{{Name: "c1", Dual: 0.5}}, Model: map[string]int{"columns": 1, "rows": 1}}
	csv := write(t, report.SolutionView(sol), tabular.CSV)
	for _, w := range []string{"key,value\n", "gap,0.25\n", "x:x,2\n", "dual:c1,0.5\n"} {
		if !strings.Contains(csv, w) {
			t.Errorf("CSV %q lacks %q", csv, w)
		}
	}
	sol.Rows = nil
	text := write(t, report.SolutionView(sol), tabular.Text)
	if !strings.Contains(text, "25%") || strings.Contains(text, "dual") {
		t.Errorf("text: %q", text)
	}
}

// MaxSRPT on the §2.1 example (a batch: every release 0): J1 (1, 2) ends
// at 2, J3 (2, 2) at 4 and J2 (3, 1) at Σ x = 6, a total of 12, equal to
// the subset lower bound of ExampleBoundsView, so the schedule is optimal.
func ExampleSimulateView() {
	in := instances.Example21()
	p, _ := fluid.ParsePolicy("maxsrpt", 0, nil)
	r, err := fluid.Simulate(in, p, fluid.Options{Speed: 1})
	if err != nil {
		return
	}
	report.SimulateView("§2.1", in, p, 0, 1, r).Write(os.Stdout, tabular.CSV)
	// Output:
	// id,release,map,shuffle,completion,response,slowdown
	// J1,0,1,2,2,2,1
	// J2,0,3,1,6,6,2
	// J3,0,2,2,4,4,2
}

// The bounds of the §2.1 example as 'mrsched bound --format csv' prints
// them (the prefix bound 10 is derived in ExampleAllBounds, the mixed
// bound 11.5 in ExampleBoundsFile).
func ExampleBoundsView() {
	rows, _ := report.AllBounds(context.Background(), instances.Example21(), nil)
	report.BoundsView(rows).Write(os.Stdout, tabular.CSV)
	// Output:
	// name,value,kind,note
	// alpha,3,parameter,"max_i max(x_i/y_i, y_i/x_i), Theorem 3"
	// maxsrpt_guarantee,1.5,guarantee,"2α/(1+α): speed (Thm 3), batch ratio (Cor 4)"
	// beta,1,parameter,"min_i max(x_i/y_i, y_i/x_i), Theorem 5 / Cor 6"
	// splitsrpt_guarantee,2,guarantee,"1 + 1/β: speed (Thm 5), batch ratio (Cor 6)"
	// paper51,10,lower bound,§5.1: SRPT in map and shuffle systems per busy period
	// counting,10,lower bound,"(b) ∫ arrived − min(N_A, N_B) dt"
	// prefix,10,lower bound,"(a) batch: Σ_k max(X_(k), Y_(k))"
	// mixed_counting,11.5,lower bound,"Σ_k max(L_(k), max_α f_k(α)): SRPT on one server for α·x + (1−α)·y, per rank (≥ counting)"
	// subset,12,lower bound,"batch, n ≤ 22: min over orders of Σ_k max(X_k, Y_k) (subset DP, ≥ prefix)"
}

// The answer of a policy through exact.Solve, as 'mrsched solve --method
// maxsrpt --format csv' prints it: the completions of ExampleSimulateView.
func ExampleSolveView() {
	in := instances.Example21()
	a, err := exact.Solve(context.Background(), nil, in, exact.Options{Method: "maxsrpt"})
	if err != nil {
		fmt.Println(err)
		return
	}
	report.SolveView("§2.1", in, a).Write(os.Stdout, tabular.CSV)
	// Output:
	// id,release,map,shuffle,completion,response
	// J1,0,1,2,2,2
	// J2,0,3,1,6,6
	// J3,0,2,2,4,4
}

// A simulated schedule checked by the validator: one row, total 12 (see
// ExampleSimulateView).
func ExampleValidateView() {
	in := instances.Example21()
	p, _ := fluid.ParsePolicy("maxsrpt", 0, nil)
	r, err := fluid.Simulate(in, p, fluid.Options{Speed: 1, Record: true})
	if err != nil {
		return
	}
	res, err := validate.Check(in, r.Schedule)
	report.ValidateView("s.json", r.Schedule, res, err).Write(os.Stdout, tabular.CSV)
	// Output:
	// schedule,valid,total_response_time,makespan,segments
	// s.json,true,12,6,6
}

// Every policy of 'mrsched compare' on the §2.1 example.
func ExampleCompareView() {
	in := instances.Example21()
	cmp, err := fluid.Compare(in, fluid.ComparePolicies(fluid.DefaultK), 1)
	if err != nil {
		return
	}
	v, invalid := report.CompareView("§2.1 example", in, 1, cmp)
	v.Write(os.Stdout, tabular.CSV)
	fmt.Println("invalid:", invalid)
	// Output:
	// policy,total_response_time,mean_response_time,mean_slowdown,makespan,segments,valid
	// fifo,12,4,1.7777777777777777,6,5,true
	// ps,14.8,4.933333333333334,2.1333333333333333,6,5,true
	// klps,14.8,4.933333333333334,2.1333333333333333,6,5,true
	// klps-maponly,14.8,4.933333333333334,2.1333333333333333,6,5,true
	// maxsrpt,12,4,1.6666666666666667,6,6,true
	// splitsrpt,14,4.666666666666667,2,6,5,true
	// splitsrpt-strict,16,5.333333333333333,2.222222222222222,8,3,true
	// invalid: <nil>
}

// The summary of the §2.1 example: Σ x = 1 + 3 + 2 = 6, Σ y = 2 + 1 + 2 = 5.
func ExampleSummaryView() {
	report.SummaryView(instances.Summarize(instances.Example21())).Write(os.Stdout, tabular.CSV)
	// Output:
	// field,value
	// jobs,3
	// batch,true
	// map_capacity,1
	// shuffle_capacity,1
	// total_map,6
	// total_shuffle,5
	// last_release,0
	// jobs_without_map,0
	// jobs_without_shuffle,0
}

// The engines table (its rows depend on the machine; the header does not).
func ExampleEnginesView() {
	v := report.EnginesView(engine.Available(), false)
	fmt.Println(strings.Join(v.Tables[0].Header, ","))
	// Output:
	// engine,available,default,version,kind,location,problem
}

// A solved model file as 'mrsched mip solve --format csv' prints it.
func ExampleSolutionView() {
	sol := engine.Solution{File: "tiny.lp", Engine: "highs", Status: "optimal", Objective: 1080, BestBound: 1080,
		Columns: []engine.Value{{Name: "x", Value: 20}, {Name: "y", Value: 10}}, Model: map[string]int{"columns": 2, "rows": 2}}
	report.SolutionView(sol).Write(os.Stdout, tabular.CSV)
	// Output:
	// key,value
	// file,tiny.lp
	// engine,highs
	// status,optimal
	// objective,1080
	// best_bound,1080
	// gap,0
	// nodes,0
	// time_seconds,0
	// columns,2
	// rows,2
	// x:x,20
	// x:y,10
}
