package cliout_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mrsched/mrsched/internal/cliout"
)

// msgErr is a library error naming a field with a message of its own, as
// straggler.FieldError does.
type msgErr struct{ field, msg string }

func (e *msgErr) Error() string                     { return "lib: invalid configuration: " + e.field + ": " + e.msg }
func (e *msgErr) FieldMessage() (field, msg string) { return e.field, e.msg }

// errLibConfig is a package's configuration sentinel, the prefix Flagged
// strips.
var errLibConfig = errors.New("lib study: invalid configuration")

// TestFlagged: each expected message is the input's text with the field
// rewritten as its flag, by the rule of Flagged's doc comment.
func TestFlagged(t *testing.T) {
	other := errors.New("lib: no such file")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&msgErr{"mu", "want μ > 0, got -1"}, "--mu want μ > 0, got -1"},
		{fmt.Errorf("node 3: %w", &msgErr{"lambda", "3 values for 4 nodes"}), "--lambda 3 values for 4 nodes"},
		{fmt.Errorf("%w: heartbeat: want ≥ 0, got -2", errLibConfig), "--heartbeat: want ≥ 0, got -2"},
		{other, "lib: no such file"},
	} {
		if got := cliout.Flagged(tc.err, errLibConfig); got == nil || got.Error() != tc.want {
			t.Errorf("Flagged(%v) = %v, want %q", tc.err, got, tc.want)
		}
	}
	if cliout.Flagged(nil, errLibConfig) != nil {
		t.Error("Flagged(nil) is not nil")
	}
	if got := cliout.Flagged(other); got != other {
		t.Errorf("Flagged changed an error of no field: %v", got)
	}
}

// ExampleFlagged rewrites a configuration error as its flag.
func ExampleFlagged() {
	errConfig := errors.New("cluster study: invalid configuration")
	err := fmt.Errorf("%w: seeds: want an integer ≥ 1, got 0", errConfig)
	fmt.Println(cliout.Flagged(err, errConfig))
	// Output: --seeds: want an integer ≥ 1, got 0
}
