package des

import (
	"fmt"
	"testing"
)

// benchConfig is the Fig. 5–9 cluster size: 20 nodes (10 with μ = 2/3, 10
// with μ = 1) fed by fork-join at Λ = 0.5 (ρ = 0.75 on the slow nodes),
// 2 replications of 20 000 jobs after 2 000 warm-up, one worker.
func benchConfig() Config {
	nodes := make([]Node, 20)
	for i := range nodes {
		nodes[i] = Node{Rate: 1}
		if i < 10 {
			nodes[i].Rate = 2.0 / 3
		}
	}
	return Config{Lambda: 0.5, Nodes: nodes, Jobs: 20000, Warmup: 2000, Replications: 2, Seed: 1, Workers: 1}
}

// BenchmarkEngine times Simulate with each engine on benchConfig (same
// draws, identical output): the ratio is the event heap's overhead.
func BenchmarkEngine(b *testing.B) {
	for _, eng := range []Engine{Lindley, EventHeap} {
		b.Run(eng.String(), func(b *testing.B) {
			c := benchConfig()
			c.Engine = eng
			for b.Loop() {
				if _, err := Simulate(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWorkers times the Lindley engine on benchConfig with 8
// replications run by 1 and 2 workers.
func BenchmarkWorkers(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			c := benchConfig()
			c.Replications, c.Workers = 8, w
			for b.Loop() {
				if _, err := Simulate(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
