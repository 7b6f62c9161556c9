package fastlp

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
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

// releaseValue writes the release-date LP's answer for plan p: its value
// (or error), dual bound, pivots and completion ends.
func (w bitsWriter) releaseValue(r *Release, p orderlp.Plan) {
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
}

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
		w.releaseValue(r, p)
		k := rng.IntN(n + 1)
		p.Order, p.Period = p.Order[:k], p.Period[:k]
		v, err := r.PartialValue(p)
		w.err(err)
		w.f(v)
		w.f(r.Lower)
		w.i(r.Pivots)
	}
	if got := hex.EncodeToString(w.h.Sum(nil)); got != recordedDigest {
		t.Errorf("digest %s, recorded %s", got, recordedDigest)
	}
}

// recordedBlandDigest is the SHA-256 of every number that
// TestRecordedBlandBits writes, recorded from the release-date solver when
// it still ran its own copy of the simplex loop.
const recordedBlandDigest = "6cbfef72d88355ad8c812439397dbc626530f08dbf2f13b22c56a9590080a2c6"

// TestRecordedBlandBits solves release-date plans of a 7-job instance with
// small integer sizes and releases (the plans a branch and bound visits on
// it) whose LPs run into 20 degenerate pivots, so that pricing switches to
// Bland's rule, and compares the digest of every answer with
// recordedBlandDigest. It fails when no plan takes a Bland step any more
// (the test would then not cover that pricing).
func TestRecordedBlandBits(t *testing.T) {
	// Release, map and shuffle size of each job (capacities 1).
	data := [][3]float64{{1, 2, 3}, {0, 2, 3}, {3, 3, 1}, {2, 3, 1}, {1, 1, 2}, {2, 1, 2}, {0, 1, 1}}
	jobs := make([]instances.Job, len(data))
	for j, d := range data {
		jobs[j] = instances.Job{ID: fmt.Sprintf("j%d", j+1), Release: d[0], Map: d[1], Shuffle: d[2]}
	}
	in := instances.New(jobs)
	r, err := NewRelease(in)
	if err != nil {
		t.Fatal(err)
	}
	last := []int{3, 3, 3, 3, 3, 3, 3} // every job in the last period
	plans := []orderlp.Plan{
		{Order: []int{6, 4, 5, 1, 3, 0, 2}, Period: last},
		{Order: []int{6, 4, 0, 5, 3, 1, 2}, Period: []int{0, 2, 3, 3, 3, 3, 3}},
	}
	rng := rand.New(rand.NewPCG(7, 3))
	for range 20 {
		plans = append(plans, orderlp.Plan{Order: rng.Perm(len(data)), Period: last})
	}
	w := bitsWriter{sha256.New()}
	bland := r.blandSteps
	for _, p := range plans {
		w.releaseValue(r, p)
	}
	if r.blandSteps == bland {
		t.Error("no plan took a Bland step")
	}
	if got := hex.EncodeToString(w.h.Sum(nil)); got != recordedBlandDigest {
		t.Errorf("digest %s, recorded %s", got, recordedBlandDigest)
	}
}
