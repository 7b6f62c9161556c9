package numlist_test

import (
	"errors"
	"fmt"
	"math"
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

// TestFloats: lists and messages written out by hand from strconv's
// syntax and the rule; every error matches ErrNumber.
func TestFloats(t *testing.T) {
	positive := func(x float64) bool { return x > 0 }
	for _, tc := range []struct {
		s    string
		want []float64
		msg  string // the error's message, "" for none
	}{
		{"1,0.5, 2e3", []float64{1, 0.5, 2000}, ""},
		{"3", []float64{3}, ""},
		{"1,x", nil, `item 2 "x" is not a number (want a positive number)`},
		{"", nil, `item 1 "" is not a number (want a positive number)`}, // an empty list is not a list of numbers
		{"1,,2", nil, `item 2 "" is not a number (want a positive number)`},
		{"2,-1.5", nil, "want a positive number, got -1.5"},
		{"0", nil, "want a positive number, got 0"},
	} {
		got, err := numlist.Floats(tc.s, "a positive number", positive)
		if tc.msg == "" && (err != nil || !slices.Equal(got, tc.want)) {
			t.Errorf("Floats(%q) = %v, %v; want %v", tc.s, got, err, tc.want)
		}
		if tc.msg != "" && (err == nil || err.Error() != tc.msg || !errors.Is(err, numlist.ErrNumber)) {
			t.Errorf("Floats(%q) error %v, want %q matching ErrNumber", tc.s, err, tc.msg)
		}
	}
}

// A list of rates, each checked against the list's rule.
func ExampleFloats() {
	finite := func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }
	fmt.Println(numlist.Floats("1, 1, 0.8", "a finite number", finite))
	fmt.Println(numlist.Floats("1,inf", "a finite number", finite))
	// Output:
	// [1 1 0.8] <nil>
	// [] want a finite number, got +Inf
}
