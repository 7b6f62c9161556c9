// Package miptest provides models with known optima, random models and
// engine checks shared by the tests and benchmarks of the LP/MIP engines
// (solver/highs, solver/cbc, solver/engine), and an engine that fails one
// chosen solve (FailOnce) for the tests of the engines' users. Every known
// optimum says where it comes from.
package miptest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/mrsched/mrsched/solver/mip"
)

var inf = math.Inf(1)

// Known is a model with its known optimum.
type Known struct {
	Name   string
	Model  *mip.Model
	Status mip.Status
	// Objective and X are the optimum (X nil when not unique or not checked).
	Objective float64
	X         []float64
	// RowDuals are the LP shadow prices ∂objective/∂(active row side), nil
	// when not checked.
	RowDuals []float64
	// Source says where the optimum comes from.
	Source string
}

// TinyMIP is max 30x + 50y s.t. x + 2y ≤ 40, 2x + y ≤ 50, x, y ≥ 0 integer:
// optimum 1100 at (20, 10). Source: the worked example, checked by
// BruteTiny (enumeration of all integer points with x ≤ 25, y ≤ 20, which
// contain the feasible set since 2x ≤ 50 and 2y ≤ 40).
func TinyMIP() Known {
	m := &mip.Model{Name: "tiny", Sense: mip.Maximize}
	x := m.AddVar("x", mip.Integer, 0, inf, 30)
	y := m.AddVar("y", mip.Integer, 0, inf, 50)
	m.AddRow("c1", -inf, 40, []int{x, y}, []float64{1, 2})
	m.AddRow("c2", -inf, 50, []int{x, y}, []float64{2, 1})
	return Known{Name: "tiny MIP", Model: m, Status: mip.Optimal, Objective: 1100, X: []float64{20, 10},
		Source: "worked by hand; enumeration (BruteTiny)"}
}

// BruteTiny enumerates TinyMIP's integer points and returns the optimum.
func BruteTiny() (best float64, bx, by int) {
	best = math.Inf(-1)
	for x := 0; x <= 25; x++ {
		for y := 0; y <= 20; y++ {
			if x+2*y <= 40 && 2*x+y <= 50 && float64(30*x+50*y) > best {
				best, bx, by = float64(30*x+50*y), x, y
			}
		}
	}
	return best, bx, by
}

// TinyLP is TinyMIP's LP relaxation. Its optimum is the vertex where both
// rows are tight, x + 2y = 40 and 2x + y = 50, i.e. (20, 10) with value
// 1100, and the duals solve y1 + 2y2 = 30, 2y1 + y2 = 50 (complementary
// slackness with x, y basic): y = (70/3, 10/3). Source: closed form.
func TinyLP() Known {
	k := TinyMIP()
	for j := range k.Model.Vars {
		k.Model.Vars[j].Type = mip.Continuous
	}
	k.Name = "tiny LP"
	k.RowDuals = []float64{70.0 / 3, 10.0 / 3}
	k.Source = "closed form: both rows tight; duals from c = Aᵀy"
	return k
}

// MinLP is min 2x + 3y s.t. x + y ≥ 4, x ≤ 3 (a row), x, y ≥ 0: optimum 9
// at (3, 1). Duals: raising the first row's side by 1 raises y by 1 (+3);
// raising the second row's side by 1 moves one unit from y to x (2 − 3 =
// −1). Source: closed form (x is cheaper, so it takes its upper limit).
func MinLP() Known {
	m := &mip.Model{Name: "minlp"}
	x := m.AddVar("x", mip.Continuous, 0, inf, 2)
	y := m.AddVar("y", mip.Continuous, 0, inf, 3)
	m.AddRow("cover", 4, inf, []int{x, y}, []float64{1, 1})
	m.AddRow("xcap", -inf, 3, []int{x}, []float64{1})
	return Known{Name: "min LP", Model: m, Status: mip.Optimal, Objective: 9, X: []float64{3, 1},
		RowDuals: []float64{3, -1}, Source: "closed form (cheapest column first)"}
}

