package cliout

import (
	"slices"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

// TestInstanceFlags: the instance flags are a required input -i and the
// output trio --out/-o (an output path, guarded), --format json|csv and
// --quiet; the expected names and kinds are the ones their doc comments
// promise (the commands' help texts show them).
func TestInstanceFlags(t *testing.T) {
	in := Instance().(*InputFlag)
	if !slices.Equal(in.Names(), []string{"instance", "i"}) || !in.Required || !cliflags.IsPath(in) {
		t.Errorf("Instance: names %v, required %v", in.Names(), in.Required)
	}
	var names []string
	for _, f := range InstanceOutFlags() {
		names = append(names, f.Names()...)
	}
	if want := []string{"out", "o", "format", "quiet", "q"}; !slices.Equal(names, want) {
		t.Errorf("InstanceOutFlags: %v, want %v", names, want)
	}
	if _, ok := InstanceOut().(*OutputFlag); !ok {
		t.Errorf("InstanceOut is %T, want an output flag (guarded against the inputs)", InstanceOut())
	}
	f := InstanceOutFlags()[1].(*cliflags.StringFlag)
	for _, tc := range []struct {
		value string
		ok    bool
	}{{"json", true}, {"csv", true}, {"table", false}, {"md", false}} {
		if err := f.Action(&cli.Context{}, tc.value); (err == nil) != tc.ok {
			t.Errorf("--format %s: %v", tc.value, err)
		}
	}
}
