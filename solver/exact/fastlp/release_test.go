package fastlp

import (
	"context"
	"errors"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/validate"
)

// randomPlan returns a random valid plan of in: a random order, each
// completion in a random period at or after its job's release period and
// the previous completion's period (a plan may be infeasible).
func randomPlan(rng *rand.Rand, in *instances.Instance) orderlp.Plan {
	rho, rel := orderlp.Periods(in)
	// Completing in release order keeps most random plans valid.
	order := rng.Perm(in.N())
	for i := range order {
		for k := i + 1; k < len(order); k++ {
			if rel[order[k]] < rel[order[i]] && rng.IntN(3) > 0 {
				order[i], order[k] = order[k], order[i]
			}
		}
	}
	p := orderlp.Plan{Order: order, Period: make([]int, len(order))}
	prev := 0
	for k, j := range order {
		l := max(prev, rel[j])
		if l < len(rho)-1 && rng.IntN(3) == 0 {
			l += rng.IntN(len(rho) - l)
		}
		p.Period[k], prev = l, l
	}
	return p
}

// sequence turns a plan into the brute force's event sequence: release
// event l, then the completions placed in period l.
func sequence(in *instances.Instance, p orderlp.Plan) ([]float64, []bruteforce.Event) {
	rho, _ := orderlp.Periods(in)
	return rho, bruteforce.PlanSequence(len(rho), p.Order, p.Period)
}

func checkRelease(t *testing.T, name string, in *instances.Instance, p orderlp.Plan, want float64) {
	t.Helper()
	r, err := NewRelease(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := r.Solve(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !scalar.EqualWithinAbsOrRel(res.LPValue, want, tolerance.Engine, tolerance.Engine) {
		t.Errorf("%s: LP value %v, want %v", name, res.LPValue, want)
	}
	vr, err := validate.Check(in, res.Schedule)
	if err != nil {
		t.Fatalf("%s: schedule rejected by validate: %v", name, err)
	}
	if vr.WeightedResponse > res.LPValue*(1+1e-9)+1e-9 || !scalar.EqualWithinAbsOrRel(vr.WeightedResponse, res.Total, tolerance.Engine, tolerance.Engine) {
		t.Errorf("%s: validated total %v, claimed %v, LP %v", name, vr.WeightedResponse, res.Total, res.LPValue)
	}
	if r.Lower > res.LPValue || !scalar.EqualWithinAbsOrRel(r.Lower, res.LPValue, tolerance.Engine, tolerance.Engine) {
		t.Errorf("%s: dual bound %v vs value %v", name, r.Lower, res.LPValue)
	}
}

func TestReleaseKnownValues(t *testing.T) {
	for _, c := range []struct {
		name string
		in   *instances.Instance
		p    orderlp.Plan
		want float64
	}{
		// A batch is one period: the pair (10,1), (1,10) costs 22
		// map-heavy first (as fastlp's batch solver).
		{"batch", instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}}),
			orderlp.Plan{Order: []int{0, 1}, Period: []int{0, 0}}, 22},
		// (2,2) at 0 and (1,1) at 1: completing the first in period 0
		// (by 1) is impossible; in period 1 after the second: the first
		// does half its work in [0, 1], the second runs in [1, 2]
		// (response 1), the first ends at 3 (response 3): 4.
		{"late first", instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 2}, {ID: "b", Release: 1, Map: 1, Shuffle: 1}}),
			orderlp.Plan{Order: []int{1, 0}, Period: []int{1, 1}}, 4},
		// The same jobs, the first completing first in period 1: it ends
		// at 2 (response 2), the second at 3 (response 2): 4.
		{"first first", instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 2}, {ID: "b", Release: 1, Map: 1, Shuffle: 1}}),
			orderlp.Plan{Order: []int{0, 1}, Period: []int{1, 1}}, 4},
		// (1,1) at 0 completes in period 0 at 1, (1,1) released at 5
		// completes at 6: 2 (the idle gap costs nothing).
		{"gap", instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Release: 5, Map: 1, Shuffle: 1}}),
			orderlp.Plan{Order: []int{0, 1}, Period: []int{0, 1}}, 2},
		// Zero sizes: (0,1) at 1 and (1,0) at 2 each take 1 after their
		// release on different stations: 2.
		{"zero sizes", instances.New([]instances.Job{{ID: "a", Release: 1, Shuffle: 1}, {ID: "b", Release: 2, Map: 1}}),
			orderlp.Plan{Order: []int{0, 1}, Period: []int{0, 1}}, 2},
	} {
		checkRelease(t, c.name, c.in, c.p, c.want)
	}
}

