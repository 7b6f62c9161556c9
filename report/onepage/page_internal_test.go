package onepage

import (
	"math"
	"testing"
)

// TestPageNum: whole numbers from 1e5 up (strconv rounding),
// tabular.Human below and from 1e15 on.
func TestPageNum(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{1179480.759, "1179481"}, // rounded to the unit
		{-250000.5, "-250000"},   // an exact tie rounds to even (strconv)
		{99999.94, "99999.9"},    // below 1e5: six significant digits
		{2203.98, "2203.98"},
		{1e15, "1e+15"},
		{math.NaN(), "-"},
		{math.Inf(1), "inf"},
	} {
		if got := pageNum(tc.x); got != tc.want {
			t.Errorf("pageNum(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}
