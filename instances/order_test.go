package instances_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

func TestParseOrder(t *testing.T) {
	in := instances.Example21() // jobs J1, J2, J3
	for _, tc := range []struct {
		s    string
		want []int // nil with ok = false: ErrOrder
		ok   bool
	}{
		{"J3,J1,J2", []int{2, 0, 1}, true},
		{"2, 0, J2", []int{2, 0, 1}, true}, // indices and ids mix
		{"", nil, true},
		{"J1,J2", nil, false},    // too short
		{"J1,J1,J2", nil, false}, // twice
		{"J1,J2,7", nil, false},  // index out of range
	} {
		got, err := instances.ParseOrder(in, tc.s)
		if tc.ok != (err == nil) || !tc.ok && !errors.Is(err, instances.ErrOrder) || !slices.Equal(got, tc.want) {
			t.Errorf("ParseOrder(%q) = %v, %v; want %v (ok %v)", tc.s, got, err, tc.want, tc.ok)
		}
	}
}

// An order of the §2.1 example's jobs by id and by 0-based index.
func ExampleParseOrder() {
	order, err := instances.ParseOrder(instances.Example21(), "J3,0,J2")
	fmt.Println(order, err)
	// Output: [2 0 1] <nil>
}
