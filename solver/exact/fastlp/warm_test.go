package fastlp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
)

// warmSizes returns normalised sizes of n jobs in one of the regimes of
// bruteforce.Random (ties, zero sizes, extreme ratios, continuous, other
// capacities) or of three more: jobs of size (0, 0) among others, sizes
// growing geometrically (every append raises the scale, the rescaled
// inverse of warmBasis), and sizes spread over 12 orders of magnitude.
func warmSizes(rng *rand.Rand, n int) (x, y []float64) {
	x, y = make([]float64, n), make([]float64, n)
	switch r := rng.IntN(8); r {
	case 5:
		for j := range x {
			if rng.IntN(3) > 0 {
				x[j], y[j] = float64(rng.IntN(3)), float64(rng.IntN(3))
			}
		}
	case 6:
		for j := range x {
			f := math.Pow(1.7, float64(j))
			x[j], y[j] = f*(0.5+rng.Float64()), f*(0.5+rng.Float64())
		}
	case 7:
		for j := range x {
			x[j], y[j] = math.Pow(10, 12*rng.Float64()-6), math.Pow(10, 12*rng.Float64()-6)
		}
	default:
		in := bruteforce.Random(rng, n, false)
		x, y = normalised(in)
	}
	return x, y
}

// TestWarmEqualsCold: on random orders of 1–20 jobs, the LP of every
// prefix solved by ValueNormAppend from the saved basis of its parent
// prefix equals the cold ValueNorm of the same prefix to the certificate's
// tolerance (both are certified to CertRel of the true optimum: value −
// Lower ≤ CertRel·max(1, value) in the scaled units, i.e. CertRel·max(scale,
// value), so they differ by at most that), each one's dual bound is at most
// the other's value, and every append after the first certified prefix is
// warm (Warm, no WarmFailures). Besides the path, each depth tries three
// random siblings from the same saved basis (as the search does). It
// fails with the parent's costs kept (values differ), with the map rows
// not renumbered and without the rescaling when the scale grows (warm
// failures; each mutation run by hand).
func TestWarmEqualsCold(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	var cold, warm Solver
	var b Basis
	appends, warmed, coldFails := 0, 0, 0
	check := func(trial int, x, y []float64, order []int) {
		t.Helper()
		vc, errc := cold.ValueNorm(x, y, order)
		lc := cold.Lower
		vw, err := warm.ValueNormAppend(&b, x, y, order)
		if errc != nil {
			// The cold simplex gives up on a few prefixes whose sizes
			// span 12 orders of magnitude; then only the warm answer's
			// own certificate is checked.
			coldFails++
			return
		}
		if err != nil {
			t.Fatalf("trial %d order %v: warm: %v", trial, order, err)
		}
		lw := warm.Lower
		scale := 0.0
		for _, j := range order {
			scale = math.Max(scale, math.Max(x[j], y[j]))
		}
		tol := CertRel * math.Max(scale, math.Abs(vc)) * (1 + 1e-6)
		if math.Abs(vw-vc) > tol || lw > vc+tol*1e-3 || lc > vw+tol*1e-3 {
			t.Fatalf("trial %d order %v: warm %v (lower %v), cold %v (lower %v)", trial, order, vw, lw, vc, lc)
		}
		if len(order) >= 2 {
			// The parent saved a basis unless all its sizes are 0.
			parentScale := 0.0
			for _, j := range order[:len(order)-1] {
				parentScale = math.Max(parentScale, math.Max(x[j], y[j]))
			}
			if parentScale > 0 {
				appends++
			}
			if warm.Warm {
				warmed++
			}
		}
	}
	for trial := 0; trial < 400; trial++ {
		n := 1 + rng.IntN(20)
		x, y := warmSizes(rng, n)
		order := rng.Perm(n)
		b.Reset()
		for k := 1; k <= n; k++ {
			// Siblings: other jobs appended to the same parent basis.
			for sib := 0; sib < 3; sib++ {
				alt := append([]int(nil), order[:k]...)
				alt[k-1] = order[k-1+rng.IntN(n-k+1)] // not in order[:k-1]
				check(trial, x, y, alt)
			}
			check(trial, x, y, order[:k])
			warm.SaveBasis(&b)
		}
	}
	// Every parent prefix with a positive scale saves a basis (only
	// prefixes of (0, 0) jobs do not), and each append to one is warm.
	if warm.WarmFailures != 0 || warmed != appends {
		t.Errorf("%d of %d appends warm (WarmStarts %d), %d warm failures", warmed, appends, warm.WarmStarts, warm.WarmFailures)
	}
	t.Logf("%d appends, %d warm, %d warm failures, %d cold failures", appends, warmed, warm.WarmFailures, coldFails)
}

