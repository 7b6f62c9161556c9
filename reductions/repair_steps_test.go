package reductions

import (
	"flag"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
)

// stepsLarge widens TestRepairStepsByOrder's enumeration to the ranges of
// the second review's largest runs (q = 2 values ≤ 10, q = 3 values ≤ 4,
// q = 4 values ≤ 2; minutes, not for the default run):
// go test ./reductions/ -run TestRepairStepsByOrder -steps.large
var stepsLarge = flag.Bool("steps.large", false, "TestRepairStepsByOrder: also q = 2 values ≤ 10, q = 3 values ≤ 4, q = 4 values ≤ 2")

// stepsJob is one job of the repaired reduction as the order-by-order check
// of Steps 1–4 (docs/appendix/hard.md §3.2) sees it.
type stepsJob struct {
	kind  byte     // 'F', 'G', 'H' or 'E'
	class int      // jobs with equal map and shuffle sizes share a class
	xA    *big.Int // A times the map size x_k
	// c is A times the job's term in (W′): ρ·f = (A − y′)f/A for an F,
	// ρ·g′ for a G, −h′ for an H, 0 for a (balanced) E.
	c   *big.Int
	val *big.Int // f, g′ or h′ (0 for E), for the block-matching test
}

// stepsModel is RepairedReduce's instance with the y0 term of every
// position: y0_b = bA for b ≤ 3q, 3qA + M and 3qA + 2M for the E
// positions (so Σ_b y0_b = r.Y0, (R2)). All quantities are scaled by A so
// that the check is in integers.
type stepsModel struct {
	jobs  []stepsJob
	y0A   []*big.Int // A·y0_b, b = 1..n (index b−1)
	limit *big.Int   // A·y′: an order survives when A·L(order) ≤ A·y′
}

// newStepsModel takes the jobs and constants of r (built by
// RepairedReduce). eJobs = 2 is the construction; eJobs = 1 drops E_2 and
// its y0 term (the one-E variant of §6, the review's negative control).
func newStepsModel(r *Reduction, eJobs int) *stepsModel {
	q := r.Q()
	yp := r.YPrime()
	rhoA := new(big.Int).Sub(r.A, yp) // ρ·A = A − y′
	m := &stepsModel{limit: new(big.Int).Mul(yp, r.A)}
	var classes [][2]*big.Int
	classOf := func(j BigJob) int {
		for i, c := range classes {
			if c[0].Cmp(j.Map) == 0 && c[1].Cmp(j.Shuffle) == 0 {
				return i
			}
		}
		classes = append(classes, [2]*big.Int{j.Map, j.Shuffle})
		return len(classes) - 1
	}
	for k, j := range r.Jobs[:3*q+eJobs] {
		sj := stepsJob{class: classOf(j), xA: new(big.Int).Mul(j.Map, r.A), c: new(big.Int), val: new(big.Int)}
		switch {
		case k < q:
			sj.kind, sj.val = 'F', r.F[k]
			sj.c.Mul(rhoA, r.F[k])
		case k < 2*q:
			sj.kind, sj.val = 'G', r.G[k-q]
			sj.c.Mul(rhoA, r.G[k-q])
		case k < 3*q:
			sj.kind, sj.val = 'H', r.H[k-2*q]
			sj.c.Mul(r.A, r.H[k-2*q]).Neg(sj.c)
		default:
			sj.kind = 'E'
		}
		m.jobs = append(m.jobs, sj)
	}
	for b := 1; b <= 3*q; b++ {
		m.y0A = append(m.y0A, new(big.Int).Mul(bi(int64(b)), r.A))
	}
	base := new(big.Int).Mul(bi(int64(3*q)), r.A)
	for e := 1; e <= eJobs; e++ {
		m.y0A = append(m.y0A, new(big.Int).Add(base, new(big.Int).Mul(bi(int64(e)), r.M)))
	}
	for _, v := range m.y0A {
		v.Mul(v, r.A)
	}
	return m
}

// bound returns A·L(order), the lower bound on A(T − y0) of every
// schedule with this completion order and T ≤ y:
//
//	L = Σ_b (X_b − y0_b) + Σ_b max(0, max_{a≤b} W′(a, b)),
//
// the first sum from the map-station count (0) (Step 1), the second from
// Lemma (W) via (W′) (which needs e_{a−1} ≤ y′, i.e. T ≤ y), taking at
// every position its best window; every charge of Steps 2–4 (basic
// charges, the extras) is one window at one position, so L is at least
// the proof's total. Computed window by window, independently of the
// incremental form survivors uses.
func (m *stepsModel) bound(order []int) *big.Int {
	total, x, d := new(big.Int), new(big.Int), new(big.Int)
	for b, j := range order {
		x.Add(x, m.jobs[j].xA)
		total.Add(total, d.Sub(x, m.y0A[b])) // A(X_b − y0_b), (0)
		best, w := new(big.Int), new(big.Int)
		for a := b; a >= 0; a-- {
			w.Add(w, m.jobs[order[a]].c) // A·W′(a, b)
			if w.Cmp(best) > 0 {
				best.Set(w)
			}
		}
		total.Add(total, best) // A·max(0, max_a W′(a, b))
	}
	return total
}

