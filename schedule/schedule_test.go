package schedule

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

func randomSchedule(rng *rand.Rand, in *instances.Instance) *Schedule {
	s := &Schedule{Completion: make([]float64, in.N())}
	t := 0.0
	for k := 0; k < 1+rng.IntN(8); k++ {
		d := rng.Float64()
		seg := Segment{Start: t, End: t + d}
		for j := 0; j < in.N(); j++ {
			if rng.IntN(2) == 0 {
				seg.Rates = append(seg.Rates, Rate{Job: j, Map: rng.Float64() / 3, Shuffle: rng.Float64() / 7})
			}
		}
		s.Segments = append(s.Segments, seg)
		t += d
	}
	for j := range s.Completion {
		s.Completion[j] = rng.Float64() * t
	}
	return s
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	in := instances.Example21()
	for k := 0; k < 100; k++ {
		s := randomSchedule(rng, in)
		for _, form := range []string{"json", "csv"} {
			var b bytes.Buffer
			var got *Schedule
			var err error
			if form == "json" {
				_ = WriteJSON(&b, in, s)
				got, err = ReadJSON(bytes.NewReader(b.Bytes()), "s.json", in)
			} else {
				_ = WriteCSV(&b, in, s)
				got, err = ReadCSV(bytes.NewReader(b.Bytes()), "s.csv", in)
			}
			if err != nil {
				t.Fatalf("%s: %v", form, err)
			}
			for i := range s.Segments {
				if s.Segments[i].Rates == nil {
					s.Segments[i].Rates = []Rate{}
				}
				if got.Segments[i].Rates == nil {
					got.Segments[i].Rates = []Rate{}
				}
			}
			if !reflect.DeepEqual(got, s) {
				t.Fatalf("%s round trip changed the schedule", form)
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	in := instances.Example21()
	cases := []struct{ in, want string }{
		{`{"kind":"x"}`, `s.json: kind: schedule: malformed schedule file: "x"`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J9","completion":1}]}`, `completions[0].id: schedule: malformed schedule file: unknown job "J9"`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J1","completion":1}]}`, `no completion for job "J2"`},
		{`{"kind":"tandem-schedule","extra":1}`, `unknown field "extra"`},
	}
	for _, c := range cases {
		_, err := ReadJSON(strings.NewReader(c.in), "s.json", in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.in, err, c.want)
		}
	}
	_, err := ReadCSV(strings.NewReader("kind,start,end,id,map_rate,shuffle_rate,completion\nsegment,0,x,J1,1,1,\n"), "s.csv", in)
	if err == nil || !strings.Contains(err.Error(), "s.csv:2: field end") {
		t.Errorf("csv: %v", err)
	}
}

func FuzzReadJSON(f *testing.F) {
	in := instances.Example21()
	var b bytes.Buffer
	_ = WriteJSON(&b, in, randomSchedule(rand.New(rand.NewPCG(1, 1)), in))
	f.Add(b.String())
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = ReadJSON(strings.NewReader(s), "f.json", in) // must not panic
	})
}

func FuzzReadCSV(f *testing.F) {
	in := instances.Example21()
	var b bytes.Buffer
	_ = WriteCSV(&b, in, randomSchedule(rand.New(rand.NewPCG(1, 1)), in))
	f.Add(b.String())
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = ReadCSV(strings.NewReader(s), "f.csv", in) // must not panic
	})
}
