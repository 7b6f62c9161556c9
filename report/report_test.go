package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

func mustResolve(t *testing.T, s string) []Method {
	t.Helper()
	ms, err := Resolve(s)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func method(t *testing.T, r InstanceResult, name string) MethodResult {
	t.Helper()
	for _, m := range r.Methods {
		if m.Method == name {
			return m
		}
	}
	t.Fatalf("no method %s in %+v", name, r)
	return MethodResult{}
}

func TestExample21(t *testing.T) {
	in := instances.Example21()
	r, _, err := Evaluate(context.Background(), "ex21", in, mustResolve(t, "fifo,maxsrpt,splitsrpt,lb51,lbcount"), Env{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	// §2.1: served in the order J1, J2, J3 the jobs finish at 2, 4, 6.
	if got := float64(method(t, r, "fifo").TotalResponse); math.Abs(got-12) > 1e-9 {
		t.Errorf("FIFO total %v, want 12 (§2.1: completions 2, 4, 6)", got)
	}
	if got := float64(method(t, r, "fifo").MeanResponse); math.Abs(got-4) > 1e-9 {
		t.Errorf("FIFO mean %v, want 4", got)
	}
	// α = max(2, 3, 1) = 3 and β = min(2, 3, 1) = 1 for (1,2), (3,1), (2,2):
	// guarantees 2·3/4 = 1.5 and 1 + 1/1 = 2.
	if r.Alpha != 3 || r.Beta != 1 || r.MaxSRPTGuarantee != 1.5 || r.SplitSRPTGuarantee != 2 {
		t.Errorf("α %v β %v guarantees %v %v; want 3 1 1.5 2", r.Alpha, r.Beta, r.MaxSRPTGuarantee, r.SplitSRPTGuarantee)
	}
	if r.OPTStatus != "unknown" || method(t, r, "fifo").RatioBasis != BasisLower {
		t.Errorf("no exact method ran: OPT must be unknown and ratios to the lower bound: %+v", r)
	}
	// Best lower bound: the counting bound dominates §5.1 (bounds package).
	if r.BestLower < method(t, r, "lb51").LowerBound {
		t.Errorf("best lower bound %v below lb51 %v", r.BestLower, method(t, r, "lb51").LowerBound)
	}
	if len(r.Violations) != 0 {
		t.Errorf("violations on the §2.1 example: %v", r.Violations)
	}
}

func TestTightFamiliesAgainstClosedForms(t *testing.T) {
	// MaxSRPT and the paper's alternative on the Cor 4 family, SplitSRPT and
	// the alternative on the Cor 6 family, against the closed forms of
	// package tight (derived there from the paper's descriptions).
	srcs, err := ParseGen("cor4,n=4|10,alpha=3,eps=0.5")
	if err != nil {
		t.Fatal(err)
	}
	s6, err := ParseGen("cor6,n=3|9,beta=2")
	if err != nil {
		t.Fatal(err)
	}
	srcs = append(srcs, s6...)
	want := map[string][2]float64{
		"cor4-n4-a3-e0.5":  {tight.MaxSRPTCost(4, 3, 0.5), tight.MaxAltCost(4, 3, 0.5)},
		"cor4-n10-a3-e0.5": {tight.MaxSRPTCost(10, 3, 0.5), tight.MaxAltCost(10, 3, 0.5)},
		"cor6-n3-b2":       {tight.SplitSRPTCost(3, 2), tight.SplitAltCost(3, 2)},
		"cor6-n9-b2":       {tight.SplitSRPTCost(9, 2), tight.SplitAltCost(9, 2)},
	}
	for _, s := range srcs {
		in, err := s.Load()
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := Evaluate(context.Background(), s.Name, in, mustResolve(t, "maxsrpt,splitsrpt,alt,lbcount"), Env{Validate: true, Alternative: s.Alternative})
		if err != nil {
			t.Fatal(err)
		}
		w, ok := want[s.Name]
		if !ok {
			t.Fatalf("unexpected instance %s", s.Name)
		}
		pol := "maxsrpt"
		if strings.HasPrefix(s.Name, "cor6") {
			pol = "splitsrpt"
		}
		if got := float64(method(t, r, pol).TotalResponse); math.Abs(got-w[0]) > 1e-9*w[0] {
			t.Errorf("%s: %s total %v, closed form %v", s.Name, pol, got, w[0])
		}
		if got := float64(method(t, r, "alt").TotalResponse); math.Abs(got-w[1]) > 1e-9*w[1] {
			t.Errorf("%s: alt total %v, closed form %v", s.Name, got, w[1])
		}
		if float64(r.BestUpper) > w[1]*(1+1e-9) {
			t.Errorf("%s: best upper bound %v above the alternative %v", s.Name, r.BestUpper, w[1])
		}
		if c := method(t, r, pol).GuaranteeCheck; c == CheckViolation {
			t.Errorf("%s: %s flagged: %v", s.Name, pol, r.Violations)
		}
	}
}

// fake outcomes exercise every branch of the guarantee check.
func TestGuaranteeChecks(t *testing.T) {
	// Two jobs (1, 3) and (3, 1): α = β = 3, guarantees 1.5 and 4/3.
	batch := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 3}, {ID: "b", Map: 3, Shuffle: 1}})
	online := batch.Clone()
	online.Jobs[1].Release = 1
	nan := math.NaN()
	h := func(name string, total float64, g Guarantee) Outcome {
		return Outcome{Method: name, Kind: Heuristic, Status: "heuristic", Total: total, Lower: nan, Guarantee: g}
	}
	opt := func(total float64) Outcome {
		return Outcome{Method: "exact", Kind: Exact, Status: "optimal", Total: total, Lower: total, Optimal: true}
	}
	lb := func(v float64) Outcome {
		return Outcome{Method: "lb", Kind: Bound, Status: "lower_bound", Total: nan, Lower: v}
	}
	cases := []struct {
		name  string
		in    *instances.Instance
		outs  []Outcome
		check string
		basis string
		viol  int
	}{
		{"opt ok", batch, []Outcome{h("maxsrpt", 14.9, MaxSRPTGuarantee), opt(10)}, CheckOK, BasisOPT, 0},
		{"opt violated", batch, []Outcome{h("maxsrpt", 15.1, MaxSRPTGuarantee), opt(10)}, CheckViolation, BasisOPT, 1},
		{"lb certifies", batch, []Outcome{h("maxsrpt", 14, MaxSRPTGuarantee), lb(10)}, CheckOK, BasisLower, 0},
		{"ub refutes", batch, []Outcome{h("maxsrpt", 16, MaxSRPTGuarantee), h("fifo", 10, NoGuarantee), lb(5)}, CheckViolation, BasisLower, 1},
		{"unknown", batch, []Outcome{h("maxsrpt", 14, MaxSRPTGuarantee), h("fifo", 10, NoGuarantee), lb(5)}, CheckUnknown, BasisLower, 0},
		{"splitsrpt", batch, []Outcome{h("splitsrpt", 13.4, SplitSRPTGuarantee), opt(10)}, CheckViolation, BasisOPT, 1},
		{"online", online, []Outcome{h("maxsrpt", 100, MaxSRPTGuarantee), opt(10)}, CheckNA, BasisOPT, 0},
		{"below bound", batch, []Outcome{h("maxsrpt", 4, MaxSRPTGuarantee), lb(5)}, CheckOK, BasisLower, 1},
	}
	for _, c := range cases {
		r := Assemble(c.name, c.in, c.outs)
		m := r.Methods[0]
		if m.GuaranteeCheck != c.check || m.RatioBasis != c.basis || len(r.Violations) != c.viol {
			t.Errorf("%s: check %q basis %q violations %v; want %q %q %d", c.name, m.GuaranteeCheck, m.RatioBasis, r.Violations, c.check, c.basis, c.viol)
		}
	}
	// Ratio and gap values: UB 12 (fifo), LB 8: gap (12−8)/12 = 1/3.
	r := Assemble("gap", batch, []Outcome{h("fifo", 12, NoGuarantee), lb(8)})
	if r.Gap != tabular.Num(1.0/3) || r.Methods[0].Ratio != 1.5 {
		t.Errorf("gap %v ratio %v, want 1/3 and 1.5", r.Gap, r.Methods[0].Ratio)
	}
	// The loud flag reaches the text output.
	var b bytes.Buffer
	rep := Build([]InstanceResult{Assemble("v", batch, []Outcome{h("maxsrpt", 15.1, MaxSRPTGuarantee), opt(10)})})
	if err := rep.Write(&b, tabular.Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "!!! VIOLATION !!!") || !strings.Contains(b.String(), "GUARANTEE VIOLATED") {
		t.Errorf("violation not flagged loudly:\n%s", b.String())
	}
	if rep.Summary[0].Violations != 1 {
		t.Errorf("summary %+v", rep.Summary[0])
	}
}

