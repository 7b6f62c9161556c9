package flex

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/flex/internal/pseudocode"
	"github.com/mrsched/mrsched/tolerance"
)

// randomChains splits n subjobs into 1…3 chains with integer p ∈ [lo,9]
// and w ∈ [0,5].
func randomChains(rng *rand.Rand, n int, lo int) ([][]int, []float64, []float64) {
	k := 1 + rng.IntN(3)
	chains := make([][]int, k)
	p := make([]float64, n)
	w := make([]float64, n)
	for j := 0; j < n; j++ {
		c := rng.IntN(k)
		chains[c] = append(chains[c], j)
		p[j] = float64(lo + rng.IntN(10-lo))
		w[j] = float64(rng.IntN(6))
	}
	var out [][]int
	for _, c := range chains {
		if len(c) > 0 {
			out = append(out, c)
		}
	}
	return out, p, w
}

func sumWC(order []int, p, w []float64) float64 {
	t, s := 0.0, 0.0
	for _, j := range order {
		t += p[j]
		s += w[j] * t
	}
	return s
}

// bruteChains enumerates every interleaving of the chains (all feasible
// sequences of 1|chains|ΣwC) and returns the smallest Σ w_j C_j.
func bruteChains(chains [][]int, p, w []float64) float64 {
	pos := make([]int, len(chains))
	best := math.Inf(1)
	var rec func(t, s float64, left int)
	rec = func(t, s float64, left int) {
		if left == 0 {
			best = math.Min(best, s)
			return
		}
		for c := range chains {
			if pos[c] < len(chains[c]) {
				j := chains[c][pos[c]]
				pos[c]++
				rec(t+p[j], s+w[j]*(t+p[j]), left-1)
				pos[c]--
			}
		}
	}
	n := 0
	for _, c := range chains {
		n += len(c)
	}
	rec(0, 0, n)
	return best
}

// cmm is the Conway–Maxwell–Miller chain rule in exact rationals (Pinedo,
// Scheduling, Algorithm 3.1.4): whenever the machine is free, take the
// chain with the largest ρ-factor max_k Σ_{i≤k} w / Σ_{i≤k} p over its
// remaining prefixes and process it up to and including the job that
// determines the factor (the last such job on ties). Needs p > 0.
func cmm(chains [][]int, p, w []float64) []int {
	k0 := make([]int, len(chains))
	var order []int
	for {
		bc, bk := -1, -1
		var br *big.Rat
		for c, ch := range chains {
			sp, sw := new(big.Rat), new(big.Rat)
			for k := k0[c]; k < len(ch); k++ {
				sp.Add(sp, new(big.Rat).SetFloat64(p[ch[k]]))
				sw.Add(sw, new(big.Rat).SetFloat64(w[ch[k]]))
				r := new(big.Rat).Quo(sw, sp)
				if bc < 0 || r.Cmp(br) > 0 || (bc == c && r.Cmp(br) == 0) {
					bc, bk, br = c, k, r
				}
			}
		}
		if bc < 0 {
			return order
		}
		order = append(order, chains[bc][k0[bc]:bk+1]...)
		k0[bc] = bk + 1
	}
}

func isChainOrder(order []int, chains [][]int, n int) bool {
	if len(order) != n {
		return false
	}
	pos := make([]int, n)
	for i, j := range order {
		pos[j] = i
	}
	for _, c := range chains {
		for k := 1; k < len(c); k++ {
			if pos[c[k-1]] > pos[c[k]] {
				return false
			}
		}
	}
	return true
}

