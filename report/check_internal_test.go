package report

import "testing"

// TestClip: at most n bytes, cut at a rune boundary ("é" is 2 bytes).
func TestClip(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"aéb", 2, "a…"}, // byte 2 is inside "é": cut before it
		{"aéb", 3, "aé…"},
	} {
		if got := clip(tc.s, tc.n); got != tc.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
