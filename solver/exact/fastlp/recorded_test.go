package fastlp

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// recordedDigest is the SHA-256 of every number that TestRecordedBits
// writes (values, dual bounds, pivot counts, prices and interval ends of
// the solves listed there), recorded from the batch and release-date
// solvers when each still ran its own copy of the simplex loop. The shared
// kernel must reproduce them bit for bit: same pivots, same values.
const recordedDigest = "190d4881b43cb79ca378763fb0e6d10f0780ef2cdd6f55a4b0195b8c220eaa5d"

type bitsWriter struct{ h hash.Hash }

func (w bitsWriter) f(v float64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
	w.h.Write(b[:])
}

func (w bitsWriter) i(v int) { w.f(float64(v)) }

func (w bitsWriter) err(err error) {
	if err != nil {
		w.h.Write([]byte(err.Error()))
	}
}

// TestRecordedBits solves seeded batch orders (cold and warm prefix
// chains, unit and random weights, random dependencies) and seeded
// release-date plans (complete and partial) and compares the digest of
// every answer with recordedDigest. It fails on any change of a pivot
// rule or of the pivot path (checked by hand: the ratio test breaking
// ties of |alpha| with ≥ instead of > changes the digest).
func TestRecordedBits(t *testing.T) {
	w := bitsWriter{sha256.New()}
	rng := rand.New(rand.NewPCG(40, 2))
	for trial := 0; trial < 60; trial++ {
		n := 2 + rng.IntN(9)
		x, y := warmSizes(rng, n)
		order := rng.Perm(n)
		var s Solver
		if trial%3 == 1 {
			s.Weight = make([]float64, n)
			for j := range s.Weight {
				s.Weight[j] = 0.5 + float64(rng.IntN(4))
			}
		}
		var b Basis
		for k := 1; k <= n; k++ {
			v, err := s.ValueNormAppend(&b, x, y, order[:k])
			w.err(err)
			w.f(v)
			w.f(s.Lower)
			w.i(s.Pivots)
			s.SaveBasis(&b)
		}
		v, err := s.ValueNorm(x, y, order)
		w.err(err)
		w.f(v)
		w.f(s.Lower)
		w.i(s.Pivots)
		a, be := s.Prices()
		for k := range a {
			w.f(a[k])
			w.f(be[k])
		}
		for _, c := range s.Ends() {
			w.f(c)
		}
	}
	for trial := 0; trial < 40; trial++ {
		in := bruteforce.RandomDAG(rng, 2+rng.IntN(5), false)
		order := bruteforce.RandomExtension(rng, in)
		var s Solver
		v, err := s.Value(in, order)
		w.err(err)
		w.f(v)
		w.f(s.Lower)
		w.i(s.Pivots)
	}
	for trial := 0; trial < 60; trial++ {
		n := 2 + rng.IntN(6)
		in := bruteforce.Random(rng, n, true)
		if trial%2 == 1 {
			in = bruteforce.RandomDAG(rng, n, true)
		}
		r, err := NewRelease(in)
		if err != nil {
			t.Fatal(err)
		}
		p := randomPlan(rng, in)
		if in.HasDependencies() {
			// A linear extension, periods as randomPlan draws them.
			rho, rel := orderlp.Periods(in)
			p.Order = bruteforce.RandomExtension(rng, in)
			prev := 0
			for k, j := range p.Order {
				l := max(prev, rel[j])
				if l < len(rho)-1 && rng.IntN(3) == 0 {
					l += rng.IntN(len(rho) - l)
				}
				p.Period[k], prev = l, l
			}
		}
		v, err := r.Value(p)
		w.err(err)
		w.f(v)
		w.f(r.Lower)
		w.i(r.Pivots)
		if err == nil {
			for _, c := range r.Ends() {
				w.f(c)
			}
		}
		k := rng.IntN(n + 1)
		p.Order, p.Period = p.Order[:k], p.Period[:k]
		v, err = r.PartialValue(p)
		w.err(err)
		w.f(v)
		w.f(r.Lower)
		w.i(r.Pivots)
	}
	if got := hex.EncodeToString(w.h.Sum(nil)); got != recordedDigest {
		t.Errorf("digest %s, recorded %s", got, recordedDigest)
	}
}
