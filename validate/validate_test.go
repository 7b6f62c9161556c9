package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tolerance"
)

// example21 is the worked example of Lin et al. §2.1: jobs (1,2), (3,1),
// (2,2) released at 0, served in FIFO order at both stations.
func example21() *instances.Instance {
	return instances.New([]instances.Job{
		{ID: "J1", Map: 1, Shuffle: 2},
		{ID: "J2", Map: 3, Shuffle: 1},
		{ID: "J3", Map: 2, Shuffle: 2},
	})
}

// fifo21 is that FIFO schedule, derived by hand in the paper's Fig. 2:
// J1's shuffle is limited by its map progress during [0,1] (rate 1 at the
// shuffle station, capacity-bound), J1 done at 2; J2's buffered shuffle work
// (1/3 at t=2) drains at net rate 2/3 until t=2.5, then the shuffle station
// follows J2's map at rate 1/3 until 4; J3 runs both phases at rate 1 on
// [4,6]. Completions 2, 4, 6; total response time 12.
func fifo21() *schedule.Schedule {
	return &schedule.Schedule{
		Completion: []float64{2, 4, 6},
		Segments: []schedule.Segment{
			{Start: 0, End: 1, Rates: []schedule.Rate{{Job: 0, Map: 1, Shuffle: 1}}},
			{Start: 1, End: 2, Rates: []schedule.Rate{{Job: 0, Shuffle: 1}, {Job: 1, Map: 1}}},
			{Start: 2, End: 2.5, Rates: []schedule.Rate{{Job: 1, Map: 1, Shuffle: 1}}},
			{Start: 2.5, End: 4, Rates: []schedule.Rate{{Job: 1, Map: 1, Shuffle: 1.0 / 3}}},
			{Start: 4, End: 6, Rates: []schedule.Rate{{Job: 2, Map: 1, Shuffle: 1}}},
		},
	}
}

func TestExample21(t *testing.T) {
	res, err := Check(example21(), fifo21())
	if err != nil {
		t.Fatal(err)
	}
	// 2 + 4 + 6 = 12, the paper's §2.1 example.
	if res.TotalResponse != 12 || res.Makespan != 6 {
		t.Fatalf("total %v makespan %v, want 12 and 6", res.TotalResponse, res.Makespan)
	}
}

func TestViolations(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(in *instances.Instance, s *schedule.Schedule)
		rule   string
	}{
		{"map capacity", func(in *instances.Instance, s *schedule.Schedule) {
			s.Segments[1].Rates[0].Map = 0.5 // J1 gets map service it does not need, too
		}, "map capacity"},
		{"shuffle capacity", func(in *instances.Instance, s *schedule.Schedule) { in.ShuffleCapacity = 0.5 }, "shuffle capacity"},
		{"release", func(in *instances.Instance, s *schedule.Schedule) { in.Jobs[1].Release = 1.5 }, "release"},
		{"progress", func(in *instances.Instance, s *schedule.Schedule) {
			// J2 shuffles at full rate in [2.5,4]: more than its map has produced.
			s.Segments[3].Rates[0].Shuffle = 1
		}, "progress"},
		{"completion", func(in *instances.Instance, s *schedule.Schedule) { s.Completion[2] = 5.5 }, "completion"},
		{"map total", func(in *instances.Instance, s *schedule.Schedule) { in.Jobs[2].Map = 3 }, "map total"},
		{"negative rate", func(in *instances.Instance, s *schedule.Schedule) { s.Segments[4].Rates[0].Map = -1 }, "rate"},
		{"overlap", func(in *instances.Instance, s *schedule.Schedule) { s.Segments[2].Start = 1.5 }, "segment"},
		{"count", func(in *instances.Instance, s *schedule.Schedule) { s.Completion = s.Completion[:2] }, "completion"},
	}
	for _, c := range cases {
		in, s := example21(), fifo21()
		c.mutate(in, s)
		_, err := Check(in, s)
		var ve *Error
		if !errors.As(err, &ve) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error %v, want a *Error", c.name, err)
			continue
		}
		found := false
		for _, v := range ve.Violations {
			found = found || v.Rule == c.rule
		}
		if !found {
			t.Errorf("%s: violations %v lack rule %q", c.name, err, c.rule)
		}
	}
}

