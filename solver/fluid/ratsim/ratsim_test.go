package ratsim

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tolerance"
)

func r(a, b int64) *big.Rat { return big.NewRat(a, b) }

// example21 is the §2.1 example of Lin et al.: jobs (1, 2), (3, 1), (2, 2).
func example21(t *testing.T) *rational.Instance {
	in, err := rational.FromInstance(instances.Example21())
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestExample21 checks the completions on the §2.1 example against values
// worked out by hand.
func TestExample21(t *testing.T) {
	for _, c := range []struct {
		policy string
		want   []*big.Rat
		total  *big.Rat
		// a segment that must appear: start and one job's shuffle rate
		kinkAt, kinkRate *big.Rat
		kinkJob          int
	}{
		// FIFO serves J1, J2, J3 in order: the paper's §2.1 walk-through
		// (Fig. 2) gives completions 2, 4, 6 and, from t = 2.5, J2's
		// shuffle drained at the rate 1/3 its map makes work.
		{"fifo", []*big.Rat{r(2, 1), r(4, 1), r(6, 1)}, r(12, 1), r(5, 2), r(1, 3), 1},
		// MaxSRPT (keys max(x, y) = 2, 3, 2; J1 before J3 by arrival), by
		// hand: J1 mapped in [0, 1], shuffled by 2; J3 mapped in [1, 3]
		// with its shuffle from 2, done at 4; J2 mapped from 3 with 1/3
		// buffered by 4, drained at rate 1 − 1/3 until 9/2, then at its
		// inflow 1/3 until its map ends at 6. Completions 2, 6, 4.
		{"maxsrpt", []*big.Rat{r(2, 1), r(6, 1), r(4, 1)}, r(12, 1), r(9, 2), r(1, 3), 1},
		// PS by hand (map shares 1/3, water-filling the shuffle under the
		// inflows 2/3, 1/9, 1/3): J1's map ends at 3 with 1/3 shuffle
		// left, shuffled at 5/12 until 19/5; J3's buffer 1/15 drains at
		// rate 1/3 until 4; J3 then follows its map to 5, J2 to 6.
		{"ps", []*big.Rat{r(19, 5), r(6, 1), r(5, 1)}, r(74, 5), r(19, 5), r(5, 6), 2},
		// SplitSRPT by hand: β = 1 (J3), μ1 = μ2 = 1/2; S1 = {J2, J3}, S2 =
		// {J1}. J3 and J1 map at 1/2 each, J3 shuffling at its inflow 1/2
		// and J1 at 1/2 (its buffer grows); J1's map ends at 2, then J3
		// maps at 1 until 3 (shuffling 1/2), J2 maps from 3; J1 and J3
		// finish their shuffles at 4. J2 (alone, β = 3) then drains the
		// buffer 1/3 at rate 1 − 1/3 until 9/2 and follows its map to 6.
		{"splitsrpt", []*big.Rat{r(4, 1), r(6, 1), r(4, 1)}, r(14, 1), r(9, 2), r(1, 3), 1},
	} {
		res, err := Simulate(example21(t), c.policy)
		if err != nil {
			t.Fatalf("%s: %v", c.policy, err)
		}
		for i, w := range c.want {
			if res.Completion[i].Cmp(w) != 0 {
				t.Errorf("%s: C_%d = %s, want %s (by hand)", c.policy, i+1, res.Completion[i].RatString(), w.RatString())
			}
		}
		if res.Total.Cmp(c.total) != 0 {
			t.Errorf("%s: total %s, want %s", c.policy, res.Total.RatString(), c.total.RatString())
		}
		found := false
		for _, seg := range res.Schedule.Segments {
			for _, rt := range seg.Rates {
				found = found || (seg.Start.Cmp(c.kinkAt) == 0 && rt.Job == c.kinkJob && rt.Shuffle.Cmp(c.kinkRate) == 0)
			}
		}
		if !found {
			t.Errorf("%s: no segment from t = %s with J%d's shuffle rate %s", c.policy, c.kinkAt.RatString(), c.kinkJob+1, c.kinkRate.RatString())
		}
	}
}

// TestSplitSRPTCrossing: a batch whose two shuffle-heavy jobs swap
// priority, by hand (the batch form of fluid's TestSplitSRPTCrossingHand).
// μ_m = 1, μ_c = 4; B = (0, 3) has all its shuffle work available, M =
// (2, 12/5) ranks first (y_M < y_B). S1 is empty, so S2 gets both whole
// stations: M maps at 1 and shuffles at its inflow 6/5, B takes the other
// 14/5. The keys (y for SplitSRPT; max(x, y) = y for MaxSRPT too) meet
// when 3 − 14τ/5 = 12/5 − 6τ/5, τ = 3/8, at y = 39/20; then B takes all 4
// and completes at 3/8 + 39/80 = 69/80 (15/14 without the crossing); M's
// map ends at 2 and its shuffle with it (buffer 117/200 at 69/80, drained
// at rate 14/5 while the map makes 6/5). Total 229/80.
func TestSplitSRPTCrossing(t *testing.T) {
	in := &rational.Instance{MapCapacity: r(1, 1), ShuffleCapacity: r(4, 1), Jobs: []rational.Job{
		{ID: "B", Release: new(big.Rat), Map: new(big.Rat), Shuffle: r(3, 1)},
		{ID: "M", Release: new(big.Rat), Map: r(2, 1), Shuffle: r(12, 5)},
	}}
	for _, p := range []string{"splitsrpt", "maxsrpt"} {
		res, err := Simulate(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Completion[0].Cmp(r(69, 80)) != 0 || res.Completion[1].Cmp(r(2, 1)) != 0 || res.Total.Cmp(r(229, 80)) != 0 {
			t.Errorf("%s: completions %s, %s, total %s; want 69/80, 2, 229/80 (by hand)", p,
				res.Completion[0].RatString(), res.Completion[1].RatString(), res.Total.RatString())
		}
	}
}

// randomBatch draws n jobs: with ints, small integer sizes (ties and
// crossings at other events are frequent), else continuous sizes, a zero
// size now and then; one batch in four plants the pattern of
// TestSplitSRPTCrossing (a fast shuffle station, jobs with no map work and
// shuffle-heavy jobs a little smaller) so that S2's keys cross.
func randomBatch(rng *rand.Rand, ints bool) *instances.Instance {
	if !ints && rng.IntN(2) == 0 {
		var jobs []instances.Job
		for p := 1 + rng.IntN(3); p > 0; p-- {
			by := 2 + 3*rng.Float64()
			my := by * (0.55 + 0.4*rng.Float64())
			jobs = append(jobs, instances.Job{Shuffle: by}, instances.Job{Map: my / (1.05 + 0.45*rng.Float64()), Shuffle: my})
		}
		for e := rng.IntN(3); e > 0; e-- {
			x := 0.2 + 2*rng.Float64()
			jobs = append(jobs, instances.Job{Map: x, Shuffle: x * (0.1 + 0.8*rng.Float64())})
		}
		for i := range jobs {
			jobs[i].ID = fmt.Sprintf("j%d", i)
		}
		in := instances.New(jobs)
		in.MapCapacity, in.ShuffleCapacity = 1, 3.5+1.5*rng.Float64()
		return in
	}
	n := 1 + rng.IntN(7)
	jobs := make([]instances.Job, n)
	for i := range jobs {
		var x, y float64
		for x == 0 && y == 0 {
			if ints {
				x, y = float64(rng.IntN(5)), float64(rng.IntN(5))
			} else {
				x, y = rng.ExpFloat64(), rng.ExpFloat64()
				switch rng.IntN(10) {
				case 0:
					x = 0
				case 1:
					y = 0
				}
			}
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i), Map: x, Shuffle: y}
	}
	in := instances.New(jobs)
	if rng.IntN(3) == 0 {
		in.MapCapacity, in.ShuffleCapacity = 0.5+rng.Float64(), 0.5+rng.Float64()
	}
	return in
}

// TestMatchesFloat: on 250 random batches per policy the fractions, rounded,
// equal the float simulator's completions within tolerance (the second
// solver: package fluid).
func TestMatchesFloat(t *testing.T) {
	for _, name := range Policies {
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		p, err := fluid.ParsePolicy(name, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 250; k++ {
			fin := randomBatch(rng, k%2 == 0)
			in, err := rational.FromInstance(fin)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Simulate(in, name)
			if err != nil {
				t.Fatalf("%s batch %d: %v", name, k, err)
			}
			fr, err := fluid.Simulate(fin, p, fluid.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range res.Completion {
				cf, _ := c.Float64()
				if !tolerance.Eq(cf, fr.Completion[i]) {
					t.Errorf("%s batch %d %+v: C_%d exact %s ≈ %v, float %v", name, k, fin.Jobs, i, c.RatString(), cf, fr.Completion[i])
				}
			}
			tot, _ := res.Total.Float64()
			if !tolerance.Eq(tot, fr.TotalResponse) {
				t.Errorf("%s batch %d: total exact %v, float %v", name, k, tot, fr.TotalResponse)
			}
		}
	}
}

// TestRefuses: releases that differ, unknown policies.
func TestRefuses(t *testing.T) {
	in := example21(t)
	in.Jobs[2].Release = r(1, 2)
	if _, err := Simulate(in, "fifo"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("different releases: %v, want ErrUnsupported", err)
	}
	for _, p := range []string{"klps", "order", "lifo"} {
		if _, err := Simulate(example21(t), p); !errors.Is(err, ErrPolicy) {
			t.Errorf("policy %s: %v, want ErrPolicy", p, err)
		}
	}
}
