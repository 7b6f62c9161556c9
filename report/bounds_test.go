package report

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// rejectEngine fails every solve, as HiGHS does on models with
// coefficients near 1e±300.
type rejectEngine struct{}

func (rejectEngine) Name() string { return "reject" }
func (rejectEngine) Solve(context.Context, *mip.Model, mip.Options) (mip.Result, error) {
	return mip.Result{}, errors.New("rejected the model")
}

// A failing LP engine leaves every bound that needs no engine in the rows
// (the same values as without an engine) and adds an lp_relaxation row
// marked failed with the reason; the error wraps ErrBoundFailed. Valid
// extreme instances (sizes 1e299, capacities 1e±300, all-tiny sizes) give
// finite closed-form bounds.
func TestAllBoundsWithoutTheEngine(t *testing.T) {
	ex := func(x, y, mu float64) *instances.Instance {
		in := instances.New([]instances.Job{{ID: "a", Map: x, Shuffle: y / 10}, {ID: "b", Map: x / 5, Shuffle: y}})
		in.MapCapacity, in.ShuffleCapacity = mu, mu
		return in
	}
	for _, tc := range []struct {
		name string
		in   *instances.Instance
	}{
		{"example 2.1", instances.Example21()},
		{"sizes 1e299", ex(1e299, 1e299, 1)},
		{"capacities 1e-300", ex(1e-10, 1e-10, 1e-300)},
		{"capacities 1e300", ex(1, 1, 1e300)},
		{"all tiny", ex(1e-300, 1e-300, 1)},
	} {
		if err := tc.in.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want, err := AllBounds(context.Background(), tc.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AllBounds(context.Background(), tc.in, rejectEngine{})
		if !errors.Is(err, ErrBoundFailed) || !strings.Contains(err.Error(), "rejected the model") {
			t.Errorf("%s: error %v, want ErrBoundFailed with the reason", tc.name, err)
		}
		if len(got) != len(want)+1 {
			t.Fatalf("%s: %d rows, want the %d engine-free rows and the failed LP", tc.name, len(got), len(want))
		}
		for i, r := range want {
			if got[i] != r || math.IsInf(r.Value, 0) || math.IsNaN(r.Value) {
				t.Errorf("%s: row %v, want %v (finite)", tc.name, got[i], r)
			}
		}
		last := got[len(got)-1]
		if last.Name != "lp_relaxation" || last.Kind != "failed" || !math.IsNaN(last.Value) || !strings.Contains(last.Error, "rejected the model") {
			t.Errorf("%s: last row %+v, want the failed LP relaxation", tc.name, last)
		}
		var b bytes.Buffer
		if err := BoundsView(got).Write(&b, tabular.JSON); err != nil || !strings.Contains(b.String(), `"value": null`) {
			t.Errorf("%s: JSON %v\n%s", tc.name, err, b.String())
		}
	}
}
