package exact

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// deadlineCase draws an instance of bruteforce.RandomDAG (n from 2 to 6,
// releases for every third trial with n ≤ 4; at most 120 orders, 24 with
// releases, redrawn from the stream otherwise) and gives about two thirds
// of the jobs a deadline d_j = max(r_j, r'_j + L_j + f·W), with r'_j the
// effective release, L_j = max(x_j/μ_m, y_j/μ_c), W = Σ L_j and f uniform
// on [−0.3, 1]: tight enough that many are infeasible, some only with the
// others' work.
func deadlineCase(rng *rand.Rand, trial int) *instances.Instance {
	for {
		rel := trial%3 == 2
		n := 2 + rng.IntN(5)
		if rel {
			n = 2 + rng.IntN(3)
		}
		in := bruteforce.RandomDAG(rng, n, rel)
		limit := 120
		if rel {
			limit = 24
		}
		if bruteforce.Extensions(in) > limit {
			continue
		}
		r, _, err := bounds.EffectiveWindows(in)
		if err != nil {
			panic(err)
		}
		W, L := 0.0, make([]float64, n)
		for j, jb := range in.Jobs {
			L[j] = math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity)
			W += L[j]
		}
		for j := range in.Jobs {
			if rng.IntN(3) > 0 {
				in.Jobs[j].Due = math.Max(in.Jobs[j].Release, r[j]+L[j]+(1.3*rng.Float64()-0.3)*W)
				in.Jobs[j].HasDue = true
			}
		}
		return in
	}
}

// TestDeadlineCertificateAgainstBruteForce: on 600 random instances up to
// n = 6, whenever bounds.DeadlineProof returns a certificate, the brute
// force with deadline rows (every linear extension and interleaving with
// releases, each solved by its own LP: bruteforce.SolveDeadlines) finds no
// sequence meeting the deadlines. The counts show that both outcomes
// occur often.
func TestDeadlineCertificateAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 1))
	trials := 600
	if testing.Short() {
		trials = 100
	}
	certs, infeasibleBF := 0, 0
	for trial := 0; trial < trials; trial++ {
		in := deadlineCase(rng, trial)
		cert, err := bounds.DeadlineProof(in)
		if err != nil {
			t.Fatal(err)
		}
		bf, err := bruteforce.SolveDeadlines(in)
		if err != nil {
			continue // the oracle's simplex failed its accuracy check: no answer to compare with
		}
		if math.IsInf(bf.Value, 1) {
			infeasibleBF++
		}
		if cert != nil {
			certs++
			if !math.IsInf(bf.Value, 1) {
				t.Errorf("trial %d: certificate %s, but the brute force meets the deadlines with %v (%+v)", trial, cert.String(in), bf.Value, bf.Sequence)
			}
		}
	}
	t.Logf("%d trials: %d certificates, %d infeasible by brute force", trials, certs, infeasibleBF)
	if certs < trials/10 {
		t.Errorf("only %d certificates in %d trials: the sweep does not exercise the proof", certs, trials)
	}
}

// TestHardDeadlinesAgainstBruteForce: Solve with hard deadlines equals the
// brute force with deadline rows on small instances: "optimal" at its
// value, "infeasible" only when it is +Inf, and every schedule returned
// (optimal, feasible) meets the deadlines and is no better than the
// brute force's optimum.
func TestHardDeadlinesAgainstBruteForce(t *testing.T) {
	eng := engine(t)
	rng := rand.New(rand.NewPCG(34, 2))
	trials := 80
	if testing.Short() {
		trials = 20
	}
	seen := map[mip.Status]int{}
	for trial := 0; trial < trials; trial++ {
		in := deadlineCase(rng, trial)
		bf, err := bruteforce.SolveDeadlines(in)
		if err != nil {
			continue
		}
		a, err := Solve(context.Background(), eng, in, Options{Deadlines: DeadlinesHard})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		seen[a.Status]++
		switch a.Status {
		case StatusInfeasible:
			if !math.IsInf(bf.Value, 1) {
				t.Errorf("trial %d: infeasible by %s, brute force %v", trial, a.InfeasibleBy, bf.Value)
			}
		case StatusUnknown:
		default:
			vr, err := validate.Check(in, a.Schedule)
			if err != nil || vr.Late != nil && vr.Late.Late > 0 {
				t.Errorf("trial %d: status %s with a schedule that misses deadlines (%v)", trial, a.Status, err)
			}
			if !le(bf.Value, a.Objective) {
				t.Errorf("trial %d: objective %v below the brute force's constrained optimum %v", trial, a.Objective, bf.Value)
			}
			if a.Status == StatusOptimal && !le(a.Objective, bf.Value) {
				t.Errorf("trial %d: optimal %v, brute force %v", trial, a.Objective, bf.Value)
			}
		}
		// On batches the deadline MIP decides: never unknown.
		if in.IsBatch() && (a.Status == StatusUnknown || a.Status == StatusFeasible) {
			t.Errorf("trial %d: batch of %d jobs answered %s (brute force %v)", trial, in.N(), a.Status, bf.Value)
		}
	}
	t.Logf("statuses: %v", seen)
	if seen[StatusInfeasible] == 0 || seen[StatusOptimal] == 0 {
		t.Errorf("statuses %v: want both infeasible and optimal answers", seen)
	}
}

