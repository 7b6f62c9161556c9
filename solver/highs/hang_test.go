package highs

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

// HiGHS's fixed-format MPS reader loops forever on this file (found by
// FuzzReadModel: an unknown section "R" after COLUMNS). The read timeout
// stops it at its next import call, the call fails with ErrAbort, and the
// engine keeps working.
func TestReaderHangIsStopped(t *testing.T) {
	e := NewWithModule(require(t).Module())
	e.ReadTimeout = 300 * time.Millisecond
	e.HardStopGrace = 200 * time.Millisecond
	data := []byte("\nROWS\n N  obj\n L c1\n L c2\nCOLUMNS\n    x obj -30\n    x c1 1\n    x c2 2\n    y obj -50\n    y c1 2\n    y c2 1\nR \n    RHS c1 40\n    RHS c2 50\nBOUNDS\nENDATA\n")
	_, err := e.ReadModel(context.Background(), "hang.mps", data)
	if !errors.Is(err, ErrAbort) {
		t.Fatalf("got %v, want an error wrapping ErrAbort", err)
	}
	k := miptest.TinyMIP()
	if r, err := e.Solve(context.Background(), k.Model, mip.Options{}); err != nil || r.Objective != 1100 {
		t.Fatalf("after the stopped read: %v %v", r.Objective, err)
	}
}
