package ratsearch_test

// Tests on the Theorem 1 reductions (package reductions, which itself uses
// ratsearch for its separation study: hence an external test package).

import (
	"context"
	"math/big"
	"testing"

	"github.com/mrsched/mrsched/reductions"
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

// verifyResult: the schedule passes rational.Verify with the objective as
// its exact total, the bound is not above it, and "optimal" exactly when
// they are equal (checkResult of search_test.go).
func verifyResult(t *testing.T, name string, in *rational.Instance, res *ratsearch.Result) {
	t.Helper()
	rep, _, err := rational.Verify(in, res.Schedule)
	if err != nil || rep.Err() != nil {
		t.Fatalf("%s: schedule does not verify: %v %v", name, err, rep.Err())
	}
	if rep.Total.Cmp(res.Objective) != 0 {
		t.Errorf("%s: objective %s, verified total %s", name, res.Objective.RatString(), rep.Total.RatString())
	}
	if res.LowerBound.Cmp(res.Objective) > 0 || (res.Status == mip.Optimal) != (res.LowerBound.Cmp(res.Objective) == 0) {
		t.Errorf("%s: status %v with bound %s, objective %s", name, res.Status, res.LowerBound.RatString(), res.Objective.RatString())
	}
}

// TestTheorem1Q2: the no-instance f = {3,4}, g = {1,4}, h = {11,1} of
// reductions.TestTheorem1Gap (8 jobs, y = 516121): its hand-built schedule
// costs y − 32/9, and the exact search proves that this is OPT; the
// yes-instance of TestPriorityOrdersQ2 has OPT ≤ y (the proof's
// certificate costs exactly y; reductions.TestCertificateCostsY).
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
		r, err := reductions.Reduce(c.src, reductions.Options{})
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
		verifyResult(t, c.name, in, res)
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
