package adversary

import (
	"testing"

	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

// TestGenerate: Generate is Play (same instance size and ratio), Summary
// records the play in the metadata as Annotate does, and the alternative
// schedule is AltSchedule's, which the validator accepts.
func TestGenerate(t *testing.T) {
	g, err := Generate(27, fluid.PS())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Play(27, fluid.PS())
	if err != nil {
		t.Fatal(err)
	}
	if g.Summary() != r.Annotate() || g.Tandem().N() != r.Instance.N() {
		t.Errorf("summary %q (%d jobs), want %q (%d jobs)", g.Summary(), g.Tandem().N(), r.Annotate(), r.Instance.N())
	}
	if g.Tandem().Metadata["ratio_lower_bound"] != r.Ratio {
		t.Errorf("metadata %v, want ratio_lower_bound %v", g.Tandem().Metadata, r.Ratio)
	}
	s, err := g.AltSchedule()
	if err != nil {
		t.Fatal(err)
	}
	res, err := validate.Check(g.Tandem(), s)
	if err != nil {
		t.Errorf("alternative schedule fails the validator: %v", err)
	} else if !tolerance.Eq(res.TotalResponse, r.AltTotal) {
		t.Errorf("alternative schedule total %v, want the play's %v", res.TotalResponse, r.AltTotal)
	}
	if _, err := Generate(0, fluid.PS()); err == nil {
		t.Error("n = 0: no error")
	}
}
