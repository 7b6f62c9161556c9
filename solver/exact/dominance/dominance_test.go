package dominance

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"gonum.org/v1/gonum/floats/scalar"
)

var full = flag.Bool("full", false, "20 000 brute-force instances instead of 2 000")

// weakPreds is the rule without the ratio condition (x_i ≤ x_j, y_i ≤ y_j,
// r_i ≤ r_j, identical jobs by index), which is wrong (TestWeakenedRuleFails).
func weakPreds(in *instances.Instance) []uint64 {
	preds := make([]uint64, in.N())
	for i, a := range in.Jobs {
		for j, b := range in.Jobs {
			if i == j || a.Map > b.Map || a.Shuffle > b.Shuffle || a.Release > b.Release {
				continue
			}
			if a.Map < b.Map || a.Shuffle < b.Shuffle || a.Release < b.Release || i < j {
				preds[j] |= 1 << i
			}
		}
	}
	return preds
}

// The optimum over the completion orders that respect the rule equals the
// optimum over all orders (brute force: every order and interleaving, each
// solved by the oracle's own LP) on random instances with ties, zero sizes,
// extreme ratios, capacities and release dates.
func TestRuleAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	trials := 2000
	if *full {
		trials = 20000
	}
	if testing.Short() {
		trials = 500
	}
	var pairs, lps, lpsRestricted, skipped int
	for trial := 0; trial < trials; trial++ {
		rel := trial%3 == 2
		n := 2 + rng.IntN(4)
		if rel {
			n = 2 + rng.IntN(3)
		}
		in := bruteforce.Random(rng, n, rel)
		preds, ok := Preds(in)
		if !ok {
			t.Fatal("Preds refused a small instance")
		}
		bf, err := bruteforce.Solve(in)
		if err != nil {
			// The oracle's dense simplex gives up on a few extreme
			// ratio instances; they are counted, not compared.
			skipped++
			continue
		}
		rs, err := bruteforce.SolveRestricted(in, preds)
		if err != nil {
			skipped++
			continue
		}
		if rs.Value > bf.Value*(1+1e-7)+1e-9 {
			t.Fatalf("trial %d (%+v): optimum respecting the rule %v > OPT %v", trial, in.Jobs, rs.Value, bf.Value)
		}
		pairs += Pairs(in)
		lps += bf.LPs
		lpsRestricted += rs.LPs
	}
	if pairs == 0 {
		t.Fatal("the rule ordered no pair: the sweep tests nothing")
	}
	if skipped > trials/50 {
		t.Fatalf("the oracle failed on %d of %d instances", skipped, trials)
	}
	t.Logf("%d skipped (oracle numerics); %d instances, %d ordered pairs; sequences %d → %d (%.1f%% removed)", skipped, trials, pairs, lps, lpsRestricted, 100*float64(lps-lpsRestricted)/float64(lps))
}

// Dropping the ratio condition gives a wrong rule: on (2,3), (2,1), (3,3)
// the second job is no larger than the first in both phases, but every
// order completing it first costs 15 while OPT is 14 (brute force). The
// rule does not order that pair.
func TestWeakenedRuleFails(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 3}, {ID: "b", Map: 2, Shuffle: 1}, {ID: "c", Map: 3, Shuffle: 3}})
	bf, err := bruteforce.Solve(in)
	if err != nil {
		t.Fatal(err)
	}
	weak, err := bruteforce.SolveRestricted(in, weakPreds(in))
	if err != nil {
		t.Fatal(err)
	}
	// 14 and 15: brute force with and without the weak precedences.
	if !scalar.EqualWithinRel(bf.Value, 14, 1e-7) || !scalar.EqualWithinRel(weak.Value, 15, 1e-7) {
		t.Fatalf("OPT %v (want 14), weak-rule optimum %v (want 15)", bf.Value, weak.Value)
	}
	if Precedes(in, 1, 0) {
		t.Fatal("the rule orders b before a, which loses optimality")
	}
	preds, _ := Preds(in)
	rs, err := bruteforce.SolveRestricted(in, preds)
	if err != nil {
		t.Fatal(err)
	}
	if !scalar.EqualWithinRel(rs.Value, 14, 1e-7) {
		t.Fatalf("optimum respecting the rule %v, want 14", rs.Value)
	}
}

// Hand cases: which pairs the rule orders.
func TestPrecedes(t *testing.T) {
	job := func(r, x, y float64) instances.Job { return instances.Job{ID: "j", Release: r, Map: x, Shuffle: y} }
	for _, c := range []struct {
		name string
		a, b instances.Job
		want bool
	}{
		{"smaller, shuffle-heavier", job(0, 1, 2), job(0, 2, 3), true},         // 2·2 ≥ 3·1
		{"smaller, map-heavier", job(0, 2, 1), job(0, 2, 3), false},            // 1·2 < 3·2
		{"proportional", job(0, 1, 2), job(0, 2, 4), true},                     // equal ratios
		{"larger map", job(0, 3, 3), job(0, 2, 3), false},                      // x_i > x_j
		{"released later", job(1, 1, 2), job(0, 2, 3), false},                  // r_i > r_j
		{"released earlier", job(0, 1, 2), job(1, 2, 3), true},                 // all four hold
		{"zero map", job(0, 0, 5), job(0, 1, 6), true},                         // 5·1 ≥ 6·0
		{"zero shuffle, other has shuffle", job(0, 1, 0), job(0, 2, 1), false}, // 0·2 < 1·1
		{"both zero shuffle", job(0, 1, 0), job(0, 2, 0), true},                // 0 ≥ 0
	} {
		in := instances.New([]instances.Job{c.a, c.b})
		if got := Precedes(in, 0, 1); got != c.want {
			t.Errorf("%s: Precedes = %v, want %v", c.name, got, c.want)
		}
	}
	// Identical jobs: by index only.
	in := instances.New([]instances.Job{job(0, 1, 1), job(0, 1, 1)})
	if !Precedes(in, 0, 1) || Precedes(in, 1, 0) {
		t.Error("identical jobs are not ordered by index")
	}
	// The ratio test is exact: 0.1·0.3 and 0.3·0.1 differ in float64
	// arithmetic but not in the numbers given.
	in = instances.New([]instances.Job{job(0, 0.1, 0.1), job(0, 0.3, 0.3)})
	if !Precedes(in, 0, 1) {
		t.Error("proportional jobs (0.1, 0.1), (0.3, 0.3) not ordered")
	}
}

// The rule is off with weights or dependencies: a (1, 1) job precedes a
// (2, 2) job in a plain batch, but not when the larger job is heavier or
// when a dependency is stated.
func TestOffWithWeightsOrDependencies(t *testing.T) {
	plain := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Map: 2, Shuffle: 2}, {ID: "c", Map: 3, Shuffle: 3}})
	if !Precedes(plain, 0, 1) {
		t.Fatal("plain batch: (1,1) should precede (2,2)")
	}
	weighted := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Map: 2, Shuffle: 2, Weight: 10}, {ID: "c", Map: 3, Shuffle: 3}})
	dag := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, {ID: "b", Map: 2, Shuffle: 2}, {ID: "c", Map: 3, Shuffle: 3, After: []int{1}}})
	for name, in := range map[string]*instances.Instance{"weighted": weighted, "dependencies": dag} {
		if Precedes(in, 0, 1) {
			t.Errorf("%s: the rule should be off", name)
		}
		if p, ok := Preds(in); !ok || p[1] != 0 {
			t.Errorf("%s: Preds %v", name, p)
		}
	}
}