// KnapsackLP is the fractional knapsack max Σ v_i x_i s.t. Σ w_i x_i ≤ C,
// 0 ≤ x_i ≤ 1, with random data. Dantzig's greedy rule (G. B. Dantzig,
// "Discrete-variable extremum problems", Oper. Res. 5(2), 1957) gives the
// optimum: items by decreasing v_i/w_i, the critical item fractional; the
// capacity row's dual is the critical item's ratio v_c/w_c.
func KnapsackLP(rng *rand.Rand, n int) Known {
	m := &mip.Model{Name: "knapsack", Sense: mip.Maximize}
	v := make([]float64, n)
	w := make([]float64, n)
	ind := make([]int, n)
	for i := range v {
		v[i] = float64(1 + rng.IntN(100))
		w[i] = float64(1 + rng.IntN(50))
		ind[i] = m.AddVar(fmt.Sprintf("item%d", i), mip.Continuous, 0, 1, v[i])
	}
	total := 0.0
	for _, x := range w {
		total += x
	}
	capacity := math.Floor(total/3) + 0.5 // the .5 makes the critical item fractional
	m.AddRow("capacity", -inf, capacity, ind, w)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return v[order[a]]*w[order[b]] > v[order[b]]*w[order[a]] })
	x := make([]float64, n)
	left, obj, dual := capacity, 0.0, 0.0
	unique := true
	for k, i := range order {
		if left <= 0 {
			break
		}
		take := math.Min(1, left/w[i])
		x[i] = take
		obj += take * v[i]
		left -= take * w[i]
		if take < 1 {
			dual = v[i] / w[i]
			// Ties in the ratio make the optimum (not its value) ambiguous.
			if k > 0 && v[order[k-1]]*w[i] == v[i]*w[order[k-1]] || k+1 < n && v[order[k+1]]*w[i] == v[i]*w[order[k+1]] {
				unique = false
			}
		}
	}
	kn := Known{Name: fmt.Sprintf("knapsack LP n=%d", n), Model: m, Status: mip.Optimal, Objective: obj,
		Source: "Dantzig 1957 greedy rule"}
	if unique {
		kn.X = x
		kn.RowDuals = []float64{dual}
	}
	return kn
}

// SmithMIP is the time-indexed formulation of 1||Σ w_j C_j (Sousa and
// Wolsey, Math. Prog. 54, 1992): binary x_{jt} = 1 iff job j starts at t,
// t = 0, …, T − p_j with T = Σ p_j; each job starts once; at each time s at
// most one job is in process; objective Σ_j w_j Σ_t (t + p_j) x_{jt}. Its
// optimum equals the value of Smith's rule (W. E. Smith, "Various
// optimizers for single-stage production", Naval Res. Logist. Quart. 3,
// 1956): sequence by nondecreasing p_j/w_j, computed by SmithValue.
func SmithMIP(p, w []int) Known {
	m := &mip.Model{Name: "smith"}
	T := 0
	for _, x := range p {
		T += x
	}
	type col struct{ j, t int }
	var cols []col
	start := make([][]int, len(p))
	for j := range p {
		for t := 0; t+p[j] <= T; t++ {
			k := m.AddVar(fmt.Sprintf("x_%d_%d", j, t), mip.Binary, 0, 1, float64(w[j]*(t+p[j])))
			cols = append(cols, col{j, t})
			start[j] = append(start[j], k)
		}
	}
	for j := range p {
		val := make([]float64, len(start[j]))
		for i := range val {
			val[i] = 1
		}
		m.AddRow(fmt.Sprintf("once_%d", j), 1, 1, start[j], val)
	}
	for s := 0; s < T; s++ {
		var ind []int
		var val []float64
		for k, c := range cols {
			if c.t <= s && s < c.t+p[c.j] {
				ind = append(ind, k)
				val = append(val, 1)
			}
		}
		m.AddRow(fmt.Sprintf("busy_%d", s), -inf, 1, ind, val)
	}
	return Known{Name: fmt.Sprintf("Smith time-indexed n=%d T=%d", len(p), T), Model: m, Status: mip.Optimal,
		Objective: SmithValue(p, w), Source: "Smith 1956 (WSPT rule)"}
}

// SmithValue returns Σ w_j C_j of the sequence by nondecreasing p_j/w_j.
func SmithValue(p, w []int) float64 {
	order := make([]int, len(p))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return p[order[a]]*w[order[b]] < p[order[b]]*w[order[a]] })
	t, sum := 0, 0
	for _, j := range order {
		t += p[j]
		sum += w[j] * t
	}
	return float64(sum)
}

// Infeasible returns x + y ≤ 1, x + y ≥ 2 (as an LP, or a MIP when
// integer): no point satisfies both rows. Source: the rows contradict.
func Infeasible(integer bool) Known {
	t := mip.Continuous
	if integer {
		t = mip.Integer
	}
	m := &mip.Model{Name: "infeasible"}
	x := m.AddVar("x", t, 0, inf, 1)
	y := m.AddVar("y", t, 0, inf, 1)
	m.AddRow("le", -inf, 1, []int{x, y}, []float64{1, 1})
	m.AddRow("ge", 2, inf, []int{x, y}, []float64{1, 1})
	return Known{Name: fmt.Sprintf("infeasible (integer=%v)", integer), Model: m, Status: mip.Infeasible, Objective: math.NaN(),
		Source: "contradictory rows"}
}

// Unbounded returns max x + y s.t. x − y ≤ 1, x, y ≥ 0: the ray (1, 1)
// improves forever from the feasible point (0, 0). Source: the ray.
func Unbounded(integer bool) Known {
	t := mip.Continuous
	if integer {
		t = mip.Integer
	}
	m := &mip.Model{Name: "unbounded", Sense: mip.Maximize}
	x := m.AddVar("x", t, 0, inf, 1)
	y := m.AddVar("y", t, 0, inf, 1)
	m.AddRow("r", -inf, 1, []int{x, y}, []float64{1, -1})
	return Known{Name: fmt.Sprintf("unbounded (integer=%v)", integer), Model: m, Status: mip.Unbounded, Objective: math.NaN(),
		Source: "improving ray (1, 1) from (0, 0)"}
}

