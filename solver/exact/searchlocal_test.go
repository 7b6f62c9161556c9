package exact

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// On a batch of n identical jobs (map 1, shuffle 1) every order gives
// C_k = k (C_k = max(C_{k−1} + 1, k), the list schedule), so OPT =
// n(n+1)/2, and the rank bound Σ_k max(X_k, Y_k) = Σ_k k meets it: the
// local search proves its first schedule at once, stops the search, and
// the portfolio answers "optimal" well before its (generous) limit —
// whatever the machine's speed, since no limit is reached.
func TestSearchLocalProvesIdenticalBatch(t *testing.T) {
	const n = SearchLocalMinN + 7
	jobs := make([]instances.Job, n)
	for i := range jobs {
		jobs[i] = instances.Job{ID: "J" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Map: 1, Shuffle: 1}
	}
	in := instances.New(jobs)
	a, err := Solve(context.Background(), nil, in, Options{TimeLimit: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	want := float64(n*(n+1)) / 2 // closed form above
	if a.Status != StatusOptimal || a.Objective != want {
		t.Fatalf("status %q objective %v, want optimal %v (bound %v %s)", a.Status, a.Objective, want, a.LowerBound, a.BoundSource)
	}
	if _, err := validate.Check(in, a.Schedule); err != nil {
		t.Fatal(err)
	}
	if _, ok := a.Detail["local_moves"]; !ok {
		t.Fatalf("details %v: the local search did not run beside the search", a.Detail)
	}
}

// On mid-size log-normal batches the portfolio runs the search beside the
// local search: the answer carries the rank bound and the search's bound,
// its schedule validates, and its bound is at most its objective. The
// short limit keeps the test short; the checks hold whatever the members
// reach (on a machine too busy for them to return at all, the answer is
// the fallback heuristics', and only the first two checks apply).
func TestSearchLocalAnswers(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		in, err := instances.PaperLogNormal(SearchLocalMinN+int(seed), 0.9, true).Generate(rand.NewPCG(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		a, err := Solve(context.Background(), nil, in, Options{TimeLimit: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := validate.Check(in, a.Schedule); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if a.LowerBound > a.Objective {
			t.Fatalf("seed %d: bound %v above objective %v", seed, a.LowerBound, a.Objective)
		}
		if strings.HasPrefix(a.ScheduleSource, "fallback") {
			continue // the members did not return in time on this machine: nothing more to check
		}
		have := map[mip.BoundSource]bool{}
		for _, b := range a.Bounds {
			have[b.Source] = true
		}
		if !have[mip.SourceRank] || !have[mip.SourcePortfolio.Within(mip.SourceSearch)] {
			t.Fatalf("seed %d: bounds %v, want the rank bound and the search's", seed, a.Bounds)
		}
	}
}
