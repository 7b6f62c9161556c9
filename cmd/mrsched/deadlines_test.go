package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// night is the embedded default night (six deadlines; as shipped they
// cannot all be met: bounds' shuffle-station certificate, 161 minutes of
// shuffle due within the first 150).
const night = "../../report/study/nightly.csv"

type lateJSON struct {
	Status   string `json:"status"`
	Lateness *struct {
		Jobs    int      `json:"jobs_with_deadline"`
		Late    int      `json:"late"`
		Max     float64  `json:"max_lateness"`
		LateIDs []string `json:"late_ids"`
	} `json:"lateness"`
	InfeasibleBy string `json:"infeasible_by"`
	Certificate  *struct {
		Relaxation string   `json:"relaxation"`
		Jobs       []string `json:"jobs"`
		Start      float64  `json:"start"`
		End        float64  `json:"end"`
		Work       float64  `json:"work"`
	} `json:"certificate"`
	Jobs []struct {
		ID       string   `json:"id"`
		Due      *float64 `json:"due"`
		Lateness *float64 `json:"lateness"`
	} `json:"jobs"`
}

func solveLate(t *testing.T, args ...string) lateJSON {
	t.Helper()
	code, out, errs := runExact(t, append([]string{"solve", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var r lateJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSolveLateness: soft mode reports the late jobs in every format; the
// per-job lateness agrees with the summary (late ids exactly the jobs of
// positive lateness; MaxSRPT misses at least one, since no schedule meets
// all six: the certificate below).
func TestSolveLateness(t *testing.T) {
	r := solveLate(t, "--instance", night, "--method", "maxsrpt")
	if r.Lateness == nil || r.Lateness.Jobs != 6 || r.Lateness.Late == 0 || r.Lateness.Late != len(r.Lateness.LateIDs) {
		t.Fatalf("lateness %+v", r.Lateness)
	}
	var late []string
	dues := 0
	for _, j := range r.Jobs {
		if j.Due != nil {
			dues++
			if *j.Lateness > 0 {
				late = append(late, j.ID)
			}
		}
	}
	if dues != 6 || strings.Join(late, ",") != strings.Join(r.Lateness.LateIDs, ",") {
		t.Errorf("jobs with due %d, late by the jobs %v, summary %v", dues, late, r.Lateness.LateIDs)
	}
	_, text, _ := runExact(t, "solve", "--instance", night, "--method", "maxsrpt")
	if !strings.Contains(text, "deadlines: ") || !strings.Contains(text, " of 6 jobs late, max lateness ") || !strings.Contains(text, "lateness\n") {
		t.Errorf("text output without the lateness:\n%s", text)
	}
	_, csv, _ := runExact(t, "solve", "--instance", night, "--method", "maxsrpt", "--format", "csv")
	if !strings.HasPrefix(csv, "id,release,map,shuffle,completion,response,due,lateness\n") {
		t.Errorf("csv header %q", strings.SplitN(csv, "\n", 2)[0])
	}
	// Without deadlines nothing changes: no lateness key or column, and
	// hard mode is soft mode.
	dir := t.TempDir()
	inst := filepath.Join(dir, "two.json")
	if err := os.WriteFile(inst, []byte(`{"kind":"tandem","jobs":[{"id":"a","map":10,"shuffle":1},{"id":"b","map":1,"shuffle":10}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, soft, _ := runExact(t, "solve", "--instance", inst, "--method", "maxsrpt", "--format", "csv")
	_, hard, _ := runExact(t, "solve", "--instance", inst, "--method", "maxsrpt", "--format", "csv", "--deadlines", "hard")
	if soft != hard || !strings.HasPrefix(soft, "id,release,map,shuffle,completion,response\n") {
		t.Errorf("without deadlines: soft %q, hard %q", soft, hard)
	}
	if r := solveLate(t, "--instance", inst, "--method", "maxsrpt"); r.Lateness != nil || r.Jobs[0].Due != nil {
		t.Errorf("lateness reported without deadlines: %+v", r.Lateness)
	}
}

// TestSolveHardStatuses: infeasible with a certificate (the embedded
// night), infeasible by the deadline MIP and unknown (the coupled pair of
// solver/exact's tests: a (1,0) due 1 fills the map station until 1, so b
// (0.5,1) completes at 2 at the earliest), optimal 3 with b due at 2.
func TestSolveHardStatuses(t *testing.T) {
	dir := t.TempDir()
	sched := filepath.Join(dir, "s.json")
	r := solveLate(t, "--instance", night, "--method", "local", "--deadlines", "hard", "--schedule", sched)
	c := r.Certificate
	if r.Status != "infeasible" || r.InfeasibleBy != "certificate" || c == nil || c.Relaxation != "shuffle station" || len(c.Jobs) != 9 || c.Start != 0 || c.End != 150 || c.Work != 161 {
		t.Fatalf("night: status %s by %s, certificate %+v", r.Status, r.InfeasibleBy, c)
	}
	if _, err := os.Stat(sched); !os.IsNotExist(err) {
		t.Errorf("infeasible answer wrote a schedule (%v)", err)
	}
	_, csv, _ := runExact(t, "solve", "--instance", night, "--method", "local", "--deadlines", "hard", "--format", "csv")
	if !strings.HasPrefix(csv, "key,value\nstatus,infeasible\ninfeasible_by,certificate\nrelaxation,shuffle station\n") || !strings.Contains(csv, "work,161\n") {
		t.Errorf("csv:\n%s", csv)
	}
	_, text, _ := runExact(t, "solve", "--instance", night, "--method", "local", "--deadlines", "hard")
	if !strings.Contains(text, "infeasible (proof: certificate)") || !strings.Contains(text, "need 161 of work within [0, 150], of length 150") {
		t.Errorf("text:\n%s", text)
	}
	coupled := func(dueB string) string {
		p := filepath.Join(dir, "coupled"+dueB+".json")
		js := `{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":0,"due":1},{"id":"b","map":0.5,"shuffle":1,"due":` + dueB + `}]}`
		if err := os.WriteFile(p, []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if r := solveLate(t, "--instance", coupled("1.75"), "--method", "local", "--deadlines", "hard", "--time-limit", "2s"); r.Status != "unknown" || r.Lateness == nil || r.Lateness.Late == 0 {
		t.Errorf("coupled, local: status %s, lateness %+v; want unknown with the late schedule", r.Status, r.Lateness)
	}
	haveHiGHS(t)
	if r := solveLate(t, "--instance", coupled("1.75"), "--method", "mip", "--deadlines", "hard"); r.Status != "infeasible" || r.InfeasibleBy != "deadline MIP (highs)" || r.Certificate != nil {
		t.Errorf("coupled, mip: status %s by %q", r.Status, r.InfeasibleBy)
	}
	var opt solveJSON
	code, out, errs := runExact(t, "solve", "--instance", coupled("2"), "--method", "mip", "--deadlines", "hard", "--format", "json")
	if err := json.Unmarshal([]byte(out), &opt); code != 0 || err != nil || opt.Status != "optimal" || opt.Objective < 3-1e-6 || opt.Objective > 3+1e-6 {
		t.Errorf("coupled b due 2: exit %d %s, status %s objective %v; want optimal 3", code, errs, opt.Status, opt.Objective)
	}
}

func TestSolveDeadlinesFlagErrors(t *testing.T) {
	code, _, errs := runExact(t, "solve", "--instance", night, "--deadlines", "firm")
	if code != 1 || !strings.Contains(errs, "--deadlines") {
		t.Errorf("--deadlines firm: exit %d %q", code, errs)
	}
	code, _, errs = runExact(t, "solve", "--instance", night, "--exact", "--deadlines", "hard")
	if code != 1 || !strings.Contains(errs, "--deadlines does not apply to --exact") {
		t.Errorf("--exact --deadlines hard: exit %d %q", code, errs)
	}
}