// Random returns a random small model: n columns, m rows, integer
// coefficients in [−5, 5] with density about 0.6, bounded columns, a mix of
// ≤, ≥, = and ranged rows, an objective offset, and (when mixed) about
// half of the columns integer or binary. Some are infeasible.
func Random(rng *rand.Rand, n, m int, mixed bool) *mip.Model {
	md := &mip.Model{Name: "random", Offset: float64(rng.IntN(11) - 5)}
	if rng.IntN(2) == 0 {
		md.Sense = mip.Maximize
	}
	for j := 0; j < n; j++ {
		t := mip.Continuous
		if mixed && rng.IntN(2) == 0 {
			t = mip.Integer
			if rng.IntN(3) == 0 {
				t = mip.Binary
			}
		}
		lo := float64(rng.IntN(3) - 1)
		up := lo + float64(1+rng.IntN(12))
		if t == mip.Binary {
			lo, up = 0, 1
		}
		if rng.IntN(8) == 0 && t != mip.Binary {
			lo = math.Inf(-1) // kept bounded by the upper bound and rows
		}
		md.AddVar("", t, lo, up, float64(rng.IntN(21)-10)+float64(rng.IntN(4))/4)
	}
	for i := 0; i < m; i++ {
		var ind []int
		var val []float64
		for j := 0; j < n; j++ {
			if rng.Float64() < 0.6 {
				ind = append(ind, j)
				val = append(val, float64(rng.IntN(11)-5)+float64(rng.IntN(2))/2)
			}
		}
		b := float64(rng.IntN(30) - 2)
		lo, up := -inf, b
		switch rng.IntN(6) {
		case 0:
			lo, up = float64(rng.IntN(20)-15), inf
		case 1:
			lo, up = float64(rng.IntN(15)-5), float64(rng.IntN(15)-5)
			lo = math.Min(lo, up)
			up = lo
		case 2:
			lo, up = b-float64(1+rng.IntN(10)), b
		}
		md.AddRow("", lo, up, ind, val)
	}
	// Free columns must stay bounded below for the model to be bounded:
	// the objective's direction may still make it unbounded, which is a
	// fine test of status agreement.
	return md
}

// MarketSplit returns a market split instance (G. Cornuéjols and M.
// Dawande, "A class of hard small 0-1 programs", INFORMS J. Comput. 11(2),
// 1999) with m rows and n = 10(m − 1) binaries, as the minimisation of the
// total slack |Σ a_ij x_j − d_i|: a model that HiGHS and CBC cannot finish
// quickly for m ≥ 4, used to test time limits. Feasible (all x = 0 with
// slacks), so a time-limited solve has a solution.
func MarketSplit(rng *rand.Rand, m int) *mip.Model {
	n := 10 * (m - 1)
	md := &mip.Model{Name: fmt.Sprintf("marketsplit_%d", m)}
	for j := 0; j < n; j++ {
		md.AddVar(fmt.Sprintf("x%d", j), mip.Binary, 0, 1, 0)
	}
	for i := 0; i < m; i++ {
		sp := md.AddVar(fmt.Sprintf("sp%d", i), mip.Continuous, 0, inf, 1)
		sm := md.AddVar(fmt.Sprintf("sm%d", i), mip.Continuous, 0, inf, 1)
		ind := make([]int, 0, n+2)
		val := make([]float64, 0, n+2)
		sum := 0
		for j := 0; j < n; j++ {
			a := rng.IntN(100)
			sum += a
			ind = append(ind, j)
			val = append(val, float64(a))
		}
		ind = append(ind, sp, sm)
		val = append(val, 1, -1)
		d := float64(sum / 2)
		md.AddRow(fmt.Sprintf("split%d", i), d, d, ind, val)
	}
	return md
}

// SmallLP is an LP of the size the exact tandem-queue formulations solve by
// the thousand (300 columns and 200 rows in the benchmarks): 10% dense,
// positive coefficients, boxed columns and ≤ rows with positive sides, so
// x = 0 is feasible and the optimum is finite.
func SmallLP(seed uint64, n, m int) *mip.Model {
	rng := rand.New(rand.NewPCG(seed, 1))
	md := &mip.Model{Name: "smalllp", Sense: mip.Maximize}
	for j := 0; j < n; j++ {
		md.AddVar("", mip.Continuous, 0, float64(1+rng.IntN(10)), float64(rng.IntN(20)))
	}
	for i := 0; i < m; i++ {
		var ind []int
		var val []float64
		for j := 0; j < n; j++ {
			if rng.Float64() < 0.1 {
				ind = append(ind, j)
				val = append(val, float64(1+rng.IntN(9)))
			}
		}
		md.AddRow("", -inf, float64(50+rng.IntN(100)), ind, val)
	}
	return md
}