func TestGSROptimalOnChains(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for it := 0; it < 400; it++ {
		n := 1 + rng.IntN(9)
		lo := 0
		if it%2 == 0 {
			lo = 1 // p > 0 so the exact CMM oracle applies
		}
		chains, p, w := randomChains(rng, n, lo)
		got := GSR(chains, p, w)
		if !isChainOrder(got, chains, n) {
			t.Fatalf("GSR order %v violates chains %v", got, chains)
		}
		want := bruteChains(chains, p, w) // oracle 1: brute force over all interleavings
		if v := sumWC(got, p, w); v != want {
			t.Fatalf("chains %v p %v w %v: GSR ΣwC = %v, brute force %v", chains, p, w, v, want)
		}
		if lo == 1 { // oracle 2: Conway–Maxwell–Miller / Sidney chain rule
			if v := sumWC(cmm(chains, p, w), p, w); v != want {
				t.Fatalf("CMM oracle disagrees with brute force: %v vs %v", v, want)
			}
		}
		if v := sumWC(pseudocode.GSR(chains, p, w), p, w); v != want { // B.1 transcription
			t.Fatalf("B.1 transcription ΣwC = %v, brute force %v", v, want)
		}
	}
}

func TestGSRIsSmithRuleOnIndependentJobs(t *testing.T) {
	// Smith's rule (§3.2): independent jobs in order of p/w.
	p := []float64{3, 1, 4, 1, 5}
	w := []float64{1, 1, 2, 3, 1}
	chains := [][]int{{0}, {1}, {2}, {3}, {4}}
	got := GSR(chains, p, w)
	want := []int{3, 1, 2, 0, 4} // ratios 3, 1, 2, 1/3, 5
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestGSRChainExample(t *testing.T) {
	// A chain whose first subjob is long and light must be merged with its
	// heavy successor: (p,w) = (4,1),(1,9) has prefix ratio 5/10 = 0.5 <
	// 1 of an independent (1,1): the whole chain goes first.
	got := GSR([][]int{{0, 1}, {2}}, []float64{4, 1, 1}, []float64{1, 9, 1})
	if got[0] != 0 || got[1] != 1 || got[2] != 2 {
		t.Fatalf("got %v, want [0 1 2]", got)
	}
}

// randomDAG returns immediate-predecessor lists of a random DAG on n nodes
// (edges only from lower to higher index, then the nodes relabelled).
func randomDAG(rng *rand.Rand, n int, dens float64) [][]int {
	perm := rng.Perm(n)
	preds := make([][]int, n)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if rng.Float64() < dens {
				preds[perm[b]] = append(preds[perm[b]], perm[a])
			}
		}
	}
	return preds
}

func maxPenalty(order []int, p []float64, F func(int, float64) float64) float64 {
	t, v := 0.0, math.Inf(-1)
	for _, j := range order {
		t += p[j]
		v = math.Max(v, F(j, t))
	}
	return v
}

