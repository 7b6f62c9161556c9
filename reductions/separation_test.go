package reductions

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
)

// TestEnumerateNMTSCounts compares EnumerateNMTS with a brute force over
// all ordered tuples (V^q · V^q · (2V)^q of them), canonicalised by sorting
// each set and deduplicated.
func TestEnumerateNMTSCounts(t *testing.T) {
	for _, c := range []struct {
		q int
		v int64
	}{{1, 3}, {2, 2}, {2, 3}, {3, 2}} {
		got, err := EnumerateNMTS(c.q, c.v)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		tuple := func(n int, hi int64, fn func([]int64)) {
			cur := make([]int64, n)
			var rec func(i int)
			rec = func(i int) {
				if i == n {
					fn(slices.Clone(cur))
					return
				}
				for x := int64(1); x <= hi; x++ {
					cur[i] = x
					rec(i + 1)
				}
			}
			rec(0)
		}
		tuple(c.q, c.v, func(f []int64) {
			tuple(c.q, c.v, func(g []int64) {
				tuple(c.q, 2*c.v, func(h []int64) {
					if sumOf(f)+sumOf(g) != sumOf(h) {
						return
					}
					slices.Sort(f)
					slices.Sort(g)
					slices.Sort(h)
					seen[fmt.Sprint(f, g, h)] = true
				})
			})
		})
		if len(got) != len(seen) {
			t.Errorf("q=%d V=%d: %d instances, brute force %d", c.q, c.v, len(got), len(seen))
		}
		for _, in := range got {
			if err := in.Validate(); err != nil || !seen[fmt.Sprint(in.F, in.G, in.H)] {
				t.Errorf("q=%d V=%d: %v %v %v: %v", c.q, c.v, in.F, in.G, in.H, err)
			}
		}
	}
	if _, err := EnumerateNMTS(0, 3); !errors.Is(err, ErrSeparation) {
		t.Errorf("q = 0: %v", err)
	}
}

