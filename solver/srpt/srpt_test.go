package srpt

import (
	"errors"
	"math"
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
