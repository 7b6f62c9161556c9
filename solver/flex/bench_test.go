package flex

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/flex/internal/pseudocode"
)

// benchInstance is a CIRCUMFLEX-shaped instance of n subjobs: n/100 chains
// of 100 subjobs (datasets with 100 concurrent scans), random work and
// weights, slot limits m = 1, M = 10, S = 100, a weighted (stretch-like)
// minimax penalty F_j(t) = w_j·(t − a_j).
type benchInstance struct {
	chains [][]int
	p, w   []float64
	a      []float64
	preds  [][]int
	succ   [][]int
	lo, hi []float64
}

func newBench(n int) *benchInstance {
	rng := rand.New(rand.NewPCG(uint64(n), 99))
	b := &benchInstance{p: make([]float64, n), w: make([]float64, n), a: make([]float64, n), preds: make([][]int, n), succ: make([][]int, n),
		lo: make([]float64, n), hi: make([]float64, n)}
	per := 100
	for c := 0; c*per < n; c++ {
		var ch []int
		for k := 0; k < per && c*per+k < n; k++ {
			j := c*per + k
			ch = append(ch, j)
			if k > 0 {
				b.preds[j] = []int{j - 1}
				b.succ[j-1] = []int{j}
			}
		}
		b.chains = append(b.chains, ch)
	}
	for j := 0; j < n; j++ {
		b.p[j] = 0.1 + rng.ExpFloat64()
		b.w[j] = rng.Float64()
		b.a[j] = rng.Float64() * 100
		b.lo[j], b.hi[j] = 1, 10
	}
	return b
}

func (b *benchInstance) F(j int, t float64) float64 { return b.w[j] * (t - b.a[j]) }

var benchSizes = []int{1000, 10000, 100000}

// BenchmarkGSR compares GSR (block decomposition + merge) with the B.1
// transcription, side by side; BENCHMARKS.md ("CIRCUMFLEX / FLEX") has the ratios.
func BenchmarkGSR(b *testing.B) {
	for _, n := range benchSizes {
		in := newBench(n)
		b.Run(fmt.Sprintf("n=%d/fast", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				GSR(in.chains, in.p, in.w)
			}
		})
		b.Run(fmt.Sprintf("n=%d/pseudocode", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				pseudocode.GSR(in.chains, in.p, in.w)
			}
		})
	}
}

// BenchmarkBDP compares the backwards DP (incremental eligible set; general
// penalties) with the B.2 transcription, and reports the shift-family
// (unweighted) heap path.
func BenchmarkBDP(b *testing.B) {
	for _, n := range benchSizes {
		in := newBench(n)
		b.Run(fmt.Sprintf("n=%d/fast", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := BDP(in.p, in.preds, in.F, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/fast-unweighted", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := BDP(in.p, in.preds, nil, in.a); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/pseudocode", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				pseudocode.BDP(in.p, in.succ, in.F)
			}
		})
	}
}

// BenchmarkPack compares Ready List Malleable Packing (virtual-time heap,
// rank bitset) with the B.3 transcription on the GSR priority order.
func BenchmarkPack(b *testing.B) {
	for _, n := range benchSizes {
		in := newBench(n)
		order := GSR(in.chains, in.p, in.w)
		pi := &PackInput{S: 100, Work: in.p, Min: in.lo, Max: in.hi, Preds: in.preds, Order: order}
		b.Run(fmt.Sprintf("n=%d/fast", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Pack(pi); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/pseudocode", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				pseudocode.Pack(pi.S, pi.Work, pi.Min, pi.Max, pi.Preds, pi.Order)
			}
		})
	}
}

// TestBenchInstancesAgree checks, on the benchmark instances of size 1000,
// that the fast and transcribed algorithms give equal objective values
// and completion times (so the benchmark compares equal work).
func TestBenchInstancesAgree(t *testing.T) {
	in := newBench(1000)
	g1, g2 := GSR(in.chains, in.p, in.w), pseudocode.GSR(in.chains, in.p, in.w)
	if a, b := sumWC(g1, in.p, in.w), sumWC(g2, in.p, in.w); math.Abs(a-b) > 1e-9*a {
		t.Errorf("GSR ΣwC %v vs transcription %v", a, b)
	}
	b1, _ := BDP(in.p, in.preds, in.F, nil)
	b2 := pseudocode.BDP(in.p, in.succ, in.F)
	if a, b := maxPenalty(b1, in.p, in.F), maxPenalty(b2, in.p, in.F); math.Abs(a-b) > 1e-9*math.Abs(a) {
		t.Errorf("BDP f_max %v vs transcription %v", a, b)
	}
	pi := &PackInput{S: 100, Work: in.p, Min: in.lo, Max: in.hi, Preds: in.preds, Order: g1}
	s, err := Pack(pi)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(pi, s); err != nil {
		t.Fatal(err)
	}
	c := pseudocode.Pack(pi.S, pi.Work, pi.Min, pi.Max, pi.Preds, pi.Order)
	for j := range c {
		if math.Abs(c[j]-s.Completion[j]) > 1e-9*(1+c[j]) {
			t.Fatalf("subjob %d: %v vs transcription %v", j, s.Completion[j], c[j])
		}
	}
}
