package rational

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

func r(a, b int64) *big.Rat { return big.NewRat(a, b) }

func batch(sizes ...[2]int64) *Instance {
	in := &Instance{MapCapacity: r(1, 1), ShuffleCapacity: r(1, 1)}
	for i, s := range sizes {
		in.Jobs = append(in.Jobs, Job{ID: "J" + string(rune('1'+i)), Release: new(big.Rat), Map: r(s[0], 1), Shuffle: r(s[1], 1)})
	}
	return in
}

// TestExample21: the §2.1 worked example (jobs (1,2), (3,1), (2,2) served in
// the order J1, J2, J3; Fig. 2): completions 2, 4, 6, the kink at t = 2.5
// where J2's shuffle follows its map at rate 1/3, total 12.
func TestExample21(t *testing.T) {
	in := batch([2]int64{1, 2}, [2]int64{3, 1}, [2]int64{2, 2})
	s, err := PriorityOrder(in, []int{0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []*big.Rat{r(2, 1), r(4, 1), r(6, 1)} {
		if s.Completion[i].Cmp(want) != 0 {
			t.Errorf("C_%d = %s, want %s (paper §2.1)", i+1, s.Completion[i].RatString(), want.RatString())
		}
	}
	var kink bool
	for _, seg := range s.Segments {
		if seg.Start.Cmp(r(5, 2)) == 0 && len(seg.Rates) == 1 && seg.Rates[0].Shuffle.Cmp(r(1, 3)) == 0 {
			kink = true
		}
	}
	if !kink {
		t.Errorf("no segment from t = 5/2 with J2's shuffle rate 1/3 (paper §2.1): %+v", s.Segments)
	}
	rep, mism, err := Verify(in, s)
	if err != nil || !rep.Feasible || len(mism) > 0 {
		t.Fatalf("verify: %v %v %v", err, rep.Err(), mism)
	}
	if rep.Total.Cmp(r(12, 1)) != 0 {
		t.Errorf("total %s, want 12 (paper §2.1)", rep.Total.RatString())
	}
	fin, _ := in.Float()
	fs, exact := s.Float()
	if exact {
		t.Errorf("the 1/3 rate cannot be exact in float64")
	}
	res, err := validate.Check(fin, fs)
	if err != nil || res.TotalResponse != 12 {
		t.Errorf("validate.Check: %v, total %v", err, res.TotalResponse)
	}
}

// TestClosedForms: for batch instances with y ≤ x for every job the shuffle
// station never limits, so in priority order the k-th job completes at the
// prefix sum of map sizes; with x ≤ y for every job the shuffle station is
// busy from 0 and the k-th job completes at the prefix sum of shuffle sizes.
func TestClosedForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 200 {
		n := 1 + rng.IntN(7)
		mapHeavy := trial%2 == 0
		in := &Instance{MapCapacity: r(1, 1), ShuffleCapacity: r(1, 1)}
		for i := range n {
			a, b := r(1+rng.Int64N(20), 1+rng.Int64N(4)), r(1+rng.Int64N(20), 1+rng.Int64N(4))
			if (a.Cmp(b) < 0) == mapHeavy {
				a, b = b, a
			}
			in.Jobs = append(in.Jobs, Job{ID: string(rune('a' + i)), Release: new(big.Rat), Map: a, Shuffle: b})
		}
		perm := rng.Perm(n)
		s, err := PriorityOrder(in, perm)
		if err != nil {
			t.Fatal(err)
		}
		pre := new(big.Rat)
		for _, j := range perm {
			if mapHeavy {
				pre.Add(pre, in.Jobs[j].Map)
			} else {
				pre.Add(pre, in.Jobs[j].Shuffle)
			}
			if s.Completion[j].Cmp(pre) != 0 {
				t.Fatalf("trial %d: C_%d = %s, want prefix sum %s", trial, j, s.Completion[j].RatString(), pre.RatString())
			}
		}
	}
}

// TestRandomFeasible: priority schedules of random online instances pass
// both the exact verifier and the independent float validator, with equal
// totals.
func TestRandomFeasible(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 200 {
		n := 1 + rng.IntN(8)
		in := &Instance{MapCapacity: r(1, 1), ShuffleCapacity: r(1, 1)}
		for i := range n {
			x := r(rng.Int64N(10), 1+rng.Int64N(3))
			y := r(1+rng.Int64N(10), 1+rng.Int64N(3))
			rel := new(big.Rat)
			if trial%2 == 1 {
				rel = r(rng.Int64N(12), 2)
			}
			in.Jobs = append(in.Jobs, Job{ID: string(rune('a' + i)), Release: rel, Map: x, Shuffle: y})
		}
		s, err := PriorityOrder(in, rng.Perm(n))
		if err != nil {
			t.Fatal(err)
		}
		rep, mism, err := Verify(in, s)
		if err != nil || !rep.Feasible || len(mism) > 0 {
			t.Fatalf("trial %d: %v %v %v", trial, err, rep.Err(), mism)
		}
		fin, _ := in.Float()
		fs, _ := s.Float()
		res, err := validate.Check(fin, fs)
		if err != nil {
			t.Fatalf("trial %d: validate.Check: %v", trial, err)
		}
		tot, _ := rep.Total.Float64()
		if !tolerance.Eq(res.TotalResponse, tot) {
			t.Fatalf("trial %d: float total %v, exact %v", trial, res.TotalResponse, tot)
		}
	}
}

// TestViolations: each mutation of the §2.1 schedule is caught by the exact
// verifier with the right rule.
func TestViolations(t *testing.T) {
	in := batch([2]int64{1, 2}, [2]int64{3, 1}, [2]int64{2, 2})
	for _, c := range []struct {
		name   string
		mutate func(s *Schedule)
		rule   string
	}{
		{"map capacity", func(s *Schedule) { s.Segments[0].Rates[0].Map = r(2, 1) }, "map capacity"},
		{"shuffle capacity", func(s *Schedule) { s.Segments[0].Rates[0].Shuffle = r(3, 2) }, "shuffle capacity"},
		{"progress", func(s *Schedule) {
			// J1 shuffle 2 in [0,1] while its map does 1: fraction 1 vs 1
			// is fine; slow its map to 1/2 instead.
			s.Segments[0].Rates[0].Map = r(1, 2)
		}, "progress"},
		{"overlap", func(s *Schedule) { s.Segments[1].Start = r(1, 2) }, "segment"},
		{"short", func(s *Schedule) { s.Segments = s.Segments[:len(s.Segments)-1] }, "map total"},
		{"negative", func(s *Schedule) { s.Segments[0].Rates[0].Shuffle = r(-1, 10) }, "rate"},
		{"tiny", func(s *Schedule) {
			// 2^-60 too much map capacity: invisible to a 1e-9 tolerance,
			// caught exactly.
			s.Segments[0].Rates[0].Map = new(big.Rat).Add(r(1, 1), new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 60)))
		}, "map capacity"},
	} {
		s, err := PriorityOrder(in, []int{0, 1, 2})
		if err != nil {
			t.Fatal(err)
		}
		c.mutate(s)
		rep, _, err := Verify(in, s)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Feasible || !strings.Contains(rep.Err().Error(), c.rule) {
			t.Errorf("%s: feasible=%v, err %v; want a %q violation", c.name, rep.Feasible, rep.Err(), c.rule)
		}
	}
	// release
	in2 := batch([2]int64{1, 1})
	in2.Jobs[0].Release = r(1, 1)
	s := &Schedule{Completion: []*big.Rat{r(1, 1)}, Segments: []Segment{{Start: r(0, 1), End: r(1, 1), Rates: []Rate{{Job: 0, Map: r(1, 1), Shuffle: r(1, 1)}}}}}
	rep, _, _ := Verify(in2, s)
	if rep.Feasible || !strings.Contains(rep.Err().Error(), "release") {
		t.Errorf("release violation not caught: %v", rep.Err())
	}
}

func TestFloatRoundTrip(t *testing.T) {
	fin := instances.New([]instances.Job{{ID: "a", Map: 0.1, Shuffle: 0.3}})
	in, err := FromInstance(fin)
	if err != nil {
		t.Fatal(err)
	}
	back, exact := in.Float()
	if !exact || back.Jobs[0].Map != 0.1 || back.Jobs[0].Shuffle != 0.3 {
		t.Errorf("float → rational → float not exact: %+v", back.Jobs[0])
	}
	s, err := PriorityOrder(in, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := s.Float()
	rs, err := FromSchedule(fs)
	if err != nil {
		t.Fatal(err)
	}
	rep, _, _ := Verify(in, rs)
	// 0.3 = shuffle served at rate 1 until 0.3 while map 0.1 is done at 0.1:
	// the float schedule round-trips exactly here (every number is a float).
	if !rep.Feasible {
		t.Errorf("round-tripped schedule infeasible: %v", rep.Err())
	}
}