func TestNumJSON(t *testing.T) {
	for _, x := range []float64{0, 1.5, 1e300, -2.5e-310, 1.0 / 3, math.Inf(1), math.Inf(-1)} {
		b, err := json.Marshal(tabular.Num(x))
		if err != nil {
			t.Fatal(err)
		}
		var y tabular.Num
		if err := json.Unmarshal(b, &y); err != nil || float64(y) != x {
			t.Errorf("%v → %s → %v (%v)", x, b, y, err)
		}
	}
	b, _ := json.Marshal(tabular.Num(math.NaN()))
	var y tabular.Num
	if string(b) != "null" || json.Unmarshal(b, &y) != nil || !math.IsNaN(float64(y)) {
		t.Errorf("NaN → %s → %v", b, y)
	}
}

func TestResolve(t *testing.T) {
	ms := mustResolve(t, "maxsrpt, klps:10,KLPS-maponly,lb51")
	var names []string
	for _, m := range ms {
		names = append(names, m.Name())
	}
	if strings.Join(names, ",") != "maxsrpt,klps:10,klps-maponly,lb51" {
		t.Errorf("names %v", names)
	}
	for _, bad := range []string{"", "nosuch", "maxsrpt,maxsrpt", "klps:0", "klps:x", "fifo:3"} {
		if _, err := Resolve(bad); err == nil {
			t.Errorf("Resolve(%q) accepted", bad)
		}
	}
	if _, err := Resolve("nosuch"); !errors.Is(err, ErrMethod) || !strings.Contains(err.Error(), "maxsrpt") {
		t.Errorf("unknown method error should list the known ones: %v", err)
	}
}