// TestHardDeadlinesNight: the embedded default night (report/study/
// nightly.csv, from 22:00, minutes at unit capacities).
//
// As shipped its deadlines cannot all be met: exec-dashboard (due 00:30 =
// 150) reads daily-agg, which reads sessionize (after etl-clicks),
// etl-orders and dedupe-users (after etl-crm), and billing-rollup (due
// 150 too) reads etl-payments and etl-orders; their shuffles, 2 + 18 + 60
// + 20 + 30 + 3 + 6 + 12 + 10 = 161 minutes, all fall in [0, 150] on the
// one shuffle station.
//
// With exec-dashboard due at 00:05 (125) instead the chain etl-clicks →
// sessionize → daily-agg → exec-dashboard alone needs 45 + 60 + 18 + 3 =
// 126 minutes (each job's larger of map and shuffle), so the effective
// deadline of etl-clicks, 125 − 3 − 18 − 60 = 44, is below its 45 minutes
// of map: the single-job certificate names it in [0, 44].
func TestHardDeadlinesNight(t *testing.T) {
	in, err := instances.ReadFile("../../report/study/nightly.csv")
	if err != nil {
		t.Fatal(err)
	}
	j := in.Index()["exec-dashboard"]
	if !in.Jobs[j].HasDue || in.Jobs[j].Due != 150 {
		t.Fatalf("exec-dashboard due %v, want 150 (00:30)", in.Jobs[j].Due)
	}
	for _, c := range []struct {
		due        float64
		relaxation string
		ids        int
		start, end float64
		work       float64
	}{
		{150, "shuffle station", 9, 0, 150, 161},
		{125, "job alone", 1, 0, 44, 45},
	} {
		in.Jobs[j].Due = c.due
		a, err := Solve(context.Background(), nil, in, Options{Method: "local", Deadlines: DeadlinesHard})
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != StatusInfeasible || a.Certificate == nil || a.InfeasibleBy != InfeasibleByCertificate || a.Schedule != nil {
			t.Fatalf("due %v: status %s by %q, certificate %v", c.due, a.Status, a.InfeasibleBy, a.Certificate)
		}
		got := a.Certificate
		if got.Relaxation() != c.relaxation || len(got.Jobs) != c.ids || got.Start != c.start || got.End != c.end || got.Work != c.work {
			t.Errorf("due %v: certificate %s", c.due, got.String(in))
		}
	}
}

// coupledCase is a (map 1) due 1 and b (map 0.5, shuffle 1) due 1.75: each
// station alone can meet the deadlines (map 1.5 ≤ 1.75, shuffle 1), but a
// fills the map station until 1, b's shuffle never runs ahead of its map,
// so b's shuffle does at most t − 1 by t and b completes at 2 > 1.75. No
// certificate exists; the deadline MIP proves it.
func coupledCase() *instances.Instance {
	return instances.New([]instances.Job{
		{ID: "a", Map: 1, Due: 1, HasDue: true},
		{ID: "b", Map: 0.5, Shuffle: 1, Due: 1.75, HasDue: true},
	})
}

func TestHardDeadlinesCoupled(t *testing.T) {
	in := coupledCase()
	if cert, err := bounds.DeadlineProof(in); cert != nil || err != nil {
		t.Fatalf("certificate %v, err %v: want none", cert, err)
	}
	bf, err := bruteforce.SolveDeadlines(in)
	if err != nil || !math.IsInf(bf.Value, 1) {
		t.Fatalf("brute force %v, err %v: want infeasible", bf.Value, err)
	}
	// Without an engine (method local): a schedule of the method or by
	// effective deadline misses b, and nothing proves infeasibility.
	a, err := Solve(context.Background(), nil, in, Options{Method: "local", Deadlines: DeadlinesHard})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != StatusUnknown || a.Schedule == nil {
		t.Errorf("local: status %s, want unknown with the unconstrained schedule", a.Status)
	}
	a, err = Solve(context.Background(), engine(t), in, Options{Method: "mip", Deadlines: DeadlinesHard})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != StatusInfeasible || a.InfeasibleBy != "deadline MIP (highs)" || a.Certificate != nil {
		t.Errorf("mip: status %s by %q", a.Status, a.InfeasibleBy)
	}
	// With b due at 2 the MIP finds the schedule: a's map on [0, 1], b's
	// map on [1, 1.5] and its shuffle on [1, 2] (objective 1 + 2 = 3, by
	// the argument above, equal to the brute force).
	in.Jobs[1].Due = 2
	a, err = Solve(context.Background(), engine(t), in, Options{Method: "mip", Deadlines: DeadlinesHard})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != StatusOptimal || !le(a.Objective, 3) || !le(3, a.Objective) {
		t.Errorf("b due 2: status %s objective %v, want optimal 3", a.Status, a.Objective)
	}
}

// TestDeadlineModeUnknown: an unknown mode is an ErrMethod.
func TestDeadlineModeUnknown(t *testing.T) {
	if _, err := Solve(context.Background(), nil, instancesExample21(), Options{Method: "maxsrpt", Deadlines: "firm"}); err == nil {
		t.Fatal("deadlines \"firm\" accepted")
	}
}
