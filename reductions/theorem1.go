package reductions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
)

// Sentinel errors.
var (
	ErrOption = errors.New("reductions: invalid option")
	// ErrNotRepresentable: some job size of the reduction is not exactly
	// representable as a float64 (an integer above 2^53), so the tandem
	// instance cannot be written as a float file without changing it.
	ErrNotRepresentable = errors.New("reductions: not exactly representable in float64")
	// ErrMetadata: a tandem file does not carry a consistent Theorem 1
	// reduction in its metadata.
	ErrMetadata = errors.New("reductions: bad reduction metadata")
)

// MetadataKind is the value of metadata "reduction" in tandem files
// written by Tandem.
const MetadataKind = "nmts-theorem1"

// Options choose A and M; nil means the smallest admissible value
// (A = 2(Σg + 2Σf)Σg, M = 9qA, with the shifted g). Larger values are
// admissible; smaller ones are rejected.
type Options struct {
	A, M *big.Int
	// Context, when not nil, stops Build's exact NMTS search
	// (nmts.ErrStopped).
	Context context.Context
}

// BigJob is a job of the reduction with exact integer sizes (all released
// at 0).
type BigJob struct {
	ID           string
	Map, Shuffle *big.Int
}

// Reduction is the tandem instance of the proof of Theorem 1 (appendix A).
type Reduction struct {
	Source *nmts.Instance
	// Shift is the constant c ≥ 0 added to every g_i and h_i so that
	// g_i > 3Σf (the smallest such c).
	Shift   *big.Int
	F, G, H []*big.Int // the sets after the shift
	SumF    *big.Int
	SumG    *big.Int
	A, M    *big.Int
	// Y is the threshold on the TOTAL response time (the proof compares
	// the total T with y; the average threshold is y/(3q+2)).
	Y *big.Int
	// Y0 is the proof's trivial lower bound (9q²/2 + 3q/2)A + 6qA + 3M + 3A.
	Y0 *big.Int
	// Jobs: F_1..F_q, G_1..G_q, H_1..H_q, E_1, E_2 (indices i, q+i, 2q+i,
	// 3q, 3q+1).
	Jobs []BigJob
	// Repaired marks the construction of RepairedReduce (balanced E jobs,
	// docs/appendix/hard.md); false is appendix A's.
	Repaired bool
}

func bi(x int64) *big.Int { return big.NewInt(x) }

