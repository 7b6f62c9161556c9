package rational_test

import (
	"bytes"
	"errors"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
)

const threeJobs = `{"kind":"tandem","jobs":[{"id":"a","map":0.1,"shuffle":0.3},{"id":"b","map":2,"shuffle":0.5},{"id":"c","map":1.5,"shuffle":1.25}]}`

// exactFile returns the instance and the exact schedule file of serving
// it in the order c, a, b (rational.PriorityOrder), as 'solve --exact'
// writes it (ratsearch.ScheduleJSON).
func exactFile(t *testing.T) (*rational.Instance, *rational.Schedule, []byte) {
	t.Helper()
	in, err := rational.ReadJSON(strings.NewReader(threeJobs), "three.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := rational.PriorityOrder(in, []int{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := ratsearch.ScheduleJSON(in, s)
	if err != nil {
		t.Fatal(err)
	}
	return in, s, b
}

func TestReadScheduleRoundTrip(t *testing.T) {
	in, s, b := exactFile(t)
	got, err := rational.ReadScheduleJSON(bytes.NewReader(b), "s.json", in)
	if err != nil {
		t.Fatal(err)
	}
	rep, mism, err := rational.Verify(in, got)
	if err != nil || !rep.Feasible || len(mism) > 0 {
		t.Fatalf("read back: feasible %v, mismatches %v, error %v", rep != nil && rep.Feasible, mism, err)
	}
	// The total of the schedule as written (PriorityOrder's own
	// completions) equals the one Verify computes from the file.
	if want := s.Total(in); rep.Total.Cmp(want) != 0 {
		t.Errorf("total %s, want %s", rep.Total.RatString(), want.RatString())
	}
}

// TestReadScheduleTampered: doubling any positive rate serves a job
// beyond its size (the file serves exactly the sizes), and changing a
// completion contradicts the segments; either way Verify reports it and
// FieldOf names the changed field's segment or completion.
func TestReadScheduleTampered(t *testing.T) {
	in, _, b := exactFile(t)
	rate := regexp.MustCompile(`"(map|shuffle)": "([0-9/]+)"`)
	comp := regexp.MustCompile(`"completion": "([0-9/]+)"`)
	checked := 0
	for k, loc := range rate.FindAllSubmatchIndex(b, -1) {
		v, _ := new(big.Rat).SetString(string(b[loc[4]:loc[5]]))
		if v.Sign() == 0 {
			continue
		}
		bad := append(append(append([]byte{}, b[:loc[4]]...), v.Mul(v, big.NewRat(2, 1)).RatString()...), b[loc[5]:]...)
		s, err := rational.ReadScheduleJSON(bytes.NewReader(bad), "s.json", in)
		if err != nil {
			t.Fatalf("rate %d: %v", k, err)
		}
		rep, mism, err := rational.Verify(in, s)
		if err != nil || rep.Feasible && len(mism) == 0 {
			t.Errorf("rate %d doubled: not rejected (%v)", k, err)
			continue
		}
		// The field of the first violation is in the segment of the
		// changed rate: its path prefix "segments[K]" precedes the rate.
		v0 := append(rep.Violations, mism...)[0]
		field := rational.FieldOf(in, s, v0)
		if !strings.HasPrefix(field, "segments[") {
			t.Errorf("rate %d doubled: field %q (%v)", k, field, v0)
		}
		checked++
	}
	for k, loc := range comp.FindAllSubmatchIndex(b, -1) {
		bad := append(append(append([]byte{}, b[:loc[2]]...), "1/3"...), b[loc[3]:]...)
		s, err := rational.ReadScheduleJSON(bytes.NewReader(bad), "s.json", in)
		if err != nil {
			t.Fatalf("completion %d: %v", k, err)
		}
		_, mism, err := rational.Verify(in, s)
		// 1/3 is before every completion of this instance (the smallest
		// size is 0.1 + 0.3 of work at rate at most 1 per station).
		want := "completions[" + string(rune('0'+k)) + "].completion"
		if err != nil || len(mism) != 1 || rational.FieldOf(in, s, mism[0]) != want {
			t.Errorf("completion %d changed: mismatches %v, want one at %s (%v)", k, mism, want, err)
		}
		checked++
	}
	// 3 completions and at least one positive rate per job.
	if checked < 6 {
		t.Errorf("only %d tamperings checked", checked)
	}
}

func TestReadScheduleErrors(t *testing.T) {
	in, _, b := exactFile(t)
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"a number is not exact", `"start": "0"`, `"start": 0`, "segments[0].start"},
		{"not a fraction", `"start": "0"`, `"start": "zero"`, "segments[0].start"},
		{"unknown job", `"job": "a"`, `"job": "z"`, "job \"z\" is not in the instance"},
		{"other kind", `"kind": "exact-schedule"`, `"kind": "tandem-schedule"`, "kind"},
		{"unknown field", `"note":`, `"notes":`, "unknown field"},
	} {
		bad := bytes.Replace(b, []byte(tc.from), []byte(tc.to), 1)
		_, err := rational.ReadScheduleJSON(bytes.NewReader(bad), "s.json", in)
		var pe *fileio.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, rational.ErrSchedule) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a ParseError wrapping ErrSchedule naming %q", tc.name, err, tc.want)
		}
	}
}
