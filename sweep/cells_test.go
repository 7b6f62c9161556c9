package sweep

import (
	"errors"
	"math"
	"testing"
)

// TestCheckCells checks the grid-size cap against products worked out by
// hand, including products that overflow int (the check divides instead of
// multiplying).
func TestCheckCells(t *testing.T) {
	for _, tc := range []struct {
		dims []int
		ok   bool
	}{
		{[]int{2, 3, 8}, true},                      // 48 cells: fig9's default grid
		{[]int{MaxCells}, true},                     // exactly the cap
		{[]int{1, MaxCells + 1}, false},             // one over
		{[]int{2, MaxCells / 2}, true},              // 2 × 2²¹ = 2²²
		{[]int{2, 3, 2000000000}, false},            // --reps 2·10⁹ once ran out of memory
		{[]int{math.MaxInt, math.MaxInt, 2}, false}, // would overflow int
		{[]int{0, math.MaxInt}, true},               // an empty axis: no cells
	} {
		err := CheckCells(tc.dims...)
		if tc.ok != (err == nil) || (err != nil && !errors.Is(err, ErrTooManyCells)) {
			t.Errorf("CheckCells(%v) = %v, want ok=%v", tc.dims, err, tc.ok)
		}
	}
}
