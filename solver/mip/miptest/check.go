package miptest

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
	"gonum.org/v1/gonum/floats/scalar"
)

// Tol is the tolerance of objective and solution comparisons in the engine
// tests: relative to max(1, |value|). It is looser than mip.DefaultRelGap
// (1e-6) because MIP solutions are integral only up to the engines'
// integrality tolerance (1e-6 for HiGHS, 1e-7 for CBC) and LP values are
// exact only up to feasibility tolerances (1e-7).
const Tol = 1e-6

// KnownSet returns the models with known optima used by CheckKnown.
func KnownSet() []Known {
	rng := rand.New(rand.NewPCG(3, 1))
	ks := []Known{TinyMIP(), TinyLP(), MinLP()}
	for _, n := range []int{5, 12, 40} {
		ks = append(ks, KnapsackLP(rng, n))
	}
	for _, inst := range [][2][]int{
		{{3, 1, 2, 4}, {1, 2, 2, 3}},
		{{2, 5, 1, 3, 4}, {3, 1, 4, 2, 2}},
		{{4, 2, 3, 1, 2, 3}, {2, 5, 1, 3, 4, 2}},
	} {
		ks = append(ks, SmithMIP(inst[0], inst[1]))
	}
	ks = append(ks, Infeasible(false), Infeasible(true), Unbounded(false), Unbounded(true))
	return ks
}

// StatusMatches reports whether got is the outcome want. Both engines
// decide InfeasibleOrUnbounded by a second solve, so no weaker status is
// accepted.
func StatusMatches(want, got mip.Status, integer bool) bool {
	return got == want
}

// CheckKnown solves every model of KnownSet with e and checks status,
// objective, solution and (when the engine reports them) duals.
func CheckKnown(t *testing.T, e mip.Engine) {
	t.Helper()
	if best, x, y := BruteTiny(); best != 1100 || x != 20 || y != 10 {
		t.Fatalf("enumeration of the tiny MIP gives %v at (%d, %d), want 1100 at (20, 10)", best, x, y)
	}
	for _, k := range KnownSet() {
		t.Run(k.Name, func(t *testing.T) {
			r, err := e.Solve(context.Background(), k.Model, mip.Options{})
			if err != nil {
				t.Fatalf("%s: %v", e.Name(), err)
			}
			if !StatusMatches(k.Status, r.Status, k.Model.IsMIP()) {
				t.Fatalf("%s: status %v, want %v (%s)", e.Name(), r.Status, k.Status, k.Source)
			}
			if k.Status != mip.Optimal {
				if r.HasSolution && k.Status == mip.Infeasible {
					t.Errorf("%s: infeasible model with a solution", e.Name())
				}
				return
			}
			if !r.HasSolution || !scalar.EqualWithinAbsOrRel(r.Objective, k.Objective, Tol, Tol) {
				t.Fatalf("%s: objective %v (has solution %v), want %v (%s)", e.Name(), r.Objective, r.HasSolution, k.Objective, k.Source)
			}
			if !scalar.EqualWithinAbsOrRel(r.BestBound, k.Objective, Tol, Tol) {
				t.Errorf("%s: best bound %v, want %v", e.Name(), r.BestBound, k.Objective)
			}
			if r.Gap > 1e-6 {
				t.Errorf("%s: gap %v at optimality", e.Name(), r.Gap)
			}
			if err := Feasible(k.Model, r.X, 1e-6); err != nil {
				t.Errorf("%s: %v", e.Name(), err)
			}
			if obj := Objective(k.Model, r.X); !scalar.EqualWithinAbsOrRel(obj, r.Objective, Tol, Tol) {
				t.Errorf("%s: reported objective %v but c·x + offset = %v", e.Name(), r.Objective, obj)
			}
			for j, want := range k.X {
				if !scalar.EqualWithinAbsOrRel(r.X[j], want, Tol, Tol) {
					t.Errorf("%s: x[%d] = %v, want %v (%s)", e.Name(), j, r.X[j], want, k.Source)
				}
			}
			if k.RowDuals != nil && r.RowDuals != nil {
				for i, want := range k.RowDuals {
					if !scalar.EqualWithinAbsOrRel(r.RowDuals[i], want, Tol, Tol) {
						t.Errorf("%s: dual of row %d = %v, want %v (%s)", e.Name(), i, r.RowDuals[i], want, k.Source)
					}
				}
			}
		})
	}
}

// Objective returns Offset + c·x.
func Objective(m *mip.Model, x []float64) float64 {
	s := m.Offset
	for j, v := range m.Vars {
		s += v.Obj * x[j]
	}
	return s
}

