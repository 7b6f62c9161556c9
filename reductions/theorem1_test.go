package reductions

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/validate"
)

// TestHandExample: q = 1, F = {1}, G = {2}, H = {3}, computed by hand from
// appendix A: shift c = 3Σf + 1 − min g = 2 (g = 4, h = 5), A = 2(4 + 2)·4 =
// 48, M = 9·48 = 432, y = 6·48 + (2 + 4) + 6·48 + 3·432 + 3·48 = 2022; the
// certificate completes F1 at A + f = 49, G1 at 2A + f + g = 101, H1 at
// 3A = 144, E1 at 3A + A + M = 624, E2 at 3A + 2A + 2M = 1104, summing to y.
func TestHandExample(t *testing.T) {
	src := &nmts.Instance{F: []int64{1}, G: []int64{2}, H: []int64{3}}
	r, err := Reduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want *big.Int
	}{{"shift", r.Shift, bi(2)}, {"A", r.A, bi(48)}, {"M", r.M, bi(432)}, {"y", r.Y, bi(2022)}} {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	s, err := r.Certificate(nmts.Solution{Pi: []int{0}, Sigma: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	// job order in r.Jobs: F1, G1, H1, E1, E2
	for i, want := range []int64{49, 101, 144, 624, 1104} {
		if s.Completion[i].Cmp(big.NewRat(want, 1)) != 0 {
			t.Errorf("C(%s) = %s, want %d", r.Jobs[i].ID, s.Completion[i].RatString(), want)
		}
	}
	v, err := r.Check(s)
	if err != nil || !v.Holds || v.Total.Cmp(big.NewRat(2022, 1)) != 0 {
		t.Fatalf("verdict %+v, err %v", v, err)
	}
}

// proofCompletions are the completion times the proof of Theorem 1 states
// for the certificate: triple i starts at s = 3(i−1)A; F at s + A + f_π(i),
// G at s + 2A + f_π(i) + g_σ(i), H at s + 3A; E_1 at 3qA + A + M, E_2 at
// 3qA + 2A + 2M.
func proofCompletions(r *Reduction, sol nmts.Solution) map[string]*big.Int {
	q := r.Q()
	out := map[string]*big.Int{}
	for i := range q {
		s := new(big.Int).Mul(bi(int64(3*i)), r.A)
		f, g := r.F[sol.Pi[i]], r.G[sol.Sigma[i]]
		out[r.Jobs[sol.Pi[i]].ID] = new(big.Int).Add(new(big.Int).Add(s, r.A), f)
		cg := new(big.Int).Add(s, new(big.Int).Mul(bi(2), r.A))
		out[r.Jobs[q+sol.Sigma[i]].ID] = cg.Add(cg, f).Add(cg, g)
		out[r.Jobs[2*q+i].ID] = new(big.Int).Add(s, new(big.Int).Mul(bi(3), r.A))
	}
	base := new(big.Int).Mul(bi(int64(3*q)), r.A)
	out["E1"] = new(big.Int).Add(base, r.A)
	out["E1"].Add(out["E1"], r.M)
	out["E2"] = new(big.Int).Add(base, new(big.Int).Mul(bi(2), r.A))
	out["E2"].Add(out["E2"], new(big.Int).Mul(bi(2), r.M))
	return out
}

// TestCertificateCostsY: for random yes-instances with q = 1..6 and for the
// smallest and for larger A and M, the proof's schedule is feasible for model
// (1) in exact arithmetic, completes every job when the proof says, and
// costs exactly y; its float form passes validate.Check.
func TestCertificateCostsY(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	for trial := range 36 {
		q := 1 + trial%6
		src, sol, err := nmts.Spec{Q: q, MaxF: 1 + rng.Int64N(9), MaxG: 1 + rng.Int64N(60)}.YesInstance(rng)
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{}
		if trial%3 == 1 { // larger than the minimum: the proof holds for any admissible A, M
			r0, _ := Reduce(src, Options{})
			opt.A = new(big.Int).Add(r0.A, bi(rng.Int64N(1000)))
			opt.M = new(big.Int).Mul(opt.A, bi(int64(9*q+rng.IntN(5))))
		}
		r, err := Reduce(src, opt)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range r.G {
			if new(big.Int).Mul(bi(3), r.SumF).Cmp(g) >= 0 {
				t.Fatalf("g[%d] = %v not > 3Σf = 3·%v after the shift", i, g, r.SumF)
			}
		}
		s, err := r.Certificate(sol)
		if err != nil {
			t.Fatal(err)
		}
		v, err := r.Check(s)
		if err != nil {
			t.Fatal(err)
		}
		if !v.Feasible || len(v.Mismatches) > 0 {
			t.Fatalf("trial %d: certificate infeasible: %v %v", trial, v.Report.Err(), v.Mismatches)
		}
		if v.Total.Cmp(new(big.Rat).SetInt(r.Y)) != 0 {
			t.Fatalf("trial %d: certificate costs %s, want exactly y = %v", trial, v.Total.RatString(), r.Y)
		}
		want := proofCompletions(r, sol)
		for i, j := range r.Jobs {
			if s.Completion[i].Cmp(new(big.Rat).SetInt(want[j.ID])) != 0 {
				t.Fatalf("trial %d: C(%s) = %s, proof says %v", trial, j.ID, s.Completion[i].RatString(), want[j.ID])
			}
		}
		tin, err := r.Tandem(&sol)
		if err != nil {
			t.Fatal(err)
		}
		fs, _ := s.Float()
		res, err := validate.Check(tin, fs)
		if err != nil {
			t.Fatalf("trial %d: validate.Check: %v", trial, err)
		}
		yf, _ := new(big.Float).SetInt(r.Y).Float64()
		if res.TotalResponse != yf {
			t.Logf("trial %d: float total %v vs y %v (float rounding)", trial, res.TotalResponse, yf)
		}
		// round trip through a file
		var b bytes.Buffer
		if err := instances.WriteJSON(&b, tin); err != nil {
			t.Fatal(err)
		}
		back, err := instances.ReadJSON(&b, "t.json")
		if err != nil {
			t.Fatal(err)
		}
		r2, sol2, err := FromTandem(back)
		if err != nil {
			t.Fatalf("trial %d: FromTandem: %v", trial, err)
		}
		if r2.Y.Cmp(r.Y) != 0 || sol2 == nil || src.Check(*sol2) != nil {
			t.Fatalf("trial %d: round trip lost the reduction", trial)
		}
	}
}

func TestOptionsAndErrors(t *testing.T) {
	src := &nmts.Instance{F: []int64{1, 2}, G: []int64{3, 5}, H: []int64{6, 5}}
	r, err := Reduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Reduce(src, Options{A: new(big.Int).Sub(r.A, bi(1))}); !errors.Is(err, ErrOption) {
		t.Errorf("A below minimum: %v", err)
	}
	if _, err := Reduce(src, Options{M: new(big.Int).Sub(r.M, bi(1))}); !errors.Is(err, ErrOption) {
		t.Errorf("M below minimum: %v", err)
	}
	// A wrong certificate is refused.
	if _, err := r.Certificate(nmts.Solution{Pi: []int{0, 1}, Sigma: []int{0, 1}}); !errors.Is(err, nmts.ErrNotSolution) {
		t.Errorf("wrong certificate: %v", err)
	}
	// Large NMTS numbers: A = 2(Σg + 2Σf)Σg ≈ 2·(10^8)² > 2^53 is not representable.
	big1 := &nmts.Instance{F: []int64{1, 1}, G: []int64{50_000_000, 50_000_000}, H: []int64{50_000_001, 50_000_001}}
	rb, err := Reduce(big1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rb.Tandem(nil); !errors.Is(err, ErrNotRepresentable) {
		t.Errorf("huge sizes: err = %v, want ErrNotRepresentable", err)
	}
	// ... but the exact certificate still costs y.
	s, err := rb.Certificate(nmts.Solution{Pi: []int{0, 1}, Sigma: []int{0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := rb.Check(s); !v.Holds || v.Total.Cmp(new(big.Rat).SetInt(rb.Y)) != 0 {
		t.Errorf("huge instance certificate: %+v", v)
	}
	// Tampered metadata is rejected.
	tin, _ := r.Tandem(nil)
	tin.Jobs[0].Shuffle++
	if _, _, err := FromTandem(tin); !errors.Is(err, ErrMetadata) {
		t.Errorf("tampered job: %v", err)
	}
	tin, _ = r.Tandem(nil)
	tin.Metadata["y"] = "12"
	if _, _, err := FromTandem(tin); !errors.Is(err, ErrMetadata) {
		t.Errorf("tampered y: %v", err)
	}
}

// permsOf returns all permutations of xs.
func permsOf(xs []int) [][]int {
	if len(xs) <= 1 {
		return [][]int{append([]int(nil), xs...)}
	}
	var out [][]int
	for i := range xs {
		rest := append(append([]int(nil), xs[:i]...), xs[i+1:]...)
		for _, p := range permsOf(rest) {
			out = append(out, append([]int{xs[i]}, p...))
		}
	}
	return out
}

// TestPriorityOrdersQ2: for q = 2 every priority order of the 3q = 6 small
// jobs followed by E_1, E_2 is built exactly. The proof says a schedule of
// cost ≤ y exists iff the NMTS instance is a yes-instance; priority orders
// are only some schedules, so for no-instances this is evidence (no order
// reaches y), and for yes-instances the best order must cost exactly y
// (the certificate's cost; it cannot be below y0 + y' ... the proof's lower
// bound shows cost ≥ y for these orders up to the (1 − y'/A) factors).
func TestPriorityOrdersQ2(t *testing.T) {
	yesSrc := &nmts.Instance{F: []int64{1, 2}, G: []int64{3, 5}, H: []int64{6, 5}}
	noSrc := &nmts.Instance{F: []int64{1, 1}, G: []int64{1, 3}, H: []int64{3, 3}}
	for _, c := range []struct {
		name string
		src  *nmts.Instance
		yes  bool
	}{{"yes", yesSrc, true}, {"no", noSrc, false}} {
		r, err := Reduce(c.src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := r.Rational()
		y := new(big.Rat).SetInt(r.Y)
		reached := 0
		for _, p := range permsOf([]int{0, 1, 2, 3, 4, 5}) {
			s, err := rational.PriorityOrder(in, append(p, 6, 7))
			if err != nil {
				t.Fatal(err)
			}
			if s.Total(in).Cmp(y) <= 0 {
				reached++
			}
		}
		if (reached > 0) != c.yes {
			t.Errorf("%s-instance: %d of 720 priority orders cost ≤ y", c.name, reached)
		}
	}
}