// survivor is an order whose bound stays within y′, with that bound.
type survivor struct {
	order []int
	bound *big.Int
}

// survivors enumerates every completion order (identical jobs once,
// depth-first) and returns those with A·L ≤ A·y′. A prefix is pruned when
// its partial bound plus the positive W′ terms of the unplaced jobs
// exceeds the limit: every later position contributes ≥ 0 to the Step 1
// sum (map sizes ≥ A and the E terms of y0 need both E maps) and at least
// its own window [k, k] to the second sum. The best window ending at b is
// c_b + max(0, best window ending at b − 1).
func (m *stepsModel) survivors() []survivor {
	n := len(m.jobs)
	used := make([]bool, n)
	order := make([]int, 0, n)
	x, best, acc := make([]*big.Int, n+1), make([]*big.Int, n+1), make([]*big.Int, n+1)
	for i := range x {
		x[i], best[i], acc[i] = new(big.Int), new(big.Int), new(big.Int)
	}
	rest, tmp := new(big.Int), new(big.Int)
	for _, j := range m.jobs {
		if j.c.Sign() > 0 {
			rest.Add(rest, j.c)
		}
	}
	var out []survivor
	var dfs func(b int)
	dfs = func(b int) {
		if tmp.Add(acc[b], rest).Cmp(m.limit) > 0 {
			return
		}
		if b == n {
			out = append(out, survivor{slices.Clone(order), new(big.Int).Set(acc[b])})
			return
		}
		var seen [32]bool // classes < n ≤ 3·6 + 2 (EnumerateNMTS's q ≤ 6)
		for j := range n {
			if used[j] || seen[m.jobs[j].class] {
				continue
			}
			seen[m.jobs[j].class] = true
			x[b+1].Add(x[b], m.jobs[j].xA)
			best[b+1].Set(m.jobs[j].c)
			if best[b].Sign() > 0 {
				best[b+1].Add(best[b+1], best[b])
			}
			acc[b+1].Add(acc[b], tmp.Sub(x[b+1], m.y0A[b])) // A(X_b − y0_b)
			if best[b+1].Sign() > 0 {
				acc[b+1].Add(acc[b+1], best[b+1])
			}
			pos := m.jobs[j].c.Sign() > 0
			if pos {
				rest.Sub(rest, m.jobs[j].c)
			}
			used[j] = true
			order = append(order, j)
			dfs(b + 1)
			order = order[:len(order)-1]
			used[j] = false
			if pos {
				rest.Add(rest, m.jobs[j].c)
			}
		}
	}
	dfs(0)
	return out
}

// kinds spells an order by job type, e.g. "FGHFGHEE".
func (m *stepsModel) kinds(order []int) string {
	var sb strings.Builder
	for _, j := range order {
		sb.WriteByte(m.jobs[j].kind)
	}
	return sb.String()
}

// matched reports whether order is (F G H)^q followed by the E jobs with
// f + g′ = h′ in every block: the conclusion of Steps 1–4.
func (m *stepsModel) matched(order []int, q int) bool {
	if m.kinds(order) != strings.Repeat("FGH", q)+strings.Repeat("E", len(m.jobs)-3*q) {
		return false
	}
	s := new(big.Int)
	for i := range q {
		s.Add(m.jobs[order[3*i]].val, m.jobs[order[3*i+1]].val)
		if s.Cmp(m.jobs[order[3*i+2]].val) != 0 {
			return false
		}
	}
	return true
}

// stepsResult is the check on one instance.
type stepsResult struct {
	yes       bool
	survivors []survivor
	unmatched []survivor
}

