package flex

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBDPLazyMatchesScan checks that BDP (heap of lower bounds, bdpLazy)
// returns exactly the order of the plain eligible-set scan (bdpScan, the
// implementation before the lower-bound heap) on seeded random DAGs and
// chain forests, for penalty families with many ties (integer data, step
// functions, −Inf for subjobs without jobs) and for F that is not
// non-decreasing (the fallback to the scan). The oracle is bdpScan itself:
// identical sequences, position by position.
func TestBDPLazyMatchesScan(t *testing.T) {
	type family struct {
		name string
		mk   func(rng *rand.Rand, n int) func(j int, t float64) float64
	}
	families := []family{
		{"weighted-linear", func(rng *rand.Rand, n int) func(int, float64) float64 {
			w, a := make([]float64, n), make([]float64, n)
			for j := range w {
				w[j], a[j] = rng.Float64(), rng.Float64()*50
			}
			return func(j int, t float64) float64 { return w[j] * (t - a[j]) }
		}},
		{"integer-ties", func(rng *rand.Rand, n int) func(int, float64) float64 {
			w, a := make([]float64, n), make([]float64, n)
			for j := range w {
				w[j], a[j] = float64(rng.IntN(3)), float64(rng.IntN(5))
			}
			return func(j int, t float64) float64 { return w[j] * math.Max(0, t-a[j]) }
		}},
		{"step-and-neg-inf", func(rng *rand.Rand, n int) func(int, float64) float64 {
			d, kind := make([]float64, n), make([]int, n)
			for j := range d {
				d[j], kind[j] = float64(rng.IntN(20)), rng.IntN(4)
			}
			return func(j int, t float64) float64 {
				switch kind[j] {
				case 0:
					return math.Inf(-1)
				case 1:
					return math.Inf(1)
				}
				if t > d[j] {
					return 1
				}
				return 0
			}
		}},
		{"decreasing", func(rng *rand.Rand, n int) func(int, float64) float64 {
			w := make([]float64, n)
			for j := range w {
				w[j] = rng.Float64() - 0.5
			}
			return func(j int, t float64) float64 { return w[j] * t }
		}},
		{"nan", func(rng *rand.Rand, n int) func(int, float64) float64 {
			bad := rng.IntN(n)
			return func(j int, t float64) float64 {
				if j == bad && t < 5 {
					return math.NaN()
				}
				return t - float64(j%7)
			}
		}},
	}
	for seed := uint64(1); seed <= 40; seed++ {
		for _, fam := range families {
			rng := rand.New(rand.NewPCG(seed, 14))
			n := 1 + rng.IntN(300)
			p := make([]float64, n)
			preds := make([][]int, n)
			chains := seed%2 == 0
			per := 1 + rng.IntN(20)
			for j := 0; j < n; j++ {
				if seed%3 == 0 {
					p[j] = float64(rng.IntN(3)) // zero work too
				} else {
					p[j] = 0.1 + rng.ExpFloat64()
				}
				switch {
				case chains && j%per > 0:
					preds[j] = []int{j - 1}
				case !chains && j > 0:
					for k := 0; k < rng.IntN(3); k++ {
						if q := rng.IntN(j); !slices.Contains(preds[j], q) {
							preds[j] = append(preds[j], q)
						}
					}
				}
			}
			F := fam.mk(rng, n)
			t.Run(fmt.Sprintf("%s/seed=%d", fam.name, seed), func(t *testing.T) {
				got, err := BDP(p, preds, F, nil)
				if err != nil {
					t.Fatal(err)
				}
				succLeft := make([]int, n)
				P := 0.0
				for j := range preds {
					P += p[j]
					for _, q := range preds[j] {
						succLeft[q]++
					}
				}
				want, err := bdpScan(p, preds, F, succLeft, P)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("lazy BDP order differs from the scan:\n got %v\nwant %v", got, want)
				}
			})
		}
	}
}

// TestBDPCycle: a precedence cycle is reported by both paths.
func TestBDPCycle(t *testing.T) {
	_, err := BDP([]float64{1, 1}, [][]int{{1}, {0}}, func(j int, t float64) float64 { return t }, nil)
	if err == nil {
		t.Fatal("BDP accepted a cycle")
	}
}
