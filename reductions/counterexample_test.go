package reductions

import (
	"math/big"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/validate"
)

// TestTheorem1Gap records a gap in the proof of Theorem 1 found by the
// exact order-LP search (mrsched reduce opt, docs/hard.md): the NMTS
// no-instance f = {3, 4}, g = {1, 4}, h = {11, 1} (h = 1 < every f + g) has
// shift 21 (g' = {22, 25}, h' = {32, 22}), A = 5734, M = 103212,
// y = 516121, and yet the schedule below, built by hand in exact rational
// arithmetic from the structure of HiGHS's optimum, is feasible for model
// (1) and costs y − 32/9 < y. The completion order is G1, H2, F1, G2, H1,
// F2, E1, E2: G1 is matched with H2 without an F (g'_1 = h'_2, which the
// proof's case analysis does not exclude), the spare map capacity while
// F1's shuffle runs pre-maps a little of E1, and H1's surplus
// (h'_1 − f_1 − g'_2 = 4) lets the shuffle station pre-shuffle E1, so the
// last F (F2), followed only by E jobs, delays nobody. The proof assumes
// every F is followed by a G and then an H.
func TestTheorem1Gap(t *testing.T) {
	src := &nmts.Instance{F: []int64{3, 4}, G: []int64{1, 4}, H: []int64{11, 1}}
	if _, ok, _, _ := nmts.Solve(src); ok {
		t.Fatal("the source must be a no-instance")
	}
	r, err := Reduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.A.Int64() != 5734 || r.M.Int64() != 103212 || r.Y.Int64() != 516121 {
		t.Fatalf("A, M, y = %v, %v, %v", r.A, r.M, r.Y)
	}
	q := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	add := func(xs ...*big.Rat) *big.Rat {
		s := new(big.Rat)
		for _, x := range xs {
			s.Add(s, x)
		}
		return s
	}
	const (
		F1, F2, G1, G2, H1, H2, E1, E2 = 0, 1, 2, 3, 4, 5, 6, 7
	)
	A := int64(5734)
	zero := new(big.Rat)
	rate := func(j int, m, s *big.Rat) rational.Rate { return rational.Rate{Job: j, Map: m, Shuffle: s} }
	// x = 25/9 units of H1's map in segment 3, so E1 gets 3 − x = 2/9 of
	// map there and 7 − x = 38/9 = 19·(2/9) of shuffle in segment 5
	// (E1's shuffle/map ratio is (A+M)/A = 19).
	t0, t1, t2, t3 := q(0, 1), q(5756, 1), q(11468, 1), q(17205, 1)
	t4 := q(22964, 1)
	t5 := add(t4, q(5709, 1), q(-25, 9)) // H1's remaining map 5734 − 25 − 25/9 at rate 1
	t6 := add(t5, q(5738, 1))            // F2: A + 4 of shuffle at rate 1
	e1MapLeft := add(q(A, 1), q(-2, 9), q(-4, 1))
	t7 := add(t6, e1MapLeft)                                           // E1's map done (rate 1)
	t8 := add(t6, q(108946, 1), q(-38, 9))                             // E1's shuffle done (rate 1 from t6)
	t9 := add(t8, q(108946, 1))                                        // E2's shuffle
	h1s := new(big.Rat).Quo(q(5702, 1), add(t5, new(big.Rat).Neg(t4))) // H1 shuffle rate
	e1s := add(q(1, 1), new(big.Rat).Neg(h1s))
	s := &rational.Schedule{Segments: []rational.Segment{
		{Start: t0, End: t1, Rates: []rational.Rate{rate(G1, q(A, 5756), q(1, 1)), rate(H2, q(22, 5756), zero)}},
		{Start: t1, End: t2, Rates: []rational.Rate{rate(H2, q(1, 1), q(1, 1))}},
		{Start: t2, End: t3, Rates: []rational.Rate{rate(F1, q(A, 5737), q(1, 1)), rate(H1, q(25, 9*5737), zero), rate(E1, q(2, 9*5737), zero)}},
		{Start: t3, End: t4, Rates: []rational.Rate{rate(G2, q(A, 5759), q(1, 1)), rate(H1, q(25, 5759), zero)}},
		{Start: t4, End: t5, Rates: []rational.Rate{rate(H1, q(1, 1), h1s), rate(E1, zero, e1s)}},
		{Start: t5, End: t6, Rates: []rational.Rate{rate(F2, q(A, 5738), q(1, 1)), rate(E1, q(4, 5738), zero)}},
		{Start: t6, End: t7, Rates: []rational.Rate{rate(E1, q(1, 1), q(1, 1))}},
		{Start: t7, End: add(t7, q(A, 1)), Rates: []rational.Rate{rate(E1, zero, q(1, 1)), rate(E2, q(1, 1), zero)}},
		{Start: add(t7, q(A, 1)), End: t8, Rates: []rational.Rate{rate(E1, zero, q(1, 1))}},
		{Start: t8, End: t9, Rates: []rational.Rate{rate(E2, zero, q(1, 1))}},
	}}
	s.Completion = make([]*big.Rat, 8)
	v, err := r.Check(s)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Feasible {
		t.Fatalf("hand-built schedule infeasible: %v", v.Report.Err())
	}
	want := add(new(big.Rat).SetInt(r.Y), q(-32, 9))
	if v.Total.Cmp(want) != 0 {
		t.Fatalf("total %s, want y − 32/9 = %s", v.Total.RatString(), want.RatString())
	}
	// The float form passes the project's validator too.
	s.Completion = v.Report.Completion
	tin, _ := r.Tandem(nil)
	fs, _ := s.Float()
	if res, err := validate.Check(tin, fs); err != nil || !(res.TotalResponse < 516121) {
		t.Errorf("validate.Check: %v, total %v", err, res.TotalResponse)
	}
}
