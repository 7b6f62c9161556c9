package fluid

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/srpt"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

func allPolicies(n int) []Policy {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = n - 1 - i
	}
	return []Policy{FIFO(), PS(), KLPS(DefaultK), KLPS(2), KLPSMapOnly(2), MaxSRPT(), SplitSRPT(), SplitSRPTStrict(), Order(perm)}
}

// TestExample21 checks Lin et al. §2.1 (Fig. 2): jobs (1,2), (3,1), (2,2)
// served in the order J1, J2, J3 at both stations complete at 2, 4 and 6;
// the shuffle buffer empties at t = 2.5 and the shuffle station then drains
// at rate 1/3 (J2's inflow) until t = 4.
func TestExample21(t *testing.T) {
	in := instances.Example21()
	for _, p := range []Policy{FIFO(), Order([]int{0, 1, 2})} {
		r, err := Simulate(in, p, Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		want := []float64{2, 4, 6} // §2.1
		for i, w := range want {
			if r.Completion[i] != w {
				t.Errorf("%s: J%d completes at %v, want %v (§2.1)", p.Name(), i+1, r.Completion[i], w)
			}
		}
		// Shuffle rate of the whole station over time.
		shuffleRate := func(tm float64) float64 {
			for _, s := range r.Schedule.Segments {
				if s.Start <= tm && tm < s.End {
					sum := 0.0
					for _, q := range s.Rates {
						sum += q.Shuffle
					}
					return sum
				}
			}
			return math.NaN()
		}
		for _, c := range []struct{ t, want float64 }{
			{0.5, 1}, {1.5, 1}, {2.4, 1}, // drained at the maximum rate 1 until 2.5 (§2.1)
			{2.6, 1.0 / 3}, {3.9, 1.0 / 3}, // then at J2's inflow rate 1/3 until 4 (§2.1)
			{4.5, 1}, {5.9, 1}, // J3 (y = x) at rate 1 during [4, 6] (§2.1)
		} {
			if got := shuffleRate(c.t); !scalar.EqualWithinAbsOrRel(got, c.want, 1e-12, 1e-12) {
				t.Errorf("%s: shuffle rate at t=%v is %v, want %v (§2.1)", p.Name(), c.t, got, c.want)
			}
		}
		breakAt := false
		for _, s := range r.Schedule.Segments {
			if s.End == 2.5 {
				breakAt = true
			}
		}
		if !breakAt {
			t.Errorf("%s: no event at t = 2.5 where J2's buffer empties (§2.1)", p.Name())
		}
		if _, err := validate.Check(in, r.Schedule); err != nil {
			t.Errorf("%s: %v", p.Name(), err)
		}
	}
}

// TestZeroShuffleClosedForms: with y = 0 the shuffle station is idle and the
// map station is a single server: MaxSRPT is SRPT on the map sizes and PS is
// processor sharing (§4.1 and the remark on Algorithm 1).
func TestZeroShuffleClosedForms(t *testing.T) {
	batch := instances.New([]instances.Job{
		{ID: "a", Map: 3}, {ID: "b", Map: 1}, {ID: "c", Map: 2}, {ID: "d", Map: 2},
	})
	// SRPT on a batch: shortest first, completions are prefix sums of the
	// sorted sizes 1, 2, 2, 3: b 1, c 3, d 5, a 8 (ties by position).
	r, err := Simulate(batch, MaxSRPT(), Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{8, 1, 3, 5} {
		if !scalar.EqualWithinAbsOrRel(r.Completion[i], w, 1e-12, 1e-12) {
			t.Errorf("MaxSRPT batch job %d: %v, want %v (SRPT prefix sums)", i, r.Completion[i], w)
		}
	}
	// PS on a batch: C_(k) = C_(k-1) + (n−k+1)(x_(k) − x_(k-1)) on sorted
	// sizes: 1 → 4·1 = 4; 2 → 4 + 3·1 = 7 (both c and d); 3 → 7 + 1·1 = 8.
	r, err = Simulate(batch, PS(), Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{8, 4, 7, 7} {
		if !scalar.EqualWithinAbsOrRel(r.Completion[i], w, 1e-12, 1e-12) {
			t.Errorf("PS batch job %d: %v, want %v (PS closed form)", i, r.Completion[i], w)
		}
	}
	// Online PS, hand-computed: a (2) at 0, b (1) at 1. [0,1): a alone, 1
	// left; [1,3): both at 1/2, both finish at 3. Responses 3 and 2.
	on := instances.New([]instances.Job{{ID: "a", Map: 2}, {ID: "b", Release: 1, Map: 1}})
	r, err = Simulate(on, PS(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !scalar.EqualWithinAbsOrRel(r.Completion[0], 3, 1e-12, 1e-12) || !scalar.EqualWithinAbsOrRel(r.Completion[1], 3, 1e-12, 1e-12) {
		t.Errorf("online PS completions %v, want [3 3] (hand-computed)", r.Completion)
	}
	// Shuffle-only jobs (x = 0): MaxSRPT is SRPT on the shuffle sizes.
	sh := instances.New([]instances.Job{{ID: "a", Shuffle: 3}, {ID: "b", Shuffle: 1}})
	r, err = Simulate(sh, MaxSRPT(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !scalar.EqualWithinAbsOrRel(r.Completion[0], 4, 1e-12, 1e-12) || !scalar.EqualWithinAbsOrRel(r.Completion[1], 1, 1e-12, 1e-12) {
		t.Errorf("x = 0 MaxSRPT completions %v, want [4 1]", r.Completion)
	}
	// Random online instances with y = 0 against the separate SRPT
	// simulator (solver/srpt, sizes max(x, 0) = x).
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := 0; trial < 50; trial++ {
		n := 1 + rng.IntN(30)
		jobs := make([]instances.Job, n)
		tm := 0.0
		for i := range jobs {
			tm += rng.ExpFloat64()
			jobs[i] = instances.Job{ID: fmt.Sprint(i), Release: math.Round(tm*4) / 4, Map: float64(1 + rng.IntN(4))}
		}
		in := instances.New(jobs)
		got, err := Simulate(in, MaxSRPT(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := srpt.Simulate(in.Source(), 1, 1, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !scalar.EqualWithinAbsOrRel(got.TotalResponse, ref.TotalResponse, 1e-9, 1e-9) {
			t.Errorf("trial %d: MaxSRPT with y=0 total %v, SRPT %v", trial, got.TotalResponse, ref.TotalResponse)
		}
	}
}

// corFour returns the Cor 4 family (§4.1 after Corollary 4): n/2 jobs
// (α−ε, 1) and n/2 jobs (1, α), batch.
func corFour(n int, alpha, eps float64) *instances.Instance {
	jobs := make([]instances.Job, n)
	for i := range jobs {
		if i%2 == 0 {
			jobs[i] = instances.Job{ID: fmt.Sprintf("a%d", i), Map: alpha - eps, Shuffle: 1}
		} else {
			jobs[i] = instances.Job{ID: fmt.Sprintf("b%d", i), Map: 1, Shuffle: alpha}
		}
	}
	return instances.New(jobs)
}

// TestCorollary4Family: MaxSRPT runs the (α−ε, 1) jobs first, each taking
// α−ε (its shuffle keeps up with its map), then the (1, α) jobs, shuffle
// bound, one every α after T0 = (n/2)(α−ε). Exact total with m = n/2:
// (α−ε)m(m+1)/2 + m·T0 + αm(m+1)/2; the paper's asymptote n²α/2 − 3n²ε/8
// (§4.1) must be approached (ratio → 1).
func TestCorollary4Family(t *testing.T) {
	alpha, eps := 3.0, 0.5
	prevErr := math.Inf(1)
	for _, n := range []int{10, 100, 1000} {
		in := corFour(n, alpha, eps)
		r, err := Simulate(in, MaxSRPT(), Options{Record: n <= 100})
		if err != nil {
			t.Fatal(err)
		}
		m := float64(n / 2)
		exact := (alpha-eps)*m*(m+1)/2 + m*m*(alpha-eps) + alpha*m*(m+1)/2
		if !scalar.EqualWithinAbsOrRel(r.TotalResponse, exact, 1e-9, 1e-9) {
			t.Errorf("n=%d: total %v, exact %v", n, r.TotalResponse, exact)
		}
		nn := float64(n)
		paper := nn*nn*alpha/2 - 3*nn*nn*eps/8
		rel := math.Abs(r.TotalResponse/paper - 1)
		if rel >= prevErr {
			t.Errorf("n=%d: |T/paper − 1| = %v does not shrink (previous %v)", n, rel, prevErr)
		}
		prevErr = rel
		if r.Schedule != nil {
			if _, err := validate.Check(in, r.Schedule); err != nil {
				t.Errorf("n=%d: %v", n, err)
			}
		}
	}
	if prevErr > 2e-3 {
		t.Errorf("n=1000: ratio to the paper's asymptote off by %v", prevErr)
	}
}

// TestKLPSSerial: k-LPS with k = 1 (place held until departure) serves one
// job at a time; a job alone takes max(x, y) (its shuffle overlaps its map),
// so batch completions are prefix sums of max(x, y) in arrival order.
func TestKLPSSerial(t *testing.T) {
	in := instances.Example21()
	r, err := Simulate(in, KLPS(1), Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{2, 5, 7} { // max sizes 2, 3, 2
		if !scalar.EqualWithinAbsOrRel(r.Completion[i], w, 1e-12, 1e-12) {
			t.Errorf("job %d: %v, want %v", i, r.Completion[i], w)
		}
	}
	// k ≥ n is PS.
	rng := rand.New(rand.NewPCG(3, 4))
	in = randomInstance(rng, 12, false, true)
	a, err := Simulate(in, KLPS(100), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Simulate(in, PS(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.TotalResponse != b.TotalResponse {
		t.Errorf("k-LPS with k ≥ n: %v, PS %v", a.TotalResponse, b.TotalResponse)
	}
}

// TestExample21Hand checks PS, MaxSRPT and SplitSRPT on the §2.1 jobs
// against completions worked out by hand (the derivations are in the
// comments; every rate is a small rational).
func TestExample21Hand(t *testing.T) {
	in := instances.Example21()
	cases := []struct {
		p    Policy
		want []float64
	}{
		// PS: [0,3) map 1/3 each; inflow caps 2/3, 1/9, 1/3 water-filled
		// to 5/9, 1/9, 1/3; J1 map done at 3 with 1/3 shuffle left; then
		// J1 5/12, J2 1/6, J3 5/12 → J1 done at 3.8; J3's buffer (1/15)
		// drains at 1/3 until 4; J3 map done at 5, J2 at 6.
		{PS(), []float64{3.8, 6, 5}},
		// MaxSRPT: L = 2, 3, 2: J1 (tie, earlier) maps [0,1) and shuffles
		// [0,2); J3 maps [1,3) and shuffles [2,4); J2 maps [3,6), its
		// buffer of 1/3 at t=4 drains by 4.5, then inflow 1/3 until 6.
		{MaxSRPT(), []float64{2, 6, 4}},
		// SplitSRPT: β = 1 (J3), μ1 = μ2 = 1/2; S1 = {J2, J3}, S2 = {J1}.
		// [0,2): J3 and J1 map at 1/2 and shuffle at 1/2; [2,3): J3 maps
		// at 1 (S2 has no map work); J3, J1 shuffle at 1/2 each until 4;
		// J2 maps from 3, alone from 4, done at 6.
		{SplitSRPT(), []float64{4, 6, 4}},
	}
	for _, c := range cases {
		r, err := Simulate(in, c.p, Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range c.want {
			if !scalar.EqualWithinAbsOrRel(r.Completion[i], w, 1e-12, 1e-12) {
				t.Errorf("%s: J%d at %v, want %v (hand-computed)", c.p.Name(), i+1, r.Completion[i], w)
			}
		}
	}
}

// randomInstance draws n jobs with sizes from a small set (so that ties are
// frequent) including zeros.
func randomInstance(rng *rand.Rand, n int, batch, zeros bool) *instances.Instance {
	vals := []float64{0.5, 1, 1, 2, 3, 0.25, 4}
	jobs := make([]instances.Job, n)
	tm := 0.0
	for i := range jobs {
		x := vals[rng.IntN(len(vals))]
		y := vals[rng.IntN(len(vals))]
		if zeros {
			switch rng.IntN(6) {
			case 0:
				x = 0
			case 1:
				y = 0
			}
		}
		if !batch {
			if rng.IntN(3) > 0 { // some simultaneous arrivals
				tm += math.Round(rng.ExpFloat64()*4) / 4
			}
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i), Release: tm, Map: x, Shuffle: y}
	}
	// Shuffle the positions so that instance order differs from release order.
	rng.Shuffle(n, func(a, b int) { jobs[a], jobs[b] = jobs[b], jobs[a] })
	return instances.New(jobs)
}

// contInstance draws n jobs with continuous sizes and releases (exact ties
// in priority keys have probability 0), with some zero sizes.
func contInstance(rng *rand.Rand, n int, batch, zeros bool) *instances.Instance {
	jobs := make([]instances.Job, n)
	tm := 0.0
	for i := range jobs {
		x, y := 0.1+3*rng.Float64(), 0.1+3*rng.Float64()
		if zeros {
			switch rng.IntN(6) {
			case 0:
				x = 0
			case 1:
				y = 0
			}
		}
		if !batch {
			tm += rng.ExpFloat64()
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i), Release: tm, Map: x, Shuffle: y}
	}
	return instances.New(jobs)
}

// TestValidatorOnRandom: every policy's recorded schedule passes the
// independent validator, online and batch, with zero sizes and ties, and
// the claimed completions are the validator's.
func TestValidatorOnRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 5, 20, 100} {
		for _, batch := range []bool{true, false} {
			for trial := 0; trial < 6; trial++ {
				in := randomInstance(rng, n, batch, trial%2 == 0)
				if trial == 5 {
					in.MapCapacity, in.ShuffleCapacity = 2, 0.5
				}
				for _, p := range allPolicies(n) {
					for _, speed := range []float64{1, 1.5} {
						r, err := Simulate(in, p, Options{Record: true, Speed: speed})
						if err != nil {
							t.Fatalf("n=%d batch=%v %s: %v", n, batch, p.Name(), err)
						}
						vin := in
						if speed != 1 {
							vin = in.Clone()
							vin.MapCapacity *= speed
							vin.ShuffleCapacity *= speed
						}
						v, err := validate.Check(vin, r.Schedule)
						if err != nil {
							t.Fatalf("n=%d batch=%v trial %d %s speed %v: %v", n, batch, trial, p.Name(), speed, err)
						}
						if !scalar.EqualWithinAbsOrRel(v.TotalResponse, r.TotalResponse, 1e-9, 1e-9) {
							t.Errorf("%s: total %v, validator %v", p.Name(), r.TotalResponse, v.TotalResponse)
						}
					}
				}
			}
		}
	}
}

// TestAgainstTimeStepped compares the event-driven engine with the
// brute-force time-stepped oracle (oracle_test.go) on small random
// instances with continuous sizes and releases (so that no two priority
// keys tie exactly: at an exact tie both orders are valid MaxSRPT or
// SplitSRPT schedules and the oracle's rounding picks one arbitrarily).
// Every completion agrees to O(dt) (observed ≤ 6·dt over 300 trials;
// the bound allows 10·dt).
func TestAgainstTimeStepped(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	const dt = 1e-3
	for trial := 0; trial < 40; trial++ {
		n := 2 + rng.IntN(5)
		in := contInstance(rng, n, trial%3 == 0, trial%2 == 0)
		if trial%4 == 1 {
			in.MapCapacity, in.ShuffleCapacity = 1.7, 0.6
		}
		for _, c := range []struct {
			name string
			p    Policy
		}{{"fifo", FIFO()}, {"ps", PS()}, {"klps", KLPS(2)}, {"klps-maponly", KLPSMapOnly(2)}, {"maxsrpt", MaxSRPT()}, {"splitsrpt", SplitSRPT()}} {
			r, err := Simulate(in, c.p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ref := stepSim(in, c.name, 2, dt)
			for i := range ref {
				if math.Abs(ref[i]-r.Completion[i]) > 10*dt {
					t.Errorf("trial %d %s job %d: engine %v, time-stepped %v\n%v", trial, c.name, i, r.Completion[i], ref[i], in.Jobs)
				}
			}
		}
	}
}

// TestSpeedScaling: on a batch, speed s is time scaled by 1/s (§4.1: "scaling
// the speed is equivalent to scaling the time").
func TestSpeedScaling(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	in := randomInstance(rng, 30, true, true)
	for _, p := range allPolicies(30) {
		a, err := Simulate(in, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Simulate(in, p, Options{Speed: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range a.Completion {
			if !scalar.EqualWithinAbsOrRel(b.Completion[i], a.Completion[i]/2, 1e-9, 1e-9) {
				t.Fatalf("%s job %d: speed 2 gives %v, want %v/2", p.Name(), i, b.Completion[i], a.Completion[i])
			}
		}
	}
}

// TestDeterminismAndStream: same instance → byte-identical schedule files;
// SimulateStream on the same jobs gives the same totals as Simulate.
func TestDeterminismAndStream(t *testing.T) {
	spec := instances.PaperLogNormal(2000, 0.8, false)
	in, err := spec.Generate(rand.New(rand.NewPCG(42, 43)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range allPolicies(in.N()) {
		var out [2]bytes.Buffer
		var tot [2]float64
		for k := 0; k < 2; k++ {
			r, err := Simulate(in, p, Options{Record: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := schedule.WriteJSON(&out[k], in, r.Schedule); err != nil {
				t.Fatal(err)
			}
			tot[k] = r.TotalResponse
		}
		if !bytes.Equal(out[0].Bytes(), out[1].Bytes()) || tot[0] != tot[1] {
			t.Errorf("%s: two runs differ", p.Name())
		}
		if p.Name() == "order" {
			continue // Order indexes instance jobs vs stream positions; same here only by accident
		}
		src, err := spec.Source(rand.New(rand.NewPCG(42, 43)))
		if err != nil {
			t.Fatal(err)
		}
		s, err := SimulateStream(src, 1, 1, p, Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.TotalResponse != tot[0] || s.N != in.N() {
			t.Errorf("%s: stream total %v (n %d), Simulate %v", p.Name(), s.TotalResponse, s.N, tot[0])
		}
	}
}

func TestErrors(t *testing.T) {
	in := instances.Example21()
	for _, c := range []struct {
		name string
		p    Policy
		opt  Options
		want error
	}{
		{"order not a permutation", Order([]int{0, 0, 1}), Options{}, ErrPolicy},
		{"order too short", Order([]int{1, 0}), Options{}, ErrPolicy},
		{"negative speed", FIFO(), Options{Speed: -1}, ErrInput},
		{"NaN speed", FIFO(), Options{Speed: math.NaN()}, ErrInput},
		{"nil policy", nil, Options{}, ErrPolicy},
	} {
		if _, err := Simulate(in, c.p, c.opt); !errors.Is(err, c.want) {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
	}
	bad := in.Clone()
	bad.Jobs[1].Map = -1
	if _, err := Simulate(bad, FIFO(), Options{}); !errors.Is(err, ErrInput) {
		t.Errorf("negative size: err %v", err)
	}
	if _, err := ParsePolicy("lifo", 0, nil); !errors.Is(err, ErrPolicy) {
		t.Errorf("unknown policy: err %v", err)
	}
	if _, err := ParsePolicy("order", 0, nil); !errors.Is(err, ErrPolicy) {
		t.Errorf("order without permutation: err %v", err)
	}
	if _, err := ParseOrder("1,x"); !errors.Is(err, ErrPolicy) {
		t.Errorf("bad order: err %v", err)
	}
	// A stream out of release order names the job.
	src := &jobsSource{jobs: []instances.Job{{ID: "a", Release: 2, Map: 1}, {ID: "b", Release: 1, Map: 1}}}
	if _, err := SimulateStream(src, 1, 1, FIFO(), Options{}, nil); !errors.Is(err, ErrInput) {
		t.Errorf("unsorted stream: err %v", err)
	}
	if _, err := SimulateStream(in.Source(), 1, 1, FIFO(), Options{Record: true}, nil); !errors.Is(err, ErrInput) {
		t.Errorf("Record on a stream: err %v", err)
	}
	if _, err := SimulateStream(in.Source(), 0, 1, FIFO(), Options{}, nil); !errors.Is(err, ErrInput) {
		t.Errorf("zero capacity: err %v", err)
	}
	for _, name := range PolicyNames {
		p, err := ParsePolicy(name, 0, []int{2, 1, 0})
		if err != nil || p.Name() != name {
			t.Errorf("ParsePolicy(%q) = %v, %v", name, p, err)
		}
	}
}

type jobsSource struct {
	jobs []instances.Job
	k    int
}

func (s *jobsSource) Next() (instances.Job, bool) {
	if s.k >= len(s.jobs) {
		return instances.Job{}, false
	}
	s.k++
	return s.jobs[s.k-1], true
}

// TestOrderHand: the order policy on §2.1's jobs in the order J3, J2, J1,
// hand-computed: J3 (2,2) maps [0,2) and shuffles at 1 → done at 2; J2
// maps [2,5), its shuffle is inflow-limited (1/3) → done at 5; J1 maps
// [5,6), shuffles at 1 from 5 → 2 units done at 7.
func TestOrderHand(t *testing.T) {
	r, err := Simulate(instances.Example21(), Order([]int{2, 1, 0}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{7, 5, 2}
	for i := range want {
		if !scalar.EqualWithinAbsOrRel(r.Completion[i], want[i], 1e-12, 1e-12) {
			t.Errorf("job %d: %v, want %v", i, r.Completion[i], want[i])
		}
	}
}
