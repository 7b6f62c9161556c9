package srpt

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

func TestSRPTHandComputed(t *testing.T) {
	// Hand-computed with the SRPT rule, sizes max(x, y): A = 3 at 0,
	// B = 1 at 1, C = 1 at 1.5. A runs [0,1); B (1 < 2 left of A) runs
	// [1,2) — at 1.5 C (1) does not preempt B (0.5 left); C runs [2,3);
	// A resumes with 2 left and ends at 5. Responses A 5, B 1, C 1.5.
	in := instances.New([]instances.Job{
		{ID: "A", Release: 0, Map: 3, Shuffle: 1},
		{ID: "B", Release: 1, Map: 0.5, Shuffle: 1},
		{ID: "C", Release: 1.5, Map: 1, Shuffle: 0},
	})
	resp := map[int]float64{}
	s, err := Simulate(in.Source(), 1, 1, 1, func(seq int, r float64) { resp[seq] = r })
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{0: 5, 1: 1, 2: 1.5}
	for k, v := range want {
		if math.Abs(resp[k]-v) > 1e-12 {
			t.Errorf("job %d response %v, want %v", k, resp[k], v)
		}
	}
	if s.TotalResponse != 7.5 || s.Makespan != 5 || s.N != 3 {
		t.Errorf("summary %+v, want total 7.5 makespan 5 n 3", s)
	}
	// Speed 2 halves every time of a batch (time scaling).
	b := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 4}})
	s2, err := Simulate(b.Source(), 1, 1, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	// sizes 2 and 4: completions 1 and 3 at speed 2.
	if s2.TotalResponse != 4 {
		t.Errorf("speed 2 total %v, want 4", s2.TotalResponse)
	}
}

func TestSRPTErrors(t *testing.T) {
	bad := instances.New([]instances.Job{{ID: "a", Release: 2, Map: 1}, {ID: "b", Release: 1, Map: 1}})
	src := &sliceSrc{jobs: bad.Jobs}
	if _, err := Simulate(src, 1, 1, 1, nil); !errors.Is(err, ErrInput) {
		t.Errorf("out-of-order releases: err %v, want ErrInput", err)
	}
	if _, err := Simulate(bad.Source(), 1, 1, -1, nil); !errors.Is(err, ErrInput) {
		t.Errorf("negative speed: err %v, want ErrInput", err)
	}
}

type sliceSrc struct {
	jobs []instances.Job
	k    int
}

func (s *sliceSrc) Next() (instances.Job, bool) {
	if s.k >= len(s.jobs) {
		return instances.Job{}, false
	}
	s.k++
	return s.jobs[s.k-1], true
}

func TestSimulateMapHandComputed(t *testing.T) {
	// Hand-computed with the SRPT rule on the map sizes alone: A = 3 at 0,
	// B = 0.5 at 1, C = 1 at 1.5, D = 0 at 2. A runs [0,1) (2 left); B
	// preempts and ends at 1.5; C (1 < 2) runs [1.5,2.5); D has no map work
	// and leaves at its release 2; A resumes at 2.5 and ends at 4.5.
	// Responses A 4.5, B 0.5, C 1, D 0.
	in := instances.New([]instances.Job{
		{ID: "A", Release: 0, Map: 3, Shuffle: 1},
		{ID: "B", Release: 1, Map: 0.5, Shuffle: 1},
		{ID: "C", Release: 1.5, Map: 1, Shuffle: 0},
		{ID: "D", Release: 2, Map: 0, Shuffle: 7},
	})
	resp := map[int]float64{}
	s, err := SimulateMap(in.Source(), 1, 1, func(seq int, r float64) { resp[seq] = r })
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{0: 4.5, 1: 0.5, 2: 1, 3: 0}
	for k, v := range want {
		if resp[k] != v {
			t.Errorf("job %d response %v, want %v", k, resp[k], v)
		}
	}
	if s.TotalResponse != 6 || s.Makespan != 4.5 || s.N != 4 {
		t.Errorf("summary %+v, want total 6 makespan 4.5 n 4", s)
	}
	// Map capacity 2 halves every map size: A 1.5, B 0.25, C 0.5; A runs
	// [0,1) (0.5 left), B [1,1.25), A [1.25,1.75) (0.5 < C's 0.5 by
	// arrival), C [1.75,2.25): responses 1.75, 0.25, 0.75, 0.
	s2, err := SimulateMap(in.Source(), 2, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s2.TotalResponse != 2.75 {
		t.Errorf("map capacity 2: total %v, want 2.75", s2.TotalResponse)
	}
	if _, err := SimulateMap(&sliceSrc{jobs: []instances.Job{{ID: "z", Map: 1, Shuffle: math.NaN()}}}, 1, 1, nil); !errors.Is(err, ErrInput) {
		t.Errorf("NaN shuffle size: err %v, want ErrInput", err)
	}
}

// bruteSRPT is a second implementation: at each step it scans every job in
// the system for the least (remaining, arrival) and runs it to its end or
// to the next arrival (O(n²)).
func bruteSRPT(sizes, rel []float64) []float64 {
	n := len(sizes)
	rem := append([]float64(nil), sizes...)
	resp := make([]float64, n)
	done := make([]bool, n)
	now, k, left := 0.0, 0, n
	for left > 0 {
		best := -1
		for i := 0; i < k; i++ {
			if !done[i] && (best < 0 || rem[i] < rem[best]) {
				best = i
			}
		}
		if best < 0 {
			now = rel[k]
			k++
			continue
		}
		tNext := math.Inf(1)
		if k < n {
			tNext = rel[k]
		}
		if tDone := now + rem[best]; tDone <= tNext {
			now, done[best] = tDone, true
			resp[best] = now - rel[best]
			left--
			continue
		}
		rem[best] = math.Max(rem[best]-(tNext-now), 0)
		now = tNext
		k++
	}
	return resp
}

func TestSRPTAgainstBrute(t *testing.T) {
	// Random batches (seeded): both references against the O(n²) scan,
	// Simulate on sizes max(x, y) and SimulateMap on x; identical float
	// operations, so the responses agree exactly.
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 20 {
		n := 1 + rng.IntN(200)
		jobs := make([]instances.Job, n)
		r := 0.0
		for i := range jobs {
			r += rng.ExpFloat64()
			jobs[i] = instances.Job{ID: "j", Release: r, Map: rng.ExpFloat64() * 0.9, Shuffle: rng.ExpFloat64() * 0.9}
		}
		for _, mapOnly := range []bool{false, true} {
			sizes, rel := make([]float64, n), make([]float64, n)
			for i, j := range jobs {
				rel[i], sizes[i] = j.Release, j.Map
				if !mapOnly {
					sizes[i] = math.Max(j.Map, j.Shuffle)
				}
			}
			want := bruteSRPT(sizes, rel)
			got := make([]float64, n)
			sink := func(seq int, resp float64) { got[seq] = resp }
			var err error
			if mapOnly {
				_, err = SimulateMap(&sliceSrc{jobs: jobs}, 1, 1, sink)
			} else {
				_, err = Simulate(&sliceSrc{jobs: jobs}, 1, 1, 1, sink)
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("trial %d mapOnly %v job %d: response %v, brute force %v", trial, mapOnly, i, got[i], want[i])
				}
			}
		}
	}
}
