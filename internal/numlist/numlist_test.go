package numlist_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/numlist"
)

// TestInts: expected lists written out by hand from the syntax.
func TestInts(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []int
	}{
		{"4..8", []int{4, 5, 6, 7, 8}},
		{"3-9/3", []int{3, 6, 9}}, // the step syntax of report --gen (n=3-9/3)
		{"2,4..5,10..20/5", []int{2, 4, 5, 10, 15, 20}},
		{"7", []int{7}},
		{"-2..1", []int{-2, -1, 0, 1}},
		{"-5--3", []int{-5, -4, -3}}, // LO-HI with negative ends
		{" 1 , ,2", []int{1, 2}},
		{"", nil},
	} {
		got, err := numlist.Ints(tc.s)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Ints(%q) = %v, %v; want %v", tc.s, got, err, tc.want)
		}
	}
	// The whole int64 range overflowed hi − lo and looped 2^64 times before
	// the count was taken in uint64; 0..2000000 is over the million cap.
	for _, tc := range []struct {
		s    string
		want error
	}{
		{"x", numlist.ErrSyntax}, {"5..3", numlist.ErrSyntax}, {"1..4/0", numlist.ErrSyntax}, {"1..2..3", numlist.ErrSyntax},
		{"-9223372036854775808..9223372036854775807", numlist.ErrTooMany}, {"0..2000000", numlist.ErrTooMany},
	} {
		if _, err := numlist.Ints(tc.s); !errors.Is(err, tc.want) {
			t.Errorf("Ints(%q) = %v, want %v", tc.s, err, tc.want)
		}
	}
	// The message starts with the item, for the flag's name to lead it.
	if _, err := numlist.Ints("1,8..4"); err == nil || !strings.HasPrefix(err.Error(), `"8..4": want N`) {
		t.Errorf("message %v", err)
	}
}

// FuzzInts: never a panic; every accepted list is within the item cap.
func FuzzInts(f *testing.F) {
	for _, s := range []string{"4..8", "3-9/3", "2,4..5,10..20/5", "-2..1", "", "1..2..3", "9223372036854775807",
		"9223372036854775807..9223372036854775807", "-9223372036854775808..9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		xs, err := numlist.Ints(s)
		if err == nil && len(xs) > (len(s)+1)*numlist.MaxItemValues {
			t.Fatalf("%q: %d values", s, len(xs))
		}
	})
}

// Sizes 2 to 8 in steps of 2, then 16: the list syntax of --ns.
func ExampleInts() {
	ns, err := numlist.Ints("2-8/2,16")
	fmt.Println(ns, err)
	// Output: [2 4 6 8 16] <nil>
}
