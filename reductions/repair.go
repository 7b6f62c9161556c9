package reductions

import (
	"fmt"
	"math/big"

	"github.com/mrsched/mrsched/reductions/nmts"
)

// MetadataKindRepaired is the value of metadata "reduction" in tandem files
// of the repaired construction (RepairedReduce).
const MetadataKindRepaired = "nmts-theorem1-repaired"

// RepairedReduce builds the repaired reduction of docs/appendix/hard.md:
// appendix A's Type-F, -G and -H jobs with the same shift c (g′_i = g_i + c
// > 3Σf, h′_i = h_i + c), but the two Type-E jobs balanced, E_1 = E_2 =
// (M, M), so that the completion-time bound of every position — small or
// E — is the map-station bound the proof's charging argument uses, and
//
//	A ≥ A_R = 2y′(y′ + Σh′),   M ≥ M_R = 2A,   y′ = 2Σf + Σg′,
//	y_R = (9q² + 3q)/2 · A + 6qA + 3M + y′.
//
// The jobs are in Reduce's order (F_1..F_q, G_1..G_q, H_1..H_q, E_1, E_2),
// so CertificateOrder and Certificate apply unchanged; the certificate
// costs exactly y_R. opt.A and opt.M, when set, must be at least A_R and
// 2A. The map sizes take two values (A and M), the arrival times are all
// 0: the theorem proven is strong NP-hardness with identical arrival times
// (appendix A also claims identical map sizes; the repair gives that up).
func RepairedReduce(src *nmts.Instance, opt Options) (*Reduction, error) {
	r, err := Reduce(src, Options{})
	if err != nil {
		return nil, err
	}
	q := r.Q()
	r.Repaired = true
	sumH := new(big.Int).Add(r.SumF, r.SumG) // Σh′ = Σf + Σg′
	yp := new(big.Int).Add(new(big.Int).Mul(bi(2), r.SumF), r.SumG)
	aMin := new(big.Int).Add(yp, sumH)
	aMin.Mul(aMin, yp).Mul(aMin, bi(2))
	r.A = aMin
	if opt.A != nil {
		if opt.A.Cmp(aMin) < 0 {
			return nil, fmt.Errorf("%w: A = %v is below the repaired minimum 2y′(y′ + Σh′) = %v", ErrOption, opt.A, aMin)
		}
		r.A = new(big.Int).Set(opt.A)
	}
	mMin := new(big.Int).Mul(bi(2), r.A)
	r.M = mMin
	if opt.M != nil {
		if opt.M.Cmp(mMin) < 0 {
			return nil, fmt.Errorf("%w: M = %v is below the repaired minimum 2A = %v", ErrOption, opt.M, mMin)
		}
		r.M = new(big.Int).Set(opt.M)
	}
	k := int64(q)
	// y0 = Σ_{k≤3q} kA + (3qA + M) + (3qA + 2M).
	r.Y0 = new(big.Int).Mul(bi((9*k*k+3*k)/2+6*k), r.A)
	r.Y0.Add(r.Y0, new(big.Int).Mul(bi(3), r.M))
	r.Y = new(big.Int).Add(r.Y0, yp)
	r.Jobs = r.Jobs[:0]
	for i := range q {
		r.Jobs = append(r.Jobs, BigJob{fmt.Sprintf("F%d", i+1), r.A, new(big.Int).Add(r.A, r.F[i])})
	}
	for i := range q {
		r.Jobs = append(r.Jobs, BigJob{fmt.Sprintf("G%d", i+1), r.A, new(big.Int).Add(r.A, r.G[i])})
	}
	for i := range q {
		r.Jobs = append(r.Jobs, BigJob{fmt.Sprintf("H%d", i+1), r.A, new(big.Int).Sub(r.A, r.H[i])})
	}
	r.Jobs = append(r.Jobs, BigJob{"E1", r.M, r.M}, BigJob{"E2", r.M, r.M})
	return r, nil
}

// YPrime returns y′ = y − y0 = 2Σf + Σg′ (both constructions).
func (r *Reduction) YPrime() *big.Int { return new(big.Int).Sub(r.Y, r.Y0) }

// RepairedBuilder is RepairedReduce with the smallest A and M, for Separate.
func RepairedBuilder(c Case) (*Reduced, error) {
	r, err := RepairedReduce(c.Src, Options{})
	if err != nil {
		return nil, err
	}
	return reducedOf(r, c, "y0 (repaired: t_k ≥ map work of the first k jobs)")
}
