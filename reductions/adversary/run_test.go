package adversary

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// TestRun: Run is Sweep over the parsed policies (the same table, byte
// for byte: the second path), a policy list that does not parse is an
// ErrConfig naming the field, and no n is Sweep's ErrParam.
func TestRun(t *testing.T) {
	r, err := Run(Config{Policies: "maxsrpt, ps", Ns: []int{8, 27}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Sweep([]fluid.Policy{fluid.MaxSRPT(), fluid.PS()}, []int{8, 27}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, exp bytes.Buffer
	if err := errors.Join(r.Write(&got, tabular.CSV), Table(want).Write(&exp, tabular.CSV)); err != nil {
		t.Fatal(err)
	}
	if got.String() != exp.String() || len(r.Results) != 4 {
		t.Errorf("Run:\n%s\nwant\n%s", got.String(), exp.String())
	}
	for _, list := range []string{"nope", ",", ""} {
		if _, err := Run(Config{Policies: list, Ns: []int{8}}, nil); !errors.Is(err, ErrConfig) || !strings.HasPrefix(err.Error(), ErrConfig.Error()+": policy: ") {
			t.Errorf("policies %q: error %v, want an ErrConfig naming policy", list, err)
		}
	}
	if _, err := Run(Config{Policies: "ps"}, nil); !errors.Is(err, ErrParam) {
		t.Errorf("no n: error %v, want ErrParam", err)
	}
}
