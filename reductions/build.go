package reductions

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// SeedSource is the random source of the seeded NMTS generators of
// 'mrsched gen nmts' (the same seed gives a byte-identical file).
func SeedSource(seed uint64) rand.Source { return rand.NewPCG(seed, seed^0x9e3779b97f4a7c15) }

// NMTSInstance draws an NMTS instance (Definition 1) of spec from seed:
// a yes-instance by construction (the planted pairing, 1-based, in
// metadata.planted) or, with yes false, a no-instance confirmed by the
// exact solver. The generator's parameters are in the metadata.
func NMTSInstance(spec nmts.Spec, yes bool, seed uint64) (*nmts.Instance, error) {
	md := map[string]any{"generator": "mrsched gen nmts", "seed": seed, "q": spec.Q, "max_f": spec.MaxF, "max_g": spec.MaxG}
	var in *nmts.Instance
	if yes {
		var sol nmts.Solution
		var err error
		if in, sol, err = spec.YesInstance(SeedSource(seed)); err != nil {
			return nil, err
		}
		pi, sigma := make([]int, len(sol.Pi)), make([]int, len(sol.Sigma))
		for i := range pi {
			pi[i], sigma[i] = sol.Pi[i]+1, sol.Sigma[i]+1
		}
		md["answer"], md["planted"] = "yes", map[string]any{"pi": pi, "sigma": sigma}
	} else {
		var err error
		if in, err = spec.NoInstance(SeedSource(seed)); err != nil {
			return nil, err
		}
		md["answer"] = "no (confirmed by the exact solver)"
	}
	in.Metadata = md
	return in, nil
}

// Built is the Theorem 1 reduction of an NMTS instance with its tandem
// instance and, for a yes-instance, the certificate schedule verified in
// exact arithmetic.
type Built struct {
	Reduction *Reduction
	Tandem    *instances.Instance
	Yes       bool               // the NMTS instance is solvable (nmts.Solve)
	Schedule  *schedule.Schedule // the certificate in float64 (yes only)
	Total     *big.Rat           // the certificate's exact total (= y)
	// FloatExact: the float64 schedule equals the rational one; Validate is
	// "ok, total …" or "FAIL: …" (validate.Check of Schedule).
	FloatExact bool
	Validate   string
}

// Build reduces src (Reduce with opt), solves it exactly (nmts.Solve) and,
// when it is a yes-instance, builds the certificate schedule, checks it in
// exact arithmetic (its total must be y) and validates its float64 form.
func Build(src *nmts.Instance, opt Options) (*Built, error) {
	r, err := Reduce(src, opt)
	if err != nil {
		return nil, err
	}
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	sol, yes, _, err := nmts.SolveContext(ctx, src)
	if err != nil {
		return nil, err
	}
	var solp *nmts.Solution
	if yes {
		solp = &sol
	}
	tin, err := r.Tandem(solp)
	if err != nil {
		return nil, err
	}
	b := &Built{Reduction: r, Tandem: tin, Yes: yes}
	if !yes {
		return b, nil
	}
	s, err := r.Certificate(sol)
	if err != nil {
		return nil, err
	}
	v, err := r.Check(s)
	if err != nil {
		return nil, err
	}
	if !v.Feasible {
		return nil, fmt.Errorf("reductions: internal error: the certificate fails exact verification: %w", v.Report.Err())
	}
	b.Total = v.Total
	b.Schedule, b.FloatExact = s.Float()
	if res, err := validate.Check(tin, b.Schedule); err != nil {
		b.Validate = "FAIL: " + err.Error()
	} else {
		b.Validate = "ok, total " + tabular.Float(res.TotalResponse)
	}
	return b, nil
}

// Table is the one-row summary 'mrsched reduce' prints.
func (b *Built) Table() *tabular.Table {
	r := b.Reduction
	t := &tabular.Table{Header: []string{"q", "jobs", "shift", "A", "M", "y", "nmts", "certificate_total", "total_minus_y", "float_exact", "validate"}}
	certTotal, diff, fexact, vres, ans := "-", "-", "-", "-", "no"
	if b.Yes {
		certTotal = RatString(b.Total)
		diff = RatString(new(big.Rat).Sub(b.Total, new(big.Rat).SetInt(r.Y)))
		fexact, vres, ans = fmt.Sprint(b.FloatExact), b.Validate, "yes"
	}
	t.Add(fmt.Sprint(r.Q()), fmt.Sprint(len(r.Jobs)), r.Shift.String(), r.A.String(), r.M.String(), r.Y.String(), ans, certTotal, diff, fexact, vres)
	return t
}