func bruteMax(p []float64, preds [][]int, F func(int, float64) float64) float64 {
	n := len(p)
	done := make([]bool, n)
	best := math.Inf(1)
	var rec func(t, v float64, k int)
	rec = func(t, v float64, k int) {
		if v >= best {
			return
		}
		if k == n {
			best = v
			return
		}
		for j := 0; j < n; j++ {
			if done[j] {
				continue
			}
			ok := true
			for _, q := range preds[j] {
				if !done[q] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			done[j] = true
			rec(t+p[j], math.Max(v, F(j, t+p[j])), k+1)
			done[j] = false
		}
	}
	rec(0, math.Inf(-1), 0)
	return best
}

func TestBDPOptimalOnDAGs(t *testing.T) {
	// Oracle: brute force over every topological order of 1|prec|f_max.
	rng := rand.New(rand.NewPCG(21, 22))
	for it := 0; it < 300; it++ {
		n := 1 + rng.IntN(9)
		preds := randomDAG(rng, n, 0.3)
		succ := make([][]int, n)
		for j, ps := range preds {
			for _, q := range ps {
				succ[q] = append(succ[q], j)
			}
		}
		p := make([]float64, n)
		d := make([]float64, n)
		wt := make([]float64, n)
		var steps [][2]float64
		for j := range p {
			p[j] = float64(1 + rng.IntN(9))
			d[j] = float64(rng.IntN(40))
			wt[j] = float64(1 + rng.IntN(4))
		}
		steps = [][2]float64{{float64(rng.IntN(20)), 1}, {float64(20 + rng.IntN(20)), 3}}
		kind := it % 4
		F := func(j int, t float64) float64 {
			switch kind {
			case 0: // weighted lateness
				return wt[j] * (t - d[j])
			case 1: // weighted tardiness
				return wt[j] * math.Max(0, t-d[j])
			case 2: // SLA-like step function scaled per job
				v := 0.0
				for _, s := range steps {
					if t > s[0]+d[j]/4 {
						v = s[1] * wt[j]
					}
				}
				return v
			}
			return t - d[j] // unweighted lateness (shift family)
		}
		var key []float64
		if kind == 3 {
			key = d
		}
		got, err := BDP(p, preds, F, key)
		if err != nil {
			t.Fatal(err)
		}
		pos := make([]int, n)
		for i, j := range got {
			pos[j] = i
		}
		for j, ps := range preds {
			for _, q := range ps {
				if pos[q] > pos[j] {
					t.Fatalf("BDP order %v violates %d ≺ %d", got, q, j)
				}
			}
		}
		want := bruteMax(p, preds, F)
		if v := maxPenalty(got, p, F); v != want {
			t.Fatalf("kind %d: BDP f_max = %v, brute force %v", kind, v, want)
		}
		if v := maxPenalty(pseudocode.BDP(p, succ, F), p, F); v != want {
			t.Fatalf("B.2 transcription f_max = %v, brute force %v", v, want)
		}
	}
}

func TestPackHandExamples(t *testing.T) {
	// S = 4, two independent subjobs, work 4 and 8, m = 1, M = 3, priority
	// 0 then 1. Interval 1: minima 1+1, slack 2 → subjob 0 gets 3 slots,
	// finishes at 4/3 while 1 did 4/3. Interval 2: subjob 1 alone gets
	// 1 + min(3, 2) = 3 slots for the remaining 20/3: ends at 4/3 + 20/9.
	in := &PackInput{S: 4, Work: []float64{4, 8}, Min: []float64{1, 1}, Max: []float64{3, 3}, Preds: [][]int{nil, nil}, Order: []int{0, 1}}
	s, err := Pack(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(in, s); err != nil {
		t.Fatal(err)
	}
	if !tolerance.Eq(s.Completion[0], 4.0/3) || !tolerance.Eq(s.Completion[1], 4.0/3+20.0/9) {
		t.Errorf("completions %v, want [4/3 32/9]", s.Completion)
	}
	// Normalised minima: S = 2, three ready subjobs with m = M = 1 and work
	// 1, 2, 3: c = 2/3 each until subjob 0 ends at 1.5; then c = 1, subjob 1
	// has 1 left → 2.5; subjob 2 has 1 left → 3.5.
	in = &PackInput{S: 2, Work: []float64{1, 2, 3}, Min: []float64{1, 1, 1}, Max: []float64{1, 1, 1}, Preds: [][]int{nil, nil, nil}, Order: []int{0, 1, 2}}
	if s, err = Pack(in); err != nil {
		t.Fatal(err)
	}
	if err := Validate(in, s); err != nil {
		t.Fatal(err)
	}
	want := []float64{1.5, 2.5, 3.5}
	for j, w := range want {
		if !tolerance.Eq(s.Completion[j], w) {
			t.Errorf("normalised: completions %v, want %v", s.Completion, want)
		}
	}
	if s.Intervals[0].Scale != 2.0/3 {
		t.Errorf("scale %v, want 2/3", s.Intervals[0].Scale)
	}
	// Chain precedence: 0 ≺ 1, S = 10, M = 10: sequential, 5 then 2.
	in = &PackInput{S: 10, Work: []float64{50, 20}, Min: []float64{1, 1}, Max: []float64{10, 10}, Preds: [][]int{nil, {0}}, Order: []int{0, 1}}
	s, _ = Pack(in)
	if err := Validate(in, s); err != nil || s.Completion[0] != 5 || s.Completion[1] != 7 {
		t.Errorf("chain: %v %v", s.Completion, err)
	}
	// A non-topological order is refused.
	in.Order = []int{1, 0}
	if _, err := Pack(in); err == nil {
		t.Error("non-topological order accepted")
	}
}

func randomPack(rng *rand.Rand, n int) *PackInput {
	preds := randomDAG(rng, n, 3.0/float64(n+1))
	in := &PackInput{S: float64(1 + rng.IntN(12)), Work: make([]float64, n), Min: make([]float64, n), Max: make([]float64, n), Preds: preds}
	for j := 0; j < n; j++ {
		in.Work[j] = float64(rng.IntN(20))
		if rng.IntN(5) > 0 {
			in.Work[j] += rng.Float64()
		}
		in.Min[j] = float64(rng.IntN(4))
		in.Max[j] = in.Min[j] + float64(rng.IntN(5))
		if in.Max[j] == 0 {
			in.Max[j] = 1
		}
	}
	// a random topological order: repeatedly pick a random ready node
	left := make([]int, n)
	succ := make([][]int, n)
	for j, ps := range preds {
		left[j] = len(ps)
		for _, q := range ps {
			succ[q] = append(succ[q], j)
		}
	}
	var ready []int
	for j := 0; j < n; j++ {
		if left[j] == 0 {
			ready = append(ready, j)
		}
	}
	for len(ready) > 0 {
		k := rng.IntN(len(ready))
		j := ready[k]
		ready = append(ready[:k], ready[k+1:]...)
		in.Order = append(in.Order, j)
		for _, s := range succ[j] {
			if left[s]--; left[s] == 0 {
				ready = append(ready, s)
			}
		}
	}
	return in
}

func TestPackAgainstTranscription(t *testing.T) {
	// Second implementation: the line-by-line transcription of B.3 must
	// give the same completion times; the validator must accept.
	rng := rand.New(rand.NewPCG(31, 32))
	for it := 0; it < 500; it++ {
		in := randomPack(rng, 1+rng.IntN(40))
		s, err := Pack(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := Validate(in, s); err != nil {
			t.Fatalf("it %d: %v", it, err)
		}
		want := pseudocode.Pack(in.S, in.Work, in.Min, in.Max, in.Preds, in.Order)
		for j := range want {
			if math.Abs(s.Completion[j]-want[j]) > 1e-9*(1+want[j]) {
				t.Fatalf("it %d subjob %d: completion %v, transcription %v", it, j, s.Completion[j], want[j])
			}
		}
		// Cut at a horizon: same prefix, consistent partial work.
		h := s.Makespan() * rng.Float64()
		in.Horizon = h
		c, err := Pack(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := Validate(in, c); err != nil {
			t.Fatalf("it %d horizon %v: %v", it, h, err)
		}
		for j := range want {
			if !math.IsNaN(c.Completion[j]) && c.Completion[j] != s.Completion[j] {
				t.Fatalf("cut schedule completion %v differs from %v", c.Completion[j], s.Completion[j])
			}
		}
	}
}

func TestValidatorRejects(t *testing.T) {
	in := &PackInput{S: 4, Work: []float64{4, 8}, Min: []float64{1, 1}, Max: []float64{3, 3}, Preds: [][]int{nil, {0}}, Order: []int{0, 1}}
	good, _ := Pack(in)
	if err := Validate(in, good); err != nil {
		t.Fatal(err)
	}
	mut := func(f func(s *Schedule)) *Schedule {
		s := &Schedule{S: good.S, Intervals: append([]Interval(nil), good.Intervals...), Runs: append([]Run(nil), good.Runs...),
			Completion: append([]float64(nil), good.Completion...), Done: append([]float64(nil), good.Done...)}
		f(s)
		return s
	}
	cases := map[string]*Schedule{
		"over max":       mut(func(s *Schedule) { s.Runs[0].Slots = 4 }),
		"precedence":     mut(func(s *Schedule) { s.Runs = append(s.Runs, Run{Subjob: 1, From: 0, To: 1, Slots: 1}) }),
		"incomplete":     mut(func(s *Schedule) { s.Intervals[len(s.Intervals)-1].End -= 0.5 }),
		"wrong complete": mut(func(s *Schedule) { s.Completion[1] += 1 }),
		"below min":      mut(func(s *Schedule) { s.Runs = s.Runs[:1] }),
	}
	for name, s := range cases {
		if err := Validate(in, s); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
