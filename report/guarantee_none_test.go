package report

import (
	"context"
	"math"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// TestGuaranteesNone: Cor. 4 and 6 apply to a batch of independent jobs
// of equal weight; a dependency or an unequal weight turns the guarantee
// columns and MaxSRPT's check to "none" (and never to a violation), while
// the same batch without them keeps its ratios 2α/(1+α) and 1 + 1/β.
func TestGuaranteesNone(t *testing.T) {
	jobs := func() []instances.Job {
		// α = 4 (b: 40/10), β = 1 (a): 2α/(1+α) = 8/5, 1 + 1/β = 2.
		return []instances.Job{{ID: "a", Map: 10, Shuffle: 10}, {ID: "b", Map: 40, Shuffle: 10}, {ID: "c", Map: 5, Shuffle: 10}}
	}
	dag := instances.New(jobs())
	dag.Jobs[1].After = []int{0}
	weighted := instances.New(jobs())
	weighted.Jobs[2].Weight = 3
	ms, err := Resolve("maxsrpt,splitsrpt,lbweighted")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		in   *instances.Instance
		none string
	}{
		{"batch", instances.New(jobs()), ""},
		{"dependencies", dag, "dependencies"},
		{"weights", weighted, "unequal weights"},
	} {
		r, _, err := Evaluate(context.Background(), tc.name, tc.in, ms, Env{Validate: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.GuaranteesNone != tc.none || len(r.Violations) != 0 || len(r.Errors) != 0 {
			t.Errorf("%s: none %q, want %q; violations %q, errors %q", tc.name, r.GuaranteesNone, tc.none, r.Violations, r.Errors)
		}
		g := float64(r.MaxSRPTGuarantee)
		if tc.none == "" && (g != 8.0/5 || float64(r.SplitSRPTGuarantee) != 2) || tc.none != "" && (!math.IsNaN(g) || !math.IsNaN(float64(r.SplitSRPTGuarantee))) {
			t.Errorf("%s: guarantees %v, %v", tc.name, r.MaxSRPTGuarantee, r.SplitSRPTGuarantee)
		}
		check := r.Methods[0].GuaranteeCheck // maxsrpt
		if (tc.none == "") != (check == CheckOK || check == CheckUnknown) || tc.none != "" && check != CheckNone {
			t.Errorf("%s: maxsrpt check %q", tc.name, check)
		}
		split := r.Methods[1]
		if split.Status != "heuristic" || tc.none != "" && split.GuaranteeCheck != CheckNone {
			t.Errorf("%s: splitsrpt status %q, check %q", tc.name, split.Status, split.GuaranteeCheck)
		}
	}
}
