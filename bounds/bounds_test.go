package bounds

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/tolerance"
)

func TestGuarantees(t *testing.T) {
	// §2.1 example (1,2), (3,1), (2,2): α = max(2, 3, 1) = 3, β = min = 1.
	in := instances.Example21()
	if a, b := Alpha(in), Beta(in); a != 3 || b != 1 {
		t.Fatalf("α %v β %v, want 3 and 1", a, b)
	}
	// 2α/(1+α) = 6/4 (Thm 3); 1 + 1/β = 2 (Thm 5).
	if g := MaxSRPTGuarantee(3); g != 1.5 {
		t.Fatalf("MaxSRPT guarantee %v", g)
	}
	if g := SplitSRPTGuarantee(1); g != 2 {
		t.Fatalf("SplitSRPT guarantee %v", g)
	}
	// Zero sizes: infinite ratio → α = ∞ (guarantee 2); β over the others.
	z := instances.New([]instances.Job{{ID: "a", Map: 0, Shuffle: 1}, {ID: "b", Map: 4, Shuffle: 1}})
	if a, b := Alpha(z), Beta(z); !math.IsInf(a, 1) || b != 4 || MaxSRPTGuarantee(a) != 2 || SplitSRPTGuarantee(b) != 1.25 {
		t.Fatalf("zero sizes: α %v β %v", a, b)
	}
	// Capacities normalise sizes: (2, 1) with μ_m = 2 is balanced.
	c := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 1}})
	c.MapCapacity = 2
	if Alpha(c) != 1 || Beta(c) != 1 {
		t.Fatalf("capacities: α %v β %v", Alpha(c), Beta(c))
	}
}

// SRPT by hand: sizes 3 (r=0), 1 (r=1), 2 (r=1.5): the size-1 job preempts
// at 1 and ends at 2; then remaining 2 of job 0 vs 2 of job 2 — tie to the
// lower index: job 0 ends at 4, job 2 at 6.
func TestSRPTHand(t *testing.T) {
	got := SRPT([]float64{0, 1, 1.5}, []float64{3, 1, 2})
	want := []float64{4, 2, 6}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("SRPT %v, want %v", got, want)
		}
	}
}

// Hand-computed bounds: jobs (x, y, r) = (2, 1, 0), (1, 3, 0), (1, 1, 10).
// SRPT A (maps): completions 3, 1, 11; B (shuffles): 1, 4, 11. Groups
// {1,2} (both idle at 4 ≤ 10) and {3}. Paper51 = max(3+1, 1+4) + max(1, 1)
// = 6. Counting: sorted d = 1, 3, 11, e = 1, 4, 11 → 1 + 4 + 11 − 10 = 6.
func TestHandBounds(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 3}, {ID: "c", Release: 10, Map: 1, Shuffle: 1}})
	if v := Paper51(in); v != 6 {
		t.Fatalf("Paper51 %v, want 6", v)
	}
	if v := Counting(in); v != 6 {
		t.Fatalf("Counting %v, want 6", v)
	}
	if _, err := PrefixBatch(in); err != ErrNotBatch {
		t.Fatalf("PrefixBatch on releases: %v", err)
	}
	// Batch (10,1), (1,10): X = 1, 11; Y = 1, 11 → prefix 1 + 11 = 12 = Counting;
	// Paper51 = max(1+11, 1+11) = 12 (OPT is 21: the bounds ignore coupling).
	two := instances.New([]instances.Job{{ID: "a", Map: 10, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 10}})
	pb, _ := PrefixBatch(two)
	if pb != 12 || Counting(two) != 12 || Paper51(two) != 12 {
		t.Fatalf("two jobs: prefix %v counting %v paper51 %v", pb, Counting(two), Paper51(two))
	}
}

func randomInstance(rng *rand.Rand, n int, batch bool) *instances.Instance {
	jobs := make([]instances.Job, n)
	for i := range jobs {
		r := 0.0
		if !batch {
			r = 20 * rng.Float64()
		}
		x, y := math.Exp(2*rng.NormFloat64()), math.Exp(2*rng.NormFloat64())
		if rng.IntN(8) == 0 {
			x = 0
		}
		jobs[i] = instances.Job{ID: fmt.Sprint(i), Release: r, Map: x, Shuffle: y}
	}
	return instances.New(jobs)
}

// Counting ≥ Paper51 on every instance, PrefixBatch ≥ Paper51 on batches,
// Counting = PrefixBatch on batches (closed forms in the doc comments).
// These are checked on 2000 random instances; that every bound is ≤ OPT is
// checked against brute force in package solver/exact.
func TestDominance(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 2000; trial++ {
		batch := trial%2 == 0
		in := randomInstance(rng, 1+rng.IntN(30), batch)
		p, c := Paper51(in), Counting(in)
		if !tolerance.LE(p, c) {
			t.Fatalf("trial %d: Counting %v < Paper51 %v", trial, c, p)
		}
		if batch {
			pb, err := PrefixBatch(in)
			if err != nil || !tolerance.LE(p, pb) || !tolerance.Eq(pb, c) {
				t.Fatalf("trial %d: prefix %v counting %v paper51 %v", trial, pb, c, p)
			}
		}
	}
}

// How much Counting improves on the §5.1 bound on SWIM workloads (the first
// 1000 jobs of the FB-2009 trace at loads 0.5 and 0.9) and on random
// instances; logged (go test -v -run TestImprovementSWIM ./bounds) and
// recorded in docs/exact.md.
func TestImprovementSWIM(t *testing.T) {
	path := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0.tsv")
	recs, err := swim.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, load := range []float64{0.5, 0.9} {
		in, err := instances.FromSWIM(recs, instances.SWIMOptions{Source: path, Normalize: true, Load: load, MaxJobs: 1000})
		if err != nil {
			t.Fatal(err)
		}
		p, c := Paper51(in), Counting(in)
		if !tolerance.LE(p, c) {
			t.Fatalf("load %v: Counting %v < Paper51 %v", load, c, p)
		}
		t.Logf("SWIM FB-2009 first 1000 jobs, load %v: Paper51 %.6g, Counting %.6g, ratio %.4f", load, p, c, c/p)
	}
}

// The same measurement on the paper's §5.3 log-normal workload with Poisson
// arrivals (1000 jobs, seeds 1–3) at loads 0.75 and 0.9.
func TestImprovementLogNormal(t *testing.T) {
	for _, load := range []float64{0.75, 0.9} {
		for seed := uint64(1); seed <= 3; seed++ {
			in, err := instances.PaperLogNormal(1000, load, false).Generate(rand.NewPCG(seed, 1))
			if err != nil {
				t.Fatal(err)
			}
			p, c := Paper51(in), Counting(in)
			if !tolerance.LE(p, c) {
				t.Fatalf("load %v seed %d: Counting %v < Paper51 %v", load, seed, c, p)
			}
			t.Logf("log-normal §5.3, 1000 jobs, load %v, seed %d: Paper51 %.6g, Counting %.6g, ratio %.4f", load, seed, p, c, c/p)
		}
	}
}
