package reductions

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/schedule"
)

// ErrExactify: a float schedule could not be turned into an exact one
// (a job's work is missing from it, or a size is zero).
var ErrExactify = errors.New("reductions: cannot build an exact schedule")

// snapTol is how far (as a fraction of a job's size) Exactify lets a
// cumulative progress fraction move when it replaces the float value by the
// simplest rational within that distance. The float LP solutions are
// accurate to ~1e-9 relative; 1e-10 of a fraction recovers the LP vertex's
// small denominators (the 2/9 of TestTheorem1Gap) without merging
// distinct breakpoints. The result is exact whatever this value: Exactify
// rebuilds the segments from the snapped fractions.
const snapTol = 1e-10

// snap returns the simplest rational within snapTol of x (a continued
// fraction convergent), clamped to [0, 1].
func snap(x float64) *big.Rat {
	if !(x > snapTol) {
		return new(big.Rat)
	}
	if x >= 1-snapTol {
		return big.NewRat(1, 1)
	}
	// Continued-fraction convergents h/k of x.
	h0, h1 := big.NewInt(1), big.NewInt(0)
	k0, k1 := big.NewInt(0), big.NewInt(1)
	r := x
	for range 40 {
		a := math.Floor(r)
		ai := big.NewInt(int64(a))
		h0, h1 = new(big.Int).Add(new(big.Int).Mul(ai, h0), h1), h0
		k0, k1 = new(big.Int).Add(new(big.Int).Mul(ai, k0), k1), k0
		c := new(big.Rat).SetFrac(h0, k0)
		cf, _ := c.Float64()
		if math.Abs(cf-x) <= snapTol {
			return c
		}
		frac := r - a
		if frac < 1e-15 {
			return c
		}
		r = 1 / frac
	}
	out := new(big.Rat)
	out.SetFloat64(x)
	return out
}

// Exactify turns a float fluid schedule of in (for example an LP optimum of
// package fastlp) into an exactly feasible rational schedule with nearly the
// same total: per segment it reads each job's cumulative map and shuffle
// fractions, snaps them to nearby simple rationals, makes them
// non-decreasing with shuffle ≤ map (the progress rule at segment ends) and
// 1 from the job's last segment on, and gives each segment the length of its
// larger station load. Rates are constant within a segment, so the
// progress rule holds inside it too; capacities hold by the choice of the
// length. The result still has to pass rational.Verify (the caller checks).
func Exactify(in *rational.Instance, fs *schedule.Schedule) (*rational.Schedule, error) {
	n := len(in.Jobs)
	last := make([]int, n)
	for j := range last {
		last[j] = -1
	}
	cumM, cumS := make([]float64, n), make([]float64, n)
	xs, ys := make([]float64, n), make([]float64, n)
	for j, jb := range in.Jobs {
		xs[j], _ = jb.Map.Float64()
		ys[j], _ = jb.Shuffle.Float64()
		if !(xs[j] > 0) || !(ys[j] > 0) {
			return nil, fmt.Errorf("%w: job %s has a zero size", ErrExactify, jb.ID)
		}
	}
	type fr struct{ u, v []*big.Rat }
	fracs := make([]fr, len(fs.Segments))
	for s, seg := range fs.Segments {
		d := seg.End - seg.Start
		for _, rt := range seg.Rates {
			if rt.Job < 0 || rt.Job >= n {
				return nil, fmt.Errorf("%w: segment %d names job %d", ErrExactify, s, rt.Job)
			}
			cumM[rt.Job] += rt.Map * d
			cumS[rt.Job] += rt.Shuffle * d
			if rt.Map*d > 0 || rt.Shuffle*d > 0 {
				last[rt.Job] = s
			}
		}
		fracs[s] = fr{make([]*big.Rat, n), make([]*big.Rat, n)}
		for j := range n {
			fracs[s].u[j], fracs[s].v[j] = snap(cumM[j]/xs[j]), snap(cumS[j]/ys[j])
		}
	}
	for j := range n {
		if last[j] < 0 {
			return nil, fmt.Errorf("%w: job %s is never served", ErrExactify, in.Jobs[j].ID)
		}
	}
	one := big.NewRat(1, 1)
	prevU, prevV := make([]*big.Rat, n), make([]*big.Rat, n)
	for j := range n {
		prevU[j], prevV[j] = new(big.Rat), new(big.Rat)
	}
	out := &rational.Schedule{Completion: make([]*big.Rat, n)}
	t := new(big.Rat)
	for s := range fs.Segments {
		u, v := fracs[s].u, fracs[s].v
		loadM, loadS := new(big.Rat), new(big.Rat)
		dm, ds := make([]*big.Rat, n), make([]*big.Rat, n)
		for j := range n {
			if s >= last[j] {
				u[j], v[j] = one, one
			}
			if u[j].Cmp(prevU[j]) < 0 {
				u[j] = prevU[j]
			}
			if v[j].Cmp(u[j]) > 0 {
				v[j] = u[j]
			}
			if v[j].Cmp(prevV[j]) < 0 {
				v[j] = prevV[j]
			}
			dm[j] = new(big.Rat).Mul(new(big.Rat).Sub(u[j], prevU[j]), in.Jobs[j].Map)
			ds[j] = new(big.Rat).Mul(new(big.Rat).Sub(v[j], prevV[j]), in.Jobs[j].Shuffle)
			loadM.Add(loadM, dm[j])
			loadS.Add(loadS, ds[j])
			prevU[j], prevV[j] = u[j], v[j]
		}
		d := new(big.Rat).Quo(loadM, in.MapCapacity)
		if ls := new(big.Rat).Quo(loadS, in.ShuffleCapacity); ls.Cmp(d) > 0 {
			d = ls
		}
		if d.Sign() == 0 {
			continue
		}
		seg := rational.Segment{Start: new(big.Rat).Set(t), End: new(big.Rat).Add(t, d)}
		for j := range n {
			if dm[j].Sign() > 0 || ds[j].Sign() > 0 {
				seg.Rates = append(seg.Rates, rational.Rate{Job: j, Map: new(big.Rat).Quo(dm[j], d), Shuffle: new(big.Rat).Quo(ds[j], d)})
			}
		}
		out.Segments = append(out.Segments, seg)
		t = seg.End
	}
	return out, nil
}