// Reduce builds the reduction of Theorem 1 for a valid NMTS instance.
func Reduce(src *nmts.Instance, opt Options) (*Reduction, error) {
	if err := src.Validate(); err != nil {
		return nil, err
	}
	q := src.Q()
	r := &Reduction{Source: src, SumF: new(big.Int), SumG: new(big.Int)}
	for _, f := range src.F {
		r.F = append(r.F, bi(f))
		r.SumF.Add(r.SumF, bi(f))
	}
	// Shift: smallest c ≥ 0 with min g + c > 3Σf, i.e. c = max(0, 3Σf + 1 − min g).
	minG := src.G[0]
	for _, g := range src.G {
		minG = min(minG, g)
	}
	c := new(big.Int).Mul(bi(3), r.SumF)
	c.Add(c, bi(1)).Sub(c, bi(minG))
	if c.Sign() < 0 {
		c.SetInt64(0)
	}
	r.Shift = c
	for i := range q {
		g := new(big.Int).Add(bi(src.G[i]), c)
		r.G = append(r.G, g)
		r.SumG.Add(r.SumG, g)
		r.H = append(r.H, new(big.Int).Add(bi(src.H[i]), c))
	}
	// A ≥ 2(Σg + 2Σf)Σg.
	aMin := new(big.Int).Mul(bi(2), r.SumF)
	aMin.Add(aMin, r.SumG).Mul(aMin, r.SumG).Mul(aMin, bi(2))
	r.A = aMin
	if opt.A != nil {
		if opt.A.Cmp(aMin) < 0 {
			return nil, fmt.Errorf("%w: A = %v is below the proof's minimum 2(Σg + 2Σf)Σg = %v", ErrOption, opt.A, aMin)
		}
		r.A = new(big.Int).Set(opt.A)
	}
	// M ≥ 9qA.
	mMin := new(big.Int).Mul(bi(int64(9*q)), r.A)
	r.M = mMin
	if opt.M != nil {
		if opt.M.Cmp(mMin) < 0 {
			return nil, fmt.Errorf("%w: M = %v is below the proof's minimum 9qA = %v", ErrOption, opt.M, mMin)
		}
		r.M = new(big.Int).Set(opt.M)
	}
	// y0 = (9q²/2 + 3q/2)A + 6qA + 3M + 3A; 9q² + 3q = 3q(3q+1) is even.
	k := int64(q)
	y0 := new(big.Int).Mul(bi((9*k*k+3*k)/2+6*k+3), r.A)
	y0.Add(y0, new(big.Int).Mul(bi(3), r.M))
	r.Y0 = y0
	// y = y0 + 2Σf + Σg.
	r.Y = new(big.Int).Add(y0, new(big.Int).Mul(bi(2), r.SumF))
	r.Y.Add(r.Y, r.SumG)
	for i := range q {
		r.Jobs = append(r.Jobs, BigJob{fmt.Sprintf("F%d", i+1), r.A, new(big.Int).Add(r.A, r.F[i])})
	}
	for i := range q {
		r.Jobs = append(r.Jobs, BigJob{fmt.Sprintf("G%d", i+1), r.A, new(big.Int).Add(r.A, r.G[i])})
	}
	for i := range q {
		// A > h_i: A ≥ 2·Σh·Σg ≥ 2h_i since Σg ≥ 1 and Σh = Σf + Σg.
		r.Jobs = append(r.Jobs, BigJob{fmt.Sprintf("H%d", i+1), r.A, new(big.Int).Sub(r.A, r.H[i])})
	}
	em := new(big.Int).Add(r.A, r.M)
	r.Jobs = append(r.Jobs, BigJob{"E1", r.A, em}, BigJob{"E2", r.A, em})
	return r, nil
}

// Q returns q.
func (r *Reduction) Q() int { return len(r.F) }

// Rational returns the tandem instance in exact arithmetic.
func (r *Reduction) Rational() *rational.Instance {
	in := &rational.Instance{MapCapacity: big.NewRat(1, 1), ShuffleCapacity: big.NewRat(1, 1)}
	for _, j := range r.Jobs {
		in.Jobs = append(in.Jobs, rational.Job{ID: j.ID, Release: new(big.Rat),
			Map: new(big.Rat).SetInt(j.Map), Shuffle: new(big.Rat).SetInt(j.Shuffle)})
	}
	return in
}

// maxExact is 2^53: every integer of magnitude at most 2^53 is a float64.
var maxExact = new(big.Int).Lsh(big.NewInt(1), 53)

// CertificateOrder returns the proof's priority order F_π(1), G_σ(1), H_1,
// F_π(2), …, H_q, E_1, E_2 as job indices, after checking that sol solves
// the source instance.
func (r *Reduction) CertificateOrder(sol nmts.Solution) ([]int, error) {
	if err := r.Source.Check(sol); err != nil {
		return nil, err
	}
	q := r.Q()
	order := make([]int, 0, 3*q+2)
	for i := range q {
		order = append(order, sol.Pi[i], q+sol.Sigma[i], 2*q+i)
	}
	return append(order, 3*q, 3*q+1), nil
}

// Certificate builds the proof's schedule for sol exactly.
func (r *Reduction) Certificate(sol nmts.Solution) (*rational.Schedule, error) {
	order, err := r.CertificateOrder(sol)
	if err != nil {
		return nil, err
	}
	return rational.PriorityOrder(r.Rational(), order)
}

