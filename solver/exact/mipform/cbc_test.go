//go:build cbc

package mipform

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
)

// Both engines give the same MIP optimum, equal to brute force,
// on batch and release instances: go test -tags cbc ./solver/exact/mipform
func TestEnginesAgree(t *testing.T) {
	hi := highsEngine(t)
	cbc := testenv.RequireCBC(t, func() (mip.Engine, error) { return engine.Get("cbc") })
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(31, 7))
	for trial := 0; trial < 200; trial++ {
		rel := trial >= 120
		n := 1 + rng.IntN(4)
		if rel {
			n = 1 + rng.IntN(3)
		}
		in := bruteforce.Random(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, eng := range []mip.Engine{hi, cbc} {
			res, err := Solve(ctx, eng, in, mip.Options{})
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, eng.Name(), err)
			}
			if res.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(res.MIPValue, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d %s: %v %v, brute force %v", trial, eng.Name(), res.Status, res.MIPValue, bf.Value)
			}
		}
	}
}
