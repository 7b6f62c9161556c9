package adversary

import (
	"errors"
	"testing"

	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tolerance"
)

// TestYaoAgreesWithPlay checks the two-point distribution against the
// deterministic adversary: on the case the policy's work by k² selects,
// the forced game is the proof's game, so its ratio equals Play's (second
// computation of the same value), and the expectation is the exact mean of
// the two ratios.
func TestYaoAgreesWithPlay(t *testing.T) {
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		for _, n := range []int{8, 27, 125} {
			y, err := PlayYao(n, p)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Play(n, p)
			if err != nil {
				t.Fatal(err)
			}
			sel := y.Ratio2
			if y.Case == 1 {
				sel = y.Ratio1
			}
			if y.Case != r.Case || !tolerance.Eq(sel, r.Ratio) {
				t.Errorf("%s n=%d: case %d ratio %g, Play case %d ratio %g", p.Name(), n, y.Case, sel, r.Case, r.Ratio)
			}
			// The two inputs differ (type-1 vs type-2 arrivals), so do the ratios.
			if tolerance.Eq(y.Ratio1, y.Ratio2) {
				t.Errorf("%s n=%d: both inputs give ratio %g", p.Name(), n, y.Ratio1)
			}
			if !tolerance.Eq(y.Expected, (y.Ratio1+y.Ratio2)/2) || y.Expected < sel/2 {
				t.Errorf("%s n=%d: expected %g, ratios %g, %g", p.Name(), n, y.Expected, y.Ratio1, y.Ratio2)
			}
		}
	}
}

// TestYaoGrowth: the proof gives an expected ratio Ω(k) for every
// deterministic policy; between k = 2 (n = 8) and k = 10 (n = 1000) the
// measured expectation of each policy grows (values of the sweep in
// docs/hard.md: MaxSRPT 1.054 → 1.578, PS 1.768 → 6.277).
func TestYaoGrowth(t *testing.T) {
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		ys, err := SweepYao([]fluid.Policy{p}, []int{8, 1000}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ys[1].Expected <= ys[0].Expected*1.4 {
			t.Errorf("%s: expected ratio %g at n=8, %g at n=1000: want growth by 1.4×", p.Name(), ys[0].Expected, ys[1].Expected)
		}
	}
}

func TestSweepYaoEmpty(t *testing.T) {
	if _, err := SweepYao(nil, []int{8}, nil); !errors.Is(err, ErrParam) {
		t.Errorf("err = %v, want ErrParam", err)
	}
	if _, err := PlayYao(0, fluid.FIFO()); !errors.Is(err, ErrParam) {
		t.Errorf("err = %v, want ErrParam", err)
	}
}

func TestPolicies(t *testing.T) {
	ps, err := Policies("maxsrpt, ps,")
	if err != nil || len(ps) != 2 || ps[0].Name() != "maxsrpt" || ps[1].Name() != "ps" {
		t.Errorf("Policies = %v, %v; want maxsrpt, ps", ps, err)
	}
	for _, bad := range []string{"", " , ", "nosuch"} {
		if _, err := Policies(bad); !errors.Is(err, ErrParam) {
			t.Errorf("Policies(%q): err = %v, want ErrParam", bad, err)
		}
	}
}