// Tandem returns the tandem instance with float64 sizes and the reduction
// (source NMTS instance, shift, A, M, y and, when sol is non-nil, the
// certificate) in its metadata. It fails with ErrNotRepresentable when some
// size exceeds 2^53 (the proof's A grows like (Σg)², so large NMTS numbers
// give sizes floats cannot hold exactly; the exact Rational instance is
// always available).
func (r *Reduction) Tandem(sol *nmts.Solution) (*instances.Instance, error) {
	in := &instances.Instance{MapCapacity: 1, ShuffleCapacity: 1}
	for _, j := range r.Jobs {
		for _, v := range []*big.Int{j.Map, j.Shuffle} {
			if v.CmpAbs(maxExact) > 0 {
				return nil, fmt.Errorf("%w: job %s has size %v > 2^53 (A = %v, M = %v); use smaller NMTS numbers or the exact rational form",
					ErrNotRepresentable, j.ID, v, r.A, r.M)
			}
		}
		x, _ := new(big.Float).SetInt(j.Map).Float64()
		y, _ := new(big.Float).SetInt(j.Shuffle).Float64()
		in.Jobs = append(in.Jobs, instances.Job{ID: j.ID, Map: x, Shuffle: y})
	}
	md := map[string]any{
		"reduction": r.kind(),
		"nmts": map[string]any{
			"f": r.Source.F, "g": r.Source.G, "h": r.Source.H,
		},
		"shift":     json.Number(r.Shift.String()),
		"A":         json.Number(r.A.String()),
		"M":         json.Number(r.M.String()),
		"y":         json.Number(r.Y.String()),
		"threshold": "y bounds the total response time Σ C_i (appendix A, proof of Theorem 1)",
	}
	if sol != nil {
		order, err := r.CertificateOrder(*sol)
		if err != nil {
			return nil, err
		}
		ids := make([]string, len(order))
		for i, j := range order {
			ids[i] = r.Jobs[j].ID
		}
		pi, sigma := make([]int, len(sol.Pi)), make([]int, len(sol.Sigma))
		for i := range pi {
			pi[i], sigma[i] = sol.Pi[i]+1, sol.Sigma[i]+1
		}
		md["certificate"] = map[string]any{"pi": pi, "sigma": sigma, "order": ids,
			"note": "1-based π, σ with f_π(i) + g_σ(i) = h_i; both stations serve in this priority order"}
	}
	in.Metadata = md
	return in, nil
}

type metaFile struct {
	Reduction string      `json:"reduction"`
	NMTS      metaNMTS    `json:"nmts"`
	Shift     json.Number `json:"shift"`
	A         json.Number `json:"A"`
	M         json.Number `json:"M"`
	Y         json.Number `json:"y"`
	Cert      *struct {
		Pi    []int `json:"pi"`
		Sigma []int `json:"sigma"`
	} `json:"certificate"`
}

type metaNMTS struct {
	F, G, H []int64
}

