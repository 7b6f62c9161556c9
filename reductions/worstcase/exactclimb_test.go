package worstcase

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/tolerance"
)

// TestCertifyAgainstEnumeration: the exact search of solver/exact must give
// the OPT that the enumeration of all n! fixed-order LPs (HiGHS, make
// hard-search) recorded in the worst instances of n = 4…7
// (testdata/enum-*.json, copies of results/hard/search-*-nN.json: a second
// solver).
func TestCertifyAgainstEnumeration(t *testing.T) {
	for _, p := range []string{"maxsrpt", "splitsrpt"} {
		for n := 4; n <= 7; n++ {
			path := filepath.Join("testdata", fmt.Sprintf("enum-%s-n%d.json", p, n))
			in, err := instances.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, ok := in.Metadata["opt"].(interface{ Float64() (float64, error) })
			if !ok {
				t.Fatalf("%s: no metadata opt", path)
			}
			opt, err := want.Float64()
			if err != nil {
				t.Fatalf("%s: metadata opt: %v", path, err)
			}
			c, err := Certify(context.Background(), in, p, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !c.Proven || !tolerance.Eq(c.OPTUpper, opt) || !tolerance.Eq(c.RatioLow, c.PolicyTotal/opt) {
				t.Errorf("%s: status %s OPT %g ratio %g, enumeration OPT %g", path, c.Status, c.OPTUpper, c.RatioLow, opt)
			}
		}
	}
}

// TestCertifyTwoJobs: the two-job batch (1, 2), (2, 1) (phases overlap):
// MaxSRPT (priority to the smaller max size; a tie, index order) runs a
// first: a maps in [0, 1] and shuffles in [0, 2], C_a = 2; b maps in [1, 3]
// and shuffles in [2, 3], C_b = 3: total 5. OPT is 5 (closed form: every
// C_j ≥ max(x_j, y_j) = 2 and the last ≥ Σ x = 3).
func TestCertifyTwoJobs(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}, {ID: "b", Map: 2, Shuffle: 1}})
	c, err := Certify(context.Background(), in, "maxsrpt", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Proven || !tolerance.Eq(c.OPTUpper, 5) || !tolerance.Eq(c.PolicyTotal, 5) || !tolerance.Eq(c.RatioLow, 1) {
		t.Errorf("got %+v, want proven OPT 5 and policy 5", c)
	}
	in.Jobs[0].Release = 1
	if _, err := Certify(context.Background(), in, "maxsrpt", 0, nil); !errors.Is(err, ErrParam) {
		t.Errorf("release date: err = %v, want ErrParam", err)
	}
}

