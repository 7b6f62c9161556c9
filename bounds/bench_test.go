package bounds

import (
	"context"
	"testing"

	"github.com/mrsched/mrsched/instances/taillard"
)

// BenchmarkRankBatchNested times RankBatch with 20 iterations of the
// nesting stage on Taillard's 50-job instance of seed 1368624604 (machines
// 1–2), the planner benchmark's instance: the passes take a few
// milliseconds, the rest is the stage's branch and bound per rank.
func BenchmarkRankBatchNested(b *testing.B) {
	ta, err := taillard.Generate(50, 2, 1368624604)
	if err != nil {
		b.Fatal(err)
	}
	in, err := ta.ToTandem()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := RankBatch(context.Background(), in, RankOptions{Nesting: 20}); err != nil {
			b.Fatal(err)
		}
	}
}
