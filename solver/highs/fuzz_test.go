package highs_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

// FuzzReadModel feeds arbitrary LP and MPS text to HiGHS's readers through
// the in-memory file table: the result is a valid model or an error, never
// a panic, and an abort inside HiGHS is contained (the next read works).
func FuzzReadModel(f *testing.F) {
	for _, m := range miptest.RoundTripModels()[:12] {
		var lp, mps bytes.Buffer
		mip.WriteLP(&lp, m)
		mip.WriteMPS(&mps, m)
		f.Add(lp.Bytes(), false)
		f.Add(mps.Bytes(), true)
	}
	f.Add([]byte("Minimize\n obj: x\nSubject To\n c: x >= 1\nEnd\n"), false)
	f.Add([]byte("NAME\nROWS\n N obj\nCOLUMNS\nRHS\nENDATA\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, isMPS bool) {
		e := highstest.Require(t)
		name := "fuzz.lp"
		if isMPS {
			name = "fuzz.mps"
		}
		// HiGHS's fixed-format MPS reader loops forever on some malformed
		// files; the deadline makes that an error (see Engine.ReadTimeout).
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		m, err := e.ReadModel(ctx, name, data)
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("ReadModel returned an invalid model: %v", err)
		}
	})
}
