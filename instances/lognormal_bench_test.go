package instances

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkLogNormalSource times the §5.3 streaming generator alone (10^6
// jobs at load 0.9 per iteration: the gap, two log-normal draws and the ID
// of each job), the input side of a streamed simulation.
// Reproduce: go test -run '^$' -bench LogNormalSource -benchmem ./instances/
func BenchmarkLogNormalSource(b *testing.B) {
	const n = 1000000
	b.ReportAllocs()
	sum := 0.0
	for range b.N {
		src, err := PaperLogNormal(n, 0.9, false).Source(rand.NewPCG(1, 2))
		if err != nil {
			b.Fatal(err)
		}
		for j, ok := src.Next(); ok; j, ok = src.Next() {
			sum += j.Map
		}
	}
	if sum == 0 {
		b.Fatal("no work")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*b.N), "ns/job")
}