// TestClimbExact: the climb never lowers the certified fraction of the
// guarantee of its start,
// prunes only what cannot improve, is reproducible for a seed, and the
// final ratio is the exact one (proven).
func TestClimbExact(t *testing.T) {
	for _, p := range []string{"maxsrpt", "splitsrpt"} {
		start, used, err := StartInstance(StartFamily, p, 6, 4, nil, rand.New(rand.NewPCG(1, 2)))
		if err != nil || used != StartFamily {
			t.Fatalf("start: %v (%s)", err, used)
		}
		c0, err := Certify(context.Background(), start, p, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		opt := ClimbOptions{Policy: p, AlphaMax: 4, Steps: 30, Seed: 7}
		a, st, err := ClimbExact(context.Background(), start, opt)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := ClimbExact(context.Background(), start, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !a.Proven || a.RatioLow/a.Guarantee < c0.RatioLow/c0.Guarantee || a.RatioLow != b.RatioLow || st.Solves+st.Pruned != 31 {
			t.Errorf("%s: start %g, climb %g (%s), again %g, stats %+v", p, c0.RatioLow, a.RatioLow, a.Status, b.RatioLow, st)
		}
		if a.RatioLow > a.Guarantee {
			t.Errorf("%s: ratio %g above the guarantee %g (Cor 4 / Cor 6)", p, a.RatioLow, a.Guarantee)
		}
	}
}

func TestExtendAndStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	base := instances.New([]instances.Job{{ID: "x", Map: 1, Shuffle: 2}, {ID: "y", Map: 3, Shuffle: 1}})
	in, err := Extend(base, 5, 4, rng)
	if err != nil || in.N() != 5 || in.Jobs[0].Map != 1 || in.Jobs[1].Shuffle != 1 || in.Jobs[4].ID != "j5" {
		t.Fatalf("Extend = %+v, %v", in, err)
	}
	for _, j := range in.Jobs {
		if j.Map/j.Shuffle > 4+1e-12 || j.Shuffle/j.Map > 4+1e-12 {
			t.Errorf("job %+v outside alpha-max 4", j)
		}
	}
	if _, _, err := StartInstance(StartExtend, "maxsrpt", 4, 4, nil, rng); !errors.Is(err, ErrParam) {
		t.Errorf("extend without instance: err = %v", err)
	}
	if _, used, err := StartInstance(StartFamily, "maxsrpt", 5, 4, nil, rng); err != nil || used != StartRandom {
		t.Errorf("odd n family: %s, %v; want the random start", used, err)
	}
	if _, _, err := StartInstance("nope", "maxsrpt", 5, 4, nil, rng); !errors.Is(err, ErrParam) {
		t.Errorf("unknown start: err = %v", err)
	}
	if _, _, err := ClimbExact(context.Background(), base, ClimbOptions{Policy: "maxsrpt", AlphaMax: 1}); !errors.Is(err, ErrParam) {
		t.Errorf("alpha-max 1: err = %v", err)
	}
}

// TestClimbKeepsFamilyFraction: from the Cor 6 family (n = 8, β = 1.25),
// whose SplitSRPT/OPT is (n+2)/(n+4) = 5/6 of 1 + 1/β (closed form of
// reductions/tight, OPT = the family's alternative, proven here), the climb
// must not end below 5/6 of the guarantee. Regression: climbing on the
// ratio alone pushed β towards 1 and ended at a lower fraction.
func TestClimbKeepsFamilyFraction(t *testing.T) {
	f, err := tight.SplitSRPTFamily(8, 1.25)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := ClimbExact(context.Background(), f.Instance, ClimbOptions{Policy: "splitsrpt", AlphaMax: 4, Steps: 60, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RatioLow / c.Guarantee; !c.Proven || got < 5.0/6-tolerance.Rel {
		t.Errorf("fraction of the guarantee %g (%s), want ≥ 5/6", got, c.Status)
	}
}

// TestWorstFixtures re-checks the best instances of n = 10…12 found by
// 'make hard-worst-exact' (testdata/worst-*.json, copies of
// results/hard/worst/): the policy's total from the simulator (validated)
// over OPT from the exact search (proven optimal) gives the recorded ratio;
// for SplitSRPT it is the Cor 6 family's (n+2)/(n+4) of 1 + 1/β (closed
// form of reductions/tight), and every ratio stays within its guarantee.
func TestWorstFixtures(t *testing.T) {
	for _, p := range []string{"maxsrpt", "splitsrpt"} {
		for n := 10; n <= 12; n++ {
			path := filepath.Join("testdata", fmt.Sprintf("worst-%s-n%d.json", p, n))
			in, err := instances.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rec, ok := in.Metadata["ratio_low"].(interface{ Float64() (float64, error) })
			if !ok {
				t.Fatalf("%s: no metadata ratio_low", path)
			}
			want, err := rec.Float64()
			if err != nil {
				t.Fatalf("%s: metadata ratio_low: %v", path, err)
			}
			c, err := Certify(context.Background(), in, p, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !c.Proven || !tolerance.Eq(c.RatioLow, want) || c.RatioLow > c.Guarantee {
				t.Errorf("%s: ratio %g (%s), recorded %g, guarantee %g", path, c.RatioLow, c.Status, want, c.Guarantee)
			}
			if frac := float64(n+2) / float64(n+4); p == "splitsrpt" && !tolerance.Eq(c.RatioLow/c.Guarantee, frac) {
				t.Errorf("%s: fraction %g, want (n+2)/(n+4) = %g", path, c.RatioLow/c.Guarantee, frac)
			}
		}
	}
}