// checkSteps runs the order-by-order check on src with eJobs E jobs; it
// fails the test on an internal inconsistency (a survivor whose bound,
// recomputed window by window, differs; a yes-instance whose certificate
// order does not survive), and returns the unmatched survivors for the
// caller to judge.
func checkSteps(t *testing.T, src *nmts.Instance, eJobs int) stepsResult {
	t.Helper()
	r, err := RepairedReduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, yes, _, err := nmts.Solve(src)
	if err != nil {
		t.Fatal(err)
	}
	m := newStepsModel(r, eJobs)
	res := stepsResult{yes: yes, survivors: m.survivors()}
	for _, s := range res.survivors {
		if got := m.bound(s.order); got.Cmp(s.bound) != 0 || got.Cmp(m.limit) > 0 {
			t.Fatalf("%s: order %s: incremental bound %v, window by window %v, limit %v", nmtsString(src), m.kinds(s.order), s.bound, got, m.limit)
		}
		if !m.matched(s.order, r.Q()) {
			res.unmatched = append(res.unmatched, s)
		}
	}
	if yes && eJobs == 2 {
		// (C): the certificate's order is a matched block order; its bound
		// must stay within y′ (it costs exactly y).
		order, err := r.CertificateOrder(sol)
		if err != nil {
			t.Fatal(err)
		}
		if b := m.bound(order); b.Cmp(m.limit) > 0 {
			t.Fatalf("%s: the certificate order has A·L = %v > A·y′ = %v", nmtsString(src), b, m.limit)
		}
		if len(res.survivors) == 0 {
			t.Fatalf("%s: yes-instance without a surviving order", nmtsString(src))
		}
	}
	return res
}

// TestRepairStepsByOrder is the Go port of the second review's mechanical
// check of Steps 1–4 (docs/appendix/hard.md, §7): for every completion order of
// the repaired reduction it computes, exactly, the lower bound L that (0)
// and (W′) give for any schedule with total ≤ y, and checks that the
// orders with L ≤ y′ are exactly the matched block orders (F G H)^q E E
// with f + g′ = h′: a no-instance has none (so OPT > y), a yes-instance
// has its certificate's. L is non-decreasing in A and M (ρ grows with A,
// the Step 1 term with M − A), so the smallest constants, used here, are
// the worst case.
func TestRepairStepsByOrder(t *testing.T) {
	// Instance counts: EnumerateNMTS's ranges are charges.py's (f, g ≤ V,
	// h ≤ 2V), and its logs charges-enum.log and charges-enum-large.log
	// report these counts (instances, yes-instances).
	enum := []struct {
		q             int
		maxV          int64
		wantN, wantYs int
		large         bool
	}{
		{2, 4, 320, 136, false},
		{2, 6, 2087, 666, false},
		{3, 2, 39, 20, false},
		{3, 3, 491, 164, false},
		{4, 1, 1, 1, false},
		{2, 10, 23591, 5050, true},
		{3, 4, 3293, 810, true},
		{4, 2, 84, 35, true},
	}
	for _, c := range enum {
		if c.large && !*stepsLarge {
			continue
		}
		t.Run(fmt.Sprintf("q%d-values%d", c.q, c.maxV), func(t *testing.T) {
			srcs, err := EnumerateNMTS(c.q, c.maxV)
			if err != nil {
				t.Fatal(err)
			}
			yes := 0
			for _, src := range srcs {
				res := checkSteps(t, src, 2)
				if len(res.unmatched) > 0 {
					t.Errorf("q = %d %s: %d unmatched orders within y′, e.g. %s", c.q, nmtsString(src), len(res.unmatched), newKinds(t, src, res.unmatched[0].order))
				}
				if res.yes {
					yes++
				}
			}
			if len(srcs) != c.wantN || yes != c.wantYs {
				t.Errorf("q = %d values ≤ %d: %d instances (%d yes), want %d (%d) as charges-enum.log", c.q, c.maxV, len(srcs), yes, c.wantN, c.wantYs)
			}
		})
	}
	// The three q = 4 no-instances the separation study leaves open
	// (separation-q4.csv, random no seeds 1–3; the review's
	// charges-q4.log) and the q = 4 fixture of TestRepairSeparatesExact:
	// no order survives, so OPT > y by (0) and Lemma W alone.
	for _, src := range []*nmts.Instance{
		{F: []int64{3, 3, 1, 2}, G: []int64{4, 5, 1, 3}, H: []int64{5, 7, 9, 1}},
		{F: []int64{1, 2, 1, 2}, G: []int64{6, 3, 6, 4}, H: []int64{2, 6, 9, 8}},
		{F: []int64{2, 3, 1, 3}, G: []int64{6, 4, 5, 3}, H: []int64{4, 8, 11, 4}},
		{F: []int64{1, 1, 1, 1}, G: []int64{1, 1, 1, 1}, H: []int64{1, 1, 2, 4}},
	} {
		t.Run(fmt.Sprintf("q4-%v", src.H), func(t *testing.T) {
			res := checkSteps(t, src, 2)
			if res.yes || len(res.survivors) != 0 {
				t.Errorf("q = 4 %s (a no-instance by nmts.Solve: %v): %d orders within y′, want 0", nmtsString(src), !res.yes, len(res.survivors))
			}
		})
	}
}

