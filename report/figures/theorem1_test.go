package figures

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/mrsched/mrsched/reductions"
)

// TestTheorem1Separation: the figure of a small study (every q = 2 NMTS
// instance with values ≤ 2, both constructions, upper bounds only so the
// open marks are drawn) renders to SVG deterministically and names every
// group in its legend; no data is an error.
func TestTheorem1Separation(t *testing.T) {
	studies, err := reductions.RunStudy(context.Background(), reductions.StudyConfig{Q: []int{2}, EnumMax: []int{2}, Random: []int{0},
		Constructions: []string{reductions.ConstructionAppendixA, reductions.ConstructionRepaired}})
	if err != nil {
		t.Fatal(err)
	}
	render := func() []byte {
		p, err := Theorem1Separation(studies)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Render(p, 9, 5, SVG)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := render(), render()
	if !bytes.Equal(a, b) {
		t.Error("two renderings differ")
	}
	for _, s := range []string{"appendix-a, yes (upper bound)", "appendix-a, no (upper bound)", "repaired, no (upper bound)", "y (threshold)"} {
		if !bytes.Contains(a, []byte(s)) {
			t.Errorf("legend lacks %q", s)
		}
	}
	if _, err := Theorem1Separation(nil); !errors.Is(err, ErrData) {
		t.Errorf("no data: %v", err)
	}
}