func (m *metaNMTS) UnmarshalJSON(b []byte) error {
	var raw struct {
		F []int64 `json:"f"`
		G []int64 `json:"g"`
		H []int64 `json:"h"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	m.F, m.G, m.H = raw.F, raw.G, raw.H
	return nil
}

// kind is the metadata "reduction" value of r's construction.
func (r *Reduction) kind() string {
	if r.Repaired {
		return MetadataKindRepaired
	}
	return MetadataKind
}

// FromTandem reads the reduction back from a tandem instance's metadata,
// rebuilds it from the recorded NMTS instance, A and M, and checks that the
// shift, y and every job (id, release 0, exact sizes) match. It returns the
// reduction and the recorded certificate (nil when none).
func FromTandem(in *instances.Instance) (*Reduction, *nmts.Solution, error) {
	if in.Metadata == nil || (in.Metadata["reduction"] != MetadataKind && in.Metadata["reduction"] != MetadataKindRepaired) {
		return nil, nil, fmt.Errorf("%w: metadata.reduction is not %q (was the file written by 'mrsched reduce nmts'?)", ErrMetadata, MetadataKind)
	}
	reduce := Reduce
	if in.Metadata["reduction"] == MetadataKindRepaired {
		reduce = RepairedReduce
	}
	raw, err := json.Marshal(in.Metadata)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrMetadata, err)
	}
	var md metaFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&md); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrMetadata, err)
	}
	src := &nmts.Instance{F: md.NMTS.F, G: md.NMTS.G, H: md.NMTS.H}
	if err := src.Validate(); err != nil {
		return nil, nil, fmt.Errorf("%w: metadata.nmts: %w", ErrMetadata, err)
	}
	parse := func(name string, n json.Number) (*big.Int, error) {
		v, ok := new(big.Int).SetString(string(n), 10)
		if !ok {
			return nil, fmt.Errorf("%w: metadata.%s = %q is not an integer", ErrMetadata, name, n)
		}
		return v, nil
	}
	a, err := parse("A", md.A)
	if err != nil {
		return nil, nil, err
	}
	m, err := parse("M", md.M)
	if err != nil {
		return nil, nil, err
	}
	r, err := reduce(src, Options{A: a, M: m})
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrMetadata, err)
	}
	for _, c := range []struct {
		name string
		n    json.Number
		want *big.Int
	}{{"shift", md.Shift, r.Shift}, {"y", md.Y, r.Y}} {
		v, err := parse(c.name, c.n)
		if err != nil {
			return nil, nil, err
		}
		if v.Cmp(c.want) != 0 {
			return nil, nil, fmt.Errorf("%w: metadata.%s = %v, but the reduction of metadata.nmts gives %v", ErrMetadata, c.name, v, c.want)
		}
	}
	if len(in.Jobs) != len(r.Jobs) {
		return nil, nil, fmt.Errorf("%w: %d jobs, the reduction has %d", ErrMetadata, len(in.Jobs), len(r.Jobs))
	}
	for i, j := range in.Jobs {
		w := r.Jobs[i]
		x, _ := new(big.Float).SetInt(w.Map).Float64()
		y, _ := new(big.Float).SetInt(w.Shuffle).Float64()
		if j.ID != w.ID || j.Release != 0 || j.Map != x || j.Shuffle != y || w.Map.CmpAbs(maxExact) > 0 || w.Shuffle.CmpAbs(maxExact) > 0 {
			return nil, nil, fmt.Errorf("%w: jobs[%d] = %s (%v, %v) released at %v, the reduction has %s (%v, %v) at 0", ErrMetadata, i, j.ID, j.Map, j.Shuffle, j.Release, w.ID, w.Map, w.Shuffle)
		}
	}
	if in.MapCapacity != 1 || in.ShuffleCapacity != 1 {
		return nil, nil, fmt.Errorf("%w: capacities must be 1", ErrMetadata)
	}
	if md.Cert == nil {
		return r, nil, nil
	}
	sol := &nmts.Solution{Pi: make([]int, len(md.Cert.Pi)), Sigma: make([]int, len(md.Cert.Sigma))}
	for i, p := range md.Cert.Pi {
		sol.Pi[i] = p - 1
	}
	for i, s := range md.Cert.Sigma {
		sol.Sigma[i] = s - 1
	}
	if err := src.Check(*sol); err != nil {
		return nil, nil, fmt.Errorf("%w: metadata.certificate: %w", ErrMetadata, err)
	}
	return r, sol, nil
}

// Verdict is the outcome of checking a schedule against y.
type Verdict struct {
	Feasible bool
	Total    *big.Rat // exact total response time (nil if some job never completes)
	Y        *big.Int
	Holds    bool // Feasible and Total ≤ y
	Report   *rational.Report
	// Mismatches lists claimed completions that differ from the exact ones.
	Mismatches []rational.Violation
}

// Check verifies s against the reduction exactly: feasibility for model (1)
// and total response time ≤ y.
func (r *Reduction) Check(s *rational.Schedule) (*Verdict, error) {
	rep, mism, err := rational.Verify(r.Rational(), s)
	if err != nil {
		return nil, err
	}
	v := &Verdict{Feasible: rep.Feasible, Total: rep.Total, Y: r.Y, Report: rep, Mismatches: mism}
	v.Holds = rep.Feasible && rep.Total != nil && rep.Total.Cmp(new(big.Rat).SetInt(r.Y)) <= 0
	return v, nil
}
