package instances

import "testing"

// TestClockFormat checks Format against hand-computed clock times and that
// it inverts Convert on the 24 hours from the start.
func TestClockFormat(t *testing.T) {
	min := ClockOf(map[string]any{MetaStart: "22:00"})
	sec := ClockOf(map[string]any{MetaStart: "22:00", MetaTimeUnit: "second"})
	for _, tc := range []struct {
		c    Clock
		t    float64
		want string
	}{
		{min, 0, "22:00"},
		{min, 90, "23:30"},      // 22:00 + 1 h 30
		{min, 195, "01:15"},     // past midnight: 22:00 + 3 h 15
		{min, 480, "06:00"},     // the morning after, still within 24 h
		{min, 1500, "23:00+1d"}, // 25 h after the start
		{min, 30.5, "22:30:30"}, // half a minute
		{sec, 45, "22:00:45"},
		{min, -1, ""},
		{Clock{}, 10, ""}, // no start
	} {
		if got := tc.c.Format(tc.t); got != tc.want {
			t.Errorf("Format(%v) = %q, want %q", tc.t, got, tc.want)
		}
	}
	for _, s := range []string{"22:00", "23:59", "00:00", "05:30", "21:59:59"} {
		v, err := sec.Convert(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := sec.Format(v); got != s {
			t.Errorf("Format(Convert(%q)) = %q", s, got)
		}
	}
}