// inverseResidual returns max |B·Binv − I| and max |x_B − Binv·b| of the
// basis in s (B's column i the column of basic[i]; b = 1 on the job rows).
func inverseResidual(s *Solver) (inv, xb float64) {
	m := s.m
	prod := make([]float64, m*m)
	for i, id := range s.basic[:m] {
		s.column(id)
		for e := 0; e < s.ncol; e++ {
			r, v := s.col[e].r, s.col[e].v
			for c := 0; c < m; c++ {
				prod[r*m+c] += v * s.binv[i*m+c]
			}
		}
	}
	for r := 0; r < m; r++ {
		prod[r*m+r]--
	}
	for _, v := range prod {
		inv = math.Max(inv, math.Abs(v))
	}
	for i := 0; i < m; i++ {
		v := 0.0
		for r := 0; r < s.n; r++ {
			v += s.binv[i*m+r]
		}
		xb = math.Max(xb, math.Abs(v-s.xb[i]))
	}
	return inv, xb
}

// TestWarmBasisIsInverse: the basis ValueNormAppend starts from is the
// inverse of its basic columns as accurately as the parent's was, and
// primal feasible: on random append sequences (the regimes of warmSizes),
// after warmStart, max |B·Binv − I| and max |x_B − Binv·b| are at most
// 1e-9 plus 10/c times the parent's (a scale raised by 1/c multiplies the
// parent's residual by up to 1/c: B'·Binv' = D·(B·Binv)·D⁻¹), x_B ≥ −1e-9
// and the basic ids are distinct and marked. The value test above cannot
// see a wrong inverse (the certificate is recomputed, and a failed
// certificate re-inverts and continues); this one fails without the new
// position's 3 × 3 block (residual 1; checked by hand).
func TestWarmBasisIsInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 14))
	var s, probe Solver
	var b Basis
	checked, rescaled, atStart := 0, 0, 0
	worst := 0.0
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(14)
		x, y := warmSizes(rng, n)
		order := rng.Perm(n)
		for k := 1; k < n; k++ {
			if _, err := s.ValueNorm(x, y, order[:k]); err != nil {
				break
			}
			s.SaveBasis(&b)
			if !b.ok || b.atStart {
				// A cold starting basis extends to the child's cold
				// starting basis: ValueNormAppend solves cold.
				atStart++
				continue
			}
			pinv, pxb := inverseResidual(&s)
			probe.warmStart(&b, x, y, order[:k+1])
			c := b.scale / probe.scale
			if c != 1 {
				rescaled++
			}
			seen := map[int]bool{}
			for i, id := range probe.basic {
				if seen[id] || !probe.isBas[id] {
					t.Fatalf("trial %d k %d: basic id %d at %d repeated or unmarked", trial, k, id, i)
				}
				seen[id] = true
			}
			inv, xb := inverseResidual(&probe)
			if inv > 1e-9+10*pinv/c || xb > 1e-9+10*pxb/c {
				t.Fatalf("trial %d k %d: residuals %v, %v (parent %v, %v, c %v)", trial, k, inv, xb, pinv, pxb, c)
			}
			for i, v := range probe.xb {
				if v < -1e-9 {
					t.Fatalf("trial %d k %d: x_B[%d] = %v", trial, k, i, v)
				}
			}
			worst = math.Max(worst, inv)
			checked++
		}
	}
	if checked < 1000 || rescaled < 100 {
		t.Errorf("only %d warm bases checked, %d with a larger scale", checked, rescaled)
	}
	t.Logf("%d warm bases checked, %d with a larger scale, worst residual %v; %d parents at their cold start or without a basis", checked, rescaled, worst, atStart)
}