func TestReleaseInfeasible(t *testing.T) {
	// (2,2) at 0 cannot complete in period 0 = [0, 1].
	in := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 2}, {ID: "b", Release: 1, Map: 1, Shuffle: 1}})
	r, err := NewRelease(in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Value(orderlp.Plan{Order: []int{0, 1}, Period: []int{0, 1}}); !errors.Is(err, orderlp.ErrInfeasible) {
		t.Errorf("infeasible plan: %v", err)
	}
	if _, err := r.Value(orderlp.Plan{Order: []int{1, 0}, Period: []int{0, 1}}); !errors.Is(err, ErrPlan) {
		t.Errorf("completion before release: %v", err)
	}
	if _, err := r.PartialValue(orderlp.Plan{Order: []int{0, 0}, Period: []int{1, 1}}); !errors.Is(err, ErrPlan) {
		t.Errorf("repeated job: %v", err)
	}
}

// TestReleaseAgainstBruteForce compares random plans of random instances
// with release dates (n ≤ 5; ties, zero sizes, ratios up to 1000:1,
// unequal capacities) with the brute force's own LP of the same event
// sequence and its own simplex (an independent formulation and solver),
// infeasible plans included; and the best plan with the brute-force OPT.
func TestReleaseAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 4))
	count, infeasible, skipped := 0, 0, 0
	for it := 0; it < 1500; it++ {
		in := bruteforce.Random(rng, 1+rng.IntN(5), true)
		r, err := NewRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		p := randomPlan(rng, in)
		rho, seq := sequence(in, p)
		want, err := bruteforce.SequenceValue(in, rho, seq)
		if err != nil {
			skipped++
			continue
		}
		got, err := r.Value(p)
		if math.IsInf(want, 1) {
			if !errors.Is(err, orderlp.ErrInfeasible) {
				t.Fatalf("instance %d %+v plan %+v: infeasible for the brute force, fastlp %v, %v", it, in.Jobs, p, got, err)
			}
			infeasible++
			continue
		}
		if err != nil {
			t.Fatalf("instance %d %+v plan %+v: %v (brute force %v)", it, in.Jobs, p, err, want)
		}
		if !scalar.EqualWithinAbsOrRel(got, want, tolerance.Engine, tolerance.Engine) {
			t.Fatalf("instance %d %+v plan %+v: fastlp %v, brute force %v", it, in.Jobs, p, got, want)
		}
		if it%10 == 0 {
			checkRelease(t, "bruteforce", in, p, want)
		}
		count++
	}
	t.Logf("%d feasible and %d infeasible plans compared, %d oracle failures skipped", count, infeasible, skipped)
	if skipped > count/20 || infeasible == 0 || count < 500 {
		t.Errorf("unbalanced sample: %d feasible, %d infeasible, %d skipped", count, infeasible, skipped)
	}
}

// TestReleaseAgainstHiGHS compares random plans of random instances with
// releases (n ≤ 12) with the orderlp LP solved by HiGHS (values equal, the
// same plans infeasible); every 10th schedule is validated.
func TestReleaseAgainstHiGHS(t *testing.T) {
	eng := testenv.RequireHiGHS(t, highs.New)
	rng := rand.New(rand.NewPCG(13, 5))
	iters := 400
	if testing.Short() {
		iters = 60
	}
	for it := 0; it < iters; it++ {
		in := bruteforce.Random(rng, 1+rng.IntN(12), true)
		r, err := NewRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		p := randomPlan(rng, in)
		want, werr := orderlp.Value(context.Background(), eng, in, p)
		got, err := r.Value(p)
		if errors.Is(werr, orderlp.ErrInfeasible) {
			if !errors.Is(err, orderlp.ErrInfeasible) {
				t.Fatalf("instance %d %+v plan %+v: HiGHS infeasible, fastlp %v, %v", it, in.Jobs, p, got, err)
			}
			continue
		}
		if werr != nil {
			t.Fatal(werr)
		}
		if err != nil {
			t.Fatalf("instance %d %+v plan %+v: %v (HiGHS %v)", it, in.Jobs, p, err, want)
		}
		if !scalar.EqualWithinAbsOrRel(got, want, tolerance.Engine, tolerance.Engine) {
			t.Fatalf("instance %d %+v plan %+v: fastlp %v, HiGHS %v", it, in.Jobs, p, got, want)
		}
		if it%10 == 0 {
			checkRelease(t, "highs", in, p, want)
		}
	}
}

// TestReleasePartialIsLowerBound: the LP of the first k completions of a
// plan alone is at most the sum of their responses in the full plan's LP
// schedule.
func TestReleasePartialIsLowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 6))
	checked := 0
	for it := 0; it < 300; it++ {
		in := bruteforce.Random(rng, 2+rng.IntN(7), true)
		r, err := NewRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		p := randomPlan(rng, in)
		_, err = r.Value(p)
		if errors.Is(err, orderlp.ErrInfeasible) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ends := r.Ends()
		for k := 1; k <= in.N(); k++ {
			pre, err := r.PartialValue(orderlp.Plan{Order: p.Order[:k], Period: p.Period[:k]})
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for i, j := range p.Order[:k] {
				sum += ends[i] - in.Jobs[j].Release
			}
			if r.Lower > pre || r.Lower > sum*(1+1e-9)+1e-9 {
				t.Fatalf("instance %d plan %+v k=%d: prefix bound %v (value %v) > first responses %v", it, p, k, r.Lower, pre, sum)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no prefix checked")
	}
}
