package figures

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/reductions"
)

func TestWorstExact(t *testing.T) {
	if _, err := WorstExact(nil); !errors.Is(err, ErrData) {
		t.Errorf("err = %v, want ErrData", err)
	}
	best := []*reductions.WorstExactCell{
		{Policy: "maxsrpt", N: 10, RatioLow: 1.5, Guarantee: 1.6, Proven: true},
		{Policy: "maxsrpt", N: 12, RatioLow: 1.52, Guarantee: 1.6, Proven: true},
		{Policy: "splitsrpt", N: 10, RatioLow: 1.6, Guarantee: 2, Proven: true},
	}
	p, err := WorstExact(best)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Save(p, 9, 4.5, filepath.Join(t.TempDir(), "worst")); err != nil {
		t.Fatal(err)
	}
}
