package figures

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
)

// BenchmarkGantt draws and saves (SVG and PNG) the Gantt chart of MaxSRPT
// on 50- and 200-job log-normal batches.
//
//	go test -run '^$' -bench Gantt -count 1 ./report/figures/
func BenchmarkGantt(b *testing.B) {
	for _, n := range []int{50, 200} {
		in, err := instances.PaperLogNormal(n, 0, true).Generate(rand.NewPCG(1, 2))
		if err != nil {
			b.Fatal(err)
		}
		res, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{Record: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Run("n="+map[int]string{50: "50", 200: "200"}[n], func(b *testing.B) {
			dir := b.TempDir()
			for i := 0; i < b.N; i++ {
				p, err := Gantt(in, res.Schedule, "bench")
				if err != nil {
					b.Fatal(err)
				}
				w, h := GanttSize(n)
				if _, err := Save(p, w, h, filepath.Join(dir, "g"), SVG, PNG); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
