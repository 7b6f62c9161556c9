package instances

import (
	"errors"
	"strings"
	"testing"
)

// Instances whose event times float64 cannot compute are refused with
// ErrUnrepresentable naming the job and field; valid extreme instances are
// accepted. Boundaries come from tolerance.MaxTimeRatio = 2^45 and the
// smallest normal float64 2^-1022 ≈ 2.2e-308 (IEEE 754).
func TestRepresentable(t *testing.T) {
	one := func(r, x, y, mu, nu float64) *Instance {
		in := New([]Job{{ID: "a", Release: r, Map: x, Shuffle: y}})
		in.MapCapacity, in.ShuffleCapacity = mu, nu
		return in
	}
	for _, tc := range []struct {
		name  string
		in    *Instance
		job   int
		field string // "" when valid
	}{
		{"subnormal size", one(0, 1e-309, 0, 1, 1), 0, "map"},
		{"subnormal shuffle", one(0, 1, 5e-324, 1, 1), 0, "shuffle"},
		{"duration underflows", one(0, 1e-300, 0, 1e10, 1), 0, "map"},           // 1e-310 is subnormal
		{"duration underflows to 0", one(0, 1, 1e-300, 1, 1e300), 0, "shuffle"}, // 1e-600 rounds to 0
		{"subnormal capacity", one(0, 1e-20, 1, 1e-310, 1), -1, "map_capacity"},
		{"release swallows sizes", one(1e200, 1, 1, 1, 1), 0, "map"},                        // 1e200 + 1 == 1e200
		{"just above 2^45", one(0x1p45, 1, 0, 1, 1), 0, "map"},                              // (2^45 + 1)/1 > 2^45
		{"just below 2^45", one(0x1p45-2, 1, 0, 1, 1), 0, ""},                               // (2^45 − 1)/1 < 2^45
		{"huge sizes", one(0, 1e299, 0, 1, 1), 0, ""},                                       // ratio 1, horizon 1e299 ≤ MaxMagnitude
		{"tiny capacity", one(0, 1e-10, 1e-10, 1e-300, 1e-300), 0, ""},                      // durations 1e290
		{"huge capacity", one(0, 1, 1, 1e300, 1e300), 0, ""},                                // durations 1e-300 are normal
		{"all tiny", New([]Job{{ID: "a", Map: 1e-300}, {ID: "b", Shuffle: 3e-300}}), 0, ""}, // ratio 4
		{"1e150 scale", one(1e150, 1e150, 1e150, 1, 1), 0, ""},
		{"1e-150 scale", one(1e-150, 1e-150, 1e-150, 1, 1), 0, ""},
	} {
		err := tc.in.Validate()
		if tc.field == "" {
			if err != nil {
				t.Errorf("%s: %v, want valid", tc.name, err)
			}
			continue
		}
		var fe *FieldError
		if !errors.Is(err, ErrUnrepresentable) || !errors.Is(err, ErrInvalid) || !errors.As(err, &fe) || fe.Job != tc.job || fe.Field != tc.field {
			t.Errorf("%s: %v, want ErrUnrepresentable at job %d field %s", tc.name, err, tc.job, tc.field)
		}
	}
}

// The readers refuse a size written non-zero that float64 cannot hold
// (fileio.ParseFloat) and a release that swallows the sizes (Validate),
// naming the line.
func TestReadRefusesUnrepresentable(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"sub.csv", "id,release,map,shuffle\nJ1,0,1e-309,1\n", "sub.csv:2"},
		{"zero.csv", "id,release,map,shuffle\nJ1,0,1e-400,1\n", "smallest normal"},
		{"far.csv", "id,release,map,shuffle\nJ1,1e200,1,1\n", "lost against the time scale"},
		{"sub.json", `{"kind": "tandem", "jobs": [{"id": "a", "release": 0, "map": 1e-309, "shuffle": 1}]}`, "smallest normal"},
	} {
		var err error
		if strings.HasSuffix(tc.name, ".csv") {
			_, err = ReadCSV(strings.NewReader(tc.data), tc.name)
		} else {
			_, err = ReadJSON(strings.NewReader(tc.data), tc.name)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