func TestZeroSizes(t *testing.T) {
	// x = 0: the whole shuffle is available at release; y = 0: the job leaves
	// when its map work is done (instances package doc).
	in := instances.New([]instances.Job{
		{ID: "A", Map: 0, Shuffle: 2},
		{ID: "B", Map: 1, Shuffle: 0},
	})
	s := &schedule.Schedule{
		Completion: []float64{2, 1},
		Segments: []schedule.Segment{
			{Start: 0, End: 1, Rates: []schedule.Rate{{Job: 0, Shuffle: 1}, {Job: 1, Map: 1}}},
			{Start: 1, End: 2, Rates: []schedule.Rate{{Job: 0, Shuffle: 1}}},
		},
	}
	res, err := Check(in, s)
	if err != nil {
		t.Fatal(err)
	}
	if res.TotalResponse != 3 {
		t.Fatalf("total %v, want 2 + 1 = 3", res.TotalResponse)
	}
	if msg := (&Error{Violations: make([]Violation, 12)}).Error(); !strings.Contains(msg, "and 2 more") {
		t.Fatalf("long error not truncated with a count: %s", msg)
	}
}

// TestTinyJobsLate is the regression for schedules of SWIM-derived
// instances (docs/report.md): a job whose size is far below the time
// resolution of its segment boundaries (3·10⁻⁷ of work at t ≈ 800, where one
// ulp of t is 1.1·10⁻¹³) must pass when map and shuffle progress are equal
// in exact arithmetic, and must still fail when the shuffle genuinely runs
// 1% ahead of the map.
func TestTinyJobsLate(t *testing.T) {
	const size = 3e-7
	in := instances.New([]instances.Job{{ID: "tiny", Release: 800.1, Map: size, Shuffle: size}})
	in.ShuffleCapacity = 2
	build := func(ahead float64) *schedule.Schedule {
		s := &schedule.Schedule{}
		t0 := 800.1
		// Ten segments with boundaries produced by repeated float
		// additions, as a simulator produces them.
		for k := 0; k < 10; k++ {
			t1 := t0 + size/10
			sh := 1.0
			if k == 0 {
				sh = 1 + ahead // shuffle runs ahead in the first segment...
			}
			if k == 9 {
				sh = 1 - ahead // ...and catches up at the end
			}
			s.Segments = append(s.Segments, schedule.Segment{Start: t0, End: t1, Rates: []schedule.Rate{{Job: 0, Map: 1, Shuffle: sh}}})
			t0 = t1
		}
		s.Completion = []float64{t0}
		return s
	}
	if _, err := Check(in, build(0)); err != nil {
		t.Fatalf("exactly proportional progress rejected: %v", err)
	}
	_, err := Check(in, build(0.01))
	var ve *Error
	if !errors.As(err, &ve) || ve.Violations[0].Rule != "progress" {
		t.Fatalf("shuffle 1%% ahead of map accepted: %v", err)
	}
}

// TestSWIMSchedule is the regression for docs/report.md's "SWIM-derived
// instances pass the validator": the first 300 shuffling jobs of the FB-2009
// SWIM trace (normalised, load 0.3; provenance in the instance metadata)
// and the MaxSRPT schedule that solver/fluid recorded for them. Sizes range
// over seven orders of magnitude, so tiny jobs late in the trace sit below
// the time resolution of their segment boundaries; with the old
// fraction-based tolerance ten progress checks failed by up to 2.5·10⁻⁷.
func TestSWIMSchedule(t *testing.T) {
	in, err := instances.ReadFile("testdata/fb2009-300.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := schedule.ReadFile("testdata/fb2009-300.maxsrpt.schedule.json", in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Check(in, s)
	if err != nil {
		t.Fatal(err)
	}
	// The schedule's own claimed total (Σ claimed completions − releases).
	if want := s.TotalResponse(in); !tolerance.Eq(res.TotalResponse, want) {
		t.Fatalf("total %v, claimed %v", res.TotalResponse, want)
	}
}

// TestSubResolutionJob: a job whose whole work (10⁻¹³) is less than one
// ulp of the clock at t = 1000 (1.1·10⁻¹³) × capacity cannot appear in a
// positive-length segment (solver/fluid's TestSubULPCrossing situation); it
// passes when claimed complete at a time ≥ its release, and a job of
// 10⁻⁶ left unserved still fails.
func TestSubResolutionJob(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "big", Release: 0, Map: 1000, Shuffle: 0},
		{ID: "dust", Release: 999, Map: 1e-13, Shuffle: 0},
	})
	s := &schedule.Schedule{
		Completion: []float64{1000, 1000},
		Segments:   []schedule.Segment{{Start: 0, End: 1000, Rates: []schedule.Rate{{Job: 0, Map: 1}}}},
	}
	if _, err := Check(in, s); err != nil {
		t.Fatalf("sub-resolution job rejected: %v", err)
	}
	in.Jobs[1].Map = 1e-6
	if _, err := Check(in, s); err == nil {
		t.Fatal("an unserved job of size 1e-6 accepted")
	}
	in.Jobs[1].Map = 1e-13
	s.Completion[1] = 998 // before its release
	if _, err := Check(in, s); err == nil {
		t.Fatal("completion before release accepted")
	}
}