// TestExactify: the float LP optimum of the gap instance's order G1 H2 F1
// G2 H1 F2 E1 E2 becomes an exact schedule of cost y − 32/9, the value of
// TestTheorem1Gap's hand-built schedule (so snapping recovers the LP
// vertex); a schedule that never serves a job is an error.
func TestExactify(t *testing.T) {
	r, err := Reduce(&nmts.Instance{F: []int64{3, 4}, G: []int64{1, 4}, H: []int64{11, 1}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tin, _ := r.Tandem(nil)
	var s fastlp.Solver
	res, err := s.Solve(tin, []int{2, 5, 0, 3, 4, 1, 6, 7})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Exactify(r.Rational(), res.Schedule)
	if err != nil {
		t.Fatal(err)
	}
	v, err := r.Check(ex)
	if err != nil || !v.Feasible {
		t.Fatalf("infeasible: %v", v.Report.Err())
	}
	if d := new(big.Rat).Sub(v.Total, rat(r.Y)); d.Cmp(big.NewRat(-32, 9)) != 0 {
		t.Errorf("total − y = %s, want −32/9", d.RatString())
	}
	part := &schedule.Schedule{Segments: res.Schedule.Segments[:1]}
	if _, err := Exactify(r.Rational(), part); !errors.Is(err, ErrExactify) {
		t.Errorf("truncated schedule: %v", err)
	}
	bad := &schedule.Schedule{Segments: []schedule.Segment{{Start: 0, End: 1, Rates: []schedule.Rate{{Job: 99, Map: 1}}}}}
	if _, err := Exactify(r.Rational(), bad); !errors.Is(err, ErrExactify) {
		t.Errorf("bad job index: %v", err)
	}
}

// TestVerdict: the verdict table of SepRow.Verdict, by definition of the
// claim "yes ⇒ OPT ≤ y, no ⇒ OPT > y" and of exact bounds LB ≤ OPT ≤ UB.
func TestVerdict(t *testing.T) {
	y := big.NewInt(100)
	for _, c := range []struct {
		yes    bool
		lb, ub int64
		want   string
	}{
		{true, 90, 100, "holds"},     // OPT ≤ UB ≤ y
		{true, 101, 105, "violated"}, // OPT ≥ LB > y
		{true, 90, 101, "open"},
		{false, 101, 105, "holds"},   // OPT ≥ LB > y
		{false, 90, 100, "violated"}, // OPT ≤ UB ≤ y (equality violates "> y")
		{false, 100, 101, "open"},
	} {
		r := &SepRow{Yes: c.yes, Y: y, LB: big.NewRat(c.lb, 1), UB: big.NewRat(c.ub, 1)}
		if got := r.Verdict(); got != c.want {
			t.Errorf("yes=%v [%d, %d]: %s, want %s", c.yes, c.lb, c.ub, got, c.want)
		}
	}
}

// TestStudyConfigValidate: each bad field is named.
func TestStudyConfigValidate(t *testing.T) {
	ok := StudyConfig{Q: []int{2}, EnumMax: []int{2}, Random: []int{0}, Constructions: []string{ConstructionRepaired}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mut := range map[string]func(*StudyConfig){
		"q = 1":            func(c *StudyConfig) { c.Q = []int{1} },
		"lengths":          func(c *StudyConfig) { c.EnumMax = []int{2, 3} },
		"enum max":         func(c *StudyConfig) { c.EnumMax = []int{7} },
		"random maxima":    func(c *StudyConfig) { c.Random = []int{3} },
		"construction":     func(c *StudyConfig) { c.Constructions = []string{"paper"} },
		"no constructions": func(c *StudyConfig) { c.Constructions = nil },
	} {
		c := ok
		mut(&c)
		if err := c.Validate(); !errors.Is(err, ErrSeparation) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// One value of EnumMax or Random applies to every q.
	one := StudyConfig{Q: []int{2, 3}, EnumMax: []int{1}, Random: []int{0}, Constructions: []string{ConstructionRepaired}}
	if cs, err := StudyCases(one); err != nil || len(cs) != 2 {
		// EnumerateNMTS(2, 1) and (3, 1) hold one instance each (all
		// values 1, h = 2).
		t.Errorf("broadcast: %d cases, %v", len(cs), err)
	}
	if _, err := Constructions("both,x"); !errors.Is(err, ErrSeparation) {
		t.Errorf("Constructions: %v", err)
	}
}

// TestRunStudySmall: the study on every q = 2 instance with values ≤ 2
// (15 cases: 10 yes, 5 no; nmts.Solve) gives, with exact OPT for every
// case (ratsearch), the numbers of ExampleSeparate's kind for all of
// them: appendix A violates the claim on all 5 no-instances (OPT − y
// between −16/9 and −8/9), the repaired construction satisfies it on all
// 15 (no-instances OPT − y ∈ {1, 2}, yes-instances 0).
func TestRunStudySmall(t *testing.T) {
	studies, err := RunStudy(context.Background(), StudyConfig{Q: []int{2}, EnumMax: []int{2}, Random: []int{0},
		Constructions: []string{ConstructionAppendixA, ConstructionRepaired}, Options: SeparationOptions{ExactLimit: 60e9}})
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(studies)
	want := map[string]SummaryRow{
		"appendix-a yes": {Cases: 10, Exact: 10, Holds: 10, Min: big.NewRat(-16, 9), Max: big.NewRat(-8, 9)},
		"appendix-a no":  {Cases: 5, Exact: 5, Violated: 5, Min: big.NewRat(-16, 9), Max: big.NewRat(-8, 9), Worst: big.NewRat(16, 9)},
		"repaired yes":   {Cases: 10, Exact: 10, Holds: 10, Min: big.NewRat(0, 1), Max: big.NewRat(0, 1)},
		"repaired no":    {Cases: 5, Exact: 5, Holds: 5, Min: big.NewRat(1, 1), Max: big.NewRat(2, 1)},
	}
	if len(sum) != 4 {
		t.Fatalf("%d summary rows", len(sum))
	}
	eq := func(a, b *big.Rat) bool { return (a == nil) == (b == nil) && (a == nil || a.Cmp(b) == 0) }
	for _, s := range sum {
		key := s.Construction + " " + answer(s.Yes)
		w := want[key]
		if s.Cases != w.Cases || s.Exact != w.Exact || s.Holds != w.Holds || s.Violated != w.Violated || s.Open != 0 ||
			!eq(s.Min, w.Min) || !eq(s.Max, w.Max) || !eq(s.Worst, w.Worst) {
			t.Errorf("%s: %+v, want %+v", key, s, w)
		}
	}
	v := StudyView(studies)
	if len(v.Tables) != 2 || len(v.Tables[1].Rows) != 30 {
		t.Errorf("view: %d tables", len(v.Tables))
	}
}

// TestSeparateLocalSearch: for q = 3 (9 small jobs, beyond ExhaustiveMax
// = 6) the local search starts from the certificate's order and finds, on
// the yes-instance f = g = {1, 1, 1}, h = {2, 2, 2}, appendix A's exact
// optimum y − 25/27 (proven by ratsearch in the study,
// results/hard/theorem1/separation.csv): a schedule cheaper than the
// certificate (cost y).
func TestSeparateLocalSearch(t *testing.T) {
	c, err := NewCase(&nmts.Instance{F: []int64{1, 1, 1}, G: []int64{1, 1, 1}, H: []int64{2, 2, 2}}, "test")
	if err != nil || !c.Yes() {
		t.Fatal(err)
	}
	rows, err := Separate(context.Background(), []Case{c}, OriginalBuilder, SeparationOptions{ExhaustiveMax: 6, Restarts: 2, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	if d := r.UBMinusY(); d.Cmp(big.NewRat(-25, 27)) != 0 || r.UBSource != "exact order LP" {
		t.Errorf("UB − y = %s from %s, want −25/27 from the exact order LP", d.RatString(), r.UBSource)
	}
	if r.Verdict() != "holds" || r.Exact() {
		t.Errorf("verdict %s, exact %v (no exact search ran: LB is y0)", r.Verdict(), r.Exact())
	}
}
