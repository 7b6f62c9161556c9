package reductions

// The exact rational search (solver/exact/ratsearch) on the Theorem 1
// reductions: here rather than in ratsearch's own tests because this
// package imports ratsearch (the separation study), so ratsearch's tests
// cannot import this one.

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/solver/mip"
)

func mustRat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad rational %q", s)
	}
	return r
}

// TestTheorem1Q2: the no-instance f = {3,4}, g = {1,4}, h = {11,1} of
// TestTheorem1Gap (8 jobs, y = 516121): its hand-built schedule
// costs y − 32/9, and the exact search proves that this is OPT; the
// yes-instance of TestPriorityOrdersQ2 has OPT ≤ y (the proof's
// certificate costs exactly y; TestCertificateCostsY).
func TestTheorem1Q2(t *testing.T) {
	for _, c := range []struct {
		name string
		src  *nmts.Instance
		// want: OPT − y, or "" for "≤ 0".
		want string
	}{
		{"no", &nmts.Instance{F: []int64{3, 4}, G: []int64{1, 4}, H: []int64{11, 1}}, "-32/9"},
		{"yes", &nmts.Instance{F: []int64{1, 2}, G: []int64{3, 5}, H: []int64{6, 5}}, ""},
	} {
		r, err := Reduce(c.src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := r.Rational()
		// The certificate order of the yes-instance as a seed (no float
		// guide) must not change the optimum.
		opt := ratsearch.Options{}
		if c.want == "" {
			sol, _, _, _ := nmts.Solve(c.src)
			ord, err := r.CertificateOrder(sol)
			if err != nil {
				t.Fatal(err)
			}
			opt = ratsearch.Options{Orders: [][]int{ord}, NoGuide: true}
		}
		res, err := ratsearch.Solve(context.Background(), in, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := ratsearch.Check(in, res); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Status != mip.Optimal {
			t.Fatalf("%s: %v", c.name, res.Status)
		}
		diff := new(big.Rat).Sub(res.Objective, new(big.Rat).SetInt(r.Y))
		if c.want != "" && diff.Cmp(mustRat(t, c.want)) != 0 || c.want == "" && diff.Sign() > 0 {
			t.Errorf("%s: OPT − y = %s, want %q", c.name, diff.RatString(), c.want)
		}
		if c.want == "" {
			// The certificate is a schedule: OPT is at most its cost.
			sol, ok, _, _ := nmts.Solve(c.src)
			if !ok {
				t.Fatal("yes-instance without a solution")
			}
			cert, err := r.Certificate(sol)
			if err != nil {
				t.Fatal(err)
			}
			if res.Objective.Cmp(cert.Total(in)) > 0 {
				t.Errorf("OPT %s above the certificate's %s", res.Objective.RatString(), cert.Total(in).RatString())
			}
		}
	}
}

// TestRatsearchFixture: ratsearch's benchmark fixture
// (solver/exact/ratsearch/testdata/theorem1-q3-yes.json, read from a file
// there because this package imports ratsearch) is exactly Reduce's
// instance of its NMTS instance, with the certificate order its benchmark
// hard-codes.
func TestRatsearchFixture(t *testing.T) {
	src := &nmts.Instance{F: []int64{3, 4, 5}, G: []int64{1, 4, 4}, H: []int64{9, 4, 8}}
	r, err := Reduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := rational.ReadFile("../solver/exact/ratsearch/testdata/theorem1-q3-yes.json")
	if err != nil {
		t.Fatal(err)
	}
	want := r.Rational()
	if len(got.Jobs) != len(want.Jobs) {
		t.Fatalf("%d jobs, want %d", len(got.Jobs), len(want.Jobs))
	}
	for j := range want.Jobs {
		g, w := got.Jobs[j], want.Jobs[j]
		if g.ID != w.ID || g.Release.Cmp(w.Release) != 0 || g.Map.Cmp(w.Map) != 0 || g.Shuffle.Cmp(w.Shuffle) != 0 {
			t.Errorf("job %d: %+v, want %+v", j, g, w)
		}
	}
	sol, ok, _, _ := nmts.Solve(src)
	if !ok {
		t.Fatal("not a yes-instance")
	}
	ord, err := r.CertificateOrder(sol)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(ord) != "[2 4 6 0 3 7 1 5 8 9 10]" {
		t.Errorf("certificate order %v, the benchmark uses [2 4 6 0 3 7 1 5 8 9 10]", ord)
	}
}
