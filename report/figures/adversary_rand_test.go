package figures

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/solver/fluid"
)

func TestAdversaryYao(t *testing.T) {
	if _, err := AdversaryYao(nil); !errors.Is(err, ErrData) {
		t.Errorf("err = %v, want ErrData", err)
	}
	ys, err := adversary.SweepYao([]fluid.Policy{fluid.MaxSRPT(), fluid.PS()}, []int{8, 64}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := AdversaryYao(ys)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Save(p, 9, 4.5, filepath.Join(t.TempDir(), "yao")); err != nil {
		t.Fatal(err)
	}
}