func TestParseGen(t *testing.T) {
	srcs, err := ParseGen("lognormal,n=5|7,batch,seed=1-3")
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 6 || srcs[0].Name != "lognormal-n5-batch-s1" || srcs[5].Name != "lognormal-n7-batch-s3" {
		var ns []string
		for _, s := range srcs {
			ns = append(ns, s.Name)
		}
		t.Fatalf("names %v", ns)
	}
	in, err := srcs[0].Load()
	if err != nil || in.N() != 5 || !in.IsBatch() {
		t.Fatalf("%v %v", in, err)
	}
	s4, err := ParseGen("cor4,n=2-8/2,alpha=2,eps=0.1")
	if err != nil || len(s4) != 4 || s4[3].Name != "cor4-n8-a2-e0.1" || len(s4[3].Alternative) != 8 {
		t.Fatalf("%v %v", s4, err)
	}
	for _, bad := range []string{"nosuch,n=3", "lognormal,batch", "lognormal,n=3,k=2", "lognormal,n=x", "lognormal,n=5-3",
		"cor4,n=3,alpha=2,eps=0.1", "cor6,n=4,beta=0.5", "lognormal,n=3,n=4", "lognormal,n=3,load=-1", "swim,file=/nonexistent,load=0.5"} {
		if _, err := ParseGen(bad); err == nil {
			t.Errorf("ParseGen(%q) accepted", bad)
		}
	}
}

func renderAll(t *testing.T, set *sweep.Set) map[tabular.Format][]byte {
	t.Helper()
	out := map[tabular.Format][]byte{}
	for _, f := range []tabular.Format{tabular.Text, tabular.Markdown, tabular.CSV, tabular.JSON} {
		var b bytes.Buffer
		if err := Render(set, f, &b); err != nil {
			t.Fatal(err)
		}
		out[f] = b.Bytes()
	}
	return out
}