// Feasible checks x against bounds, rows and integrality with absolute
// tolerance tol (scaled by max(1, |side|) for rows).
func Feasible(m *mip.Model, x []float64, tol float64) error {
	if len(x) != len(m.Vars) {
		return fmt.Errorf("solution has %d values for %d columns", len(x), len(m.Vars))
	}
	for j, v := range m.Vars {
		lo, up := m.Bounds(j)
		if x[j] < lo-tol || x[j] > up+tol {
			return fmt.Errorf("x[%d] = %v outside [%v, %v]", j, x[j], lo, up)
		}
		if v.Type != mip.Continuous && math.Abs(x[j]-math.Round(x[j])) > tol {
			return fmt.Errorf("x[%d] = %v not integral", j, x[j])
		}
	}
	for i, r := range m.Rows {
		a := 0.0
		for k, j := range r.Ind {
			a += r.Val[k] * x[j]
		}
		if a < r.Lower-tol*math.Max(1, math.Abs(r.Lower)) || a > r.Upper+tol*math.Max(1, math.Abs(r.Upper)) {
			return fmt.Errorf("row %d: activity %v outside [%v, %v]", i, a, r.Lower, r.Upper)
		}
	}
	return nil
}

// RoundTripModels are models for the LP/MPS round trips: the known set's
// optimal models plus random ones with every kind of bound and row.
func RoundTripModels() []*mip.Model {
	var ms []*mip.Model
	for _, k := range KnownSet() {
		if k.Status == mip.Optimal {
			ms = append(ms, k.Model)
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 20; i++ {
		ms = append(ms, Random(rng, 3+rng.IntN(8), 2+rng.IntN(6), i%2 == 0))
	}
	return ms
}

// CheckRoundTrip writes each of RoundTripModels as LP and as MPS, reads it
// back with rd (the engine's own reader), and checks that e finds the same
// status and objective as for the model itself. offset says whether rd
// keeps the objective offset (CBC's C interface cannot report it).
func CheckRoundTrip(t *testing.T, e mip.Engine, rd mip.Reader, offset bool) {
	t.Helper()
	ctx := context.Background()
	for i, m := range RoundTripModels() {
		want, err := e.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: %v", i, err)
		}
		for _, format := range []string{"lp", "mps"} {
			var buf bytes.Buffer
			write := mip.WriteLP
			if format == "mps" {
				write = mip.WriteMPS
			}
			if err := write(&buf, m); err != nil {
				t.Fatalf("model %d: write %s: %v", i, format, err)
			}
			back, err := rd.ReadModel(ctx, fmt.Sprintf("model%d.%s", i, format), buf.Bytes())
			if err != nil {
				t.Fatalf("model %d (%s): read back: %v\n%s", i, format, err, buf.String())
			}
			if len(back.Vars) != len(m.Vars) {
				t.Fatalf("model %d (%s): %d columns read back, want %d", i, format, len(back.Vars), len(m.Vars))
			}
			// WriteMPS writes a maximisation as the minimisation of the
			// negated objective.
			sign := 1.0
			if format == "mps" && m.Sense == mip.Maximize {
				sign = -1
				if back.Sense != mip.Minimize {
					t.Fatalf("model %d (mps): maximisation read back as %v, want minimize (negated)", i, back.Sense)
				}
			} else if back.Sense != m.Sense {
				t.Fatalf("model %d (%s): sense %v read back as %v", i, format, m.Sense, back.Sense)
			}
			cols, _, _ := m.Names()
			for j := range m.Vars {
				if back.Vars[j].Name != cols[j] {
					t.Fatalf("model %d (%s): column %d read back as %q, want %q (column order must be kept)", i, format, j, back.Vars[j].Name, cols[j])
				}
				lo, up := m.Bounds(j)
				blo, bup := back.Bounds(j)
				if (m.Vars[j].Type == mip.Continuous) != (back.Vars[j].Type == mip.Continuous) || lo != blo || up != bup || sign*m.Vars[j].Obj != back.Vars[j].Obj {
					t.Fatalf("model %d (%s): column %d read back as %+v, want %+v\n%s", i, format, j, back.Vars[j], m.Vars[j], buf.String())
				}
			}
			if !offset {
				back.Offset = sign * m.Offset
			} else if back.Offset != sign*m.Offset {
				t.Fatalf("model %d (%s): offset %v read back as %v", i, format, sign*m.Offset, back.Offset)
			}
			got, err := e.Solve(ctx, back, mip.Options{})
			if err != nil {
				t.Fatalf("model %d (%s): solve after read: %v", i, format, err)
			}
			if !sameClass(got.Status, want.Status) {
				t.Fatalf("model %d (%s): status %v after the round trip, %v before\n%s", i, format, got.Status, want.Status, buf.String())
			}
			if want.HasSolution && !scalar.EqualWithinAbsOrRel(sign*got.Objective, want.Objective, Tol, Tol) {
				t.Fatalf("model %d (%s): objective %v after the round trip, %v before\n%s", i, format, got.Objective, want.Objective, buf.String())
			}
		}
	}
}

// CheckParallel solves the known set and random models on several
// goroutines at once and checks that every result equals the serial one
// exactly (status, objective, solution bits).
func CheckParallel(t *testing.T, e mip.Engine, goroutines, rounds int) {
	t.Helper()
	ctx := context.Background()
	var models []*mip.Model
	for _, k := range KnownSet() {
		models = append(models, k.Model)
	}
	rng := rand.New(rand.NewPCG(11, 5))
	for i := 0; i < 10; i++ {
		models = append(models, Random(rng, 8, 6, i%2 == 0))
	}
	serial := make([]mip.Result, len(models))
	for i, m := range models {
		r, err := e.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatal(err)
		}
		serial[i] = r
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for round := 0; round < rounds; round++ {
				for k := range models {
					i := (k + g + round) % len(models)
					r, err := e.Solve(ctx, models[i], mip.Options{})
					if err != nil {
						errs <- err
						return
					}
					if !SameResult(r, serial[i]) {
						errs <- fmt.Errorf("goroutine %d model %d: %v/%v/%v, serial %v/%v/%v", g, i, r.Status, r.Objective, r.X, serial[i].Status, serial[i].Objective, serial[i].X)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// CheckCancel checks that an engine given a context cancelled before the
// solve stops at once: status Interrupted and an error, on the market-split
// MIP with 4 rows (hard for branch and bound, so an engine that ignored the
// context would run into its hour-long limit). The context is cancelled,
// never compared with a clock.
func CheckCancel(t *testing.T, e mip.Engine) {
	t.Helper()
	m := MarketSplit(rand.New(rand.NewPCG(1, 1)), 4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := e.Solve(ctx, m, mip.Options{TimeLimit: time.Hour})
	if err == nil || r.Status != mip.Interrupted {
		t.Fatalf("cancelled: status %v, err %v", r.Status, err)
	}
}

// SameResult reports whether two results have the same status, solution
// flag, objective bits and solution bits.
func SameResult(a, b mip.Result) bool {
	if a.Status != b.Status || a.HasSolution != b.HasSolution || len(a.X) != len(b.X) {
		return false
	}
	if a.HasSolution && math.Float64bits(a.Objective) != math.Float64bits(b.Objective) {
		return false
	}
	for j := range a.X {
		if math.Float64bits(a.X[j]) != math.Float64bits(b.X[j]) {
			return false
		}
	}
	return true
}

// sameClass reports whether two statuses agree: equal, or one is
// InfeasibleOrUnbounded and the other Infeasible or Unbounded.
func sameClass(a, b mip.Status) bool {
	if a == b {
		return true
	}
	iu := func(s mip.Status) bool { return s == mip.Infeasible || s == mip.Unbounded }
	return (a == mip.InfeasibleOrUnbounded && iu(b)) || (b == mip.InfeasibleOrUnbounded && iu(a))
}

// SameClass is sameClass, exported for the engines' agreement tests.
func SameClass(a, b mip.Status) bool { return sameClass(a, b) }

// CheckAgrees solves the same random LPs and MIPs (miptest.Random, seed
// (5, 17); 60 models, 20 with -short) with the reference engine ref and
// with e, two independent implementations, and checks that they agree on
// the status class and the optimum, that e's solutions are feasible, and
// that e's best bound of a minimisation is not above its objective. At
// least one LP and one MIP must be solved to optimality.
func CheckAgrees(t *testing.T, ref, e mip.Engine) {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 17))
	counts := map[string]int{}
	models := 60
	if testing.Short() {
		models = 20
	}
	rn, en := ref.Name(), e.Name()
	for i := 0; i < models; i++ {
		mixed := i%2 == 1
		m := Random(rng, 2+rng.IntN(10), 1+rng.IntN(8), mixed)
		rr, err := ref.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: %s: %v", i, rn, err)
		}
		re, err := e.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: %s: %v", i, en, err)
		}
		counts[fmt.Sprintf("mip=%v %v", mixed, rr.Status)]++
		if !SameClass(rr.Status, re.Status) {
			t.Errorf("model %d (MIP %v): %s %v, %s %v", i, mixed, rn, rr.Status, en, re.Status)
			continue
		}
		if rr.Status != mip.Optimal {
			continue
		}
		if !scalar.EqualWithinAbsOrRel(rr.Objective, re.Objective, Tol, Tol) {
			t.Errorf("model %d (MIP %v): %s %v, %s %v", i, mixed, rn, rr.Objective, en, re.Objective)
		}
		if err := Feasible(m, re.X, 1e-6); err != nil {
			t.Errorf("model %d: %v", i, err)
		}
		if re.BestBound > re.Objective+1e-9*max(1, re.Objective) && m.Sense == mip.Minimize {
			t.Errorf("model %d: bound %v above objective %v", i, re.BestBound, re.Objective)
		}
	}
	t.Logf("outcomes: %v", counts)
	for _, k := range []string{"mip=false optimal", "mip=true optimal"} {
		if counts[k] == 0 {
			t.Errorf("no model with outcome %q", k)
		}
	}
}