// nmtsString names an NMTS instance in failure messages.
func nmtsString(src *nmts.Instance) string {
	return fmt.Sprintf("f = %v, g = %v, h = %v", src.F, src.G, src.H)
}

// newKinds spells an order of src's repaired reduction by job type.
func newKinds(t *testing.T, src *nmts.Instance, order []int) string {
	t.Helper()
	r, err := RepairedReduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return newStepsModel(r, 2).kinds(order)
}

// TestRepairStepsOneENegativeControl shows that TestRepairStepsByOrder's
// check can fail: with ONE balanced E job (§6's one-E variant, threshold
// from its certificate, y0 = Σ_{k≤3q} kA + 3qA + M) an F placed last
// among the small jobs is charged only twice, and on the no-instance
// f = {1, 1}, g = {1, 1}, h = {1, 3} the check reports exactly the
// survivors the review found (§4.1 "Non-vacuity"; §6's tie
// F1 G1 H2 G2 H1 F2 E1): F G H G H F E and G H F G H F E.
func TestRepairStepsOneENegativeControl(t *testing.T) {
	src := &nmts.Instance{F: []int64{1, 1}, G: []int64{1, 1}, H: []int64{1, 3}}
	res := checkSteps(t, src, 1)
	if res.yes {
		t.Fatalf("nmts.Solve calls %s a yes-instance; every pair sum f + g is 2, h = {1, 3}: no", nmtsString(src))
	}
	r, err := RepairedReduce(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := newStepsModel(r, 1)
	var got []string
	for _, s := range res.unmatched {
		got = append(got, m.kinds(s.order))
	}
	slices.Sort(got)
	got = slices.Compact(got)
	if want := []string{"FGHGHFE", "GHFGHFE"}; len(res.unmatched) != len(res.survivors) || !slices.Equal(got, want) {
		t.Errorf("one E job: unmatched survivors %v (%d of %d survivors), want exactly the F-last orders %v", got, len(res.unmatched), len(res.survivors), want)
	}
	// The same instance with the construction's two E jobs: no survivor.
	if res2 := checkSteps(t, src, 2); len(res2.survivors) != 0 {
		t.Errorf("two E jobs: %d orders within y′, want 0", len(res2.survivors))
	}
}

// basicCharges returns A times the sum of the proof's basic charges of an
// order (Step 3 of docs/appendix/hard.md): at every position k whose job
// is not an H, the (W′) window [k − 1, k] when J_{k−1} is an F and [k, k]
// otherwise, i.e. ρ(σ_k + [J_{k−1} is F] f_{k−1}); an H position is
// charged 0 (e ≥ 0 by (0)). It fails the test if a window it uses
// contains an H (then the window's value is not the charge the proof
// names).
func (m *stepsModel) basicCharges(t *testing.T, order []int) *big.Int {
	t.Helper()
	sum := new(big.Int)
	for k, j := range order {
		if m.jobs[j].kind == 'H' {
			continue
		}
		a := k
		if k > 0 && m.jobs[order[k-1]].kind == 'F' {
			a = k - 1
		}
		for _, i := range order[a : k+1] {
			if m.jobs[i].kind == 'H' {
				t.Fatalf("order %s: basic-charge window [%d, %d] contains an H", m.kinds(order), a+1, k+1)
			}
			sum.Add(sum, m.jobs[i].c)
		}
	}
	return sum
}

// stepTwoOrders returns every order of the small jobs (identical jobs
// once) in which each G is immediately followed by an H (the conclusion
// of Step 2), followed by the E jobs: the orders Step 3's (B) is about.
func (m *stepsModel) stepTwoOrders(q int) [][]int {
	n := 3 * q
	used := make([]bool, n)
	var order []int
	var out [][]int
	var dfs func()
	dfs = func() {
		prevG := len(order) > 0 && m.jobs[order[len(order)-1]].kind == 'G'
		if len(order) == n {
			if !prevG { // a G at position 3q is followed by E_1, not an H
				out = append(out, append(slices.Clone(order), n, n+1))
			}
			return
		}
		var seen [32]bool
		for j := range n {
			if used[j] || seen[m.jobs[j].class] || (prevG && m.jobs[j].kind != 'H') {
				continue
			}
			seen[m.jobs[j].class] = true
			used[j] = true
			order = append(order, j)
			dfs()
			order = order[:len(order)-1]
			used[j] = false
		}
	}
	dfs()
	return out
}

// TestRepairBasicChargesB checks (B) of Step 3, T − y0 ≥ ρ(Σg′ + 2Σf),
// on its own (the second review's minor fix 1: the proof credited it to
// TestWindowLemma, which checks single windows, not their sum). For every
// order with the E jobs last and every G followed by an H (Steps 1 and 2)
// of every instance with q = 2, values ≤ 6 and q = 3, values ≤ 3 (386,880
// orders of 2,578 instances), in exact arithmetic:
//   - the Step 1 term Σ_b (X_b − y0_b) is 0, i.e. (R2) y0 = Σ_b X_b;
//   - the basic charges use windows without an H and sum to exactly
//     ρ(Σg′ + 2Σf) (each f is charged at its position and the next, each
//     g′ at its own), which is (B);
//   - they do not exceed L (TestRepairStepsByOrder's bound), so L ≥ (B);
//   - ρ > 0, i.e. A > y′, which (W′) needs.
//
// Negative control: in F1 G1 F2 H1 G2 H2 E1 E2 (a G not followed by an H,
// so F2 is followed by H1) the same sum falls short of (B) by exactly ρf_2:
// (B) needs Step 2.
func TestRepairBasicChargesB(t *testing.T) {
	var srcs []*nmts.Instance
	for _, qv := range [][2]int64{{2, 6}, {3, 3}} {
		s, err := EnumerateNMTS(int(qv[0]), qv[1])
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, s...)
	}
	orders := 0
	for _, src := range srcs {
		r, err := RepairedReduce(src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m, q := newStepsModel(r, 2), r.Q()
		// (W′) needs ρ = 1 − y′/A > 0, i.e. A > y′ (implied by (R5)).
		if r.A.Cmp(r.YPrime()) <= 0 {
			t.Fatalf("%s: A = %v ≤ y′ = %v: ρ ≤ 0", nmtsString(src), r.A, r.YPrime())
		}
		// A·ρ(Σg′ + 2Σf) = (A − y′)(Σg′ + 2Σf).
		want := new(big.Int).Add(r.SumG, new(big.Int).Mul(bi(2), r.SumF))
		want.Mul(want, new(big.Int).Sub(r.A, r.YPrime()))
		y0A := new(big.Int)
		for _, v := range m.y0A {
			y0A.Add(y0A, v)
		}
		if y0A.Cmp(new(big.Int).Mul(r.Y0, r.A)) != 0 {
			t.Fatalf("%s: A·Σ_b y0_b = %v, want A·r.Y0 = %v", nmtsString(src), y0A, new(big.Int).Mul(r.Y0, r.A))
		}
		for _, order := range m.stepTwoOrders(q) {
			orders++
			xA, sumX := new(big.Int), new(big.Int)
			for _, j := range order {
				xA.Add(xA, m.jobs[j].xA)
				sumX.Add(sumX, xA)
			}
			if sumX.Cmp(y0A) != 0 {
				t.Fatalf("%s %s: A·Σ_b X_b = %v, want A·y0 = %v ((R2))", nmtsString(src), m.kinds(order), sumX, y0A)
			}
			got := m.basicCharges(t, order)
			if got.Cmp(want) != 0 {
				t.Fatalf("%s %s: basic charges sum to %v/A, want (B) %v/A", nmtsString(src), m.kinds(order), got, want)
			}
			if l := m.bound(order); l.Cmp(got) < 0 {
				t.Fatalf("%s %s: L = %v/A below the basic charges %v/A", nmtsString(src), m.kinds(order), l, got)
			}
		}
	}
	if orders == 0 {
		t.Fatal("no order checked")
	}
	t.Logf("(B) on %d orders of %d instances", orders, len(srcs))
	t.Run("negative-control", func(t *testing.T) {
		src := &nmts.Instance{F: []int64{1, 2}, G: []int64{1, 1}, H: []int64{2, 3}}
		r, err := RepairedReduce(src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := newStepsModel(r, 2)
		order := []int{0, 2, 1, 4, 3, 5, 6, 7} // F1 G1 F2 H1 G2 H2 E1 E2
		want := new(big.Int).Add(r.SumG, new(big.Int).Mul(bi(2), r.SumF))
		want.Sub(want, r.F[1]) // (B) minus f_2
		want.Mul(want, new(big.Int).Sub(r.A, r.YPrime()))
		if got := m.basicCharges(t, order); got.Cmp(want) != 0 {
			t.Errorf("%s: basic charges %v/A, want ρ(Σg′ + 2Σf − f_2) = %v/A", m.kinds(order), got, want)
		}
	})
}