func TestWorkersShardsAndMergeGiveIdenticalOutput(t *testing.T) {
	srcs, err := ParseGen("lognormal,n=6|9,batch,seed=1-3")
	if err != nil {
		t.Fatal(err)
	}
	s4, _ := ParseGen("cor4,n=6,alpha=2,eps=0.2")
	srcs = append(srcs, s4...)
	const methods = "fifo,ps,klps:2,maxsrpt,splitsrpt,alt,lb51,lbcount,lbprefix"
	run := func(sp sweep.Spec, workers int, path string) *sweep.Set {
		sw, err := NewSweep(srcs, methods, Options{Validate: true})
		if err != nil {
			t.Fatal(err)
		}
		set, err := sweep.Run(context.Background(), sw, sweep.Options{Shard: sp, Workers: workers, Path: path})
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	want := renderAll(t, run(sweep.Spec{}, 1, ""))
	for _, w := range []int{2, 4} {
		got := renderAll(t, run(sweep.Spec{}, w, ""))
		for f := range want {
			if !bytes.Equal(got[f], want[f]) {
				t.Fatalf("workers=%d changed the %v output", w, f)
			}
		}
	}
	dir := t.TempDir()
	var sets []*sweep.Set
	for i := 1; i <= 3; i++ {
		path := filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")
		run(sweep.Spec{I: i, N: 3}, 2, path)
		s, err := sweep.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s)
	}
	m, err := sweep.Merge(sets, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := renderAll(t, m)
	for f := range want {
		if !bytes.Equal(got[f], want[f]) {
			t.Fatalf("merged shards differ from the unsharded run in %v:\n%s\nwant\n%s", f, got[f], want[f])
		}
	}
	// JSON keys are snake_case; ratio keys contain "ratio".
	var v any
	if err := json.Unmarshal(want[tabular.JSON], &v); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, y := range x {
				keys[k] = true
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	for k := range keys {
		if k != strings.ToLower(k) || strings.ContainsAny(k, " -") {
			t.Errorf("JSON key %q is not snake_case", k)
		}
	}
	for _, k := range []string{"ratio", "max_ratio", "mean_ratio", "guarantee_ratio", "maxsrpt_guarantee_ratio", "splitsrpt_guarantee_ratio"} {
		if !keys[k] {
			t.Errorf("JSON lacks key %q", k)
		}
	}
	if !strings.Contains(string(want[tabular.Text]), "Summary over 7 instances") {
		t.Errorf("text output:\n%s", want[tabular.Text])
	}
}

// FuzzParseGen: any spec either parses into loadable sources or is an
// error; never a panic. (Specs with ranges are capped so the fuzzer does
// not generate millions of instances.)
func FuzzParseGen(f *testing.F) {
	for _, s := range []string{"lognormal,n=5|7,batch,seed=1-3", "cor4,n=2-8/2,alpha=2,eps=0.1", "cor6,n=3,beta=2", "lognormal,n=3,load=0.5,map_sd=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		srcs, err := ParseGen(spec)
		if err != nil {
			return
		}
		if len(srcs) == 0 {
			t.Fatalf("%q: no error and no instances", spec)
		}
		for _, s := range srcs[:min(len(srcs), 3)] {
			if s.Name == "" || s.ID == "" {
				t.Fatalf("%q: unnamed source", spec)
			}
			if strings.HasPrefix(s.Name, "lognormal") {
				continue // generating may be large; parsing is what is fuzzed
			}
			in, err := s.Load()
			if err != nil {
				continue
			}
			if err := in.Validate(); err != nil {
				t.Fatalf("%q: invalid instance: %v", spec, err)
			}
		}
	})
}

type failing struct {
	name string
	err  error
}

func (f failing) Name() string { return f.name }
func (f failing) Kind() Kind   { return Heuristic }
func (f failing) Run(context.Context, *instances.Instance, Env) (Outcome, error) {
	return Outcome{}, f.err
}

func TestFailingMethodsDoNotSinkTheReport(t *testing.T) {
	in := instances.Example21()
	ms := append(mustResolve(t, "maxsrpt"),
		failing{"boom", errors.New("engine crashed")},
		failing{"slow", errors.New("orderlp: the LP engine did not return an optimum: status time limit")},
		failing{"bad", fmt.Errorf("%w: segment 3 overloads the map station", ErrSchedule)})
	r, _, err := Evaluate(context.Background(), "ex", in, append(ms, mustResolve(t, "lbcount")...), Env{TimeLimit: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if method(t, r, "boom").Status != "error" || method(t, r, "slow").Status != "time_limit" || method(t, r, "bad").Status != "error" {
		t.Errorf("statuses %+v", r.Methods)
	}
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0], "engine crashed") {
		t.Errorf("errors %v", r.Errors)
	}
	if len(r.Violations) != 1 || !strings.Contains(r.Violations[0], "overloads") {
		t.Errorf("an invalid schedule must be a violation: %v", r.Violations)
	}
	if float64(method(t, r, "maxsrpt").Ratio) < 1 {
		t.Errorf("other methods must still be reported: %+v", r.Methods)
	}
}

// TestBuiltinMethods: the explicit method list (no init() registration)
// holds every method the report documents (docs/report.md), once.
func TestBuiltinMethods(t *testing.T) {
	var got []string
	for n := range builtinRegistry() {
		got = append(got, n)
	}
	sort.Strings(got)
	want := "alt fifo klps klps-maponly lb51 lbcount lbprefix lbweighted local maxsrpt mip polish portfolio ps reopt search splitsrpt splitsrpt-strict"
	if strings.Join(got, " ") != want {
		t.Errorf("built-in methods %v, want %s", got, want)
	}
}
