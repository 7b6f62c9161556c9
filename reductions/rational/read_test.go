package rational

import (
	"bytes"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

func TestReadJSONExact(t *testing.T) {
	for _, c := range []struct {
		name, text string
		// want: map capacity, shuffle capacity, then release, map,
		// shuffle of each job, as exact rationals (the decimal text of the
		// file, read by hand).
		want []string
	}{
		{"decimals", `{"kind":"tandem","jobs":[{"id":"a","map":0.1,"shuffle":0.2}]}`,
			[]string{"1", "1", "0", "1/10", "1/5"}},
		// 2^60 + 1 = 1152921504606846977 is not a float64 (it rounds to
		// 2^60); the exact reader keeps the last digit.
		{"above 2^53", `{"kind":"tandem","map_capacity":2,"shuffle_capacity":3,"jobs":[{"id":"a","release":5,"map":1152921504606846977,"shuffle":1e3}]}`,
			[]string{"2", "3", "5", "1152921504606846977", "1000"}},
		{"exponents", `{"kind":"tandem","jobs":[{"id":"a","map":1.5e-7,"shuffle":25E-1},{"id":"b","map":0,"shuffle":7}]}`,
			[]string{"1", "1", "0", "3/20000000", "5/2", "0", "0", "7"}},
	} {
		in, err := ReadJSON(strings.NewReader(c.text), "x.json")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := []string{in.MapCapacity.RatString(), in.ShuffleCapacity.RatString()}
		for _, j := range in.Jobs {
			got = append(got, j.Release.RatString(), j.Map.RatString(), j.Shuffle.RatString())
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestReadJSONErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		// The float reader's rules and messages apply.
		{`{"kind":"tandem","jobs":[{"id":"a","map":-1,"shuffle":1}]}`, "x.json:1: jobs[0].map: instances: invalid instance: negative value -1"},
		{`{"kind":"tandem","jobs":[]}`, "x.json: jobs: instances: invalid instance: empty instance"},
		{"{\"kind\":\"tandem\",\n\"jobs\":[,]}", "x.json:2: instances: syntax error"},
		// A tiny exponent the float reader accepts (it rounds to 0) is
		// refused rather than expanded to 10^1000 digits.
		{"{\"kind\":\"tandem\",\n\"jobs\":[{\"id\":\"a\",\"map\":1,\"shuffle\":1e-1000}]}", "x.json:2: jobs[0].shuffle: instances: invalid instance: number 1e-1000 is below the smallest normal float64"},
	} {
		_, err := ReadJSON(strings.NewReader(c.text), "x.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want prefix %q", c.text, err, c.want)
		}
	}
	if _, err := ReadFile("x.csv"); !errors.Is(err, ErrInvalid) {
		t.Errorf("CSV: got %v, want ErrInvalid", err)
	}
}

// TestReadJSONMatchesFloat: on files written by instances.WriteJSON (the
// shortest decimal of each float64) the exact reader gives exactly the
// floats' values, i.e. FromInstance of the float reader's instance.
func TestReadJSONMatchesFloat(t *testing.T) {
	fin := &instances.Instance{MapCapacity: 3, ShuffleCapacity: 0.7, Jobs: []instances.Job{
		{ID: "a", Release: 0.25, Map: 1.0 / 3, Shuffle: 2}, {ID: "b", Map: 1e-9, Shuffle: 123456789.125}}}
	var buf bytes.Buffer
	if err := instances.WriteJSON(&buf, fin); err != nil {
		t.Fatal(err)
	}
	in, err := ReadJSON(bytes.NewReader(buf.Bytes()), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	// 1/3 is written as 0.3333333333333333, whose exact value is not a
	// float64; rounding it to the nearest float64 gives 1/3's float back.
	back, _ := in.Float()
	for i, j := range back.Jobs {
		if !reflect.DeepEqual(j, fin.Jobs[i]) {
			t.Errorf("job %d: %+v, want %+v", i, j, fin.Jobs[i])
		}
	}
	if want := new(big.Rat).SetFrac64(1, 4); in.Jobs[0].Release.Cmp(want) != 0 {
		t.Errorf("release %s, want 1/4", in.Jobs[0].Release.RatString())
	}
}

func FuzzReadJSON(f *testing.F) {
	f.Add(`{"kind":"tandem","jobs":[{"id":"a","map":0.1,"shuffle":0.2}]}`)
	f.Add(`{"kind":"tandem","map_capacity":2,"shuffle_capacity":3,"jobs":[{"id":"a","release":5,"map":1152921504606846977,"shuffle":1e3},{"id":"b","map":0,"shuffle":1}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		in, err := ReadJSON(strings.NewReader(text), "f.json")
		if err != nil {
			return
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("accepted an invalid instance: %v", err)
		}
		// Whatever the exact reader accepts, the float reader accepts
		// (but for float64 representability, which exact arithmetic does
		// not need), with the same ids and every number within float
		// rounding.
		fin, err := instances.ReadJSONExactValues(strings.NewReader(text), "f.json")
		if err != nil {
			t.Fatalf("float reader refuses what the exact reader accepted: %v", err)
		}
		for i, j := range in.Jobs {
			m, _ := j.Map.Float64()
			if j.ID != fin.Jobs[i].ID || m != fin.Jobs[i].Map {
				t.Fatalf("job %d: exact %s/%v, float %s/%v", i, j.ID, m, fin.Jobs[i].ID, fin.Jobs[i].Map)
			}
		}
	})
}
