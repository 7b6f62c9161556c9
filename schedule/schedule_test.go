package schedule

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
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
		{`{"kind":"x"}`, `s.json:1: kind: schedule: malformed schedule file: unknown kind "x"`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J9","completion":1}]}`, `completions[0].id: schedule: malformed schedule file: unknown job "J9"`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J1","completion":1}]}`, `no completion for job "J2"`},
		{`{"kind":"tandem-schedule","extra":1}`, `s.json:1: extra: schedule: malformed schedule file: unknown field`},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): missing or null
		// numbers were read as 0, trailing data was ignored, and decoding
		// errors named neither a line nor a JSON path.
		{`{"kind":"tandem-schedule","completions":[{"id":"J1","completion":null},{"id":"J2","completion":1},{"id":"J3","completion":1}]}`, `s.json:1: completions[0].completion: schedule: malformed schedule file: not a number: null`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J1"},{"id":"J2","completion":1},{"id":"J3","completion":1}]}`, `s.json:1: completions[0].completion: schedule: malformed schedule file: missing field`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J1","completion":1},{"id":"J2","completion":1},{"id":"J3","completion":1}],"segments":[{"start":0,"rates":[]}]}`, `s.json:1: segments[0].end: schedule: malformed schedule file: missing field`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J1","completion":1},{"id":"J2","completion":1},{"id":"J3","completion":1}],"segments":[{"start":0,"end":1,"rates":[{"id":"J1","shuffle":1}]}]}`, `s.json:1: segments[0].rates[0].map: schedule: malformed schedule file: missing field`},
		{`{"kind":"tandem-schedule","completions":[{"id":"J1","completion":1},{"id":"J2","completion":1},{"id":"J3","completion":1}],"segments":[{"start":0,"end":1,"rates":[{"id":"J1","map":null,"shuffle":1}]}]}`, `s.json:1: segments[0].rates[0].map: schedule: malformed schedule file: not a number: null`},
		{"{\"kind\":\"tandem-schedule\",\n\"completions\":[{\"id\":\"J1\",\n\"completion\":\"1\"}]}", `s.json:3: completions[0].completion: schedule: malformed schedule file: not a number: "1"`},
		{"{\"kind\":\"tandem-schedule\",\n\"completions\":[{\"id\":\"J1\",\n\"completion\":1e400}]}", `s.json:3: completions[0].completion: schedule: malformed schedule file: number 1e400 out of float64 range`},
		{"{\"kind\":\"tandem-schedule\",\n\"completions\":[", `s.json:2: schedule: malformed schedule file: unexpected end of file`},
		{"", `s.json: schedule: malformed schedule file: empty file`},
		{"{\"kind\":\"tandem-schedule\",\n\"completions\":[{\"id\":\"J1\",\"completion\":1},{\"id\":\"J2\",\"completion\":1},{\"id\":\"J3\",\"completion\":1}]}\n{\"kind\":\"x\"}", `s.json:3: schedule: malformed schedule file: data after the end of the JSON value`},
		// Bad input: duplicate keys were taken (the last one won).
		{"{\"kind\":\"tandem-schedule\",\n\"completions\":[{\"id\":\"J1\",\"completion\":1,\"completion\":2}]}", `s.json:2: completions[0]: schedule: malformed schedule file: key "completion" twice in one object`},
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
	// Found by the bad-input QA: values in the other row kind's columns
	// were ignored silently.
	for _, c := range []struct{ in, want string }{
		{"kind,start,end,id,map_rate,shuffle_rate,completion\nsegment,0,1,J1,1,1,NaN\n", "s.csv:2: field completion: schedule: malformed schedule file"},
		{"kind,start,end,id,map_rate,shuffle_rate,completion\ncompletion,,,J1,0.5,,2\n", "s.csv:2: field map_rate: schedule: malformed schedule file"},
		// Bad input: Go-only numbers were taken; NUL bytes kept.
		{"kind,start,end,id,map_rate,shuffle_rate,completion\ncompletion,,,J1,,,0x1p-2\n", `s.csv:2: field completion: schedule: malformed schedule file: "0x1p-2" is not a decimal number`},
		{"kind,start,end,id,map_rate,shuffle_rate,completion\nsegment,0,1_0,J1,1,1,\n", `s.csv:2: field end: schedule: malformed schedule file: "1_0" is not a decimal number`},
		{"kind,start,end,id,map_rate,shuffle_rate,completion\ncompletion,,,J\x001,,,1\n", "s.csv:2: schedule: malformed schedule file: fileio: not a UTF-8 text file: NUL byte"},
		{"", "s.csv: schedule: malformed schedule file: empty file"},
	} {
		_, err := ReadCSV(strings.NewReader(c.in), "s.csv", in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.want)
		}
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

// simulate -i same.json --schedule same.json used to replace silently
// the input. WriteFile takes fileio.Protect for the command's inputs.
func TestWriteFileProtect(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "J1", Map: 1, Shuffle: 1}})
	dir := t.TempDir()
	p := filepath.Join(dir, "same.json")
	if err := instances.WriteFile(p, in); err != nil {
		t.Fatal(err)
	}
	s := &Schedule{Completion: []float64{2}, Segments: []Segment{{Start: 0, End: 2, Rates: []Rate{{Job: 0, Map: 0.5, Shuffle: 0.5}}}}}
	if err := WriteFile(p, in, s, fileio.Protect(p)); !errors.Is(err, fileio.ErrOverwrite) {
		t.Fatalf("WriteFile over the protected input: %v", err)
	}
	if back, err := instances.ReadFile(p); err != nil || back.N() != 1 {
		t.Fatalf("input changed: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "s.json"), in, s, fileio.Protect(p)); err != nil {
		t.Fatal(err)
	}
}
